package io.navpack.format;

/**
 * Packed integers, byte for byte as Coherence POF packs them. The first byte holds a continuation
 * bit (0x80), a sign bit (0x40) and the six lowest value bits; every further byte holds a
 * continuation bit and the next seven value bits, low groups first. A negative number {@code n} is
 * written as the sign bit plus the bits of {@code ~n}, so small magnitudes of either sign take one
 * byte: -64..63 in one byte, -8192..8191 in two.
 *
 * <p>Readers check every bound: a packed int that runs past the limit, is longer than 5 (int) or 10
 * (long) bytes, or overflows its type raises {@link NavpackFormatException}.
 */
public final class PackedInts {
    /** Longest encoding of an int. */
    public static final int MAX_INT_BYTES = 5;
    /** Longest encoding of a long. */
    public static final int MAX_LONG_BYTES = 10;

    private PackedInts() {
    }

    /** Number of bytes {@link #writeInt} uses for {@code n}. */
    public static int sizeOfInt(int n) {
        return sizeOfLong(n);
    }

    /** Number of bytes {@link #writeLong} uses for {@code n}. */
    public static int sizeOfLong(long n) {
        long m = n < 0 ? ~n : n;
        // 6 value bits in the first byte, 7 in each further byte: 1 + ceil((bits - 6) / 7)
        return 1 + (64 - Long.numberOfLeadingZeros(m)) / 7;
    }

    /** Writes {@code n} at {@code pos}; the array must have room. Returns the position after it. */
    public static int writeInt(byte[] b, int pos, int n) {
        int first = 0;
        if (n < 0) {
            first = 0x40;
            n = ~n;
        }
        first |= n & 0x3F;
        n >>>= 6;
        if (n == 0) {
            b[pos] = (byte) first;
            return pos + 1;
        }
        b[pos++] = (byte) (first | 0x80);
        while (n > 0x7F) {
            b[pos++] = (byte) (0x80 | (n & 0x7F));
            n >>>= 7;
        }
        b[pos++] = (byte) n;
        return pos;
    }

    /** Writes {@code n} at {@code pos}; the array must have room. Returns the position after it. */
    public static int writeLong(byte[] b, int pos, long n) {
        int first = 0;
        if (n < 0) {
            first = 0x40;
            n = ~n;
        }
        first |= (int) (n & 0x3F);
        n >>>= 6;
        if (n == 0) {
            b[pos] = (byte) first;
            return pos + 1;
        }
        b[pos++] = (byte) (first | 0x80);
        while (n > 0x7F) {
            b[pos++] = (byte) (0x80 | (n & 0x7F));
            n >>>= 7;
        }
        b[pos++] = (byte) n;
        return pos;
    }

    /** Reads a packed int starting at {@code pos}; all bytes must lie before {@code limit}. */
    public static int readInt(byte[] b, int pos, int limit) {
        if (pos >= limit) {
            throw truncated(pos);
        }
        int x = b[pos++];
        int n = x & 0x3F;
        boolean negative = (x & 0x40) != 0;
        int shift = 6;
        while ((x & 0x80) != 0) {
            if (pos >= limit) {
                throw truncated(pos);
            }
            x = b[pos++];
            if (shift == 27) {
                // fifth byte: only 4 more value bits fit into a non-negative int, and no continuation
                if ((x & 0xF0) != 0) {
                    throw new NavpackFormatException("packed int overflows 32 bits", pos - 1);
                }
            }
            n |= (x & 0x7F) << shift;
            shift += 7;
        }
        return negative ? ~n : n;
    }

    /** Reads a packed long starting at {@code pos}; all bytes must lie before {@code limit}. */
    public static long readLong(byte[] b, int pos, int limit) {
        if (pos >= limit) {
            throw truncated(pos);
        }
        int x = b[pos++];
        long n = x & 0x3F;
        boolean negative = (x & 0x40) != 0;
        int shift = 6;
        while ((x & 0x80) != 0) {
            if (pos >= limit) {
                throw truncated(pos);
            }
            x = b[pos++];
            if (shift == 62) {
                // tenth byte: one more value bit fits into a non-negative long, and no continuation
                if ((x & 0xFE) != 0) {
                    throw new NavpackFormatException("packed long overflows 64 bits", pos - 1);
                }
            }
            n |= (long) (x & 0x7F) << shift;
            shift += 7;
        }
        return negative ? ~n : n;
    }

    /** Position after the packed int or long that starts at {@code pos}. */
    public static int skip(byte[] b, int pos, int limit) {
        int start = pos;
        while (true) {
            if (pos >= limit) {
                throw truncated(pos);
            }
            if (b[pos++] >= 0) {
                return pos;
            }
            if (pos - start >= MAX_LONG_BYTES) {
                throw new NavpackFormatException("packed integer longer than " + MAX_LONG_BYTES + " bytes", start);
            }
        }
    }

    /** Position after the packed int that starts at {@code pos}; the int's value must fit 32 bits. */
    public static int skipInt(byte[] b, int pos, int limit) {
        int end = skip(b, pos, limit);
        if (end - pos >= MAX_INT_BYTES) {
            readInt(b, pos, limit); // validates the fifth byte
        }
        return end;
    }

    static NavpackFormatException truncated(int pos) {
        return new NavpackFormatException("truncated packed integer", pos);
    }
}
