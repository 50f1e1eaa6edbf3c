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
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.lang.reflect.Array;

/**
 * The superclass of the classes navpack generates for interface views ({@link PackedRecord#as(Class)}):
 * an immutable view over one encoded record that implements the user's interface. Applications use
 * their interface, never this class; it is public only because the generated classes live in the
 * interface's package.
 *
 * <p>A view holds an array of exactly its record's bytes and nothing else (16 bytes of heap besides the
 * array with compressed references) and decodes a field each time its accessor is called; the schema, the registry and how each accessor reads its field
 * belong to the generated class. navpack writes a view by copying its bytes ({@link PackedRecord#ofView}
 * gives the record behind it). A view is a {@link PackedRecord} itself only when its interface extends
 * {@code PackedRecord} (this class has the methods for that); otherwise the interface's accessors are free to
 * use any name, {@code length()} or {@code bytes()} included. Equality is by content of the bytes.
 */
public abstract class GeneratedView {
    /** Classes defined but not yet initialised, waiting for their {@link ViewType}. */
    private static final Map<Class<?>, ViewType> PENDING = new ConcurrentHashMap<>();
    /** Nesting of {@link #toString()} on this thread: nested views print through their own toString. */
    private static final ThreadLocal<int[]> TO_STRING_DEPTH = ThreadLocal.withInitial(() -> new int[1]);

    /** The record's bytes, the whole array: a view keeps no bounds, so that it is one reference over its header. */
    final byte[] bytes;

    protected GeneratedView(byte[] bytes) {
        this.bytes = bytes;
    }

    /** The generated class's {@link ViewType}, as the generated class's static initialiser received it. */
    protected abstract Object $type();

    /** A new view of the generated class over {@code bytes}, which must hold exactly one record of its schema. */
    protected abstract GeneratedView $create(byte[] bytes);

    /** Called once by a generated class's static initialiser. */
    protected static Object $typeOf(Class<?> generated) {
        ViewType t = PENDING.remove(generated);
        if (t == null) {
            throw new IllegalStateException(generated + " is not an interface view navpack is defining");
        }
        return t;
    }

    static void pending(Class<?> generated, ViewType type) {
        PENDING.put(generated, type);
    }

    private ViewType type() {
        return (ViewType) $type();
    }

    /** A core view over the same bytes, with the schema the class was generated for. */
    private RecordView record(ViewType t) {
        return new RecordView(bytes, 0, bytes.length, t.registry, 0, t.schema);
    }

    /** The core view over the same bytes. */
    final RecordView record() {
        return record(type());
    }

    // ---------------------------------------------------------------- what generated accessors call

    /**
     * Position of field {@code field}, or -1 when it is null. The header has the canonical length for the
     * class's schema (checked when the view was created), so its flags are found without reading the type
     * id and version; the rest is the core view's own code.
     */
    private int position(ViewType t, int field) {
        byte[] b = bytes;
        int flagsAt = t.headerLength;
        int meta = RecordView.flags(b, flagsAt);
        int body = RecordView.bodyPosition(b, flagsAt, t.schema);
        return RecordView.isNull(b, t.schema, body, meta, field) ? -1
                : RecordView.fieldPosition(b, t.schema, body, b.length, meta, field);
    }

    protected final boolean readBoolean(Object type, int field) {
        int p = position((ViewType) type, field);
        return p >= 0 && ScalarCodecs.BooleanCodec.at(bytes, p, bytes.length);
    }

    protected final byte readByte(Object type, int field) {
        int p = position((ViewType) type, field);
        return p < 0 ? 0 : ScalarCodecs.ByteCodec.at(bytes, p, bytes.length);
    }

    protected final short readShort(Object type, int field) {
        int p = position((ViewType) type, field);
        return p < 0 ? 0 : ScalarCodecs.ShortCodec.at(bytes, p, bytes.length);
    }

