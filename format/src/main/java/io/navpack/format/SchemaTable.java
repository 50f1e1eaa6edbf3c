package io.navpack.format;

import java.util.ArrayList;
import java.util.List;

/**
 * Schemas by type id and version, looked up without boxing or locking: an immutable open-addressing
 * table, replaced as a whole when a schema is added (additions are rare, lookups are per value).
 */
final class SchemaTable {
    private final long[] keys;
    private final Schema[] values;
    private final int mask;
    private final int size;

    static final SchemaTable EMPTY = new SchemaTable(new long[8], new Schema[8], 0);

    private SchemaTable(long[] keys, Schema[] values, int size) {
        this.keys = keys;
        this.values = values;
        this.mask = keys.length - 1;
        this.size = size;
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    Schema get(int typeId, int version) {
        long key = Schema.key(typeId, version);
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            Schema s = values[i];
            if (s == null) {
                return null;
            }
            if (keys[i] == key) {
                return s;
            }
        }
    }

    /** Every schema in the table. */
    List<Schema> all() {
        List<Schema> out = new ArrayList<>(size);
        for (Schema s : values) {
            if (s != null) {
                out.add(s);
            }
        }
        return out;
    }

    /** A table holding everything this one does plus {@code schema} (which must not be in it yet). */
    SchemaTable with(Schema schema) {
        int capacity = keys.length;
        while ((size + 1) * 2 > capacity) {
            capacity *= 2;
        }
        long[] k = new long[capacity];
        Schema[] v = new Schema[capacity];
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null) {
                put(k, v, values[i]);
            }
        }
        put(k, v, schema);
        return new SchemaTable(k, v, size + 1);
    }

    /** A table holding everything this one does, with {@code schema} in place of the schema under its id and version. */
    SchemaTable replacing(Schema schema) {
        if (get(schema.typeId(), schema.version()) == null) {
            return with(schema);
        }
        long key = schema.key();
        long[] k = new long[keys.length];
        Schema[] v = new Schema[keys.length];
        int n = 0;
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null && keys[i] != key) {
                put(k, v, values[i]);
                n++;
            }
        }
        put(k, v, schema);
        return new SchemaTable(k, v, n + 1);  // n + 1 == size: one schema was replaced
    }

    private static void put(long[] k, Schema[] v, Schema s) {
        int mask = k.length - 1;
        long key = s.key();
        int i = slot(key, mask);
        while (v[i] != null) {
            i = (i + 1) & mask;
        }
        k[i] = key;
        v[i] = s;
    }
}
