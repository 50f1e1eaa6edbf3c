package io.navpack.documents;

import java.util.List;

/**
 * Strings found by a range of characters or UTF-8 bytes without making a {@code String}: an open-addressing
 * table from the text of each string to its index. Immutable.
 */
final class CharTable {
    private final String[] keys;
    private final int[] index;
    private final int mask;

    CharTable(List<String> strings) {
        int size = Integer.highestOneBit(Math.max(4, strings.size() * 2 - 1)) << 1;
        keys = new String[size];
        index = new int[size];
        mask = size - 1;
        for (int i = 0; i < strings.size(); i++) {
            String s = strings.get(i);
            int h = hash(s) & mask;
            while (keys[h] != null) {
                h = (h + 1) & mask;
            }
            keys[h] = s;
            index[h] = i;
        }
    }

    private static int hash(CharSequence s) {
        int h = 0;
        for (int i = 0; i < s.length(); i++) {
            h = 31 * h + s.charAt(i);
        }
        return mix(h);
    }

    private static int mix(int h) {
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        return h ^ (h >>> 13);
    }

    /** The index of the string with the {@code len} characters at {@code off}, or -1. */
    int find(char[] c, int off, int len) {
        int h = 0;
        for (int i = off; i < off + len; i++) {
            h = 31 * h + c[i];
        }
        h = mix(h) & mask;
        while (true) {
            String k = keys[h];
            if (k == null) {
                return -1;
            }
            if (k.length() == len && same(k, c, off, len)) {
                return index[h];
            }
            h = (h + 1) & mask;
        }
    }

    private static boolean same(String k, char[] c, int off, int len) {
        for (int i = 0; i < len; i++) {
            if (k.charAt(i) != c[off + i]) {
                return false;
            }
        }
        return true;
    }

    /** The index of {@code s}, or -1. */
    int find(String s) {
        int h = hash(s) & mask;
        while (true) {
            String k = keys[h];
            if (k == null) {
                return -1;
            }
            if (k.equals(s)) {
                return index[h];
            }
            h = (h + 1) & mask;
        }
    }
}
