package io.navpack.format;

import java.util.Arrays;

/**
 * Reads one record's layout without decoding it: the writer's schema, then where each field's value lies
 * (or that it is null), found in one pass over the bytes. A transcoder that turns a value back into text
 * reads the values from those positions itself (their encodings are in docs/format.md) and opens a cursor
 * per nesting level on the nested records; nothing is allocated once the cursor has met the widest schema.
 *
 * <pre>{@code
 * RecordCursor c = new RecordCursor(registry);
 * Schema s = c.open(bytes, 0, bytes.length);
 * for (int i = 0; i < s.fieldCount(); i++) {
 *     if (!c.isNull(i)) {
 *         int at = c.start(i);     // the value's first byte; c.end(i) is the byte after it
 *     }
 * }
 * }</pre>
 *
 * <p>The bytes are checked as a full decode checks the record's own level: the header, the null bitmap
 * against the schema, every field's extent against the record's end, the offset table at every block
 * boundary and the record's length. Anything invalid gives {@link NavpackFormatException}. Not
 * thread-safe.
 */
public final class RecordCursor {
    private final SchemaRegistry registry;
    private byte[] bytes;
    private Schema schema;
    private int offset;
    private int limit;
    private int[] start = new int[8];
    private int[] end = new int[8];

    public RecordCursor(SchemaRegistry registry) {
        this.registry = registry;
    }

    /** Opens the record at bytes {@code offset} to {@code limit} (its header first, no length before it); returns its schema. */
    public Schema open(byte[] b, int offset, int limit) {
        if (offset < 0 || limit > b.length || offset > limit) {
            throw new IllegalArgumentException("range " + offset + ".." + limit + " outside an array of " + b.length);
        }
        RecordView view = new RecordView(b, offset, limit - offset, registry, 0);
        Schema s = view.schema();
        int n = s.fieldCount();
        if (start.length < n) {
            start = new int[Math.max(n, start.length * 2)];
            end = new int[start.length];
        }
        int bitmap = view.bitmapPosition();
        int p = view.bodyPosition();
        int mask = view.blockMask();
        Codec[] codecs = s.codecs();
        for (int f = 0; f < n; f++) {
            if (f > 0 && (f & mask) == 0) {
                view.checkBlock(f, p);
            }
            if (NullBitmap.isSet(b, bitmap, f)) {
                start[f] = -1;
                end[f] = -1;
            } else {
                start[f] = p;
                p = codecs[f].skip(b, p, limit);
                end[f] = p;
            }
        }
        if (p != limit) {
            throw new NavpackFormatException("a " + s.typeName() + " ends at offset " + p + " but its length says " + limit, p);
        }
        this.bytes = b;
        this.schema = s;
        this.offset = offset;
        this.limit = limit;
        return s;
    }

    /**
     * Opens the nested record whose packed length is at {@code p} (a record field's value, or a list element
     * of record type), checked to lie before {@code limit}; returns its schema. {@link #recordEnd()} is then
     * the position after it.
     */
    public Schema openNested(byte[] b, int p, int limit) {
        int q = PackedInts.skipInt(b, p, limit);
        int n = Values.checkedLength(b, p, q, limit);
        return open(b, q, q + n);
    }

    /** The schema of the open record. */
    public Schema schema() {
        return schema;
    }

    /** The array the open record lies in. */
    public byte[] array() {
        return bytes;
    }

    /** Where the open record starts (its header). */
    public int recordStart() {
        return offset;
    }

    /** The position after the open record. */
    public int recordEnd() {
        return limit;
    }

    public boolean isNull(int field) {
        java.util.Objects.checkIndex(field, schema.fieldCount());
        return start[field] < 0;
    }

    /** The position of field {@code field}'s value, or -1 when it is null. */
    public int start(int field) {
        java.util.Objects.checkIndex(field, schema.fieldCount());
        return start[field];
    }

    /** The position after field {@code field}'s value, or -1 when it is null. */
    public int end(int field) {
        java.util.Objects.checkIndex(field, schema.fieldCount());
        return end[field];
    }

    /**
     * The position after the non-null value of type {@code type} that starts at {@code p}, checked to lie
     * before {@code limit}: how a reader steps over the elements of a list it walks.
     */
    public static int skip(FieldType type, byte[] b, int p, int limit) {
        return type.codec().skip(b, p, limit);
    }

    @Override
    public String toString() {
        return schema == null ? "RecordCursor (nothing open)"
                : "RecordCursor at " + offset + ".." + limit + " " + schema.typeName() + " v" + schema.version()
                + " " + Arrays.toString(Arrays.copyOf(start, schema.fieldCount()));
    }
}
