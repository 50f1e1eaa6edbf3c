package io.navpack.documents;

import java.util.Arrays;
import java.util.List;

/**
 * Strings found by a range of characters without making a {@code String}: an open-addressing table from the
 * characters of each string to its index. The table is two ints a bucket (the hash, the index + 1) and the strings
 * one array of characters, so that a lookup reads three arrays whatever the strings. Immutable.
 */
final class CharTable {
    /** Per bucket: the full hash, then the string's index + 1 (0: empty). */
    private final int[] buckets;
    /** The strings' characters one after the other; string {@code i} is {@code starts[i]..starts[i + 1]}. */
    private final char[] chars;
    private final int[] starts;
    private final int mask;

    CharTable(List<String> strings) {
        int size = Integer.highestOneBit(Math.max(4, strings.size() * 2 - 1)) << 1;
        buckets = new int[2 * size];
        mask = size - 1;
        starts = new int[strings.size() + 1];
        int total = 0;
        for (int i = 0; i < strings.size(); i++) {
            total += strings.get(i).length();
            starts[i + 1] = total;
        }
        chars = new char[total];
        for (int i = 0; i < strings.size(); i++) {
            String s = strings.get(i);
            s.getChars(0, s.length(), chars, starts[i]);
            int full = hash(chars, starts[i], s.length());
            int h = full & mask;
            while (buckets[2 * h + 1] != 0) {
                h = (h + 1) & mask;
            }
            buckets[2 * h] = full;
            buckets[2 * h + 1] = i + 1;
        }
    }

    /**
     * A hash of the length and at most six characters spread over the string (the first, last, and four between):
     * constant time whatever the length, so that a lookup reads the characters once, to compare them. Strings that
     * share those characters are told apart by the comparison.
     */
    private static int hash(char[] c, int off, int len) {
        if (len == 0) {
            return 0;
        }
        int last = off + len - 1;
        int a = c[off] | c[last] << 16;
        int b = c[off + (len >>> 1)] | c[off + (len >>> 2)] << 16;
        int d = c[last - (len >>> 2)] | c[last - (len >>> 3)] << 16;
        int h = a * 0x9E3779B1 + b * 0x85EBCA77 + d * 0xC2B2AE3D + len;
        return h ^ (h >>> 15);
    }

    /** The index of the string with the {@code len} characters at {@code off}, or -1. */
    int find(char[] c, int off, int len) {
        int full = hash(c, off, len);
        int[] b = buckets;
        int h = full & mask;
        while (true) {
            int e = b[2 * h + 1];
            if (e == 0) {
                return -1;
            }
            if (b[2 * h] == full) {
                int s = starts[e - 1];
                if (starts[e] - s == len && equal(chars, s, c, off, len)) {
                    return e - 1;
                }
            }
            h = (h + 1) & mask;
        }
    }

    private static boolean equal(char[] k, int from, char[] c, int off, int len) {
        if (len > 16) {
            return Arrays.equals(k, from, from + len, c, off, off + len); // vectorised for long constants (URIs)
        }
        for (int i = 0; i < len; i++) {
            if (k[from + i] != c[off + i]) {
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
