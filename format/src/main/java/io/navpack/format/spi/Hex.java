package io.navpack.format.spi;

/** Lower-case hex of byte arrays, and back. */
public final class Hex {
    private static final char[] DIGITS = "0123456789abcdef".toCharArray();

    private Hex() {
    }

    public static String of(byte[] b) {
        return of(b, 0, b.length);
    }

    public static String of(byte[] b, int offset, int length) {
        char[] out = new char[length * 2];
        for (int i = 0; i < length; i++) {
            int v = b[offset + i] & 0xFF;
            out[2 * i] = DIGITS[v >>> 4];
            out[2 * i + 1] = DIGITS[v & 15];
        }
        return new String(out);
    }

    /** Parses hex digits; spaces are ignored. */
    public static byte[] parse(String hex) {
        String s = hex.replaceAll("\\s+", "");
        if ((s.length() & 1) != 0) {
            throw new IllegalArgumentException("odd number of hex digits");
        }
        byte[] out = new byte[s.length() / 2];
        for (int i = 0; i < out.length; i++) {
            int hi = Character.digit(s.charAt(2 * i), 16);
            int lo = Character.digit(s.charAt(2 * i + 1), 16);
            if (hi < 0 || lo < 0) {
                throw new IllegalArgumentException("not a hex digit near position " + 2 * i);
            }
            out[i] = (byte) (hi << 4 | lo);
        }
        return out;
    }
}
