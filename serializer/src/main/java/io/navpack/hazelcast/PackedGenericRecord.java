package io.navpack.hazelcast;

import com.hazelcast.nio.serialization.FieldKind;
import com.hazelcast.nio.serialization.genericrecord.GenericRecord;
import com.hazelcast.nio.serialization.genericrecord.GenericRecordBuilder;
import io.navpack.format.FieldPath;
import io.navpack.format.GeneratedView;
import io.navpack.format.PackedRecord;
import io.navpack.format.spi.PlainContainers;
import io.navpack.format.SchemaRegistry;
import io.navpack.hazelcast.internal.QueryableGenericRecord;
import io.navpack.hazelcast.internal.SerializationInternals;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;
import io.navpack.format.NavpackException;
import io.navpack.format.Schema;

/**
 * A navpack value as Hazelcast reads it on members and clients: a {@link PackedRecord} view (every
 * method of that interface reads the bytes as the format core does) that is also one of Hazelcast's
 * generic records, so that queries, indexes, projections, aggregations, query caches and listeners
 * reach its fields by plain name — {@code currency1}, {@code counterparty.name}, {@code legs[any].notional},
 * {@code legs[1].notional} — on members without the user's classes, exactly as they reach the fields of
 * a Compact value. See {@link GenericSchema} for the kind each field is read as.
 *
 * <p>The reads Hazelcast's query engine makes of a top-level value go through {@link QueryReads}: with
 * {@code navpack-extractors} on the class path, field by field until the schema's measured break-even,
 * then from one full decode. Nested records read field by field.
 *
 * <p>A name that is a field of no version of the value's type, and of no other type the cluster knows,
 * is refused with an error that names the type and its fields (a misspelt attribute would otherwise
 * match nothing in silence); a name that belongs to another version or type reads as null.
 *
 * <p>Writing one copies its bytes ({@link NavpackSerializer}); Hazelcast must not give it to its Compact
 * serializer, which it does for every generic record unless default serializers may be overridden —
 * navpack arranges that when it starts ({@link SerializationInternals}).
 */
public class PackedGenericRecord extends QueryableGenericRecord implements PackedRecord {
    private static final QueryReads READS = QueryReads.installed();

    final PackedRecord record;
    /** The field value {@link #getFieldKind} read last on this thread, for the getter Hazelcast calls next. */
    private static final ThreadLocal<Memo> MEMO = ThreadLocal.withInitial(Memo::new);
    /**
     * The memos of recent threads by thread id, each checked to be the calling thread's: a query reads a value's
     * attributes several times per entry, and on query threads, whose thread-local maps Hazelcast's own per-read
     * bookkeeping keeps busy, a thread-local look-up often misses its first slot.
     */
    private static final Memo[] MEMOS = new Memo[256];

    @SuppressWarnings("deprecation") // Thread.getId: threadId() is JDK 19 and later
    private static Memo memo() {
        Thread t = Thread.currentThread();
        int slot = (int) t.getId() & (MEMOS.length - 1);
        Memo m = MEMOS[slot];
        if (m == null || m.thread != t) {
            m = MEMO.get();
            MEMOS[slot] = m;
        }
        return m;
    }

    /**
     * A record around {@code record}: the view itself and nothing else, so that a value held in an OBJECT
     * map costs one reference besides its core view. Where it came from ({@link #stored}, {@link #member})
     * is told by its class.
     */
    PackedGenericRecord(PackedRecord record) {
        this.record = record;
    }

    /** A value {@link NavpackSerializer} read from the cluster, on a member ({@code member}) or a client. */
    static PackedGenericRecord read(PackedRecord record, boolean member) {
        return member ? new OnMember(record) : new Stored(record);
    }

    /**
     * A record navpack built in this JVM from the bytes of {@code source} and field values it encoded itself (an entry
     * processor's new value): where {@code source} was read from the cluster, so was every byte that was not just
     * encoded, and the record is written back without a check, and read as on a member when {@code source} was.
     */
    static PackedGenericRecord derived(PackedRecord built, PackedGenericRecord source) {
        return source.member() ? new OnMember(built) : source.stored() ? new Stored(built) : new PackedGenericRecord(built);
    }

    /** Read from the cluster by {@link NavpackSerializer}: written back as it is, without a check. */
    boolean stored() {
        return false;
    }

    /** Read on a member, where queries and index builds skip what cannot be read ({@link UnreadableValues}). */
    boolean member() {
        return false;
    }

    /** A value read from the cluster on a client. */
    private static class Stored extends PackedGenericRecord {
        Stored(PackedRecord record) {
            super(record);
        }

        @Override
        boolean stored() {
            return true;
        }
    }

    /** A value read from the cluster on a member: what OBJECT maps hold and queries read. */
    private static final class OnMember extends Stored {
        OnMember(PackedRecord record) {
            super(record);
        }

        @Override
        boolean member() {
            return true;
        }
    }

