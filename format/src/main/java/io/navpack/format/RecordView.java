package io.navpack.format;

import io.navpack.format.spi.PackedInts;
import io.navpack.format.spi.Hex;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.lang.reflect.Array;
import java.util.LinkedHashSet;
import java.util.Objects;

/**
 * The {@link PackedRecord} of the format core: a view over one encoded record. It holds the array, the
 * record's bounds, the position of its body and the header's flags, and derives the positions of the
 * null bitmap and offset table from them, so that a view costs 40 bytes of heap.
 */
class RecordView implements PackedRecord {
    static final int FLAG_NULLS = 4;
    static final int FLAG_WIDTH = 3;
    /** Flags bits 3-4: the block size code, 0 to 3 for blocks of 8, 4, 2 and 1 fields. */
    static final int BLOCK_CODE_SHIFT = 3;
    private static final int FLAG_BLOCK = 3 << BLOCK_CODE_SHIFT;
    /** {@link #meta}: bits 0-4 the flags (offset width, null bitmap, block size), from bit 8 the depth. */
    private static final int DEPTH_SHIFT = 8;

    private final byte[] bytes;
    private final Schema schema;
    private final SchemaRegistry registry;
    private final int offset;
    private final int limit;
    private final int bodyPos;
    private final int meta;

    RecordView(byte[] bytes, int offset, int length, SchemaRegistry registry, int depth) {
        this(bytes, offset, length, registry, depth, null);
    }

    /** The same, with the schema the caller knows the record has (an interface view's), used when the header names it. */
    RecordView(byte[] bytes, int offset, int length, SchemaRegistry registry, int depth, Schema known) {
        if (offset < 0 || length < 0 || offset > bytes.length - length) {
            throw new IllegalArgumentException("range " + offset + "+" + length + " outside an array of " + bytes.length);
        }
        if (depth >= Values.MAX_DEPTH) {
            throw new NavpackFormatException("records nested deeper than " + Values.MAX_DEPTH, offset);
        }
        this.bytes = bytes;
        this.offset = offset;
        this.limit = offset + length;
        this.registry = registry;
        this.schema = schemaAt(bytes, offset, limit, registry, known);
        int flagsAt = flagsAt(bytes, offset, limit);
        this.bodyPos = bodyAt(bytes, flagsAt, limit, schema);
        this.meta = (bytes[flagsAt] & 0xFF) | (depth << DEPTH_SHIFT);
    }

    /**
     * The schema the header of the record at {@code offset} names: {@code known} when it is that type and version,
     * else the registry's (an unknown one is refused as the registry refuses it).
     */
    static Schema schemaAt(byte[] bytes, int offset, int limit, SchemaRegistry registry, Schema known) {
        int p = offset;
        int typeId;
        int version;
        int first = limit - p >= 2 ? bytes[p] | bytes[p + 1] : -1;
        if ((first & 0xC0) == 0) {
            // type id and version below 64: one byte each, no continuation and no sign bit
            typeId = bytes[p];
            version = bytes[p + 1];
        } else {
            typeId = PackedInts.readInt(bytes, p, limit);
            p = PackedInts.skipInt(bytes, p, limit);
            version = PackedInts.readInt(bytes, p, limit);
        }
        if (typeId < 0 || version < 0) {
            throw new NavpackFormatException("negative type id " + typeId + " or version " + version, offset);
        }
        return known != null && known.typeId() == typeId && known.version() == version ? known
                : registry.schema(typeId, version, offset);
    }

    /** Where the flags byte of the header at {@code offset} lies (after the type id and version); checked to be inside. */
    static int flagsAt(byte[] bytes, int offset, int limit) {
        int p = offset;
        int first = limit - p >= 2 ? bytes[p] | bytes[p + 1] : -1;
        if ((first & 0xC0) == 0) {
            p += 2;
        } else {
            p = PackedInts.skipInt(bytes, p, limit);
            p = PackedInts.skipInt(bytes, p, limit);
        }
        if (p >= limit) {
            throw new NavpackFormatException("truncated record header", p);
        }
        return p;
    }

