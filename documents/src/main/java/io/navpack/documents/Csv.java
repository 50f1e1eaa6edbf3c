package io.navpack.documents;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.dataformat.csv.CsvFactory;
import com.fasterxml.jackson.dataformat.csv.CsvParser;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * CSV as Jackson's CSV parser reads it (RFC 4180: {@code ,} between cells, {@code "} quoting, a header line
 * first, blank lines skipped), row by row. Every row must have as many cells as the header.
 */
final class Csv {
    private Csv() {
    }

    static CsvFactory factory(Limits limits) {
        CsvFactory f = CsvFactory.builder()
                .enable(CsvParser.Feature.SKIP_EMPTY_LINES)
                .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(limits.maxTextLength())
                        .maxDocumentLength(limits.maxDocumentBytes() * 1024).build())
                .build();
        return f;
    }

    /** Reads rows: {@link #next()} gives the cells of the next one, or null at the end. */
    static final class Rows implements AutoCloseable {
        private final CsvParser parser;
        private final String source;
        final List<String> cells = new ArrayList<>();
        long line;
        private final Limits limits;
        private long rowStartOffset;
        long rowBytes;

        Rows(CsvFactory f, byte[] b, int off, int len, String source, Limits limits) throws IOException {
            this.parser = (CsvParser) f.createParser(b, off, len);
            this.source = source;
            this.limits = limits;
        }

        /** The next row's cells (in {@link #cells}), or null after the last. */
        List<String> next() throws IOException {
            cells.clear();
            try {
                JsonToken t = parser.nextToken();
                if (t == null) {
                    return null;
                }
                if (t != JsonToken.START_ARRAY) {
                    throw error("a row", parser.currentTokenLocation());
                }
                boolean first = true;
                while ((t = parser.nextToken()) == JsonToken.VALUE_STRING) {
                    if (first) {
                        JsonLocation l = parser.currentTokenLocation();
                        line = l.getLineNr();
                        rowStartOffset = l.getByteOffset();
                        first = false;
                    }
                    cells.add(parser.getText());
                }
                rowBytes = parser.currentLocation().getByteOffset() - rowStartOffset;
                if (rowBytes > limits.maxDocumentBytes()) {
                    throw new DocumentException(source, line, 1, "row", "a row of " + rowBytes
                            + " bytes is larger than the limit of " + limits.maxDocumentBytes() + " bytes (Limits.maxDocumentBytes)");
                }
                if (t != JsonToken.END_ARRAY) {
                    throw error("the end of a row", parser.currentTokenLocation());
                }
                return cells;
            } catch (JsonProcessingException e) {
                JsonLocation l = e.getLocation();
                throw new DocumentException(source, l == null ? 0 : l.getLineNr(), l == null ? 0 : l.getColumnNr(), "row",
                        "malformed CSV: " + e.getOriginalMessage(), e);
            }
        }

        private DocumentException error(String expected, JsonLocation l) {
            return new DocumentException(source, l.getLineNr(), l.getColumnNr(), "row", "malformed CSV: expected " + expected);
        }

        @Override
        public void close() throws IOException {
            parser.close();
        }
    }

    /** The header as written back: the column names, quoted where they need it, joined with commas. */
    static String headerLine(List<String> names) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < names.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            quote(names.get(i), b);
        }
        return b.toString();
    }

    static void quote(String s, StringBuilder b) {
        if (needsQuotes(s)) {
            b.append('"').append(s.replace("\"", "\"\"")).append('"');
        } else {
            b.append(s);
        }
    }

    static boolean needsQuotes(CharSequence s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ',' || c == '"' || c == '\n' || c == '\r') {
                return true;
            }
        }
        return s.length() > 0 && (s.charAt(0) == ' ' || s.charAt(s.length() - 1) == ' ');
    }

    /** The columns of a header line written by {@link #headerLine}. */
    static List<String> parseHeader(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        cur.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    cur.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        return out;
    }
}
