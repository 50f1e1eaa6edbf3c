package io.navpack.format;

/**
 * Field names to field indexes without boxing: an open-addressing table probed with the name's cached
 * hash, comparing by identity before equality (query engines pass the same name instance for every
 * value they read).
 */
final class NameIndex {
    private final String[] names;
    private final int[] indexes;
    private final int mask;

    NameIndex(Field[] fields) {
        int size = Integer.highestOneBit(Math.max(4, fields.length * 2 + 1) - 1) << 1;
        names = new String[size];
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
            if (k == name) {
                return indexes[h];
            }
            if (k == null) {
                return -1;
            }
            if (k.equals(name)) {
                return indexes[h];
            }
            h = (h + 1) & mask;
        }
    }
}
