package io.navpack.format;

import io.navpack.format.spi.PackedInts;

import java.util.Objects;

/**
 * Where one record lies in its bytes, moved from record to nested record without a view per level: a reader that
 * follows a path ({@code trade.tradeHeader.tradeDate}, {@code party[any].partyName}) keeps one pointer per level
 * and re-points it for every value, so that reading a nested field allocates nothing but the field's value.
 *
 * <pre>{@code
 * RecordPointer top = new RecordPointer(), nested = new RecordPointer();
 * top.open(record);
 * if (nested.enter(top, top.schema().indexOf("tradeHeader")) != null) {
 *     Object date = nested.get(nested.schema().indexOf("tradeDate"));
 * }
 * }</pre>
 *
 * <p>Every record is checked as a view checks it when it is opened (header, flags, null bitmap, offset table against
 * the record's end, its type against the field's declared type), and every field read as a view reads it; bad bytes
 * give {@link NavpackFormatException}. Not thread-safe: a pointer belongs to one reader.
 */
public final class RecordPointer {
    private byte[] bytes;
    private SchemaRegistry registry;
    private Schema schema;
    private int start;
    private int limit;
    private int bodyPos;
    private int meta;
    private int depth;
    /** Positions of fields 0 to {@code known - 1} found by {@link #scan} (-1 for a null field), and where the next starts. */
    private int[] positions = new int[16];
    private int known;
    private int next;

    /** Points at {@code record} (a value's top-level record, or any record view); returns its schema. */
    public Schema open(PackedRecord record) {
        if (record instanceof RecordView v) {
            bytes = v.array();
            registry = v.registry();
            schema = v.schema();
            start = v.offset();
            limit = v.limit();
            bodyPos = v.bodyPosition();
            meta = v.flagsAndDepth() & 0xFF;
            depth = v.depth();
            known = 0;
            return schema;
        }
        return open(record.array(), record.offset(), record.offset() + record.length(), record.registry(), 0, null);
    }

    /**
     * Points at the top-level record at bytes {@code offset} to {@code offset + length} (its header first), as
     * {@link PackedRecord#of(byte[], int, int, SchemaRegistry)} would view it; returns its schema.
     */
    public Schema open(byte[] bytes, int offset, int length, SchemaRegistry registry) {
        if (offset < 0 || length < 0 || offset > bytes.length - length) {
            throw new IllegalArgumentException("range " + offset + "+" + length + " outside an array of " + bytes.length);
        }
        return open(bytes, offset, offset + length, registry, 0, null);
    }

    private Schema open(byte[] b, int offset, int end, SchemaRegistry reg, int level, Schema expected) {
        if (level >= Values.MAX_DEPTH) {
            throw new NavpackFormatException("records nested deeper than " + Values.MAX_DEPTH, offset);
        }
        Schema s = RecordView.schemaAt(b, offset, end, reg, expected);
        int flagsAt = RecordView.flagsAt(b, offset, end);
        bodyPos = RecordView.bodyAt(b, flagsAt, end, s);
        meta = b[flagsAt] & 0xFF;
        bytes = b;
        registry = reg;
        schema = s;
        start = offset;
        limit = end;
        depth = level;
        known = 0;
        return s;
    }

    /**
     * Points at the nested record in field {@code field} of the record {@code parent} points at (which may be this
     * pointer); returns its schema, or null when the field is null (the pointer is then unchanged).
     *
     * @throws IllegalArgumentException when the field is not a record
     */
    public Schema enter(RecordPointer parent, int field) {
        FieldType t = parent.schema.field(field).type();
        if (!(t.codec() instanceof NamedCodecs.RecordCodec codec)) {
            throw new IllegalArgumentException("field '" + parent.schema.field(field).name() + "' of "
                    + parent.schema.typeName() + " is a " + t + ", not a record");
        }
        if (parent.isNull(field)) {
            return null;
        }
        return openNested(parent.bytes, parent.position(field), parent.limit, parent.registry, parent.depth, codec);
    }

    /**
     * Points at the record {@code elements} stands on (see {@link Elements#next}), which must not be null.
     *
     * @throws IllegalArgumentException when the elements are not records
     */
    public Schema enter(Elements elements) {
        if (!(elements.codec instanceof NamedCodecs.RecordCodec codec)) {
            throw new IllegalArgumentException("the elements are " + elements.type.element() + ", not records");
        }
        if (elements.index < 0 || elements.index >= elements.count || elements.isNull()) {
            throw new IllegalStateException("no record at element " + elements.index);
        }
        return openNested(elements.bytes, elements.pos, elements.end, elements.registry, elements.depth, codec);
    }