    /**
     * Where the body of the record of {@code schema} whose flags byte is at {@code flagsAt} starts, after the flags,
     * null bitmap and offset table have been checked against the schema and {@code limit}.
     */
    static int bodyAt(byte[] bytes, int flagsAt, int limit, Schema schema) {
        int p = flagsAt;
        int flags = bytes[p++] & 0xFF;
        int blocks = blocks(schema.fieldCount(), flags);
        int widthCode = flags & FLAG_WIDTH;
        if ((flags & ~(FLAG_WIDTH | FLAG_NULLS | FLAG_BLOCK)) != 0 || widthCode == 3 || (blocks <= 1 && widthCode != 0)) {
            throw new NavpackFormatException("invalid record flags 0x" + Integer.toHexString(flags), p - 1);
        }
        if ((flags & FLAG_NULLS) != 0) {
            if (!schema.hasNullableFields() || schema.bitmapLength() > limit - p) {
                throw new NavpackFormatException("invalid null bitmap", p);
            }
            byte[] notNull = schema.notNullMask();
            for (int j = 0; j < notNull.length; j++) {
                if ((bytes[p + j] & notNull[j]) != 0) {
                    throw new NavpackFormatException("null bitmap marks a field null that cannot be null", p + j);
                }
            }
            p += schema.bitmapLength();
        }
        int tableLen = tableLength(blocks, widthCode);
        if (tableLen > limit - p) {
            throw new NavpackFormatException("truncated offset table", p);
        }
        return p + tableLen;
    }

    /** log2 of the fields per block that {@code flags} give: 3, 2, 1 or 0. */
    private static int blockShift(int flags) {
        return 3 - ((flags & FLAG_BLOCK) >>> BLOCK_CODE_SHIFT);
    }

    /** Blocks of a record of {@code fields} fields with {@code flags}: one offset-table entry each but the first. */
    private static int blocks(int fields, int flags) {
        int shift = blockShift(flags);
        return (fields + (1 << shift) - 1) >>> shift;
    }

    static int tableLength(int blocks, int widthCode) {
        return blocks > 1 ? (blocks - 1) << widthCode : 0;
    }

    // ---------------------------------------------------------------- structure

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public SchemaRegistry registry() {
        return registry;
    }

    @Override
    public byte[] array() {
        return bytes;
    }

    @Override
    public int offset() {
        return offset;
    }

    @Override
    public int length() {
        return limit - offset;
    }

    int bodyPosition() {
        return bodyPos;
    }

    int limit() {
        return limit;
    }

    int depth() {
        return meta >>> DEPTH_SHIFT;
    }

    /** The header's flags (bits 0-4) and the depth (from bit 8), as the static forms below take them. */
    int flagsAndDepth() {
        return meta;
    }

    private int tablePosition() {
        return tablePosition(schema, bodyPos, meta);
    }

    private static int tablePosition(Schema schema, int bodyPos, int meta) {
        return bodyPos - tableLength(blocks(schema.fieldCount(), meta), meta & FLAG_WIDTH);
    }

    /** Position of the null bitmap, or -1 when the record has none. */
    int bitmapPosition() {
        return bitmapPosition(schema, bodyPos, meta);
    }

    private static int bitmapPosition(Schema schema, int bodyPos, int meta) {
        return (meta & FLAG_NULLS) == 0 ? -1 : tablePosition(schema, bodyPos, meta) - schema.bitmapLength();
    }

    /**
     * Where the body of a record of {@code schema} starts when its header's flags byte is at {@code flagsAt}
     * (the null bitmap and offset table come between): for interface views, which keep only their bytes.
     */
    static int bodyPosition(byte[] bytes, int flagsAt, Schema schema) {
        int flags = bytes[flagsAt] & 0xFF;
        return flagsAt + 1 + ((flags & FLAG_NULLS) != 0 ? schema.bitmapLength() : 0)
                + tableLength(blocks(schema.fieldCount(), flags), flags & FLAG_WIDTH);
    }

    /** The flags of the header whose flags byte is at {@code flagsAt}, as the static forms below take them. */
    static int flags(byte[] bytes, int flagsAt) {
        return bytes[flagsAt] & (FLAG_WIDTH | FLAG_NULLS | FLAG_BLOCK);
    }

