package io.navpack.format;

import java.util.List;
import java.util.Objects;
import java.util.Locale;

/**
 * The type of a field, a collection element, or a map key or value: a {@link Kind} plus what the kind
 * needs — the element type of a list, set or array, the key and value types of a map, the type name
 * of a nested record, the name and constants of an enum. Immutable; equal when structurally equal.
 */
public final class FieldType {
    public static final FieldType BOOLEAN = new FieldType(Kind.BOOLEAN);
    public static final FieldType BYTE = new FieldType(Kind.BYTE);
    public static final FieldType SHORT = new FieldType(Kind.SHORT);
    public static final FieldType CHAR = new FieldType(Kind.CHAR);
    public static final FieldType INT = new FieldType(Kind.INT);
    public static final FieldType LONG = new FieldType(Kind.LONG);
    public static final FieldType FLOAT = new FieldType(Kind.FLOAT);
    public static final FieldType DOUBLE = new FieldType(Kind.DOUBLE);
    public static final FieldType STRING = new FieldType(Kind.STRING);
    public static final FieldType DECIMAL = new FieldType(Kind.DECIMAL);
    public static final FieldType BIG_INTEGER = new FieldType(Kind.BIG_INTEGER);
    public static final FieldType DATE = new FieldType(Kind.DATE);
    public static final FieldType TIME = new FieldType(Kind.TIME);
    public static final FieldType DATE_TIME = new FieldType(Kind.DATE_TIME);
    public static final FieldType INSTANT = new FieldType(Kind.INSTANT);
    public static final FieldType OFFSET_DATE_TIME = new FieldType(Kind.OFFSET_DATE_TIME);
    public static final FieldType UUID = new FieldType(Kind.UUID);
    public static final FieldType BYTES = new FieldType(Kind.BYTES);

    /** The types above, the kinds that need nothing but their kind. */
    static final List<FieldType> SCALARS = List.of(BOOLEAN, BYTE, SHORT, CHAR, INT, LONG, FLOAT, DOUBLE, STRING, DECIMAL,
            BIG_INTEGER, DATE, TIME, DATE_TIME, INSTANT, OFFSET_DATE_TIME, UUID, BYTES);
    private static final FieldType[] SCALAR_OF_KIND = new FieldType[Kind.values().length];

    static {
        for (FieldType t : SCALARS) {
            SCALAR_OF_KIND[t.kind.ordinal()] = t;
        }
    }

    /**
     * Deepest nesting of a field type: a list of lists of ... holds at most this many lists, sets, arrays
     * and maps inside one another. Every schema is held to it, however it is made (a builder, a class, a
     * schema from the cluster), so a schema that builds here is accepted everywhere.
     */
    public static final int MAX_DEPTH = 32;

    private final Kind kind;
    private final String name;
    private final List<String> constants;
    private final FieldType element;
    private final boolean elementNullable;
    private final FieldType key;
    private final int hash;
    private final int depth;
    private final Codec codec;

    private FieldType(Kind kind) {
        this(kind, null, List.of(), null, false, null);
    }

    private FieldType(Kind kind, String name, List<String> constants, FieldType element, boolean elementNullable,
                      FieldType key) {
        this.kind = kind;
        this.name = name;
        this.constants = constants;
        this.element = element;
        this.elementNullable = elementNullable;
        this.key = key;
        this.depth = 1 + Math.max(element == null ? 0 : element.depth, key == null ? 0 : key.depth);
        if (depth > MAX_DEPTH + 1) {
            throw new SchemaException("a field type may nest at most " + MAX_DEPTH + " lists, sets, arrays and maps inside"
                    + " one another; this " + kind.name().toLowerCase(Locale.ROOT) + " nests " + (depth - 1)
                    + ": hold deeper structures in nested records");
        }
        this.hash = Objects.hash(kind, name, constants, element, elementNullable, key);
        this.codec = Codecs.of(this);
    }

    /** How values of this type are written, read and skipped; made once, with the type. */
    Codec codec() {
        return codec;
    }

