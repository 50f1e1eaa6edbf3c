package io.navpack.documents;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;

import java.io.IOException;

/**
 * The JSON parser every JSON document goes through: Jackson's streaming core, strict (no comments, no
 * trailing commas; a key twice in an object is refused by the readers), UTF-8, its nesting, string and number
 * lengths held to the {@link Limits}.
 */
final class Json {
    private Json() {
    }

    static JsonFactory factory(Limits limits) {
        return JsonFactory.builder()
                .enable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(limits.maxDepth())
                        .maxStringLength(limits.maxTextLength())
                        .maxNumberLength(Math.min(limits.maxTextLength(), 100_000))
                        .maxDocumentLength(limits.maxDocumentBytes())
                        .build())
                .build();
    }

    static JsonParser parser(JsonFactory f, byte[] doc, int off, int len, String source) throws IOException {
        if (len >= 2 && (doc[off] == 0 || doc[off + 1] == 0 || (doc[off] & 0xFF) == 0xFE || (doc[off] & 0xFF) == 0xFF)) {
            throw new DocumentException(source, 1, 1, "$", "JSON in UTF-16 or UTF-32: navpack reads JSON in UTF-8");
        }
        return f.createParser(doc, off, len);
    }

    static DocumentException error(String source, long lineBase, JsonProcessingException e, String path) {
        return error(source, lineBase, e, path, null);
    }

    /** With the parser, for errors that carry no location of their own (limits). */
    static DocumentException error(String source, long lineBase, JsonProcessingException e, String path, JsonParser p) {
        JsonLocation l = e.getLocation();
        if (l == null && p != null) {
            l = p.currentLocation();
        }
        String msg = e.getOriginalMessage();
        boolean limit = msg != null && (msg.contains("exceeds the maximum") || msg.contains("nesting depth"));
        return new DocumentException(source, l == null ? 0 : l.getLineNr() + lineBase, l == null ? 0 : l.getColumnNr(),
                path, (limit ? "JSON beyond a limit (Limits): " : "malformed JSON: ") + msg, e);
    }

    static DocumentException at(String source, long lineBase, JsonParser p, String path, String reason) {
        JsonLocation l = p.currentTokenLocation();
        return new DocumentException(source, l.getLineNr() + lineBase, l.getColumnNr(), path, reason);
    }

    /** A JSON path of open objects and arrays: {@code $.legs[2].amount}. */
    static String path(JsonParser p) {
        StringBuilder b = new StringBuilder();
        path(p.getParsingContext(), b);
        return b.length() == 0 ? "$" : "$" + b;
    }

    private static void path(com.fasterxml.jackson.core.JsonStreamContext c, StringBuilder b) {
        if (c == null || c.inRoot()) {
            return;
        }
        path(c.getParent(), b);
        if (c.inArray()) {
            b.append('[').append(Math.max(0, c.getCurrentIndex())).append(']');
        } else if (c.getCurrentName() != null) {
            b.append('.').append(c.getCurrentName());
        }
    }
}