    /** One field value read ahead, and by whom; the value of the path read last, and of which record. */
    private static final class Memo {
        final Thread thread = Thread.currentThread();
        /** The schemas and texts of the paths compiled last, and the compiled paths (a query has few attributes). */
        final Schema[] pathSchemas = new Schema[4];
        final String[] pathTexts = new String[4];
        final QueryPath[] compiled = new QueryPath[4];
        int nextSlot;
        PackedGenericRecord owner;
        int field;
        Object value;
        PackedGenericRecord pathOwner;
        String path;
        Object pathValue;
        final QueryPath.Walk walk = new QueryPath.Walk();

        /** {@code path} compiled for values of schema {@code s} ({@link GenericSchema#path}), remembered by identity. */
        QueryPath compiled(Schema s, String path, PackedGenericRecord value) {
            for (int i = 0; i < pathTexts.length; i++) {
                if (pathTexts[i] == path && pathSchemas[i] == s) {
                    return compiled[i];
                }
            }
            QueryPath q = GenericSchema.of(s).path(path, value.record.registry(), value::unknown);
            int i = nextSlot;
            nextSlot = (i + 1) & (pathTexts.length - 1);
            pathTexts[i] = path;
            pathSchemas[i] = s;
            compiled[i] = q;
            return q;
        }
    }

    /** {@code record} as Hazelcast's query engine should see it; the view itself when it is one already. */
    public static PackedGenericRecord of(PackedRecord record) {
        return record instanceof PackedGenericRecord ? (PackedGenericRecord) record : new PackedGenericRecord(record);
    }

    /** The format core's view this record reads through. */
    public PackedRecord record() {
        return record;
    }

    /** Field {@code i} in its plain form, as a query reads it. */
    Object read(int i) {
        return READS.read(record, i);
    }

    /** A nested record: read field by field (the break-even is kept for top-level values). */
    private static final class Nested extends PackedGenericRecord {
        private final boolean member;

        Nested(PackedRecord record, boolean member) {
            super(record);
            this.member = member;
        }

        @Override
        boolean member() {
            return member;
        }

        @Override
        Object read(int i) {
            return record.get(i);
        }
    }

    /**
     * What Hazelcast's query reader gets for a null record on a path ({@code customer.address.city} with
     * no customer): a record whose every field reads null, so that the path reads null — as a
     * field-by-field read of the user's object would — instead of the reader's multi-value marker, which
     * projections and aggregations cannot return.
     */
    private static final class Absent extends PackedGenericRecord {
        static final Absent INSTANCE = new Absent();

        Absent() {
            super(null);
        }

        @Override
        public boolean hasField(String fieldName) {
            return true;
        }

        @Override
        public FieldKind getFieldKind(String fieldName) {
            return FieldKind.ARRAY_OF_COMPACT;
        }

        @Override
        protected QueryableGenericRecord nestedOnPath(String fieldName) {
            return this;
        }

        @Override
        protected QueryableGenericRecord nestedOnPath(String fieldName, int index) {
            return this;
        }

        @Override
        protected QueryableGenericRecord[] nestedRecordsOnPath(String fieldName) {
            return null;
        }

        @Override
        public <T> T[] getArrayOfObject(String fieldName, Class<T> componentType) {
            return null;
        }

        @Override
        public <T> T getObjectFromArray(String fieldName, int index) {
            return null;
        }

        @Override
        public <T> T getObject(String fieldName) {
            return null;
        }

        @Override
        public boolean equals(Object o) {
            return o == this;
        }

        @Override
        public int hashCode() {
            return 0;
        }

        @Override
        public String toString() {
            return "null";
        }
    }

    /** A record on a query's path; a null or unreadable one reads as a record of nulls. */
    private PackedGenericRecord onPath(Object v) {
        return v == null || v == SerializationInternals.noValue() ? Absent.INSTANCE : nested(v);
    }

    private PackedGenericRecord nested(Object v) {
        if (v == null || v == SerializationInternals.noValue()) {
            return null;
        }
        if (v instanceof PackedGenericRecord) {
            return (PackedGenericRecord) v;
        }
        if (!(v instanceof PackedRecord)) {
            throw new IllegalArgumentException(QueryableGenericRecord.isMultiResult(v)
                    ? "a path with [any] reaches many values where one record is read"
                    : "a " + v.getClass().getSimpleName() + " is read where a record is expected");
        }
        return new Nested((PackedRecord) v, member());
    }

    /**
     * Field {@code name} as a query reads it. On a member, a value that cannot be read gives the "no
     * value" marker instead of an exception ({@link UnreadableValues}); the value {@link #getFieldKind}
     * read ahead for this getter is used.
     */
    private Object value(String name) {
        int i = record.schema().indexOf(name);
        if (i < 0) {
            if (QueryPath.isPath(name)) {
                return pathValue(name);
            }
            index(name); // the error naming the fields
        }
        if (!member()) {
            return read(i);
        }
        Memo m = memo();
        if (m.owner == this && m.field == i) {
            Object v = m.value;
            m.owner = null;
            m.value = null;
            return v;
        }
        try {
            return read(i);
        } catch (NavpackException e) {
            return UnreadableValues.skip(record, e);
        }
    }

