package io.navpack.documents;

import io.navpack.format.FieldType;
import io.navpack.format.NavpackFormatException;
import io.navpack.format.spi.PackedInts;
import io.navpack.format.RecordCursor;
import io.navpack.format.Schema;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * navpack to JSON, streaming: records become objects, lists arrays, values are read where they lie and
 * written as UTF-8 text. With a schema inferred from JSON the document is the one that was read (its keys,
 * its nulls, values of other kinds from their JSON-text alternates); with a schema of another format, keys
 * are field names and the fields navpack adds ({@code $ns}, {@code $order}) are written too, so that the
 * JSON converts back.
 */
final class JsonDecoder {
    private static final int MAX_DEPTH = 64;

    private final Model model;
    private final boolean byKeys;
    private RecordCursor[] cursors = new RecordCursor[16];
    private final Map<Slot, byte[]> keyBytes = new HashMap<>();
    private boolean[] flip = new boolean[64];
    private Utf8Buffer out;

    JsonDecoder(Model model) {
        this.model = model;
        this.byKeys = model.format.json();
    }

    void decode(byte[] b, int off, int len, Utf8Buffer out) {
        this.out = out;
        if (model.format == DocumentFormat.XML) {
            // wrapped in the root element's name: {"dataDocument": {...}}
            RecType root = model.typeOf(cursor(0).open(b, off, off + len));
            out.byte1('{');
            out.byte1('"');
            out.escaped(model.rootJsonKey(root), Utf8Buffer.Escape.JSON);
            out.ascii("\":");
            record(0, b, off, off + len, null, true);
            out.byte1('}');
            return;
        }
        record(0, b, off, off + len, null, true);
    }

    private RecordCursor cursor(int depth) {
        if (depth >= MAX_DEPTH) {
            throw new NavpackFormatException("records nested deeper than " + MAX_DEPTH, 0);
        }
        if (depth >= cursors.length) {
            cursors = Arrays.copyOf(cursors, depth * 2);
        }
        RecordCursor c = cursors[depth];
        if (c == null) {
            c = cursors[depth] = new RecordCursor(model.registry);
        }
        return c;
    }

    private void record(int depth, byte[] b, int start, int end, RecType expected, boolean root) {
        RecordCursor c = cursor(depth);
        Schema schema = c.open(b, start, end);
        RecType t = model.typeOf(schema);
        if (expected != null && t != expected) {
            throw new NavpackFormatException("a " + t.name + " where a " + expected.name + " belongs", start);
        }
        int fields = schema.fieldCount();
        if (root && byKeys && t.rootSlot != null) {
            for (Slot s = t.rootSlot; s != null; s = s.next) {
                if (s.index < fields && !c.isNull(s.index)) {
                    value(depth, s.shape, schema.field(s.index).type(), s, b, c.start(s.index), c.end(s.index));
                    return;
                }
            }
        }
        boolean[] flipped = null;
        if (byKeys && t.nullsSlot != null && t.nullsSlot.index < fields && !c.isNull(t.nullsSlot.index)) {
            flipped = flips(b, c.start(t.nullsSlot.index), c.end(t.nullsSlot.index), fields);
        }
        out.byte1('{');
        boolean first = true;
        for (Slot s : t.slotArray) {
            if (s.index >= fields) {
                break;
            }
            Slot value = s;
            if (byKeys) {
                if (!s.role.content() || s.role == Slot.Role.ROOT || s.primary != s) {
                    continue;
                }
                value = null;
                for (Slot a = s; a != null; a = a.next) {
                    if (a.index < fields && !c.isNull(a.index)) {
                        value = a;
                        break;
                    }
                }
                if (value == null) {
                    boolean writeNull = s.jsonNull ^ (flipped != null && flipped[s.index]);
                    if (!writeNull) {
                        continue;
                    }
                }
            } else if (c.isNull(s.index)) {
                continue;
            }
            if (!first) {
                out.byte1(',');
            }
            first = false;
            out.bytes(key(s));
            if (value == null) {
                out.ascii("null");
            } else {
                value(depth, value.shape, schema.field(value.index).type(), value, b, c.start(value.index), c.end(value.index));
            }
        }
        out.byte1('}');
    }