    protected final char readChar(Object type, int field) {
        int p = position((ViewType) type, field);
        return p < 0 ? 0 : ScalarCodecs.CharCodec.at(bytes, p, bytes.length);
    }

    protected final int readInt(Object type, int field) {
        int p = position((ViewType) type, field);
        return p < 0 ? 0 : PackedInts.readInt(bytes, p, bytes.length);
    }

    protected final long readLong(Object type, int field) {
        int p = position((ViewType) type, field);
        return p < 0 ? 0L : PackedInts.readLong(bytes, p, bytes.length);
    }

    protected final float readFloat(Object type, int field) {
        int p = position((ViewType) type, field);
        return p < 0 ? 0f : ScalarCodecs.FloatCodec.at(bytes, p, bytes.length);
    }

    protected final double readDouble(Object type, int field) {
        int p = position((ViewType) type, field);
        return p < 0 ? 0d : ScalarCodecs.DoubleCodec.at(bytes, p, bytes.length);
    }

    protected final String readString(Object type, int field) {
        int p = position((ViewType) type, field);
        return p < 0 ? null : ScalarCodecs.StringCodec.at(bytes, p, bytes.length);
    }

    protected final BigDecimal readDecimal(Object type, int field) {
        int p = position((ViewType) type, field);
        return p < 0 ? null : ScalarCodecs.DecimalCodec.at(bytes, p, bytes.length);
    }

    protected final LocalDate readDate(Object type, int field) {
        int p = position((ViewType) type, field);
        return p < 0 ? null : ScalarCodecs.DateCodec.at(bytes, p, bytes.length);
    }

    /** The value of accessor {@code slot} of the view type, decoded as the accessor's Java type. */
    protected final Object readValue(Object type, int slot) {
        ViewType t = (ViewType) type;
        ViewType.Accessor a = t.accessors[slot];
        int p = position(t, a.field);
        return p < 0 ? null : a.fieldType.codec().read(bytes, p, bytes.length, t.registry, a.target, 0);
    }

    // ---------------------------------------------------------------- PackedRecord, for interfaces that extend it

    public Schema schema() {
        return type().schema;
    }

    public SchemaRegistry registry() {
        return type().registry;
    }

    public byte[] array() {
        return bytes;
    }

    public int offset() {
        return 0;
    }

    public int length() {
        return bytes.length;
    }

    public int indexOf(String name) {
        return record().indexOf(name);
    }

    public boolean isNull(int i) {
        return record().isNull(i);
    }

    public boolean getBoolean(int i) {
        return record().getBoolean(i);
    }

    public byte getByte(int i) {
        return record().getByte(i);
    }

    public short getShort(int i) {
        return record().getShort(i);
    }

    public char getChar(int i) {
        return record().getChar(i);
    }

    public int getInt(int i) {
        return record().getInt(i);
    }

    public long getLong(int i) {
        return record().getLong(i);
    }

    public float getFloat(int i) {
        return record().getFloat(i);
    }

    public double getDouble(int i) {
        return record().getDouble(i);
    }

    public String getString(int i) {
        return record().getString(i);
    }

    public BigDecimal getDecimal(int i) {
        return record().getDecimal(i);
    }

    public BigInteger getBigInteger(int i) {
        return record().getBigInteger(i);
    }

    public LocalDate getDate(int i) {
        return record().getDate(i);
    }

    public LocalTime getTime(int i) {
        return record().getTime(i);
    }

    public LocalDateTime getDateTime(int i) {
        return record().getDateTime(i);
    }

    public Instant getInstant(int i) {
        return record().getInstant(i);
    }

    public OffsetDateTime getOffsetDateTime(int i) {
        return record().getOffsetDateTime(i);
    }

    public UUID getUuid(int i) {
        return record().getUuid(i);
    }

    public byte[] getBytes(int i) {
        return record().getBytes(i);
    }

    public String getEnumName(int i) {
        return record().getEnumName(i);
    }