    /**
     * The value at a path ({@code trade.tradeHeader.tradeDate}, {@code party[any].partyName}) as Hazelcast's query
     * reader would find it step by step ({@link QueryPath}): checked against the schema once, read in one pass, and
     * kept for the getter Hazelcast calls next with the same path.
     */
    /**
     * What Hazelcast's getter reads for attribute {@code name} of a query: a field by the kind {@link #getFieldKind}
     * gives it, a path as {@link #pathValue} reads it, null for a name of another version (a name no schema has is
     * refused as {@link #hasField} refuses it). Navpack's predicates ({@link NavpackPredicates}) read attributes here.
     */
    @Override
    protected Object attribute(String name) {
        int i = record.schema().indexOf(name);
        if (i >= 0) {
            FieldKind kind = getFieldKind(name);
            return asKind(kind, value(name));
        }
        if (QueryPath.isPath(name)) {
            return pathValue(name);
        }
        hasField(name);
        return null;
    }

    /** Whether {@code name} is the path this thread read last from this record (the getter's call is on its way). */
    private boolean pathRead(String name) {
        Memo m = memo();
        return m.pathOwner == this && m.path == name;
    }

    private Object pathValue(String path) {
        Memo m = memo();
        if (m.pathOwner == this && m.path == path) {
            return m.pathValue;
        }
        Object v = m.compiled(record.schema(), path, this).read(this, m.walk);
        m.pathOwner = this;
        m.path = path;
        m.pathValue = v;
        return v;
    }

