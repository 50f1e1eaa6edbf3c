package io.navpack.format;

/**
 * Where a {@link SchemaRegistry} looks for a schema it does not hold, e.g. the other members of a
 * cluster. Returns null when nobody knows the schema.
 */
@FunctionalInterface
public interface SchemaSource {
    Schema fetch(int typeId, int version);
}
