package io.navpack.documents;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.nio.charset.StandardCharsets;

/**
 * A growing UTF-8 output buffer with the escaping that XML and JSON text need: what the transcoders write
 * documents into, byte by byte, without a {@code String} per value. Reused per thread.
 */
final class Utf8Buffer {
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    byte[] buf;
    int pos;

    Utf8Buffer(int capacity) {
        buf = new byte[Math.max(64, capacity)];
    }

    void reset() {
        pos = 0;
    }

    int size() {
        return pos;
    }

    byte[] toByteArray() {
        return Arrays.copyOf(buf, pos);
    }

    void writeTo(OutputStream out) throws IOException {
        out.write(buf, 0, pos);
    }

    void ensure(int n) {
        if (n > buf.length - pos) {
            long wanted = Math.max((long) buf.length * 2, (long) pos + n);
            if (wanted > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("document larger than 2 GB");
            }
            buf = Arrays.copyOf(buf, (int) wanted);
        }
    }

    void byte1(int b) {
        ensure(1);
        buf[pos++] = (byte) b;
    }

    void bytes(byte[] b) {
        bytes(b, 0, b.length);
    }

    void bytes(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, pos, len);
        pos += len;
    }

    /** Characters known to be ASCII (names, digits, punctuation). */
    void ascii(String s) {
        int n = s.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            buf[pos++] = (byte) s.charAt(i);
        }
    }

    /** Any characters, as UTF-8, unescaped. */
    void utf8(CharSequence s) {
        int n = s.length();
        ensure(n * 3);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                buf[pos++] = (byte) c;
            } else {
                i = nonAscii(s, i, c);
            }
        }
    }

    private int nonAscii(CharSequence s, int i, char c) {
        ensure(4);
        if (c < 0x800) {
            buf[pos++] = (byte) (0xC0 | (c >> 6));
            buf[pos++] = (byte) (0x80 | (c & 0x3F));
        } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
            int cp = Character.toCodePoint(c, s.charAt(++i));
            buf[pos++] = (byte) (0xF0 | (cp >> 18));
            buf[pos++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
            buf[pos++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
            buf[pos++] = (byte) (0x80 | (cp & 0x3F));
        } else if (Character.isSurrogate(c)) {
            buf[pos++] = '?';
        } else {
            buf[pos++] = (byte) (0xE0 | (c >> 12));
            buf[pos++] = (byte) (0x80 | ((c >> 6) & 0x3F));
            buf[pos++] = (byte) (0x80 | (c & 0x3F));
        }
        return i;
    }

    void longValue(long v) {
        ensure(20);
        if (v == Long.MIN_VALUE) {
            ascii("-9223372036854775808");
            return;
        }
        if (v < 0) {
            buf[pos++] = '-';
            v = -v;
        }
        int digits = 1;
        for (long t = v; t >= 10; t /= 10) {
            digits++;
        }
        int end = pos + digits;
        for (int p = end - 1; p >= pos; p--) {
            buf[p] = (byte) ('0' + v % 10);
            v /= 10;
        }
        pos = end;
    }

    /** {@code v} in exactly {@code digits} digits, zero-padded. */
    void padded(long v, int digits) {
        ensure(digits);
        for (int p = pos + digits - 1; p >= pos; p--) {
            buf[p] = (byte) ('0' + v % 10);
            v /= 10;
        }
        pos += digits;
    }

    // ---------------------------------------------------------------- escaping of UTF-8 bytes

    /** XML character data: {@code & < >} escaped, and CR kept as a reference (a parser would turn it into LF). */
    void xmlText(byte[] b, int off, int len) {
        ensure(len);
        int end = off + len;
        int run = off;
        for (int i = off; i < end; i++) {
            byte c = b[i];
            if (c == '&' || c == '<' || c == '>' || c == '\r') {
                bytes(b, run, i - run);
                ascii(c == '&' ? "&amp;" : c == '<' ? "&lt;" : c == '>' ? "&gt;" : "&#13;");
                run = i + 1;
            }
        }
        bytes(b, run, end - run);
    }

    /** An XML attribute value in double quotes: also {@code "} and the whitespace a parser would normalise. */
    void xmlAttribute(byte[] b, int off, int len) {
        ensure(len);
        int end = off + len;
        int run = off;
        for (int i = off; i < end; i++) {
            byte c = b[i];
            if (c == '&' || c == '<' || c == '"' || c == '\r' || c == '\n' || c == '\t' || c == '>') {
                bytes(b, run, i - run);
                ascii(switch (c) {
                    case '&' -> "&amp;";
                    case '<' -> "&lt;";
                    case '>' -> "&gt;";
                    case '"' -> "&quot;";
                    case '\r' -> "&#13;";
                    case '\n' -> "&#10;";
                    default -> "&#9;";
                });
                run = i + 1;
            }
        }
        bytes(b, run, end - run);
    }

    /** A JSON string's content (without the quotes): {@code " \} and control characters escaped. */
    void jsonString(byte[] b, int off, int len) {
        ensure(len);
        int end = off + len;
        int run = off;
        for (int i = off; i < end; i++) {
            int c = b[i];
            if (c >= 0 && (c < 0x20 || c == '"' || c == '\\')) {
                bytes(b, run, i - run);
                switch (c) {
                    case '"' -> ascii("\\\"");
                    case '\\' -> ascii("\\\\");
                    case '\n' -> ascii("\\n");
                    case '\r' -> ascii("\\r");
                    case '\t' -> ascii("\\t");
                    default -> {
                        ascii("\\u00");
                        byte1(HEX[c >> 4]);
                        byte1(HEX[c & 15]);
                    }
                }
                run = i + 1;
            }
        }
        bytes(b, run, end - run);
    }

    /** Text of {@code s} escaped as {@code mode} says. */
    void escaped(String s, Escape mode) {
        if (mode == Escape.NONE) {
            utf8(s);
            return;
        }
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        escaped(b, 0, b.length, mode);
    }

    void escaped(byte[] b, int off, int len, Escape mode) {
        switch (mode) {
            case XML_TEXT -> xmlText(b, off, len);
            case XML_ATTRIBUTE -> xmlAttribute(b, off, len);
            case JSON -> jsonString(b, off, len);
            default -> bytes(b, off, len);
        }
    }

    /** How text is escaped where it is written. */
    enum Escape {
        XML_TEXT, XML_ATTRIBUTE, JSON, NONE
    }
}
