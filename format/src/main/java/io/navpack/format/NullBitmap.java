package io.navpack.format;

/**
 * The null bitmaps of records and containers: bit {@code slot & 7} of byte {@code slot >> 3} set means
 * slot {@code slot} holds null (a record's field, a container's element, a map's key or value).
 */
final class NullBitmap {
    private NullBitmap() {
    }

    /** Bytes of a bitmap of {@code slots} bits. */
    static int length(long slots) {
        return (int) ((slots + 7) >>> 3);
    }

    /** True when the bitmap at {@code bitmap} marks {@code slot} null; no bitmap ({@code bitmap < 0}) marks nothing. */
    static boolean isSet(byte[] b, int bitmap, int slot) {
        return bitmap >= 0 && (b[bitmap + (slot >>> 3)] & (1 << (slot & 7))) != 0;
    }

    /** Marks {@code slot} null in the bitmap at {@code bitmap}. */
    static void set(byte[] b, int bitmap, int slot) {
        b[bitmap + (slot >>> 3)] |= (byte) (1 << (slot & 7));
    }
}
