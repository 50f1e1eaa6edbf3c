package io.navpack.format;

import java.util.Objects;

/** One field of a schema: its position, name, type and whether it may be null. */
public final class Field {
    private final int index;
    private final String name;
    private final FieldType type;
    private final boolean nullable;

    Field(int index, String name, FieldType type, boolean nullable) {
        this.index = index;
        this.name = name;
        this.type = type;
        this.nullable = nullable;
    }

    /** Position of the field in its schema, from 0. */
    public int index() {
        return index;
    }

    public String name() {
        return name;
    }

    public FieldType type() {
        return type;
    }

    /** False for fields that always hold a value, such as fields of a Java primitive type. */
    public boolean nullable() {
        return nullable;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Field)) {
            return false;
        }
        Field f = (Field) o;
        return index == f.index && nullable == f.nullable && name.equals(f.name) && type.equals(f.type);
    }

    @Override
    public int hashCode() {
        return Objects.hash(index, name, type, nullable);
    }

    @Override
    public String toString() {
        return name + ": " + type + (nullable ? "?" : "");
    }
}