    private Schema openNested(byte[] b, int p, int lim, SchemaRegistry reg, int parentDepth, NamedCodecs.RecordCodec codec) {
        int q = PackedInts.skipInt(b, p, lim);
        int n = Values.checkedLength(b, p, q, lim);
        Schema s = open(b, q, q + n, reg, parentDepth + 1, codec.lastChecked());
        codec.check(s, q);
        return s;
    }

    /** The schema of the record pointed at. */
    public Schema schema() {
        return schema;
    }

    /** Whether field {@code field} of the record pointed at is null. */
    public boolean isNull(int field) {
        Objects.checkIndex(field, schema.fieldCount());
        return RecordView.isNull(bytes, schema, bodyPos, meta, field);
    }

    /** Field {@code field} in its plain form, as {@link PackedRecord#get(int)} gives it; a nested record as a view. */
    public Object get(int field) {
        if (isNull(field)) {
            return null;
        }
        return schema.codecs()[field].read(bytes, position(field), limit, registry, null, depth);
    }

    /**
     * Finds where fields 0 to {@code field} lie in one pass over the record (continuing where the last scan of this
     * record stopped), so that {@link #get} of each reads it without looking for it again: how a reader that needs
     * several fields of a record (an SQL row's columns) reads them in one pass.
     */
    public void scan(int field) {
        Objects.checkIndex(field, schema.fieldCount());
        if (field < known) {
            return;
        }
        if (positions.length < field + 1) {
            positions = java.util.Arrays.copyOf(positions, Math.max(field + 1, positions.length * 2));
        }
        next = RecordView.scanPositions(bytes, schema, bodyPos, limit, meta, known, known == 0 ? bodyPos : next, field,
                positions);
        known = field + 1;
    }

    /** The record pointed at as a view (what {@link PackedRecord#getRecord} gives for it). */
    public PackedRecord view() {
        return new RecordView(bytes, start, limit - start, registry, depth, schema);
    }

    /** Where the non-null field {@code field} starts: found by {@link #scan}, else from the offset table. */
    private int position(int field) {
        return field < known ? positions[field] : RecordView.fieldPosition(bytes, schema, bodyPos, limit, meta, field);
    }

    @Override
    public String toString() {
        return schema == null ? "RecordPointer (nowhere)" : "RecordPointer at " + start + ".." + limit + " " + schema.typeName()
                + " v" + schema.version();
    }

    /**
     * The elements of a list, set or array field, one after the other: {@link #open} on the field, then {@link #next}
     * until it is false. Not thread-safe.
     */
    public static final class Elements {
        private byte[] bytes;
        private SchemaRegistry registry;
        private FieldType type;
        private Codec codec;
        private int depth;
        private int count;
        private int index;
        private int pos;
        private int end;
        private int bitmap;
        private final int[] parts = new int[3];

        /**
         * Stands before the first element of the list, set or array in field {@code field} of the record {@code record}
         * points at; returns the number of elements, or -1 when the field is null.
         *
         * @throws IllegalArgumentException when the field is not a list, set or array
         */
        public int open(RecordPointer record, int field) {
            Field f = record.schema.field(field);
            FieldType t = f.type();
            if (!t.kind().isCollection() || !(t.codec() instanceof ContainerCodecs.ContainerCodec c)) {
                throw new IllegalArgumentException("field '" + f.name() + "' of " + record.schema.typeName() + " is a " + t
                        + ", not a list, set or array");
            }
            if (record.isNull(field)) {
                return -1;
            }
            pos = c.header(record.bytes, record.position(field), record.limit, record.depth, parts);
            bytes = record.bytes;
            registry = record.registry;
            type = t;
            codec = c.element;
            depth = record.depth;
            end = parts[0];
            count = parts[1];
            bitmap = parts[2];
            index = -1;
            return count;
        }

        /** Moves to the next element; false when there is none. */
        public boolean next() {
            if (index >= count) {
                return false;
            }
            if (index >= 0 && !isNull()) {
                pos = codec.skip(bytes, pos, end);
            }
            index++;
            return index < count;
        }

        /** The element's index, from 0. */
        public int index() {
            return index;
        }

        /** Whether the element is null. */
        public boolean isNull() {
            return NullBitmap.isSet(bytes, bitmap, index);
        }

        /** The element in its plain form; a record as a view. */
        public Object get() {
            return isNull() ? null : codec.read(bytes, pos, end, registry, null, depth);
        }

        /** The type of the elements. */
        public FieldType elementType() {
            return type.element();
        }
    }
}
