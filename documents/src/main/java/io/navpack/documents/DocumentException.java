package io.navpack.documents;

/**
 * A document that cannot be read, written or kept exactly: malformed text, a hostile construct (a DTD), a
 * limit exceeded, or content the schema cannot hold and may not grow to hold. The message names the source
 * (file), line and column (of the text; 0 when unknown), the path inside the document and what to do.
 */
public class DocumentException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final long line;
    private final long column;
    private final String path;
    private final String reason;

    public DocumentException(String source, long line, long column, String path, String reason, Throwable cause) {
        super(describe(source, line, column, path, reason), cause);
        this.source = source;
        this.line = line;
        this.column = column;
        this.path = path;
        this.reason = reason;
    }

    public DocumentException(String source, long line, long column, String path, String reason) {
        this(source, line, column, path, reason, null);
    }

    private static String describe(String source, long line, long column, String path, String reason) {
        StringBuilder b = new StringBuilder();
        b.append(source == null ? "document" : source);
        if (line > 0) {
            b.append(':').append(line);
            if (column > 0) {
                b.append(':').append(column);
            }
        }
        if (path != null && !path.isEmpty()) {
            b.append(" at ").append(path);
        }
        return b.append(": ").append(reason).toString();
    }

    /** The file (or other name) the document came from. */
    public String source() {
        return source;
    }

    /** Line of the text, from 1; 0 when not known. */
    public long line() {
        return line;
    }

    /** Column of the text, from 1; 0 when not known. */
    public long column() {
        return column;
    }

    /** Where in the document: {@code /dataDocument/trade[1]/swap}, {@code $.legs[2].amount}, {@code row 7, column amount}. */
    public String path() {
        return path;
    }

    /** What is wrong, without the place. */
    public String reason() {
        return reason;
    }
}
