package io.navpack.format;

import io.navpack.format.spi.PackedInts;

import java.nio.charset.StandardCharsets;

/**
 * A bounds-checked cursor over a byte range. Every read checks the limit first, so corrupt or
 * truncated input raises {@link NavpackFormatException} and never an index or allocation error.
 * Not thread-safe; cheap to create.
 */
final class PackedReader {
    final byte[] b;
    int pos;
    int limit;

    public PackedReader(byte[] bytes) {
        this(bytes, 0, bytes.length);
    }

    public PackedReader(byte[] bytes, int offset, int length) {
        if (offset < 0 || length < 0 || offset > bytes.length - length) {
            throw new IllegalArgumentException("range " + offset + "+" + length + " outside an array of " + bytes.length);
        }
        this.b = bytes;
        this.pos = offset;
        this.limit = offset + length;
    }

    public int position() {
        return pos;
    }

    public int limit() {
        return limit;
    }

    public int remaining() {
        return limit - pos;
    }

    public int readByte() {
        if (pos >= limit) {
            throw new NavpackFormatException("truncated input: expected a byte", pos);
        }
        return b[pos++];
    }

    public int readUnsignedByte() {
        return readByte() & 0xFF;
    }

    public int readPackedInt() {
        int v = PackedInts.readInt(b, pos, limit);
        pos = PackedInts.skip(b, pos, limit);
        return v;
    }

    public long readPackedLong() {
        long v = PackedInts.readLong(b, pos, limit);
        pos = PackedInts.skip(b, pos, limit);
        return v;
    }

    /** A packed int that must be between 0 and {@code max}; {@code what} names it in the error. */
    public int readLength(String what, int max) {
        int at = pos;
        int n = readPackedInt();
        if (n < 0 || n > max) {
            throw new NavpackFormatException(what + " " + n + " outside 0.." + max, at);
        }
        return n;
    }

    /** A packed byte length that must fit in what is left of the input after it. */
    public int readByteLength(String what) {
        int at = pos;
        int n = readPackedInt();
        if (n < 0 || n > limit - pos) {
            throw new NavpackFormatException(what + " " + n + " exceeds the " + (limit - pos) + " bytes left", at);
        }
        return n;
    }

    public String readString() {
        int n = readByteLength("string length");
        String s = new String(b, pos, n, StandardCharsets.UTF_8);
        pos += n;
        return s;
    }

    public void require(int n, String what) {
        if (n < 0 || n > limit - pos) {
            throw new NavpackFormatException("truncated input: " + what + " needs " + n + " bytes, " + (limit - pos) + " left", pos);
        }
    }

    public void skip(int n) {
        require(n, "skip");
        pos += n;
    }
}
