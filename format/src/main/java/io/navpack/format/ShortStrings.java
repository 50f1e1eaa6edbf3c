package io.navpack.format;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Decoded short ASCII strings, remembered by content: fields such as currencies, statuses and codes
 * hold few distinct values, and a query reads the same ones from value after value. A hit returns the
 * remembered instance instead of allocating a new string and its array. The bytes of a string are read
 * as two 64-bit words, which hash it and are what an entry is compared by. The table is shared and
 * written without locks: a slot holds an immutable entry or null, and a string is returned only when
 * its entry holds the bytes asked for.
 */
final class ShortStrings {
    /** Longest string remembered, in bytes. */
    static final int MAX_LENGTH = 16;
    private static final int SLOTS = 1 << 12;
    private static final Entry[] TABLE = new Entry[SLOTS];
    private static final VarHandle WORD = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080808080808080L;

    private ShortStrings() {
    }

    private static final class Entry {
        final long low;
        final long high;
        final int length;
        final String string;

        Entry(long low, long high, int length, String string) {
            this.low = low;
            this.high = high;
            this.length = length;
            this.string = string;
        }
    }

    /** The string of the {@code n} UTF-8 bytes at {@code q}, which lie inside the array. */
    static String decode(byte[] b, int q, int n) {
        if (n > MAX_LENGTH || n == 0 || b.length < 8) {
            return n == 0 ? "" : new String(b, q, n, StandardCharsets.UTF_8);
        }
        long low;
        long high = 0;
        if (n > 8) {
            low = (long) WORD.get(b, q);
            high = (long) WORD.get(b, q + n - 8) >>> ((16 - n) << 3);
        } else {
            int base = Math.min(q, b.length - 8);
            low = ((long) WORD.get(b, base) >>> ((q - base) << 3)) & (-1L >>> ((8 - n) << 3));
        }
        if (((low | high) & HIGH_BITS) != 0) {
            return new String(b, q, n, StandardCharsets.UTF_8);
        }
        long h = (low * 0x9E3779B97F4A7C15L) ^ (high * 0xC2B2AE3D27D4EB4FL) ^ n;
        int slot = (int) ((h ^ (h >>> 29)) * 0x94D049BB133111EBL >>> 52);
        Entry e = TABLE[slot];
        if (e != null && e.low == low && e.high == high && e.length == n) {
            return e.string;
        }
        String s = new String(b, q, n, StandardCharsets.ISO_8859_1);
        TABLE[slot] = new Entry(low, high, n, s);
        return s;
    }
}
