package io.navpack.format;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Type;
import java.util.List;
import java.lang.reflect.ParameterizedType;
import java.util.Locale;

/**
 * Everything navpack knows about the values of one {@link FieldType}: how they are written, read,
 * read while finding their end, skipped, which Java class they become, which Java types may hold
 * them, how a schema describes the type, and which other types a value of it may be read as. Each
 * codec mirrors one row of docs/format.md's table of field values.
 *
 * <p>Every {@link FieldType} is built once into its codec by {@link Codecs#of(FieldType)}, the one
 * place that decides per {@link Kind}; containers hold the codecs of their elements (and keys). Reads
 * check every byte against {@code limit} (the end of the enclosing record or container) and turn
 * anything invalid into {@link NavpackFormatException}.
 */
abstract class Codec {
    /** How {@link RecordView} skips a field whose value is one packed 64-bit integer. */
    static final int SKIP_PACKED = 0;
    /** ... whose value is a packed length and that many bytes. */
    static final int SKIP_LENGTH = -1;
    /** ... whose encoding needs its codec ({@link #skip}). */
    static final int SKIP_OTHER = -2;
    /** ... whose value is one packed integer that must fit 32 bits. */
    static final int SKIP_PACKED_INT = -3;
    /** ... whose value is a decimal (see {@link ScalarCodecs.DecimalCodec}). */
    static final int SKIP_DECIMAL = -4;

    final FieldType type;

    Codec(FieldType type) {
        this.type = type;
    }

    // ---------------------------------------------------------------- bytes

    /** Position after the non-null value that starts at {@code p}. */
    abstract int skip(byte[] b, int p, int limit);

    /**
     * The non-null value at {@code p}. With {@code target == null} in its plain form (enum constants as
     * names, nested records as {@link PackedRecord} views); otherwise as the target's Java type.
     */
    abstract Object read(byte[] b, int p, int limit, SchemaRegistry registry, JavaTarget target, int depth);

    /**
     * Sequential decoding: stores the non-null value at {@code p} (as {@link #read}) into
     * {@code out[slot]} and returns the position after it (as {@link #skip}).
     */
    int readInto(byte[] b, int p, int limit, SchemaRegistry registry, JavaTarget target, int depth, Object[] out,
                 int slot) {
        out[slot] = read(b, p, limit, registry, target, depth);
        return skip(b, p, limit);
    }

    /** Writes the non-null {@code x}; {@code target} says how to read it as Java, or null. */
    abstract void write(PackedWriter w, Object x, JavaTarget target, int depth);

    /**
     * How a record skips a field of this type without a call: the size in bytes when fixed, else
     * {@link #SKIP_PACKED}, {@link #SKIP_PACKED_INT}, {@link #SKIP_LENGTH}, {@link #SKIP_DECIMAL} or
     * {@link #SKIP_OTHER}.
     */
    int skipClass() {
        return SKIP_OTHER;
    }

    // ---------------------------------------------------------------- Java

    /** The Java class of a value's plain form; for primitive kinds the primitive unless {@code boxed}. */
    abstract Class<?> plainClass(boolean boxed);

    /** True when Java class {@code c} can hold values of this type (type arguments are checked by {@link #checkJava}). */
    abstract boolean holds(Class<?> c);

    /** {@link #holds(Class)}, where {@code views} lets an interface hold a nested record (as an interface view). */
    boolean holds(Class<?> c, boolean views) {
        return holds(c);
    }

    /** Checks that Java type {@code javaType} can hold values of this type, elements included; nothing is registered. */
    void checkJava(Type javaType, String where) {
        checkJava(javaType, where, false);
    }

    /** The same; with {@code views}, an interface may hold a nested record too (as an interface view). */
    void checkJava(Type javaType, String where, boolean views) {
        if (!holds(Reflection.rawClass(javaType), views)) {
            throw new SchemaException(where + ": Java type " + javaType.getTypeName() + " cannot hold a " + type);
        }
    }

    /** The Java side of this type held by {@code javaType}: how decoded values are built. */
    JavaTarget target(Type javaType, SchemaRegistry registry, String where) {
        if (javaType instanceof ParameterizedType) {
            throw new SchemaException(where + ": unsupported type " + javaType.getTypeName());
        }
        return new JavaTarget(type, Reflection.rawClass(javaType), null, null, null, registry);
    }

    /** Writes a primitive property read through {@code getter} ({@code (Object)P}), never boxing. */
    void writeProperty(PackedWriter w, MethodHandle getter, Object o) throws Throwable {
        throw new IllegalStateException(type + " is not a primitive kind");
    }

    /** Reads the value at {@code p} into a primitive property through {@code setter} ({@code (Object,P)void}). */
    void setProperty(MethodHandle setter, Object o, byte[] b, int p, int limit) throws Throwable {
        throw new IllegalStateException(type + " is not a primitive kind");
    }

    /**
     * A primitive array ({@code int[]}...) of {@code count} elements of this kind from {@code p}, which
     * must end exactly at {@code end} (the end of the {@code array} value).
     */
    Object readArray(byte[] b, int p, int end, int count, FieldType array) {
        throw new IllegalStateException(type + " is not a primitive kind");
    }

    /** Writes the elements of a primitive array of this kind. */
    void writeArray(PackedWriter w, Object array) {
        throw new IllegalStateException(type + " is not a primitive kind");
    }

    // ---------------------------------------------------------------- schema

    /** What follows the kind code in a schema's binary form. */
    void writeDetails(PackedWriter w) {
    }

    /** True when a value written as this type can be read as {@code reader}'s type (schema evolution). */
    boolean compatible(Codec reader) {
        return reader.type.kind() == type.kind();
    }

    /** Adds the nested record types this type names, directly or inside containers, each once. */
    void collectRecordTypes(List<String> out) {
    }

    /** How schemas and messages print this type. */
    String describe() {
        return type.kind().name().toLowerCase(Locale.ROOT);
    }
}