    @Override
    public int indexOf(String name) {
        int i = schema.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no field '" + name + "' in " + schema.typeName() + " v" + schema.version()
                    + " (fields: " + schema.fieldNames() + ")");
        }
        return i;
    }

    @Override
    public boolean isNull(int i) {
        Objects.checkIndex(i, schema.fieldCount());
        return isNull(bytes, schema, bodyPos, meta, i);
    }

    /**
     * Whether field {@code i} is null in the record of {@code schema} whose body starts at {@code bodyPos}
     * and whose header flags are in {@code meta}: the static form that interface views, which keep only
     * their bytes, share.
     */
    static boolean isNull(byte[] bytes, Schema schema, int bodyPos, int meta, int i) {
        return (meta & FLAG_NULLS) != 0 && NullBitmap.isSet(bytes, bitmapPosition(schema, bodyPos, meta), i);
    }

    /**
     * Position of the (non-null) field {@code i}: the block's start from the offset table, then skips
     * inside the block. The block's start is checked first: the previous block, skipped from its own
     * start, must end exactly there, so a corrupt table entry is refused instead of read from a wrong
     * position. With {@link #checkBlock}, which does the same for sequential decoding, a field read and
     * a full decode of the same bytes agree or one of them fails.
     */
    int fieldPosition(int i) {
        return fieldPosition(bytes, schema, bodyPos, limit, meta, i);
    }

    /** {@link #fieldPosition(int)} in the static form that interface views share (see {@link #isNull(byte[], Schema, int, int, int)}). */
    static int fieldPosition(byte[] bytes, Schema schema, int bodyPos, int limit, int meta, int i) {
        int shift = blockShift(meta);
        int block = i >>> shift;
        int table = tablePosition(schema, bodyPos, meta);
        int bitmap = (meta & FLAG_NULLS) == 0 ? -1 : table - schema.bitmapLength();
        int p = bodyPos;
        if (block > 0) {
            int previous = block == 1 ? bodyPos : blockStart(bytes, bodyPos, limit, meta, block - 1, table);
            int end = skipFields(bytes, schema, limit, previous, (block - 1) << shift, block << shift, bitmap);
            p = blockStart(bytes, bodyPos, limit, meta, block, table);
            if (end != p) {
                throw blockMismatch(schema, meta, block - 1, end, p);
            }
        }
        return skipFields(bytes, schema, limit, p, block << shift, i, bitmap);
    }

    /**
     * The positions of fields {@code from} to {@code to} (each -1 when null) into {@code out}, in one pass from
     * {@code p}, where field {@code from} starts (the body's start for field 0); returns the position after field
     * {@code to}. Where a field starts a block, the offset table must say so, as for {@link #checkBlock}.
     */
    static int scanPositions(byte[] bytes, Schema schema, int bodyPos, int limit, int meta, int from, int p, int to,
                             int[] out) {
        int shift = blockShift(meta);
        int mask = (1 << shift) - 1;
        int bitmap = bitmapPosition(schema, bodyPos, meta);
        int table = tablePosition(schema, bodyPos, meta);
        for (int f = from; f <= to; f++) {
            if (f > 0 && (f & mask) == 0) {
                int start = blockStart(bytes, bodyPos, limit, meta, f >>> shift, table);
                if (p != start) {
                    throw blockMismatch(schema, meta, (f >>> shift) - 1, p, start);
                }
            }
            if (NullBitmap.isSet(bytes, bitmap, f)) {
                out[f] = -1;
            } else {
                out[f] = p;
                p = skipFields(bytes, schema, limit, p, f, f + 1, -1);
            }
        }
        return p;
    }

    /**
     * Position after the non-null fields {@code from} to {@code to - 1}, the first of which starts at {@code p};
     * {@code bitmap} is the null bitmap's position or -1.
     */
    private static int skipFields(byte[] bytes, Schema schema, int limit, int p, int from, int to, int bitmap) {
        int[] skip = schema.skipSizes();
        byte[] b = bytes;
        for (int f = from; f < to; f++) {
            if (NullBitmap.isSet(b, bitmap, f)) {
                continue;
            }
            int size = skip[f];
            if (size > 0) {
                p = Values.fixed(p, size, limit);
            } else if (size == Codec.SKIP_PACKED) {
                p = PackedInts.skip(b, p, limit);
            } else if (size == Codec.SKIP_PACKED_INT) {
                p = PackedInts.skipInt(b, p, limit);
            } else if (size == Codec.SKIP_LENGTH) {
                p = Values.skipLengthPrefixed(b, p, limit);
            } else if (size == Codec.SKIP_DECIMAL) {
                p = ScalarCodecs.DecimalCodec.skipAt(b, p, limit);
            } else {
                p = schema.codecs()[f].skip(b, p, limit);
            }
        }
        return p;
    }

    /** Absolute position where block {@code block} (&ge; 1) starts, from its offset-table entry. */
    private int blockStart(int block) {
        return blockStart(bytes, bodyPos, limit, meta, block, tablePosition());
    }

    /** {@link #blockStart(int)} with the offset table at {@code table}. */
    private static int blockStart(byte[] bytes, int bodyPos, int limit, int meta, int block, int table) {
        int widthCode = meta & FLAG_WIDTH;
        int e = table + ((block - 1) << widthCode);
        int off;
        switch (widthCode) {
            case 0: off = bytes[e] & 0xFF; break;
            case 1: off = ((bytes[e] & 0xFF) << 8) | (bytes[e + 1] & 0xFF); break;
            default: off = Values.int32(bytes, e); break;
        }
        if (off < 0 || off > limit - bodyPos) {
            throw new NavpackFormatException("block offset " + off + " outside the record", e);
        }
        return bodyPos + off;
    }

    /** Fields per offset-table block minus one: field {@code f} starts a block when {@code f & blockMask()} is 0. */
    int blockMask() {
        return (1 << blockShift(meta)) - 1;
    }

    /**
     * For sequential decoding: when field {@code f} starts a block, {@code p} (where the previous
     * field ended) must be where the offset table says the block starts.
     */
    void checkBlock(int f, int p) {
        int shift = blockShift(meta);
        if ((f & ((1 << shift) - 1)) == 0 && f > 0) {
            int start = blockStart(f >>> shift);
            if (p != start) {
                throw blockMismatch(schema, meta, (f >>> shift) - 1, p, start);
            }
        }
    }

    private static NavpackFormatException blockMismatch(Schema schema, int meta, int block, int p, int expected) {
        int shift = blockShift(meta);
        int first = block << shift;
        int last = ((block + 1) << shift) - 1;
        return new NavpackFormatException((first == last ? "field " + first : "fields " + first + ".." + last) + " of "
                + schema.typeName() + " end at offset " + p + " but the offset table says field " + (last + 1)
                + " starts at offset " + expected, p);
    }

    private static long mask(Kind k) {
        return 1L << k.ordinal();
    }

    private static final long INTS = mask(Kind.INT) | mask(Kind.SHORT) | mask(Kind.CHAR) | mask(Kind.BYTE);
    private static final long LONGS = INTS | mask(Kind.LONG);
    private static final long DOUBLES = mask(Kind.DOUBLE) | mask(Kind.FLOAT);

    /** Position of field {@code i} whose kind must be in {@code kinds} (a bit per kind), or -1 when null. */
    private int positionOf(int i, long kinds) {
        Field f = schema.field(i);
        if ((kinds & mask(f.type().kind())) == 0) {
            List<Kind> wanted = new ArrayList<>();
            for (Kind k : Kind.values()) {
                if ((kinds & mask(k)) != 0) {
                    wanted.add(k);
                }
            }
            throw new IllegalArgumentException("field '" + f.name() + "' of " + schema.typeName() + " is a " + f.type()
                    + ", not " + (wanted.size() == 1 ? wanted.get(0) : "one of " + wanted));
        }
        if (isNull(i)) {
            return -1;
        }
        return fieldPosition(i);
    }

    private int primitivePosition(int i, long kinds) {
        int p = positionOf(i, kinds);
        if (p < 0) {
            throw new NullPointerException("field '" + schema.field(i).name() + "' of " + schema.typeName() + " is null");
        }
        return p;
    }

    // ---------------------------------------------------------------- typed getters

    public boolean getBoolean(int i) {
        return ScalarCodecs.BooleanCodec.at(bytes, primitivePosition(i, mask(Kind.BOOLEAN)), limit);
    }

    public byte getByte(int i) {
        return ScalarCodecs.ByteCodec.at(bytes, primitivePosition(i, mask(Kind.BYTE)), limit);
    }

    public short getShort(int i) {
        return ScalarCodecs.ShortCodec.at(bytes, primitivePosition(i, mask(Kind.SHORT)), limit);
    }

    public char getChar(int i) {
        return ScalarCodecs.CharCodec.at(bytes, primitivePosition(i, mask(Kind.CHAR)), limit);
    }

    /** An int, short, byte or char field as an int. */
    public int getInt(int i) {
        Kind k = schema.field(i).type().kind();
        int p = primitivePosition(i, INTS);
        return k == Kind.BYTE ? ScalarCodecs.ByteCodec.at(bytes, p, limit) : PackedInts.readInt(bytes, p, limit);
    }

    /** A long, int, short, byte or char field as a long. */
    public long getLong(int i) {
        Kind k = schema.field(i).type().kind();
        int p = primitivePosition(i, LONGS);
        return k == Kind.BYTE ? ScalarCodecs.ByteCodec.at(bytes, p, limit) : PackedInts.readLong(bytes, p, limit);
    }

    public float getFloat(int i) {
        return ScalarCodecs.FloatCodec.at(bytes, primitivePosition(i, mask(Kind.FLOAT)), limit);
    }

    /** A double or float field as a double. */
    public double getDouble(int i) {
        Kind k = schema.field(i).type().kind();
        int p = primitivePosition(i, DOUBLES);
        return k == Kind.FLOAT ? ScalarCodecs.FloatCodec.at(bytes, p, limit) : ScalarCodecs.DoubleCodec.at(bytes, p, limit);
    }

    public String getString(int i) {
        int p = positionOf(i, mask(Kind.STRING));
        return p < 0 ? null : ScalarCodecs.StringCodec.at(bytes, p, limit);
    }

    public BigDecimal getDecimal(int i) {
        int p = positionOf(i, mask(Kind.DECIMAL));
        return p < 0 ? null : ScalarCodecs.DecimalCodec.at(bytes, p, limit);
    }

    public BigInteger getBigInteger(int i) {
        int p = positionOf(i, mask(Kind.BIG_INTEGER));
        return p < 0 ? null : ScalarCodecs.BigIntegerCodec.at(bytes, p, limit);
    }

    public LocalDate getDate(int i) {
        int p = positionOf(i, mask(Kind.DATE));
        return p < 0 ? null : ScalarCodecs.DateCodec.at(bytes, p, limit);
    }

    public LocalTime getTime(int i) {
        int p = positionOf(i, mask(Kind.TIME));
        return p < 0 ? null : ScalarCodecs.TimeCodec.at(bytes, p, limit);
    }

    public LocalDateTime getDateTime(int i) {
        int p = positionOf(i, mask(Kind.DATE_TIME));
        return p < 0 ? null : ScalarCodecs.DateTimeCodec.at(bytes, p, limit);
    }

    public Instant getInstant(int i) {
        int p = positionOf(i, mask(Kind.INSTANT));
        return p < 0 ? null : ScalarCodecs.InstantCodec.at(bytes, p, limit);
    }

    public OffsetDateTime getOffsetDateTime(int i) {
        int p = positionOf(i, mask(Kind.OFFSET_DATE_TIME));
        return p < 0 ? null : ScalarCodecs.OffsetDateTimeCodec.at(bytes, p, limit);
    }

    public UUID getUuid(int i) {
        int p = positionOf(i, mask(Kind.UUID));
        return p < 0 ? null : ScalarCodecs.UuidCodec.at(bytes, p, limit);
    }

    public byte[] getBytes(int i) {
        int p = positionOf(i, mask(Kind.BYTES));
        return p < 0 ? null : ScalarCodecs.BytesCodec.at(bytes, p, limit);
    }

    /** The name of an enum field's constant (no enum class needed). */
    public String getEnumName(int i) {
        int p = positionOf(i, mask(Kind.ENUM));
        FieldType t = schema.field(i).type();
        return p < 0 ? null : t.constants().get(((NamedCodecs.EnumCodec) t.codec()).indexAt(bytes, p, limit));
    }

    /** The position of an enum field's constant in the writer's schema, or -1 when null. */
    public int getEnumIndex(int i) {
        int p = positionOf(i, mask(Kind.ENUM));
        return p < 0 ? -1 : ((NamedCodecs.EnumCodec) schema.field(i).type().codec()).indexAt(bytes, p, limit);
    }

    /** A nested record as a view over the same bytes. */
    public PackedRecord getRecord(int i) {
        int p = positionOf(i, mask(Kind.RECORD));
        return p < 0 ? null : ((NamedCodecs.RecordCodec) schema.field(i).type().codec()).viewAt(bytes, p, limit, registry,
                depth());
    }

    // ---------------------------------------------------------------- generic access

    /** Field {@code i} in its plain form (see the class comment), or null. */
    public Object get(int i) {
        if (isNull(i)) {
            return null;
        }
        return schema.field(i).type().codec().read(bytes, fieldPosition(i), limit, registry, null, depth());
    }

    /** The value at a field name or a path such as {@code legs[0].notional}; see {@link #get(FieldPath)}. */
    public Object get(String nameOrPath) {
        int i = schema.indexOf(nameOrPath);
        return i >= 0 ? get(i) : get(FieldPath.parse(nameOrPath));
    }

    /**
     * The value at {@code path}, decoding only what lies on it. A null on the way, or an element index
     * past the end, gives null. A path with {@code [any]} gives a list of every value it reaches.
     */
    public Object get(FieldPath path) {
        if (path.hasAny()) {
            List<Object> out = new ArrayList<>();
            visit(path, out::add);
            return out;
        }
        Object[] found = new Object[1];
        visit(path, v -> found[0] = v);
        return found[0];
    }

    /**
     * Offers every value that {@code path} reaches to {@code sink}, in order; {@code [any]} steps fan
     * out over all elements. Nulls on the way end that branch; a null final value is offered as null.
     */
    public void visit(FieldPath path, Consumer<Object> sink) {
        visit(path, 0, null, -1, limit, sink);
    }

    private void visit(FieldPath path, int s, FieldType type, int p, int lim, Consumer<Object> sink) {
        RecordView rec = this;
        for (; s < path.size(); s++) {
            FieldPath.Step step = path.step(s);
            if (step.readsField(type != null && type.kind().isCollection())) {
                if (type != null) {
                    rec = asRecord(type, p, lim, path, step);
                }
                int i = rec.indexOf(step.name());
                if (rec.isNull(i)) {
                    sink.accept(null);
                    return;
                }
                type = rec.schema.field(i).type();
                p = rec.fieldPosition(i);
                lim = rec.limit;
            } else {
                ContainerCodecs.Header h = elementsOf(type, p, lim, path, step);
                boolean every = step.everyElement();
                int index = step.index();
                if (!every && index >= h.count()) {
                    return; // past the end: nothing to offer
                }
                FieldType e = type.element();
                Codec ec = e.codec();
                int q = h.first();
                for (int k = 0; k < h.count(); k++) {
                    boolean isNull = h.isNull(bytes, k);
                    if (every || index == k) {
                        if (isNull) {
                            sink.accept(null);
                        } else if (s + 1 == path.size()) {
                            sink.accept(ec.read(bytes, q, h.end(), registry, null, depth()));
                        } else {
                            visit(path, s + 1, e, q, h.end(), sink);
                        }
                        if (!every) {
                            return;
                        }
                    }
                    if (!isNull) {
                        q = ec.skip(bytes, q, h.end());
                    }
                }
                return;
            }
        }
        sink.accept(type.codec().read(bytes, p, lim, registry, null, depth()));
    }

    private RecordView asRecord(FieldType type, int p, int lim, FieldPath path, FieldPath.Step step) {
        if (!(type.codec() instanceof NamedCodecs.RecordCodec)) {
            throw new IllegalArgumentException("path '" + path + "': step '" + step.name() + "' follows a " + type
                    + ", not a record");
        }
        return ((NamedCodecs.RecordCodec) type.codec()).viewAt(bytes, p, lim, registry, depth());
    }

    private ContainerCodecs.Header elementsOf(FieldType type, int p, int lim, FieldPath path, FieldPath.Step step) {
        if (type == null || !type.kind().isCollection()) {
            throw new IllegalArgumentException("path '" + path + "': " + step
                    + " applies to a list, set or array, not to a " + type);
        }
        return ((ContainerCodecs.ContainerCodec) type.codec()).header(bytes, p, lim, depth());
    }

    // ---------------------------------------------------------------- whole record

    /**
     * Every field in its plain form, by field index, in one sequential pass over the bytes: what a
     * reader that needs many fields decodes once instead of reading fields one by one.
     */
    public Object[] decodeAll() {
        int n = schema.fieldCount();
        Object[] out = new Object[n];
        int p = bodyPos;
        int bitmap = bitmapPosition();
        Codec[] codecs = schema.codecs();
        int depth = depth();
        for (int f = 0; f < n; f++) {
            checkBlock(f, p);
            if (NullBitmap.isSet(bytes, bitmap, f)) {
                continue;
            }
            p = codecs[f].readInto(bytes, p, limit, registry, null, depth, out, f);
        }
        Values.requireRecordEnd(p, limit, schema);
        return out;
    }

    @Override
    public <T> T toObject(Class<T> type) {
        return registry.binding(type).decode(this);
    }

    /** All fields by name in their plain form, nested records and their containers turned into maps too. */
    public Map<String, Object> toMap() {
        Object[] values = decodeAll();
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            out.put(schema.field(i).name(), deep(values[i]));
        }
        return out;
    }

    private static Object deep(Object v) {
        if (v instanceof PackedRecord) {
            return ((PackedRecord) v).toMap();
        }
        if (v instanceof List) {
            List<Object> out = new ArrayList<>();
            for (Object x : (List<?>) v) {
                out.add(deep(x));
            }
            return out;
        }
        if (v instanceof Collection) {
            Collection<Object> out = new LinkedHashSet<>();
            for (Object x : (Collection<?>) v) {
                out.add(deep(x));
            }
            return out;
        }
        if (v instanceof Map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                out.put(deep(e.getKey()), deep(e.getValue()));
            }
            return out;
        }
        if (v instanceof Object[]) {
            Object[] src = (Object[]) v;
            Object[] a = Arrays.copyOf(src, src.length, Object[].class);
            boolean records = false;
            for (int i = 0; i < a.length; i++) {
                records |= a[i] instanceof PackedRecord;
                a[i] = deep(a[i]);
            }
            return records ? Arrays.asList(a) : a;
        }
        return v;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PackedRecord)) {
            return false;
        }
        PackedRecord r = (PackedRecord) o;
        return Arrays.equals(bytes, offset, limit, r.array(), r.offset(), r.offset() + r.length());
    }

    @Override
    public int hashCode() {
        int h = 1;
        for (int i = offset; i < limit; i++) {
            h = 31 * h + bytes[i];
        }
        return h;
    }

    /** {@code Trade{id=1, tradeDate=2014-07-21, ...}}; byte arrays in hex, wherever they are. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        appendTo(sb);
        return sb.toString();
    }

    private void appendTo(StringBuilder sb) {
        Object[] values = decodeAll();
        String name = schema.typeName();
        sb.append(name, name.lastIndexOf('.') + 1, name.length()).append('{');
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(schema.field(i).name()).append('=');
            appendValue(sb, values[i]);
        }
        sb.append('}');
    }

    /** A plain-form value as text: records, collections, maps and arrays element by element, byte arrays in hex. */
    private static void appendValue(StringBuilder sb, Object v) {
        if (v instanceof byte[]) {
            byte[] b = (byte[]) v;
            sb.append(Hex.of(b));
        } else if (v instanceof RecordView) {
            ((RecordView) v).appendTo(sb);
        } else if (v instanceof Object[]) {
            appendAll(sb, Arrays.asList((Object[]) v));
        } else if (v instanceof Collection) {
            appendAll(sb, (Collection<?>) v);
        } else if (v instanceof Map) {
            sb.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                if (!first) {
                    sb.append(", ");
                }
                first = false;
                appendValue(sb, e.getKey());
                sb.append('=');
                appendValue(sb, e.getValue());
            }
            sb.append('}');
        } else if (v != null && v.getClass().isArray()) {
            sb.append('[');
            for (int i = 0, n = Array.getLength(v); i < n; i++) {
                sb.append(i > 0 ? ", " : "").append(Array.get(v, i));
            }
            sb.append(']');
        } else {
            sb.append(v);
        }
    }

    private static void appendAll(StringBuilder sb, Collection<?> c) {
        sb.append('[');
        boolean first = true;
        for (Object x : c) {
            if (!first) {
                sb.append(", ");
            }
            first = false;
            appendValue(sb, x);
        }
        sb.append(']');
    }

    /**
     * A record {@link RecordEncoder} wrote, with the schemas it holds as the encoder knows them: validating it
     * returns them without decoding ({@link RecordEncoder#toRecord}).
     */
    static final class Encoded extends RecordView {
        private final List<Schema> schemas;

        Encoded(byte[] bytes, SchemaRegistry registry, Schema known, List<Schema> schemas) {
            super(bytes, 0, bytes.length, registry, 0, known);
            this.schemas = schemas;
        }

        @Override
        public List<Schema> validate() {
            return new ArrayList<>(schemas);
        }
    }
}
