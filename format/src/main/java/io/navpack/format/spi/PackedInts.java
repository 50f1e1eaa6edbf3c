package io.navpack.format.spi;

import io.navpack.format.NavpackFormatException;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

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
    private static final VarHandle WORD = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** The continuation bit of each byte of a little-endian word. */
    private static final long STOPS = 0x8080808080808080L;

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

    // ---------------------------------------------------------------- streams

    /** Writes {@code n} to {@code out}, byte for byte as {@link #writeInt(byte[], int, int)} writes it. */
    public static void writeInt(DataOutput out, int n) throws IOException {
        int first = 0;
        if (n < 0) {
            first = 0x40;
            n = ~n;
        }
        first |= n & 0x3F;
        n >>>= 6;
        out.writeByte(n == 0 ? first : first | 0x80);
        while (n != 0) {
            int next = n >>> 7;
            out.writeByte((n & 0x7F) | (next != 0 ? 0x80 : 0));
            n = next;
        }
    }

    /**
     * Reads a packed int from {@code in}, checked as {@link #readInt(byte[], int, int)} checks it (a fifth byte
     * that overflows 32 bits is refused); {@code java.io.EOFException} when the input ends within it.
     */
    public static int readInt(DataInput in) throws IOException {
        int x = in.readByte();
        int n = x & 0x3F;
        boolean negative = (x & 0x40) != 0;
        int shift = 6;
        while ((x & 0x80) != 0) {
            x = in.readByte();
            if (shift == 27 && (x & 0xF0) != 0) {
                throw new NavpackFormatException("packed int overflows 32 bits", -1);
            }
            n |= (x & 0x7F) << shift;
            shift += 7;
        }
        return negative ? ~n : n;
    }

    // ---------------------------------------------------------------- word at a time

    /*
     * The fast path of readers that also need the end of the integer: the 8 bytes from a position as one
     * little-endian word, how many of them the packed integer takes (when they are at most 8) and its value,
     * with no loop. The byte-by-byte readers above remain the reference and the fallback.
     */

    /**
     * The 8 bytes from {@code q} as a little-endian word; near the end of the array, the bytes left and zeros
     * (a packed integer that reaches a zero there runs past the array, and the caller's limit check refuses it).
     * The array must have at least 8 bytes.
     */
    public static long word(byte[] b, int q) {
        int base = Math.min(q, b.length - 8);
        return (long) WORD.get(b, base) >>> ((q - base) << 3);
    }

    /**
     * The number of bytes (1..8) of the packed integer that starts word {@code w} ({@link #word}), or 0 when it
     * is longer than 8 bytes.
     */
    public static int lengthInWord(long w) {
        long stops = ~w & STOPS;
        return stops == 0 ? 0 : (Long.numberOfTrailingZeros(stops) + 1) >>> 3;
    }

    /**
     * The value of the packed integer of {@code length} (1..8, as {@link #lengthInWord} gives it) bytes that
     * starts word {@code w}: the first byte's six bits, then seven from each further byte, and the sign. At most
     * 4 bytes always fit an int; callers that want an int from a longer integer use {@link #readInt}, which
     * checks the overflow.
     */
    public static long valueInWord(long w, int length) {
        w &= -1L >>> (64 - (length << 3));
        long n = (w & 0x3F)
                | ((w >>> 2) & (0x7FL << 6))
                | ((w >>> 3) & (0x7FL << 13))
                | ((w >>> 4) & (0x7FL << 20))
                | ((w >>> 5) & (0x7FL << 27))
                | ((w >>> 6) & (0x7FL << 34))
                | ((w >>> 7) & (0x7FL << 41))
                | ((w >>> 8) & (0x7FL << 48));
        return (w & 0x40) != 0 ? ~n : n;
    }

    static NavpackFormatException truncated(int pos) {
        return new NavpackFormatException("truncated packed integer", pos);
    }
}
