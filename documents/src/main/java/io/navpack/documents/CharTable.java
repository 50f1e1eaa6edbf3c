package io.navpack.documents;

import java.util.List;

/**
 * Strings found by a range of characters without making a {@code String}: an open-addressing table from the
 * characters of each string to its index. Immutable.
 */
final class CharTable {
    private final char[][] keys;
    private final int[] hashes;
    private final int[] index;
    private final int mask;

    CharTable(List<String> strings) {
        int size = Integer.highestOneBit(Math.max(4, strings.size() * 2 - 1)) << 1;
        keys = new char[size][];
        hashes = new int[size];
        index = new int[size];
        mask = size - 1;
        for (int i = 0; i < strings.size(); i++) {
            char[] s = strings.get(i).toCharArray();
            int full = hash(s, 0, s.length);
            int h = full & mask;
            while (keys[h] != null) {
                h = (h + 1) & mask;
            }
            keys[h] = s;
            hashes[h] = full;
            index[h] = i;
        }
    }

    /**
     * A hash of the length and at most six characters spread over the string (the first, last, and four between):
     * constant time whatever the length, so that a lookup reads the characters once, to compare them. Strings that
     * share those characters are told apart by the comparison.
     */
    private static int hash(char[] c, int off, int len) {
        int h = len;
        if (len > 0) {
            int last = off + len - 1;
            h = 31 * (31 * (31 * (31 * (31 * (31 * h + c[off]) + c[last]) + c[off + (len >>> 1)]) + c[off + (len >>> 2)])
                    + c[last - (len >>> 2)]) + c[last - (len >>> 3)];
        }
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        return h ^ (h >>> 13);
    }

    /** The index of the string with the {@code len} characters at {@code off}, or -1. */
    int find(char[] c, int off, int len) {
        int full = hash(c, off, len);
        int h = full & mask;
        while (true) {
            char[] k = keys[h];
            if (k == null) {
                return -1;
            }
            if (hashes[h] == full && k.length == len && equal(k, c, off, len)) {
                return index[h];
            }
            h = (h + 1) & mask;
        }
    }

    private static boolean equal(char[] k, char[] c, int off, int len) {
        for (int i = 0; i < len; i++) {
            if (k[i] != c[off + i]) {
                return false;
            }
        }
        return true;
    }

    /** The index of {@code s}, or -1. */
    int find(String s) {
        char[] c = s.toCharArray();
        return find(c, 0, c.length);
    }
}