    /** The fields {@code $nulls} names: their null is written the other way than their default. */
    private boolean[] flips(byte[] b, int p, int end, int fields) {
        if (flip.length < fields) {
            flip = new boolean[Math.max(fields, flip.length * 2)];
        }
        Arrays.fill(flip, 0, fields, false);
        int q = PackedInts.skipInt(b, p, end);
        int n = PackedInts.readInt(b, p, end);
        int stop = q + n;
        if (n < 0 || stop > end) {
            throw new NavpackFormatException("$nulls of " + n + " bytes exceeds its record", p);
        }
        while (q < stop) {
            int f = PackedInts.readInt(b, q, stop);
            if (f < 0 || f >= fields) {
                throw new NavpackFormatException("$nulls names field " + f + ", which the record does not have", q);
            }
            flip[f] = true;
            q = PackedInts.skipInt(b, q, stop);
        }
        return flip;
    }

    private byte[] key(Slot s) {
        byte[] k = keyBytes.get(s);
        if (k == null) {
            Utf8Buffer u = new Utf8Buffer(64);
            u.byte1('"');
            u.escaped(byKeys ? s.name : s.field, Utf8Buffer.Escape.JSON);
            u.ascii("\":");
            k = u.toByteArray();
            keyBytes.put(s, k);
        }
        return k;
    }

    /** Writes the value of {@code shape} (navpack type {@code type}) at {@code p}. */
    private void value(int depth, Shape shape, FieldType type, Slot s, byte[] b, int p, int limit) {
        switch (shape.kind) {
            case RECORD -> {
                int q = PackedInts.skipInt(b, p, limit);
                int n = PackedInts.readInt(b, p, limit);
                if (n < 0 || n > limit - q) {
                    throw new NavpackFormatException("nested record of " + n + " bytes exceeds its container", p);
                }
                record(depth + 1, b, q, q + n, s.target, false);
            }
            case LIST -> {
                int q = PackedInts.skipInt(b, p, limit);
                int n = PackedInts.readInt(b, p, limit);
                int end = q + n;
                if (n < 0 || end > limit) {
                    throw new NavpackFormatException("list of " + n + " bytes exceeds its record", p);
                }
                int h = PackedInts.readInt(b, q, end);
                int count = h >>> 1;
                q = PackedInts.skipInt(b, q, end);
                int bitmap = -1;
                if ((h & 1) != 0) {
                    bitmap = q;
                    q += (count + 7) >>> 3;
                    if (q > end) {
                        throw new NavpackFormatException("list bitmap exceeds the list", bitmap);
                    }
                }
                FieldType element = type.element();
                out.byte1('[');
                for (int k = 0; k < count; k++) {
                    if (k > 0) {
                        out.byte1(',');
                    }
                    if (bitmap >= 0 && (b[bitmap + (k >>> 3)] & (1 << (k & 7))) != 0) {
                        out.ascii("null");
                        continue;
                    }
                    int next = RecordCursor.skip(element, b, q, end);
                    value(depth + 1, shape.element, element, s, b, q, next);
                    q = next;
                }
                if (q != end) {
                    throw new NavpackFormatException("list ends at " + q + " but its length says " + end, q);
                }
                out.byte1(']');
            }
            case ENUM -> {
                out.byte1('"');
                Texts.formatOrEnum(shape, b, p, limit, out, Utf8Buffer.Escape.JSON);
                out.byte1('"');
            }
            default -> scalar(shape.text, b, p, limit);
        }
    }

    private void scalar(TextType t, byte[] b, int p, int limit) {
        switch (t) {
            case LONG, BOOLEAN -> Texts.format(t, b, p, limit, out, Utf8Buffer.Escape.NONE);
            case DECIMAL -> Texts.formatDecimal(b, p, limit, out, true);
            case JSON -> {
                int q = PackedInts.skipInt(b, p, limit);
                int n = PackedInts.readInt(b, p, limit);
                if (n < 0 || n > limit - q) {
                    throw new NavpackFormatException("JSON text of " + n + " bytes exceeds its record", p);
                }
                out.bytes(b, q, n);
            }
            case BYTES -> {
                int q = PackedInts.skipInt(b, p, limit);
                int n = PackedInts.readInt(b, p, limit);
                int end = q + n;
                if (n < 0 || end > limit) {
                    throw new NavpackFormatException("bytes of " + n + " exceed their record", p);
                }
                out.byte1('[');
                boolean first = true;
                while (q < end) {
                    if (!first) {
                        out.byte1(',');
                    }
                    first = false;
                    out.longValue(PackedInts.readInt(b, q, end));
                    q = PackedInts.skipInt(b, q, end);
                }
                out.byte1(']');
            }
            default -> {
                out.byte1('"');
                Texts.format(t, b, p, limit, out, Utf8Buffer.Escape.JSON);
                out.byte1('"');
            }
        }
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
