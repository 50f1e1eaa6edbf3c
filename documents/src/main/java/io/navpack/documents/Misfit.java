package io.navpack.documents;

/**
 * Thrown inside a transcoder when a document holds something its schema has no place for (a new element,
 * key or enum value, text a type cannot hold exactly, more occurrences than a field holds). The transcoder's
 * caller grows the schema from the document and tries again, or refuses the document with
 * {@link #toException}. Carries no stack trace: it is control flow.
 */
final class Misfit extends RuntimeException {
    private static final long serialVersionUID = 1L;

    final long line;
    final long column;
    final String path;

    Misfit(long line, long column, String path, String reason) {
        super(reason, null, false, false);
        this.line = line;
        this.column = column;
        this.path = path;
    }

    /** Why the document did not fit, and where: {@code <reason> at line 12, column 7, path a/b}. */
    String where() {
        return getMessage() + " at line " + line + ", column " + column + (path == null ? "" : ", path " + path);
    }

    DocumentException toException(String source, String advice) {
        return new DocumentException(source, line, column, path, getMessage() + (advice == null ? "" : "; " + advice));
    }
}