    /** Containers nested in this type, itself included: 0 for a scalar, enum or record, 1 for {@code list<long>}. */
    public int depth() {
        return depth - 1;
    }

    /** The scalar type of a kind that needs no further description (not enum, record or a container). */
    public static FieldType of(Kind kind) {
        FieldType t = SCALAR_OF_KIND[kind.ordinal()];
        if (t == null) {
            throw new IllegalArgumentException(kind + " needs more than a kind: use its factory method");
        }
        return t;
    }

    /** An enum stored as the index of its constant in {@code constants}. */
    public static FieldType enumOf(String enumName, List<String> constants) {
        requireName(enumName, "enum name");
        List<String> copy = List.copyOf(constants);
        if (copy.isEmpty()) {
            throw new SchemaException("enum " + enumName + " has no constants");
        }
        if (copy.stream().distinct().count() != copy.size()) {
            throw new SchemaException("enum " + enumName + " lists a constant twice: " + copy);
        }
        return new FieldType(Kind.ENUM, enumName, copy, null, false, null);
    }

    /** A nested record of the registered type {@code typeName}. */
    public static FieldType record(String typeName) {
        requireName(typeName, "record type name");
        return new FieldType(Kind.RECORD, typeName, List.of(), null, false, null);
    }

    /** A list whose elements may be null. */
    public static FieldType list(FieldType element) {
        return new FieldType(Kind.LIST, null, List.of(), Objects.requireNonNull(element), true, null);
    }

    /** A set whose elements may be null; decoded in encounter order. */
    public static FieldType set(FieldType element) {
        return new FieldType(Kind.SET, null, List.of(), Objects.requireNonNull(element), true, null);
    }

    /**
     * An array. With {@code elementNullable == false} and a primitive element kind it is a Java primitive
     * array ({@code int[]}); otherwise an object array ({@code Integer[]}, {@code String[]}).
     */
    public static FieldType array(FieldType element, boolean elementNullable) {
        return new FieldType(Kind.ARRAY, null, List.of(), Objects.requireNonNull(element), elementNullable, null);
    }

    /** A map; keys and values may be null. Decoded in encounter order. */
    public static FieldType map(FieldType key, FieldType value) {
        return new FieldType(Kind.MAP, null, List.of(), Objects.requireNonNull(value), true, Objects.requireNonNull(key));
    }

    private static void requireName(String name, String what) {
        if (name == null || name.isEmpty()) {
            throw new SchemaException(what + " must not be empty");
        }
    }

    public Kind kind() {
        return kind;
    }

    /** Record type name or enum name; null for other kinds. */
    public String name() {
        return name;
    }

    /** Enum constants in index order; empty for other kinds. */
    public List<String> constants() {
        return constants;
    }

    /** Element type of a list, set or array; value type of a map; null otherwise. */
    public FieldType element() {
        return element;
    }

    /** Key type of a map; null otherwise. */
    public FieldType key() {
        return key;
    }

    /** Whether elements (or map keys and values) may be null. */
    public boolean elementNullable() {
        return elementNullable;
    }

    /**
     * Whether a field may have type {@code a} in one version of a type and {@code b} in another: the
     * same kind, and for containers compatible element, key and value types, for nested records the
     * same type name. Enum constants and nullability may differ (readers match constants by name and
     * read a missing value as null or default).
     */
    static boolean compatibleAcrossVersions(FieldType a, FieldType b) {
        return a.codec().compatible(b.codec());
    }

    /** True for an array that maps to a Java primitive array such as {@code int[]}. */
    public boolean isPrimitiveArray() {
        return kind == Kind.ARRAY && !elementNullable && element.kind.isPrimitive();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FieldType)) {
            return false;
        }
        FieldType t = (FieldType) o;
        return hash == t.hash && kind == t.kind && elementNullable == t.elementNullable && Objects.equals(name, t.name)
                && constants.equals(t.constants) && Objects.equals(element, t.element) && Objects.equals(key, t.key);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return codec.describe();
    }
}
