package io.navpack.documents;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.JsonLocation;
import io.navpack.format.spi.PackedInts;
import io.navpack.format.RecordEncoder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.Arrays;

/**
 * JSON to navpack, streaming with Jackson's parser: each object becomes a record when it ends, arrays become
 * lists. With a schema inferred from JSON, keys are the document's; a value of a kind its field does not hold
 * goes to the field's JSON-text alternate as the text it was written as. With a schema of another format,
 * keys are field names (the JSON that {@link JsonDecoder} writes for it).
 */
final class JsonEncoder {
    private final Limits limits;
    private final JsonFactory factory;
    private final Spans spans;
    private final RecordEncoder out;
    private final int[] scratch = new int[2];
    private int[] elementStart = new int[64];
    private int[] elementEnd = new int[64];
    private int elements;
    private int[] exceptions = new int[16];

    private JsonParser parser;
    private String source;
    private byte[] doc;
    private long lineBase;
    private boolean byKeys;
    private int rangeStart;

    JsonEncoder(Limits limits, RecordEncoder out) {
        this.limits = limits;
        this.factory = Json.factory(limits);
        this.out = out;
        this.spans = new Spans(out, false);
    }

    /** Encodes one JSON document (a file, or one line at {@code lineBase}); the value is {@link #out} from the result on. */
    int encode(Model m, byte[] bytes, int off, int len, String source, long lineBase) {
        if (len > limits.maxDocumentBytes()) {
            throw new DocumentException(source, lineBase + 1, 0, "$", "document of " + len
                    + " bytes is larger than the limit of " + limits.maxDocumentBytes() + " bytes (Limits.maxDocumentBytes)");
        }
        this.doc = bytes;
        this.source = source;
        this.lineBase = lineBase;
        this.byKeys = m.format.json();
        this.rangeStart = off;
        spans.reset();
        elements = 0;
        try (JsonParser p = Json.parser(factory, bytes, off, len, source)) {
            parser = p;
            JsonToken t = p.nextToken();
            if (t == null) {
                throw new DocumentException(source, lineBase + 1, 1, "$", "no JSON value");
            }
            RecType root = m.roots.isEmpty() ? null : m.roots.get(0);
            if (root == null) {
                throw misfit("the schema has no root type");
            }
            int start;
            if (m.format == DocumentFormat.XML) {
                // {"dataDocument": {...}}: the root element's name, then its record
                if (t != JsonToken.START_OBJECT || p.nextToken() != JsonToken.FIELD_NAME) {
                    throw misfit("JSON of an XML schema is an object with one key, the root element's name");
                }
                root = m.rootJsonKeys.get(p.currentName());
                if (root == null) {
                    throw misfit("\"" + p.currentName() + "\" is none of the schema's roots " + m.rootJsonKeys.keySet());
                }
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    throw misfit("the root element's record is a JSON object");
                }
                start = object(root, false);
                if (p.nextToken() != JsonToken.END_OBJECT) {
                    throw misfit("JSON of an XML schema is an object with one key, the root element's name");
                }
            } else if (t == JsonToken.START_OBJECT) {
                start = object(root, false);
            } else {
                if (root.rootSlot == null) {
                    throw misfit("a document that is not a JSON object, but type " + root.name + " holds objects");
                }
                Spans.Frame f = spans.push(root);
                value(f, root.rootSlot, t);
                start = spans.close(root.current(), false);
            }
            if (p.nextToken() != null) {
                throw Json.at(source, lineBase, p, "$", "more than one JSON value in one document");
            }
            return start;
        } catch (JsonProcessingException e) {
            throw Json.error(source, lineBase, e, parser == null ? "$" : Json.path(parser), parser);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            parser = null;
            doc = null;
        }
    }

    RecordEncoder out() {
        return out;
    }

    private Misfit misfit(String reason) {
        JsonLocation l = parser.currentTokenLocation();
        return new Misfit(l.getLineNr() + lineBase, l.getColumnNr(), Json.path(parser), reason);
    }

    /** The object whose START_OBJECT is the current token, as a record of {@code t}; returns where its value starts. */
    private int object(RecType t, boolean nested) throws IOException {
        Spans.Frame f = spans.push(t);
        JsonParser p = parser;
        JsonToken token;
        while ((token = p.nextToken()) == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            Slot s = byKeys ? t.keys.get(key) : t.byField.get(key);
            if (s == null) {
                throw misfit("key \"" + key + "\" is not in type " + t.name);
            }
            if (!absent(f, s)) {
                throw Json.at(source, lineBase, p, Json.path(p), "key \"" + key + "\" twice in one object");
            }
            value(f, s, p.nextToken());
        }
        if (byKeys && t.nullsSlot == null) {
            checkNulls(f, t);
        } else if (byKeys) {
            writeNulls(f, t);
        }
        return spans.close(t.current(), nested);
    }

    /** A JSON object type without {@code $nulls}: every null key must be written as its field says. */
    private void checkNulls(Spans.Frame f, RecType t) {
        for (int i = 0; i < f.markCount; i++) {
            Slot s = t.slotArray[f.marks[i]];
            if (!s.jsonNull) {
                throw misfit("key \"" + s.name + "\" is null here, where type " + t.name + " leaves it out (it has no $nulls)");
            }
        }
        for (Slot s : t.jsonNullKeys) {
            if (absent(f, s)) {
                throw misfit("key \"" + s.name + "\" is missing here, where type " + t.name + " writes null"
                        + " (it has no $nulls)");
            }
        }
    }

    private boolean absent(Spans.Frame f, Slot head) {
        for (Slot s = head; s != null; s = s.next) {
            if (f.count[s.index] > 0) {
                return false;
            }
        }
        for (int i = 0; i < f.markCount; i++) {
            if (f.marks[i] == head.index) {
                return false;
            }
        }
        return true;
    }

    /** {@code $nulls}: the keys whose null is written the other way than their field's default. */
    private void writeNulls(Spans.Frame f, RecType t) {
        int n = 0;
        for (int i = 0; i < f.markCount; i++) {
            Slot s = t.slotArray[f.marks[i]];
            if (!s.jsonNull) {
                n = exception(n, s.index);
            }
        }
        for (Slot s : t.jsonNullKeys) {
            if (absent(f, s)) {
                n = exception(n, s.index);
            }
        }
        if (n > 0) {
            int len = 0;
            for (int i = 0; i < n; i++) {
                len += PackedInts.sizeOfInt(exceptions[i]);
            }
            int start = out.position();
            out.writeInt(len);
            for (int i = 0; i < n; i++) {
                out.writeInt(exceptions[i]);
            }
            spans.add(f, t.nullsSlot.index, start, out.position());
        }
    }

    private int exception(int n, int index) {
        if (n == exceptions.length) {
            exceptions = Arrays.copyOf(exceptions, n * 2);
        }
        exceptions[n] = index;
        return n + 1;
    }

    /** Writes the value at token {@code t} into {@code head}'s chain (JSON schemas) or into {@code head} itself. */
    private void value(Spans.Frame f, Slot head, JsonToken t) throws IOException {
        if (t == JsonToken.VALUE_NULL) {
            if (byKeys) {
                f.mark(head.index);
            } else if (head.repeated() && head.inGroup()) {
                throw misfit("null for field " + head.field + ": a list, here");
            }
            return;
        }
        if (!byKeys) {
            int start = typed(head.shape, head, t);
            if (start < 0) {
                throw misfit("a JSON " + kind(t) + " where field " + head.field + " of " + f.type.name + " holds "
                        + head.shape.describe());
            }
            spans.add(f, head.index, start, out.position());
            return;
        }
        boolean rawLater = head.rawAlternates;
        long startByte = rawLater ? parser.currentTokenLocation().getByteOffset() : -1;
        int depth = rawLater ? depthBefore(t) : 0;
        int outMark = out.position();
        int elementMark = elements;
        long spansMark = spans.mark();
        for (Slot s = head; s != null; s = s.next) {
            if (f.count[s.index] > 0) {
                continue;
            }
            if (s.item().kind == Shape.Kind.SCALAR && s.item().text == TextType.JSON && s.shape.kind != Shape.Kind.LIST) {
                raw(f, s, t, startByte, depth, outMark, elementMark);
                return;
            }
            boolean later = rawLater && hasRawAlternate(s.next);
            try {
                int start = typed(s.shape, s, t);
                if (start >= 0) {
                    spans.add(f, s.index, start, out.position());
                    return;
                }
            } catch (Misfit m) {
                if (!later) {
                    throw m;
                }
                // part of the value was written: forget it, the JSON-text alternate takes the whole value
                spans.restore(spansMark);
                out.truncate(outMark);
                elements = elementMark;
                Slot alt = s.next;
                while (!(alt.item().kind == Shape.Kind.SCALAR && alt.item().text == TextType.JSON)) {
                    alt = alt.next;
                }
                raw(f, alt, parser.currentToken(), startByte, depth, outMark, elementMark);
                return;
            }
        }
        throw misfit("a JSON " + kind(t) + " where field " + head.field + " of " + f.type.name + " holds "
                + head.shape.describe() + (head.next == null ? "" : " (and its alternates)"));
    }

    private static boolean hasRawAlternate(Slot s) {
        for (; s != null; s = s.next) {
            if (s.item().kind == Shape.Kind.SCALAR && s.item().text == TextType.JSON && s.shape.kind != Shape.Kind.LIST) {
                return true;
            }
        }
        return false;
    }

    /** The nesting depth outside the value whose first token is {@code t}. */
    private int depthBefore(JsonToken t) {
        int d = parser.getParsingContext().getNestingDepth();
        return t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY ? d - 1 : d;
    }

    /** The value that starts at byte {@code startByte} (outside it, nesting {@code depth}), as the JSON text it was written as. */
    private void raw(Spans.Frame f, Slot s, JsonToken t, long startByte, int depth, int outMark, int elementMark)
            throws IOException {
        long end = skipRest(depth);
        out.truncate(outMark);
        elements = elementMark;
        int start = out.position();
        out.writeUtf8(doc, (int) startByte + docOffset(), (int) (end - startByte));
        spans.add(f, s.index, start, out.position());
    }

    /** Reads to the end of the value being read (outside which the nesting is {@code depth}); returns its end offset. */
    private long skipRest(int depth) throws IOException {
        JsonParser p = parser;
        if (p.getParsingContext().getNestingDepth() == depth) {
            p.finishToken();
        }
        while (p.getParsingContext().getNestingDepth() > depth) {
            JsonToken x = p.nextToken();
            if (x == null) {
                throw misfit("the document ends inside a value");
            }
            if (x == JsonToken.START_OBJECT || x == JsonToken.START_ARRAY) {
                p.skipChildren();
            }
        }
        return p.currentLocation().getByteOffset();
    }

    /** Writes the value at token {@code t} as the JSON text it was written as. */
    private void rawValue(JsonToken t) throws IOException {
        long startByte = parser.currentTokenLocation().getByteOffset();
        long end = skipRest(depthBefore(t));
        out.writeUtf8(doc, (int) startByte + docOffset(), (int) (end - startByte));
    }

    /** Byte offsets of locations count from the start of the parsed range. */
    private int docOffset() {
        return rangeStart;
    }

    /**
     * Writes the value at token {@code t} as {@code shape} at the end of the buffer and returns where it starts
     * (what it was assembled from lies before); -1 when its kind is not the shape's (nothing consumed).
     */
    private int typed(Shape shape, Slot s, JsonToken t) throws IOException {
        JsonParser p = parser;
        switch (shape.kind) {
            case RECORD -> {
                if (t != JsonToken.START_OBJECT) {
                    return -1;
                }
                return object(s.target, true);
            }
            case LIST -> {
                if (t != JsonToken.START_ARRAY) {
                    return -1;
                }
                int mark = elements;
                JsonToken e;
                while ((e = p.nextToken()) != JsonToken.END_ARRAY) {
                    if (e == JsonToken.VALUE_NULL) {
                        push(-1, -1);
                        continue;
                    }
                    int start = typed(shape.element, s, e);
                    if (start < 0) {
                        throw misfit("a JSON " + kind(e) + " in an array of " + shape.element.describe()
                                + " (field " + s.field + ")");
                    }
                    push(start, out.position());
                }
                int start = out.position();
                out.writeList(elementStart, elementEnd, mark, elements - mark);
                elements = mark;
                return start;
            }
            case ENUM -> {
                if (t != JsonToken.VALUE_STRING) {
                    return -1;
                }
                int i = shape.table.find(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
                if (i < 0) {
                    throw misfit("\"" + p.getText() + "\" is not a value of the enum of field " + s.field);
                }
                int start = out.position();
                out.writeInt(i);
                return start;
            }
            default -> {
                int start = out.position();
                return scalar(shape.text, s, t) ? start : -1;
            }
        }
    }

    private boolean scalar(TextType type, Slot s, JsonToken t) throws IOException {
        JsonParser p = parser;
        switch (type) {
            case BOOLEAN -> {
                if (t != JsonToken.VALUE_TRUE && t != JsonToken.VALUE_FALSE) {
                    return false;
                }
                out.writeBoolean(t == JsonToken.VALUE_TRUE);
                return true;
            }
            case LONG -> {
                if (t != JsonToken.VALUE_NUMBER_INT) {
                    return false;
                }
                if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                    throw misfit("integer " + p.getText() + " does not fit 64 bits (field " + s.field + ")");
                }
                out.writeLong(p.getLongValue());
                return true;
            }
            case DECIMAL -> {
                if (t == JsonToken.VALUE_NUMBER_INT) {
                    if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                        out.writeDecimal(new BigDecimal(p.getBigIntegerValue()));
                    } else {
                        out.writeDecimal(p.getLongValue(), 0);
                    }
                    return true;
                }
                if (t != JsonToken.VALUE_NUMBER_FLOAT || negativeZero(p)) {
                    return false; // -0.0 would come back as 0.0: the JSON-text alternate keeps it
                }
                if (!Texts.write(TextType.DECIMAL, p.getTextCharacters(), p.getTextOffset(), p.getTextLength(), out, scratch)) {
                    BigDecimal d = p.getDecimalValue();
                    if (d.scale() == 0) {
                        d = d.setScale(1); // scale 0 is how an integer is kept
                    }
                    out.writeDecimal(d);
                }
                return true;
            }
            case BYTES -> {
                // $order and $nulls as JSON arrays of field indexes
                if (t != JsonToken.START_ARRAY) {
                    return false;
                }
                int[] ints = new int[8];
                int n = 0;
                JsonToken e;
                while ((e = p.nextToken()) != JsonToken.END_ARRAY) {
                    if (e != JsonToken.VALUE_NUMBER_INT) {
                        throw misfit("field " + s.field + " holds an array of field indexes");
                    }
                    if (n == ints.length) {
                        ints = Arrays.copyOf(ints, n * 2);
                    }
                    ints[n++] = p.getIntValue();
                }
                int len = 0;
                for (int i = 0; i < n; i++) {
                    len += PackedInts.sizeOfInt(ints[i]);
                }
                out.writeInt(len);
                for (int i = 0; i < n; i++) {
                    out.writeInt(ints[i]);
                }
                return true;
            }
            case JSON -> {
                rawValue(t);
                return true;
            }
            default -> {
                if (t != JsonToken.VALUE_STRING) {
                    return false;
                }
                if (!Texts.write(type, p.getTextCharacters(), p.getTextOffset(), p.getTextLength(), out, scratch)) {
                    throw misfit("\"" + XmlEncoder.abbreviate(p.getTextCharacters(), p.getTextLength()) + "\" is not a "
                            + type.fileName() + " (field " + s.field + ")");
                }
                return true;
            }
        }
    }

    /** Whether the current decimal number is a zero written with a minus ({@code -0.0}, {@code -0e5}). */
    static boolean negativeZero(JsonParser p) throws IOException {
        char[] c = p.getTextCharacters();
        int off = p.getTextOffset();
        int end = off + p.getTextLength();
        if (end == off || c[off] != '-') {
            return false;
        }
        for (int i = off + 1; i < end; i++) {
            char ch = c[i];
            if (ch == 'e' || ch == 'E') {
                break;
            }
            if (ch >= '1' && ch <= '9') {
                return false;
            }
        }
        return true;
    }

    private void push(int start, int end) {
        if (elements == elementStart.length) {
            elementStart = Arrays.copyOf(elementStart, elements * 2);
            elementEnd = Arrays.copyOf(elementEnd, elements * 2);
        }
        elementStart[elements] = start;
        elementEnd[elements++] = end;
    }

    static String kind(JsonToken t) {
        return switch (t) {
            case START_OBJECT -> "object";
            case START_ARRAY -> "array";
            case VALUE_STRING -> "string";
            case VALUE_NUMBER_INT -> "integer";
            case VALUE_NUMBER_FLOAT -> "decimal number";
            case VALUE_TRUE, VALUE_FALSE -> "boolean";
            case VALUE_NULL -> "null";
            default -> t.name();
        };
    }
}
