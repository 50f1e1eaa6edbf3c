package io.navpack.documents;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/** Inference's reading of JSON documents (one, or one per line): adds what they hold to {@link Stats}. */
final class JsonScanner {
    /** The text types a JSON string may become: those that stay strings when written back. */
    static final int STRING_TYPES = TextType.DATE.bit() | TextType.DATE_TIME.bit() | TextType.OFFSET_DATE_TIME.bit()
            | TextType.TIME.bit();
    /** The name of the root object type in stats. */
    static final Stats.Name ROOT = new Stats.Name("\u0001", "");

    private JsonScanner() {
    }

    /** A key that an object has twice. */
    static final class DuplicateKey extends RuntimeException {
        private static final long serialVersionUID = 1L;

        DuplicateKey(String key) {
            super(key, null, false, false);
        }
    }

    /** Scans a file: one JSON document, or with {@code lines} one per non-blank line. */
    static void scan(byte[] bytes, int off, int len, boolean lines, String source, Stats stats, Limits limits) {
        JsonFactory f = Json.factory(limits);
        if (!lines) {
            scanOne(f, bytes, off, len, source, 0, stats, limits);
            return;
        }
        int line = 0;
        int end = off + len;
        for (int start = off; start < end; line++) {
            int nl = start;
            while (nl < end && bytes[nl] != '\n') {
                nl++;
            }
            if (!blank(bytes, start, nl)) {
                scanOne(f, bytes, start, nl - start, source, line, stats, limits);
            }
            start = nl + 1;
        }
    }

    static boolean blank(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != ' ' && b[i] != '\t' && b[i] != '\r') {
                return false;
            }
        }
        return true;
    }

    static void scanOne(JsonFactory f, byte[] bytes, int off, int len, String source, long lineBase, Stats stats,
                        Limits limits) {
        if (len > limits.maxDocumentBytes()) {
            throw new DocumentException(source, lineBase + 1, 0, "$", "document of " + len
                    + " bytes is larger than the limit of " + limits.maxDocumentBytes() + " bytes (Limits.maxDocumentBytes)");
        }
        JsonParser parser = null;
        try (JsonParser p = Json.parser(f, bytes, off, len, source)) {
            parser = p;
            JsonToken t = p.nextToken();
            if (t == null) {
                throw new DocumentException(source, lineBase + 1, 1, "$", "no JSON value");
            }
            Stats.ElementStats root = stats.element(ROOT);
            root.asRoot++;
            if (t == JsonToken.START_OBJECT) {
                object(p, root, stats);
            } else {
                root.count++;
                Stats.ChildStats c = root.child(Stats.ROOT_VALUE);
                c.occurred(1);
                value(p, t, c.values, Stats.ROOT_VALUE.local(), stats, c);
            }
            if (p.nextToken() != null) {
                throw Json.at(source, lineBase, p, "$", "more than one JSON value in one document"
                        + (lineBase == 0 ? " (NDJSON holds one per line: --format ndjson)" : ""));
            }
            stats.documents++;
        } catch (DuplicateKey e) {
            JsonParser p = Objects.requireNonNull(parser, "the parser read the key");
            throw Json.at(source, lineBase, p, Json.path(p), "key \"" + e.getMessage() + "\" twice in one object");
        } catch (JsonProcessingException e) {
            throw Json.error(source, lineBase, e, parser == null ? "$" : Json.path(parser), parser);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void object(JsonParser p, Stats.ElementStats type, Stats stats) throws IOException {
        type.count++;
        Map<Stats.Name, int[]> seen = new HashMap<>();
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            Stats.Name key = new Stats.Name("", p.currentName());
            Stats.ChildStats c = type.child(key);
            if (seen.put(key, new int[] {1}) != null) {
                throw new DuplicateKey(key.local());
            }
            value(p, p.nextToken(), c.values, key.local(), stats, c);
        }
        for (Stats.Name k : seen.keySet()) {
            type.children.get(k).occurred(1);
        }
    }

    /** Adds the value at the current token {@code t} to {@code v}; objects go to the type named {@code key}. */
    private static void value(JsonParser p, JsonToken t, Stats.ValueStats v, String key, Stats stats, Stats.ChildStats c)
            throws IOException {
        switch (t) {
            case VALUE_NULL -> {
                v.nulls++;
                if (c != null) {
                    c.nulls++;
                }
            }
            case VALUE_TRUE, VALUE_FALSE -> v.booleans++;
            case VALUE_NUMBER_INT -> {
                v.integers++;
                if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                    v.bigIntegers = true;
                }
            }
            case VALUE_NUMBER_FLOAT -> {
                v.floats++;
                v.negativeZero |= JsonEncoder.negativeZero(p);
            }
            case VALUE_STRING -> {
                v.strings++;
                v.text(p.getTextCharacters(), p.getTextOffset(), p.getTextLength(), STRING_TYPES);
                v.count--; // text() counts; JSON counts by kind
            }
            case START_OBJECT -> {
                v.objects++;
                Stats.Name type = new Stats.Name("", key);
                v.objectType = type;
                object(p, stats.element(type), stats);
            }
            case START_ARRAY -> {
                v.arrays++;
                if (v.elements == null) {
                    v.elements = new Stats.ValueStats();
                }
                JsonToken e;
                while ((e = p.nextToken()) != JsonToken.END_ARRAY) {
                    value(p, e, v.elements, key, stats, null);
                }
            }
            default -> throw new IllegalStateException("unexpected " + t);
        }
        v.count++;
    }
}