    private int index(String name) {
        int i = record.schema().indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no field '" + name + "' in " + record.schema().typeName() + " v"
                    + record.schema().version() + " (fields: " + record.schema().fieldNames() + ")");
        }
        return i;
    }

    // ---------------------------------------------------------------- PackedRecord

    @Override
    public Schema schema() {
        return record.schema();
    }

    @Override
    public SchemaRegistry registry() {
        return record.registry();
    }

    @Override
    public byte[] array() {
        return record.array();
    }

    @Override
    public int offset() {
        return record.offset();
    }

    @Override
    public int length() {
        return record.length();
    }

    @Override
    public int indexOf(String name) {
        return record.indexOf(name);
    }

    @Override
    public boolean isNull(int i) {
        return record.isNull(i);
    }

    @Override
    public boolean getBoolean(int i) {
        return record.getBoolean(i);
    }

    @Override
    public byte getByte(int i) {
        return record.getByte(i);
    }

    @Override
    public short getShort(int i) {
        return record.getShort(i);
    }

    @Override
    public char getChar(int i) {
        return record.getChar(i);
    }

    @Override
    public int getInt(int i) {
        return record.getInt(i);
    }

    @Override
    public long getLong(int i) {
        return record.getLong(i);
    }

    @Override
    public float getFloat(int i) {
        return record.getFloat(i);
    }

    @Override
    public double getDouble(int i) {
        return record.getDouble(i);
    }

    @Override
    public String getString(int i) {
        return record.getString(i);
    }

    @Override
    public BigDecimal getDecimal(int i) {
        return record.getDecimal(i);
    }

    @Override
    public BigInteger getBigInteger(int i) {
        return record.getBigInteger(i);
    }

    @Override
    public LocalDate getDate(int i) {
        return record.getDate(i);
    }

    @Override
    public LocalTime getTime(int i) {
        return record.getTime(i);
    }

    @Override
    public LocalDateTime getDateTime(int i) {
        return record.getDateTime(i);
    }

    @Override
    public Instant getInstant(int i) {
        return record.getInstant(i);
    }

    @Override
    public OffsetDateTime getOffsetDateTime(int i) {
        return record.getOffsetDateTime(i);
    }

    @Override
    public UUID getUuid(int i) {
        return record.getUuid(i);
    }

    @Override
    public byte[] getBytes(int i) {
        return record.getBytes(i);
    }

    @Override
    public String getEnumName(int i) {
        return record.getEnumName(i);
    }

    @Override
    public int getEnumIndex(int i) {
        return record.getEnumIndex(i);
    }

    @Override
    public PackedRecord getRecord(int i) {
        return record.getRecord(i);
    }

    @Override
    public Object get(int i) {
        return record.get(i);
    }

    @Override
    public Object get(String nameOrPath) {
        return record.get(nameOrPath);
    }

    @Override
    public Object get(FieldPath path) {
        return record.get(path);
    }

    @Override
    public void visit(FieldPath path, Consumer<Object> sink) {
        record.visit(path, sink);
    }

    @Override
    public Object[] decodeAll() {
        return record.decodeAll();
    }

    @Override
    public <T> T toObject(Class<T> type) {
        return record.toObject(type);
    }

    @Override
    public Map<String, Object> toMap() {
        return record.toMap();
    }

    @Override
    public boolean equals(Object o) {
        return record.equals(o);
    }

    @Override
    public int hashCode() {
        return record.hashCode();
    }

    @Override
    public String toString() {
        return record.toString();
    }

    // ---------------------------------------------------------------- Hazelcast's generic record

    @Override
    protected Object getClassIdentifier() {
        return record.schema().typeName();
    }

    @Override
    protected String compactWriteRefused() {
        return "Hazelcast tried to write a navpack " + record.schema().typeName()
                + " with its Compact serializer: navpack values are written by NavpackSerializer, which needs the "
                + "serialization setting allow-override-default-serializers=true (NavpackConfig sets it; navpack "
                + "sets it at start unless " + NavpackSettings.PLAIN_NAMES + "=false)";
    }

    /**
     * A builder of a new record of this record's schema, as Compact's builders work: every field set once
     * ({@link PackedGenericRecordBuilder}).
     */
    @Override
    public GenericRecordBuilder newBuilder() {
        return new PackedGenericRecordBuilder(PackedRecord.builder(record.schema(), record.registry()), false);
    }

    /**
     * A builder from this record: fields not set again are copied as bytes ({@link PackedGenericRecordBuilder}); what
     * it builds is written back as {@link #toBuilder()} says.
     */
    @Override
    public GenericRecordBuilder newBuilderWithClone() {
        return new PackedGenericRecordBuilder(toBuilder(), true);
    }

    /**
     * A builder from this record: the fields set are encoded, every other field's bytes are copied without being
     * decoded. When this record was read from the cluster (an entry processor's value), the record built is written
     * back without the check that bytes from elsewhere get — its bytes are stored bytes and what navpack encoded —
     * unless a value set holds a {@link PackedRecord} that was not read from the cluster itself.
     */
    @Override
    public PackedRecord.Builder toBuilder() {
        PackedRecord.Builder builder = record.toBuilder();
        return stored() ? new DerivedBuilder(builder, this) : builder;
    }

    /** A builder from a record read from the cluster: builds a record {@link #derived} from it while that holds. */
    private static final class DerivedBuilder implements PackedRecord.Builder {
        private final PackedRecord.Builder builder;
        private final PackedGenericRecord source;
        private boolean encodedHere = true;

        DerivedBuilder(PackedRecord.Builder builder, PackedGenericRecord source) {
            this.builder = builder;
            this.source = source;
        }

        @Override
        public Schema schema() {
            return builder.schema();
        }

        @Override
        public PackedRecord.Builder set(String name, Object value) {
            builder.set(name, value);
            encodedHere = encodedHere && encodedHere(value, 0);
            return this;
        }

        @Override
        public PackedRecord build() {
            PackedRecord built = builder.build();
            return encodedHere ? derived(built, source) : built;
        }

        /** Whether {@code value} holds no record bytes but those read from the cluster: navpack encodes the rest. */
        private static boolean encodedHere(Object value, int depth) {
            if (value instanceof PackedGenericRecord g) {
                return g.stored();
            }
            if (value instanceof PackedRecord || value instanceof GeneratedView || depth > 8) {
                return false;
            }
            if (value instanceof Collection<?> c) {
                return c.stream().allMatch(x -> encodedHere(x, depth + 1));
            }
            if (value instanceof Map<?, ?> m) {
                return m.entrySet().stream().allMatch(e -> encodedHere(e.getKey(), depth + 1)
                        && encodedHere(e.getValue(), depth + 1));
            }
            if (value instanceof Object[] a) {
                return Arrays.stream(a).allMatch(x -> encodedHere(x, depth + 1));
            }
            return true;
        }

        @Override
        public String toString() {
            return builder.toString();
        }
    }

    @Override
    public Set<String> getFieldNames() {
        return GenericSchema.of(record.schema()).names();
    }

    /**
     * The kind Hazelcast reads field {@code fieldName} as. On a member the field is read here (and handed
     * to the getter Hazelcast calls next): a value that cannot be read is reported as a nested record, so
     * that Hazelcast takes it with {@link #getObject}, which gives the "no value" marker — arrays read as null.
     */
    @Override
    public FieldKind getFieldKind(String fieldName) {
        Schema s = record.schema();
        int i = s.indexOf(fieldName);
        if (i < 0) {
            return QueryPath.isPath(fieldName) ? kindOfValue(pathValue(fieldName)) : FieldKind.NOT_AVAILABLE;
        }
        FieldKind kind = GenericSchema.of(s).kind(i);
        if (member()) {
            Memo m = memo();
            try {
                m.value = read(i);
            } catch (NavpackException e) {
                Object none = UnreadableValues.skip(record, e);
                boolean array = kind.name().startsWith("ARRAY_OF_");
                m.value = array ? null : none;
                kind = array ? kind : FieldKind.COMPACT;
            }
            m.owner = this;
            m.field = i;
        }
        return kind;
    }

    /**
     * True when this value's schema has the field, and for a path ({@code a.b}, {@code a[any].b}), which is then read
     * as a whole ({@link QueryPath}: Hazelcast's query reader asks the value for the path before it walks it step by
     * step, and takes the value's answer). False for a name that some other version or type has (the value then reads
     * as null). A name that no schema has is refused, in a path too; so is a path through a list without
     * {@code [any]} or {@code [n]}.
     */
    @Override
    public boolean hasField(String fieldName) {
        Schema s = record.schema();
        if (s.indexOf(fieldName) >= 0 || pathRead(fieldName)) {
            return true;
        }
        if (QueryPath.isPath(fieldName)) {
            pathValue(fieldName);
            return true;
        }
        GenericSchema g = GenericSchema.of(s);
        if (!g.knownElsewhere(fieldName, record.registry())) {
            unknown(record.schema(), fieldName);
        }
        return false;
    }

    void unknown(Schema in, String fieldName) {
        boolean warn = record.registry().owner() instanceof NavpackContext c && c.settings().warnUnknownFields();
        UnknownFields.report(in, fieldName, warn, record);
    }

    // ---------------------------------------------------------------- the kinds of a path's values (QueryPath)

    /** The element class of an array kind's getter ({@code Object} for records and objects), or null for other kinds. */
    static Class<?> component(FieldKind kind) {
        return COMPONENTS.get(kind);
    }

    private static final Map<FieldKind, Class<?>> COMPONENTS = new java.util.EnumMap<>(Map.ofEntries(
            Map.entry(FieldKind.ARRAY_OF_BOOLEAN, boolean.class), Map.entry(FieldKind.ARRAY_OF_CHAR, char.class),
            Map.entry(FieldKind.ARRAY_OF_INT8, byte.class), Map.entry(FieldKind.ARRAY_OF_INT16, short.class),
            Map.entry(FieldKind.ARRAY_OF_INT32, int.class), Map.entry(FieldKind.ARRAY_OF_INT64, long.class),
            Map.entry(FieldKind.ARRAY_OF_FLOAT32, float.class), Map.entry(FieldKind.ARRAY_OF_FLOAT64, double.class),
            Map.entry(FieldKind.ARRAY_OF_STRING, String.class), Map.entry(FieldKind.ARRAY_OF_DECIMAL, BigDecimal.class),
            Map.entry(FieldKind.ARRAY_OF_TIME, LocalTime.class), Map.entry(FieldKind.ARRAY_OF_DATE, LocalDate.class),
            Map.entry(FieldKind.ARRAY_OF_TIMESTAMP, LocalDateTime.class),
            Map.entry(FieldKind.ARRAY_OF_TIMESTAMP_WITH_TIMEZONE, OffsetDateTime.class),
            Map.entry(FieldKind.ARRAY_OF_COMPACT, Object.class),
            Map.entry(FieldKind.ARRAY_OF_NULLABLE_BOOLEAN, Boolean.class), Map.entry(FieldKind.ARRAY_OF_NULLABLE_INT8, Byte.class),
            Map.entry(FieldKind.ARRAY_OF_NULLABLE_INT16, Short.class), Map.entry(FieldKind.ARRAY_OF_NULLABLE_INT32, Integer.class),
            Map.entry(FieldKind.ARRAY_OF_NULLABLE_INT64, Long.class), Map.entry(FieldKind.ARRAY_OF_NULLABLE_FLOAT32, Float.class),
            Map.entry(FieldKind.ARRAY_OF_NULLABLE_FLOAT64, Double.class)));

    /** Per value class, the kind whose getter gives such a value back as it is (see {@link #getFieldKind}). */
    private static final Map<Class<?>, FieldKind> KINDS_OF_VALUES = kindsOfValues();

    private static Map<Class<?>, FieldKind> kindsOfValues() {
        Map<Class<?>, FieldKind> m = new java.util.HashMap<>();
        m.put(Boolean.class, FieldKind.NULLABLE_BOOLEAN);
        m.put(Byte.class, FieldKind.NULLABLE_INT8);
        m.put(Short.class, FieldKind.NULLABLE_INT16);
        m.put(Integer.class, FieldKind.NULLABLE_INT32);
        m.put(Long.class, FieldKind.NULLABLE_INT64);
        m.put(Float.class, FieldKind.NULLABLE_FLOAT32);
        m.put(Double.class, FieldKind.NULLABLE_FLOAT64);
        m.put(String.class, FieldKind.STRING);
        m.put(BigDecimal.class, FieldKind.DECIMAL);
        m.put(LocalTime.class, FieldKind.TIME);
        m.put(LocalDate.class, FieldKind.DATE);
        m.put(LocalDateTime.class, FieldKind.TIMESTAMP);
        m.put(OffsetDateTime.class, FieldKind.TIMESTAMP_WITH_TIMEZONE);
        COMPONENTS.forEach((kind, component) -> {
            if (component != Object.class) {
                m.put(component.arrayType(), kind);
            }
        });
        return Map.copyOf(m);
    }

    /**
     * The kind Hazelcast is told for a path's value, so that the getter it then calls gives the value back unchanged:
     * the kind of its class, or {@code COMPACT} (read with {@link #getObject}) for records, multi-results, nulls and
     * anything else.
     */
    static FieldKind kindOfValue(Object v) {
        return v == null ? FieldKind.COMPACT : KIND_OF_CLASS.get(v.getClass());
    }

    private static final ClassValue<FieldKind> KIND_OF_CLASS = new ClassValue<>() {
        @Override
        protected FieldKind computeValue(Class<?> type) {
            return KINDS_OF_VALUES.getOrDefault(type, FieldKind.COMPACT);
        }
    };

    /** A field's value in its plain form as the getter of {@code kind} gives it (records as generic records). */
    Object asKind(FieldKind kind, Object v) {
        Class<?> component = component(kind);
        if (component == null || v == null || v == SerializationInternals.noValue()) {
            return plain(v);
        }
        return component == Object.class ? objects(v, Object.class) : typedArray(v, component.arrayType(), null);
    }

    /** An element of an array kind's field as its getter gives it ({@code getXFromArray}, one element of {@code getArrayOfX}). */
    Object asElement(Class<?> component, Object x, String fieldName) {
        if (x == null) {
            return null;
        }
        if (component == Object.class) {
            return plain(x);
        }
        return convert(x, component, fieldName);
    }

    @Override
    public boolean getBoolean(String fieldName) {
        return (Boolean) nonNull(fieldName);
    }

    @Override
    public char getChar(String fieldName) {
        return (Character) nonNull(fieldName);
    }

    @Override
    public byte getInt8(String fieldName) {
        return number(fieldName).byteValue();
    }

    @Override
    public short getInt16(String fieldName) {
        return number(fieldName).shortValue();
    }

    @Override
    public int getInt32(String fieldName) {
        return number(fieldName).intValue();
    }

    @Override
    public long getInt64(String fieldName) {
        return number(fieldName).longValue();
    }

    @Override
    public float getFloat32(String fieldName) {
        return number(fieldName).floatValue();
    }

    @Override
    public double getFloat64(String fieldName) {
        return number(fieldName).doubleValue();
    }

    @Override
    public String getString(String fieldName) {
        return (String) value(fieldName);
    }

    @Override
    public BigDecimal getDecimal(String fieldName) {
        return (BigDecimal) value(fieldName);
    }

    @Override
    public LocalTime getTime(String fieldName) {
        return (LocalTime) value(fieldName);
    }

    @Override
    public LocalDate getDate(String fieldName) {
        return (LocalDate) value(fieldName);
    }

    @Override
    public LocalDateTime getTimestamp(String fieldName) {
        return (LocalDateTime) value(fieldName);
    }

    @Override
    public OffsetDateTime getTimestampWithTimezone(String fieldName) {
        return (OffsetDateTime) value(fieldName);
    }

    @Override
    public GenericRecord getGenericRecord(String fieldName) {
        return nested(value(fieldName));
    }

    /** As {@link #getGenericRecord}, but a null record reads as one whose fields are all null (see {@code Absent}). */
    @Override
    protected QueryableGenericRecord nestedOnPath(String fieldName) {
        return onPath(value(fieldName));
    }

    @Override
    public Boolean getNullableBoolean(String fieldName) {
        return (Boolean) value(fieldName);
    }

    @Override
    public Byte getNullableInt8(String fieldName) {
        Number n = nullableNumber(fieldName);
        return n == null ? null : n.byteValue();
    }

    @Override
    public Short getNullableInt16(String fieldName) {
        Number n = nullableNumber(fieldName);
        return n == null ? null : n.shortValue();
    }

    @Override
    public Integer getNullableInt32(String fieldName) {
        Number n = nullableNumber(fieldName);
        return n == null ? null : n.intValue();
    }

    @Override
    public Long getNullableInt64(String fieldName) {
        Number n = nullableNumber(fieldName);
        return n == null ? null : n.longValue();
    }

    @Override
    public Float getNullableFloat32(String fieldName) {
        Number n = nullableNumber(fieldName);
        return n == null ? null : n.floatValue();
    }

    @Override
    public Double getNullableFloat64(String fieldName) {
        Number n = nullableNumber(fieldName);
        return n == null ? null : n.doubleValue();
    }

    /** A nested record, an {@code Instant}, {@code UUID}, {@code BigInteger}, map or any other field, as itself. */
    @Override
    @SuppressWarnings("unchecked")
    public <T> T getObject(String fieldName) {
        return (T) plain(value(fieldName));
    }

    private Object plain(Object v) {
        return v instanceof PackedRecord ? nested(v) : v;
    }

    private Object nonNull(String fieldName) {
        Object v = value(fieldName);
        if (v == null) {
            throw new NullPointerException("field '" + fieldName + "' of " + record.schema().typeName() + " is null");
        }
        return v;
    }

    private Number number(String fieldName) {
        return toNumber(nonNull(fieldName), fieldName);
    }

    private Number nullableNumber(String fieldName) {
        Object v = value(fieldName);
        return v == null ? null : toNumber(v, fieldName);
    }

    private Number toNumber(Object v, String fieldName) {
        if (v instanceof Number) {
            return (Number) v;
        }
        if (v instanceof Character) {
            return (int) (Character) v;
        }
        int i = fieldName == null ? -1 : record.schema().indexOf(fieldName);
        throw new IllegalArgumentException(i < 0 ? "a " + v.getClass().getSimpleName() + " is not a number"
                : "field '" + fieldName + "' of " + record.schema().typeName() + " is a " + record.schema().field(i).type()
                + ", not a number");
    }

    // ---------------------------------------------------------------- arrays (lists, sets and arrays of a field)

    /** The elements of a list, set or array field as objects, or null when the field is null (or unreadable). */
    private Object[] elements(String fieldName) {
        return elementsOf(value(fieldName));
    }

    private static Object[] elementsOf(Object v) {
        if (v == null || v == SerializationInternals.noValue()) {
            return null;
        }
        Object[] out = PlainContainers.elements(v);
        if (out == null) {
            // a single value is a list of one: documents repeat an element under one parent and not under another
            // (FpML's party), and a path such as party[any].partyName must reach both
            return new Object[] {v};
        }
        return out;
    }

    /** Element {@code index} of a list, set or array field; null when the field is null or shorter. */
    private Object element(String fieldName, int index) {
        Object v = value(fieldName);
        if (v == null || v == SerializationInternals.noValue()) {
            return null;
        }
        if (!PlainContainers.isContainer(v)) {
            // a single value is a list of one (see elements)
            return index == 0 ? v : null;
        }
        return PlainContainers.element(v, index);
    }

    /** The elements as an array of {@code type}, converting numbers where the element type differs. */
    private Object typedArray(String fieldName, Class<?> type) {
        return typedArray(value(fieldName), type, fieldName);
    }

    private Object typedArray(Object v, Class<?> type, String fieldName) {
        if (v == SerializationInternals.noValue()) {
            return null;
        }
        if (v == null || v.getClass() == type) {
            return v;
        }
        Object[] e = elementsOf(v);
        Class<?> component = type.getComponentType();
        Object out = Array.newInstance(component, e.length);
        for (int i = 0; i < e.length; i++) {
            Object x = e[i];
            if (component.isPrimitive()) {
                if (x == null) {
                    throw new NullPointerException("element " + i + " of field '" + fieldName + "' of "
                            + record.schema().typeName() + " is null");
                }
                Array.set(out, i, convert(x, component, fieldName));
            } else {
                Array.set(out, i, x == null ? null : convert(x, component, fieldName));
            }
        }
        return out;
    }

    private Object convert(Object x, Class<?> to, String fieldName) {
        if (to == boolean.class || to == Boolean.class || to == char.class || to == Character.class) {
            return x;
        }
        if (to.isPrimitive() || Number.class.isAssignableFrom(to) && to != BigDecimal.class) {
            Number n = toNumber(x, fieldName);
            if (to == byte.class || to == Byte.class) {
                return n.byteValue();
            }
            if (to == short.class || to == Short.class) {
                return n.shortValue();
            }
            if (to == int.class || to == Integer.class) {
                return n.intValue();
            }
            if (to == long.class || to == Long.class) {
                return n.longValue();
            }
            if (to == float.class || to == Float.class) {
                return n.floatValue();
            }
            return n.doubleValue();
        }
        return x;
    }

    @Override
    public boolean[] getArrayOfBoolean(String fieldName) {
        return (boolean[]) typedArray(fieldName, boolean[].class);
    }

    @Override
    public char[] getArrayOfChar(String fieldName) {
        return (char[]) typedArray(fieldName, char[].class);
    }

    @Override
    public byte[] getArrayOfInt8(String fieldName) {
        return (byte[]) typedArray(fieldName, byte[].class);
    }

    @Override
    public short[] getArrayOfInt16(String fieldName) {
        return (short[]) typedArray(fieldName, short[].class);
    }

    @Override
    public int[] getArrayOfInt32(String fieldName) {
        return (int[]) typedArray(fieldName, int[].class);
    }

    @Override
    public long[] getArrayOfInt64(String fieldName) {
        return (long[]) typedArray(fieldName, long[].class);
    }

    @Override
    public float[] getArrayOfFloat32(String fieldName) {
        return (float[]) typedArray(fieldName, float[].class);
    }

    @Override
    public double[] getArrayOfFloat64(String fieldName) {
        return (double[]) typedArray(fieldName, double[].class);
    }

    @Override
    public String[] getArrayOfString(String fieldName) {
        return (String[]) typedArray(fieldName, String[].class);
    }

    @Override
    public BigDecimal[] getArrayOfDecimal(String fieldName) {
        return (BigDecimal[]) typedArray(fieldName, BigDecimal[].class);
    }

    @Override
    public LocalTime[] getArrayOfTime(String fieldName) {
        return (LocalTime[]) typedArray(fieldName, LocalTime[].class);
    }

    @Override
    public LocalDate[] getArrayOfDate(String fieldName) {
        return (LocalDate[]) typedArray(fieldName, LocalDate[].class);
    }

    @Override
    public LocalDateTime[] getArrayOfTimestamp(String fieldName) {
        return (LocalDateTime[]) typedArray(fieldName, LocalDateTime[].class);
    }

    @Override
    public OffsetDateTime[] getArrayOfTimestampWithTimezone(String fieldName) {
        return (OffsetDateTime[]) typedArray(fieldName, OffsetDateTime[].class);
    }

    @Override
    public GenericRecord[] getArrayOfGenericRecord(String fieldName) {
        return records(fieldName);
    }

    @Override
    protected QueryableGenericRecord[] nestedRecordsOnPath(String fieldName) {
        return records(fieldName);
    }

    private PackedGenericRecord[] records(String fieldName) {
        Object[] e = elements(fieldName);
        if (e == null) {
            return null;
        }
        PackedGenericRecord[] out = new PackedGenericRecord[e.length];
        for (int i = 0; i < e.length; i++) {
            if (e[i] != null && !(e[i] instanceof PackedRecord)) {
                throw new IllegalArgumentException("field '" + fieldName + "' of " + record.schema().typeName()
                        + " is a " + record.schema().field(index(fieldName)).type() + ", not a list of records");
            }
            out[i] = nested(e[i]);
        }
        return out;
    }

    @Override
    public Boolean[] getArrayOfNullableBoolean(String fieldName) {
        return (Boolean[]) typedArray(fieldName, Boolean[].class);
    }

    @Override
    public Byte[] getArrayOfNullableInt8(String fieldName) {
        return (Byte[]) typedArray(fieldName, Byte[].class);
    }

    @Override
    public Short[] getArrayOfNullableInt16(String fieldName) {
        return (Short[]) typedArray(fieldName, Short[].class);
    }

    @Override
    public Integer[] getArrayOfNullableInt32(String fieldName) {
        return (Integer[]) typedArray(fieldName, Integer[].class);
    }

    @Override
    public Long[] getArrayOfNullableInt64(String fieldName) {
        return (Long[]) typedArray(fieldName, Long[].class);
    }

    @Override
    public Float[] getArrayOfNullableFloat32(String fieldName) {
        return (Float[]) typedArray(fieldName, Float[].class);
    }

    @Override
    public Double[] getArrayOfNullableFloat64(String fieldName) {
        return (Double[]) typedArray(fieldName, Double[].class);
    }

    @Override
    public <T> T[] getArrayOfObject(String fieldName, Class<T> componentType) {
        return objects(value(fieldName), componentType);
    }

    @SuppressWarnings("unchecked")
    private <T> T[] objects(Object v, Class<T> componentType) {
        Object[] e = elementsOf(v);
        if (e == null) {
            return null;
        }
        T[] out = (T[]) Array.newInstance(componentType, e.length);
        for (int i = 0; i < e.length; i++) {
            out[i] = (T) plain(e[i]);
        }
        return out;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T getObjectFromArray(String fieldName, int index) {
        return (T) plain(element(fieldName, index));
    }

    @Override
    public Boolean getBooleanFromArray(String fieldName, int index) {
        return (Boolean) element(fieldName, index);
    }

    @Override
    public Character getCharFromArray(String fieldName, int index) {
        return (Character) element(fieldName, index);
    }

    @Override
    public Byte getInt8FromArray(String fieldName, int index) {
        Number n = numberElement(fieldName, index);
        return n == null ? null : n.byteValue();
    }

    @Override
    public Short getInt16FromArray(String fieldName, int index) {
        Number n = numberElement(fieldName, index);
        return n == null ? null : n.shortValue();
    }

    @Override
    public Integer getInt32FromArray(String fieldName, int index) {
        Number n = numberElement(fieldName, index);
        return n == null ? null : n.intValue();
    }

    @Override
    public Long getInt64FromArray(String fieldName, int index) {
        Number n = numberElement(fieldName, index);
        return n == null ? null : n.longValue();
    }

    @Override
    public Float getFloat32FromArray(String fieldName, int index) {
        Number n = numberElement(fieldName, index);
        return n == null ? null : n.floatValue();
    }

    @Override
    public Double getFloat64FromArray(String fieldName, int index) {
        Number n = numberElement(fieldName, index);
        return n == null ? null : n.doubleValue();
    }

    private Number numberElement(String fieldName, int index) {
        Object e = element(fieldName, index);
        return e == null ? null : toNumber(e, fieldName);
    }

    @Override
    public String getStringFromArray(String fieldName, int index) {
        return (String) element(fieldName, index);
    }

    @Override
    public GenericRecord getGenericRecordFromArray(String fieldName, int index) {
        return nested(element(fieldName, index));
    }

    @Override
    protected QueryableGenericRecord nestedOnPath(String fieldName, int index) {
        return onPath(element(fieldName, index));
    }

    @Override
    public BigDecimal getDecimalFromArray(String fieldName, int index) {
        return (BigDecimal) element(fieldName, index);
    }

    @Override
    public LocalTime getTimeFromArray(String fieldName, int index) {
        return (LocalTime) element(fieldName, index);
    }

    @Override
    public LocalDate getDateFromArray(String fieldName, int index) {
        return (LocalDate) element(fieldName, index);
    }

    @Override
    public LocalDateTime getTimestampFromArray(String fieldName, int index) {
        return (LocalDateTime) element(fieldName, index);
    }

    @Override
    public OffsetDateTime getTimestampWithTimezoneFromArray(String fieldName, int index) {
        return (OffsetDateTime) element(fieldName, index);
    }

    @Override
    public Boolean getNullableBooleanFromArray(String fieldName, int index) {
        return (Boolean) element(fieldName, index);
    }

    @Override
    public Byte getNullableInt8FromArray(String fieldName, int index) {
        return getInt8FromArray(fieldName, index);
    }

    @Override
    public Short getNullableInt16FromArray(String fieldName, int index) {
        return getInt16FromArray(fieldName, index);
    }

    @Override
    public Integer getNullableInt32FromArray(String fieldName, int index) {
        return getInt32FromArray(fieldName, index);
    }

    @Override
    public Long getNullableInt64FromArray(String fieldName, int index) {
        return getInt64FromArray(fieldName, index);
    }

    @Override
    public Float getNullableFloat32FromArray(String fieldName, int index) {
        return getFloat32FromArray(fieldName, index);
    }

    @Override
    public Double getNullableFloat64FromArray(String fieldName, int index) {
        return getFloat64FromArray(fieldName, index);
    }
}