    public int getEnumIndex(int i) {
        return record().getEnumIndex(i);
    }

    public PackedRecord getRecord(int i) {
        return record().getRecord(i);
    }

    public Object get(int i) {
        return record().get(i);
    }

    public Object get(String nameOrPath) {
        return record().get(nameOrPath);
    }

    public Object get(FieldPath path) {
        return record().get(path);
    }

    public void visit(FieldPath path, Consumer<Object> sink) {
        record().visit(path, sink);
    }

    public Object[] decodeAll() {
        return record().decodeAll();
    }

    public <T> T toObject(Class<T> type) {
        return record().toObject(type);
    }

    public Map<String, Object> toMap() {
        return record().toMap();
    }

    /**
     * True when {@code o} holds the same bytes and is, like this view, a {@link PackedRecord} (any
     * implementation) or, like this view, an interface view that is not one.
     */
    @Override
    public final boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        boolean record = this instanceof PackedRecord;
        if (record != o instanceof PackedRecord) {
            return false;
        }
        if (o instanceof GeneratedView) {
            GeneratedView v = (GeneratedView) o;
            return Arrays.equals(bytes, v.bytes);
        }
        if (!record) {
            return false;
        }
        PackedRecord r = (PackedRecord) o;
        return Arrays.equals(bytes, 0, bytes.length, r.array(), r.offset(), r.offset() + r.length());
    }

    /** The hash of the bytes, as every {@link PackedRecord} computes it. */
    @Override
    public final int hashCode() {
        int h = 1;
        for (byte x : bytes) {
            h = 31 * h + x;
        }
        return h;
    }

    /**
     * The interface's simple name and its properties in field order: {@code TradeView{id=1,
     * currency1=EUR, ...}}; properties whose field this version lacks show their default. Nested views, and views in
     * lists, sets, maps and arrays, print into the same text (nothing is printed twice, whatever the nesting).
     */
    @Override
    public final String toString() {
        StringBuilder sb = new StringBuilder();
        appendTo(sb);
        return sb.toString();
    }

    private void appendTo(StringBuilder sb) {
        int[] depth = TO_STRING_DEPTH.get();
        if (depth[0] >= Values.MAX_DEPTH) {
            sb.append("...");
            return;
        }
        depth[0]++;
        try {
            ViewType t = type();
            sb.append(t.iface.getSimpleName()).append('{');
            for (int k = 0; k < t.printed.length; k++) {
                ViewType.Accessor a = t.printed[k];
                sb.append(k > 0 ? ", " : "").append(a.property).append('=');
                int p = a.field < 0 ? -1 : position(t, a.field);
                Object v = p < 0 ? a.missing : a.fieldType.codec().read(bytes, p, bytes.length, t.registry, a.target, 0);
                append(sb, v);
            }
            sb.append('}');
        } finally {
            depth[0]--;
        }
    }

    private static void append(StringBuilder sb, Object v) {
        if (v instanceof GeneratedView g) {
            g.appendTo(sb);
        } else if (v instanceof byte[] b) {
            sb.append(Hex.of(b));
        } else if (v instanceof Map<?, ?> m) {
            sb.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                sb.append(first ? "" : ", ");
                append(sb, e.getKey());
                sb.append('=');
                append(sb, e.getValue());
                first = false;
            }
            sb.append('}');
        } else if (v instanceof Collection<?> c) {
            sb.append('[');
            boolean first = true;
            for (Object e : c) {
                sb.append(first ? "" : ", ");
                append(sb, e);
                first = false;
            }
            sb.append(']');
        } else if (v != null && v.getClass().isArray()) {
            sb.append('[');
            for (int i = 0; i < Array.getLength(v); i++) {
                sb.append(i > 0 ? ", " : "");
                append(sb, Array.get(v, i));
            }
            sb.append(']');
        } else {
            sb.append(v);
        }
    }
}
