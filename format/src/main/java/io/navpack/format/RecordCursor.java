package io.navpack.format;

import io.navpack.format.spi.PackedInts;
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
        // the header, checked as RecordView checks it (without making a view)
        int p = offset;
        int typeId = PackedInts.readInt(b, p, limit);
        p = PackedInts.skipInt(b, p, limit);
        int version = PackedInts.readInt(b, p, limit);
        p = PackedInts.skipInt(b, p, limit);
        if (typeId < 0 || version < 0) {
            throw new NavpackFormatException("negative type id " + typeId + " or version " + version, offset);
        }
        Schema s = schema != null && schema.typeId() == typeId && schema.version() == version ? schema
                : registry.schema(typeId, version, offset);
        if (p >= limit) {
            throw new NavpackFormatException("truncated record header", p);
        }
        int flags = b[p++] & 0xFF;
        int n = s.fieldCount();
        int shift = 3 - ((flags >>> RecordView.BLOCK_CODE_SHIFT) & 3);
        int blocks = (n + (1 << shift) - 1) >>> shift;
        int widthCode = flags & RecordView.FLAG_WIDTH;
        if ((flags & ~(RecordView.FLAG_WIDTH | RecordView.FLAG_NULLS | (3 << RecordView.BLOCK_CODE_SHIFT))) != 0
                || widthCode == 3 || (blocks <= 1 && widthCode != 0)) {
            throw new NavpackFormatException("invalid record flags 0x" + Integer.toHexString(flags), p - 1);
        }
        int bitmap = -1;
        if ((flags & RecordView.FLAG_NULLS) != 0) {
            if (!s.hasNullableFields() || s.bitmapLength() > limit - p) {
                throw new NavpackFormatException("invalid null bitmap", p);
            }
            byte[] notNull = s.notNullMask();
            for (int j = 0; j < notNull.length; j++) {
                if ((b[p + j] & notNull[j]) != 0) {
                    throw new NavpackFormatException("null bitmap marks a field null that cannot be null", p + j);
                }
            }
            bitmap = p;
            p += s.bitmapLength();
        }
        int table = p;
        int tableLen = RecordView.tableLength(blocks, widthCode);
        if (tableLen > limit - p) {
            throw new NavpackFormatException("truncated offset table", p);
        }
        int bodyPos = p + tableLen;
        if (start.length < n) {
            start = new int[Math.max(n, start.length * 2)];
            end = new int[start.length];
        }
        p = bodyPos;
        int mask = (1 << shift) - 1;
        Codec[] codecs = s.codecs();
        for (int f = 0; f < n; f++) {
            if (f > 0 && (f & mask) == 0) {
                // the block must start where the offset table says
                int e = table + (((f >>> shift) - 1) << widthCode);
                int off = switch (widthCode) {
                    case 0 -> b[e] & 0xFF;
                    case 1 -> ((b[e] & 0xFF) << 8) | (b[e + 1] & 0xFF);
                    default -> ((b[e] & 0xFF) << 24) | ((b[e + 1] & 0xFF) << 16) | ((b[e + 2] & 0xFF) << 8) | (b[e + 3] & 0xFF);
                };
                if (p != bodyPos + off) {
                    throw new NavpackFormatException("fields " + (f - mask - 1) + ".." + (f - 1) + " of " + s.typeName()
                            + " end at offset " + p + " but the offset table says field " + f + " starts at offset "
                            + (bodyPos + off), p);
                }
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
