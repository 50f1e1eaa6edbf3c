package io.navpack.format;

/**
 * Field names to field indexes without boxing: an open-addressing table probed with the name's cached
 * hash, comparing by identity before equality. Query engines pass the same name instance for every
 * value they read (but not the schema's own instance), so the last instance that matched a slot is
 * remembered and compared by identity first.
 */
final class NameIndex {
    private final String[] names;
    private final int[] indexes;
    /** Per slot, another instance equal to its name that was looked up last (racy: a stale entry only costs an equals). */
    private final String[] seen;
    private final int mask;

    NameIndex(Field[] fields) {
        int size = Integer.highestOneBit(Math.max(4, fields.length * 2 + 1) - 1) << 1;
        names = new String[size];
        seen = new String[size];
        indexes = new int[size];
        mask = size - 1;
        for (Field f : fields) {
            int h = f.name().hashCode() & mask;
            while (names[h] != null) {
                h = (h + 1) & mask;
            }
            names[h] = f.name();
            indexes[h] = f.index();
        }
    }

    /** Index of the field named {@code name}, or -1. */
    int indexOf(String name) {
        int h = name.hashCode() & mask;
        while (true) {
            String k = names[h];
            if (k == name || seen[h] == name) {
                return indexes[h];
            }
            if (k == null) {
                return -1;
            }
            if (k.equals(name)) {
                seen[h] = name;
                return indexes[h];
            }
            h = (h + 1) & mask;
        }
    }
}
