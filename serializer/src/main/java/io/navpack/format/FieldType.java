package io.navpack.format;

import java.util.List;
import java.util.Objects;

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

    private final Kind kind;
    private final String name;
    private final List<String> constants;
    private final FieldType element;
    private final boolean elementNullable;
    private final FieldType key;
    private final int hash;

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
        this.hash = Objects.hash(kind, name, constants, element, elementNullable, key);
    }

    /** The scalar type of a kind that needs no further description (not enum, record or a container). */
    public static FieldType of(Kind kind) {
        switch (kind) {
            case BOOLEAN: return BOOLEAN;
            case BYTE: return BYTE;
            case SHORT: return SHORT;
            case CHAR: return CHAR;
            case INT: return INT;
            case LONG: return LONG;
            case FLOAT: return FLOAT;
            case DOUBLE: return DOUBLE;
            case STRING: return STRING;
            case DECIMAL: return DECIMAL;
            case BIG_INTEGER: return BIG_INTEGER;
            case DATE: return DATE;
            case TIME: return TIME;
            case DATE_TIME: return DATE_TIME;
            case INSTANT: return INSTANT;
            case OFFSET_DATE_TIME: return OFFSET_DATE_TIME;
            case UUID: return UUID;
            case BYTES: return BYTES;
            default: throw new IllegalArgumentException(kind + " needs more than a kind: use its factory method");
        }
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
        if (a.kind != b.kind) {
            return false;
        }
        switch (a.kind) {
            case RECORD: return a.name.equals(b.name);
            case LIST:
            case SET: return compatibleAcrossVersions(a.element, b.element);
            case ARRAY: return a.elementNullable == b.elementNullable && compatibleAcrossVersions(a.element, b.element);
            case MAP: return compatibleAcrossVersions(a.key, b.key) && compatibleAcrossVersions(a.element, b.element);
            default: return true;
        }
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
        switch (kind) {
            case ENUM: return "enum<" + name + ">" + constants;
            case RECORD: return "record<" + name + ">";
            case LIST: return "list<" + element + ">";
            case SET: return "set<" + element + ">";
            case ARRAY: return "array<" + element + (elementNullable ? "?" : "") + ">";
            case MAP: return "map<" + key + "," + element + ">";
            default: return kind.name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
