package io.navpack.format;

import java.nio.charset.StandardCharsets;

/**
 * Decoded short ASCII strings, remembered by content: fields such as currencies, statuses and codes
 * hold few distinct values, and a query reads the same ones from value after value. A hit returns the
 * remembered instance instead of allocating a new string and its array. The table is shared and
 * written without locks: a slot holds some immutable string or null, and a string is returned only
 * when its characters are the bytes asked for.
 */
final class ShortStrings {
    /** Longest string remembered, in bytes. */
    static final int MAX_LENGTH = 16;
    private static final int SLOTS = 1 << 12;
    private static final String[] TABLE = new String[SLOTS];

    private ShortStrings() {
    }

    /** The string of the {@code n} UTF-8 bytes at {@code q}. */
    static String decode(byte[] b, int q, int n) {
        if (n > MAX_LENGTH || n == 0) {
            return n == 0 ? "" : new String(b, q, n, StandardCharsets.UTF_8);
        }
        int h = n;
        int ascii = 0;
        for (int i = q, end = q + n; i < end; i++) {
            int c = b[i];
            ascii |= c;
            h = 31 * h + c;
        }
        if (ascii < 0) {
            return new String(b, q, n, StandardCharsets.UTF_8);
        }
        int slot = (h ^ (h >>> 13)) & (SLOTS - 1);
        String s = TABLE[slot];
        if (s != null && s.length() == n && same(s, b, q, n)) {
            return s;
        }
        s = new String(b, q, n, StandardCharsets.ISO_8859_1);
        TABLE[slot] = s;
        return s;
    }

    private static boolean same(String s, byte[] b, int q, int n) {
        for (int i = 0; i < n; i++) {
            if (s.charAt(i) != b[q + i]) {
                return false;
            }
        }
        return true;
    }
}
