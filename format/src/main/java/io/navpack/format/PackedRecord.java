package io.navpack.format;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An immutable view over one encoded record: nothing is decoded until a field is asked for, and
 * then only that field. Reading field <i>i</i> costs the same for every <i>i</i>: a jump through the
 * sparse offset table to the field's block, then at most {@value Schema#BLOCK}-1 skips (none in records of more
 * than {@value Schema#WIDE} fields, which have an entry per field).
 *
 * <p>Create one with {@link #of(byte[], SchemaRegistry)} or {@link Navpack#view(byte[])}. Inside
 * Hazelcast, values read on members are views too (they also implement Hazelcast's
 * {@code GenericRecord}, so that queries can use plain field names).
 *
 * <p>A view is thread-safe; it never copies or changes the bytes it wraps, so the caller must not
 * change them either. Equality is by content: two views are equal when their bytes are, whatever
 * their implementation.
 *
 * <p>Getters take a field index or name. Primitive getters throw {@link NullPointerException} for
 * a null field; check {@link #isNull(int)} or use {@link #get(int)}. The plain form that
 * {@link #get(int)} returns: Java boxes for primitive kinds, the natural {@code java.time} and
 * {@code java.math} types, enum constants as their names, nested records as views, lists as
 * {@link java.util.List}, sets as {@link java.util.Set}, arrays as Java arrays, maps as {@link Map}.
 */
public interface PackedRecord {

    /** A view over a whole array holding one value. The array must not change afterwards. */
    static PackedRecord of(byte[] bytes, SchemaRegistry registry) {
        return new RecordView(bytes, 0, bytes.length, registry, 0);
    }

    /** A view over {@code length} bytes from {@code offset}. The bytes must not change afterwards. */
    static PackedRecord of(byte[] bytes, int offset, int length, SchemaRegistry registry) {
        return new RecordView(bytes, offset, length, registry, 0);
    }

    /**
     * A view over a whole array holding one value, checked in full now as {@link #validate()} checks it (a
     * {@link NavpackFormatException} when the bytes are not a valid value); its {@link #validate()} then answers the
     * schemas found without decoding again — what a reader of stored bytes (a database) hands to the Hazelcast
     * serializer, which checks every record it did not read itself. The array must not change afterwards.
     */
    static PackedRecord checked(byte[] bytes, SchemaRegistry registry) {
        PackedRecord r = of(bytes, registry);
        return new RecordView.Encoded(bytes, registry, r.schema(), r.validate());
    }

    /**
     * The record behind an interface view ({@link #as(Class)}), over the same bytes; {@code value} itself
     * when it is a {@code PackedRecord}; null for anything else.
     */
    static PackedRecord ofView(Object value) {
        if (value instanceof PackedRecord) {
            return (PackedRecord) value;
        }
        return value instanceof GeneratedView ? ((GeneratedView) value).record() : null;
    }

    // ---------------------------------------------------------------- structure

    /** The writer's schema. */
    Schema schema();

    default int fieldCount() {
        return schema().fieldCount();
    }

    /** The registry this view resolves schemas (of nested records) and classes with. */
    SchemaRegistry registry();

    /** The wrapped array; do not modify. Bytes {@link #offset()} to {@link #offset()} + {@link #length()} are this record. */
    byte[] array();

    int offset();

    int length();

    /** A copy of this record's bytes. */
    default byte[] bytes() {
        return Arrays.copyOfRange(array(), offset(), offset() + length());
    }

    /** Index of the field named {@code name}; {@link IllegalArgumentException} when there is none. */
    int indexOf(String name);

    boolean isNull(int i);

    default boolean isNull(String name) {
        return isNull(indexOf(name));
    }

    // ---------------------------------------------------------------- typed getters

    boolean getBoolean(int i);

    byte getByte(int i);

    short getShort(int i);

    char getChar(int i);

    /** An int, short, byte or char field as an int. */
    int getInt(int i);

    /** A long, int, short, byte or char field as a long. */
    long getLong(int i);

    float getFloat(int i);

    /** A double or float field as a double. */
    double getDouble(int i);

    String getString(int i);

    BigDecimal getDecimal(int i);

    BigInteger getBigInteger(int i);

    LocalDate getDate(int i);

    LocalTime getTime(int i);

    LocalDateTime getDateTime(int i);

    Instant getInstant(int i);

    OffsetDateTime getOffsetDateTime(int i);

    UUID getUuid(int i);

    byte[] getBytes(int i);

    /** The name of an enum field's constant (no enum class needed). */
    String getEnumName(int i);

    /** The position of an enum field's constant in the writer's schema, or -1 when null. */
    int getEnumIndex(int i);

    /** A nested record as a view over the same bytes. */
    PackedRecord getRecord(int i);

    default boolean getBoolean(String name) { return getBoolean(indexOf(name)); }
    default byte getByte(String name) { return getByte(indexOf(name)); }
    default short getShort(String name) { return getShort(indexOf(name)); }
    default char getChar(String name) { return getChar(indexOf(name)); }
    default int getInt(String name) { return getInt(indexOf(name)); }
    default long getLong(String name) { return getLong(indexOf(name)); }
    default float getFloat(String name) { return getFloat(indexOf(name)); }
    default double getDouble(String name) { return getDouble(indexOf(name)); }
    default String getString(String name) { return getString(indexOf(name)); }
    default BigDecimal getDecimal(String name) { return getDecimal(indexOf(name)); }
    default BigInteger getBigInteger(String name) { return getBigInteger(indexOf(name)); }
    default LocalDate getDate(String name) { return getDate(indexOf(name)); }
    default LocalTime getTime(String name) { return getTime(indexOf(name)); }
    default LocalDateTime getDateTime(String name) { return getDateTime(indexOf(name)); }
    default Instant getInstant(String name) { return getInstant(indexOf(name)); }
    default OffsetDateTime getOffsetDateTime(String name) { return getOffsetDateTime(indexOf(name)); }
    default UUID getUuid(String name) { return getUuid(indexOf(name)); }
    default byte[] getBytes(String name) { return getBytes(indexOf(name)); }
    default String getEnumName(String name) { return getEnumName(indexOf(name)); }
    default PackedRecord getRecord(String name) { return getRecord(indexOf(name)); }

    // ---------------------------------------------------------------- generic access

    /** Field {@code i} in its plain form (see the class comment), or null. */
    Object get(int i);

    /** The value at a field name or a path such as {@code legs[0].notional}; see {@link #get(FieldPath)}. */
    Object get(String nameOrPath);

    /**
     * The value at {@code path}, decoding only what lies on it. A null on the way, or an element index
     * past the end, gives null. A path with {@code [any]} gives a list of every value it reaches.
     */
    Object get(FieldPath path);

    /**
     * Offers every value that {@code path} reaches to {@code sink}, in order; {@code [any]} steps fan
     * out over all elements. Nulls on the way end that branch; a null final value is offered as null.
     */
    void visit(FieldPath path, Consumer<Object> sink);

    // ---------------------------------------------------------------- whole record

    /**
     * Every field in its plain form, by field index, in one sequential pass over the bytes: what a
     * reader that needs many fields decodes once instead of reading fields one by one.
     */
    Object[] decodeAll();

    /**
     * Checks the whole record as a full decode does — every field, every element, every nested record —
     * and returns the schemas it holds: its own first, then those of the records nested in it, each
     * once. Throws {@link NavpackFormatException} when the bytes are not a valid value. The Hazelcast
     * serializer does this before it stores a {@code PackedRecord} that navpack did not read from the
     * cluster itself.
     */
    default List<Schema> validate() {
        List<Schema> schemas = new ArrayList<>();
        Values.validate(this, schemas);
        return schemas;
    }

    /** Decodes the whole record into {@code type}, which must be registered; fields are matched by name. */
    <T> T toObject(Class<T> type);

    // ---------------------------------------------------------------- interface views and builders

    /**
     * This record as an implementation of the interface {@code type}, backed by the same bytes (the same
     * array when the record fills it, else a copy of exactly the record's bytes: a view holds one array
     * and no bounds, 16 bytes besides it with compressed references): each
     * accessor ({@code id()}, {@code getId()}) decodes its field when called. The implementation is generated
     * once per interface and schema version; a field the value's version lacks reads as the Java default,
     * and an interface that does not match the schema is refused with a {@link SchemaException} naming the
     * method, the field and both types. The view is immutable, thread-safe and equal to every view of the
     * same bytes; navpack writes it by copying them, and {@link #ofView} gives the record behind it (a view
     * of an interface that extends {@code PackedRecord} is one). Returns this record when it already is a
     * {@code type}.
     */
    default <T> T as(Class<T> type) {
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        return registry().views.view(this, type);
    }

    /**
     * A builder for a new record of {@code schema}, registered in {@code registry} (which resolves the
     * schemas of nested records when the result is read).
     */
    static Builder builder(Schema schema, SchemaRegistry registry) {
        return new RecordBuilder(schema, registry);
    }

    /**
     * A builder for a new record of {@code schema}, with a registry of its own that learns the schema and
     * those of the nested records given to it. Within a cluster, prefer {@link SchemaRegistry#builder(String)}.
     */
    static Builder builder(Schema schema) {
        SchemaRegistry registry = new SchemaRegistry();
        registry.learn(schema);
        return new RecordBuilder(schema, registry);
    }

    /**
     * A builder that starts from this record: fields that are not set again keep their bytes, which are
     * copied into the new record without being decoded.
     */
    default Builder toBuilder() {
        return new RecordBuilder(this);
    }

    /**
     * Builds a record of one schema from field values in their plain form, without the type's class.
     * Values are checked against the field's type when they are set ({@link IllegalArgumentException}
     * naming the field, its type and the value's); a value is encoded at once, and fields a
     * {@link #toBuilder() builder from a record} does not set are copied from it as bytes. A new record's
     * fields that are never set are null, and must then be able to be null. Not thread-safe.
     *
     * <p>Values: Java boxes or primitives for the primitive kinds (a smaller integer type is accepted where
     * its value fits), {@code String}, {@code BigDecimal}, {@code BigInteger}, the {@code java.time} types,
     * {@code UUID}, {@code byte[]}, an enum constant or its name for enums, a {@link PackedRecord} (or an
     * instance of a registered class) of the field's type for nested records, and lists, sets, arrays and
     * maps of these.
     */
    interface Builder {
        /** The schema of the records built. */
        Schema schema();

        /** Sets field {@code name} to {@code value} (null for a null field). */
        Builder set(String name, Object value);

        default Builder setBoolean(String name, boolean value) {
            return set(name, value);
        }

        default Builder setInt(String name, int value) {
            return set(name, value);
        }

        default Builder setLong(String name, long value) {
            return set(name, value);
        }

        default Builder setDouble(String name, double value) {
            return set(name, value);
        }

        /** A new record holding the values set (and, for a builder from a record, that record's other fields). */
        PackedRecord build();
    }

    /** All fields by name in their plain form, nested records and their containers turned into maps too. */
    Map<String, Object> toMap();

    /** True when {@code o} is a {@code PackedRecord} with the same bytes. */
    @Override
    boolean equals(Object o);

    /** A hash of the bytes (the same for every implementation). */
    @Override
    int hashCode();

    /** {@code Trade{id=1, tradeDate=2014-07-21, ...}}; byte arrays in hex. */
    @Override
    String toString();
}
