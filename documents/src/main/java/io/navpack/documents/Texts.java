package io.navpack.documents;

import io.navpack.format.NavpackFormatException;
import io.navpack.format.spi.PackedInts;
import io.navpack.format.RecordEncoder;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Text to typed values and back, exactly: a text is stored as a type only when the type writes it back
 * character for character ({@link TextType} says which texts those are). Parsing reads a parser's
 * character buffer and writes the value into a {@link RecordEncoder}; formatting reads the value's bytes
 * and writes the text into a {@link Utf8Buffer}. Neither makes a {@code String} or a {@code java.time}
 * object for the common cases.
 */
final class Texts {
    private static final long[] POW10 = new long[19];

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) {
            POW10[i] = POW10[i - 1] * 10;
        }
    }

    private Texts() {
    }

    // ---------------------------------------------------------------- which types fit

    /** The mask of {@link TextType#CANDIDATES} that {@code len} characters at {@code off} fit exactly. */
    static int fits(char[] c, int off, int len) {
        if (len == 0) {
            return 0;
        }
        char first = c[off];
        if (first == 't' || first == 'f') {
            return isBoolean(c, off, len) ? TextType.BOOLEAN.bit() : 0;
        }
        if (first == '-' || (first >= '0' && first <= '9')) {
            int mask = 0;
            int number = numberShape(c, off, len);
            if (number == 1) {
                mask |= TextType.DECIMAL.bit();
                if (len <= 20 && parseLong(c, off, len) != NOT_LONG) {
                    mask |= TextType.LONG.bit();
                }
            } else if (number == 2) {
                mask |= TextType.DECIMAL.bit();
            }
            if (len >= 8 && c[off + 2] == ':') {
                if (timeEnd(c, off, off + len, null) == off + len) {
                    mask |= TextType.TIME.bit();
                }
            } else if (len >= 10 && c[off + 4] == '-') {
                long day = date(c, off, len);
                if (day != NOT_DATE) {
                    if (len == 10) {
                        mask |= TextType.DATE.bit();
                    } else if (c[off + 10] == 'T') {
                        int end = off + len;
                        int t = timeEnd(c, off + 11, end, null);
                        if (t == end) {
                            mask |= TextType.DATE_TIME.bit();
                        } else if (t > 0 && offsetSeconds(c, t, end) != NOT_OFFSET) {
                            mask |= TextType.OFFSET_DATE_TIME.bit();
                        }
                    }
                }
            }
            return mask;
        }
        return 0;
    }

    static int fits(String s) {
        char[] c = s.toCharArray();
        return fits(c, 0, c.length);
    }

    private static boolean isBoolean(char[] c, int off, int len) {
        return len == 4 && c[off] == 't' && c[off + 1] == 'r' && c[off + 2] == 'u' && c[off + 3] == 'e'
                || len == 5 && c[off] == 'f' && c[off + 1] == 'a' && c[off + 2] == 'l' && c[off + 3] == 's' && c[off + 4] == 'e';
    }

    /**
     * 1 for a canonical integer ({@code -?(0|[1-9][0-9]*)}, not {@code -0}), 2 for a canonical plain decimal
     * with a fraction (not zero with a minus), 0 otherwise.
     */
    private static int numberShape(char[] c, int off, int len) {
        int i = off;
        int end = off + len;
        boolean negative = c[i] == '-';
        if (negative) {
            i++;
        }
        if (i >= end) {
            return 0;
        }
        int intStart = i;
        while (i < end && c[i] >= '0' && c[i] <= '9') {
            i++;
        }
        int intDigits = i - intStart;
        if (intDigits == 0 || (intDigits > 1 && c[intStart] == '0')) {
            return 0;
        }
        boolean nonZero = intDigits > 1 || c[intStart] != '0';
        if (i == end) {
            return negative && !nonZero ? 0 : 1;
        }
        if (c[i] != '.') {
            return 0;
        }
        i++;
        int fracStart = i;
        while (i < end && c[i] >= '0' && c[i] <= '9') {
            nonZero |= c[i] != '0';
            i++;
        }
        if (i != end || i == fracStart) {
            return 0;
        }
        return negative && !nonZero ? 0 : 2;
    }

    static final long NOT_LONG = Long.MIN_VALUE + 7;

    /** The canonical integer's value, or {@link #NOT_LONG}; the text must be a canonical integer shape already. */
    private static long parseLong(char[] c, int off, int len) {
        int i = off;
        int end = off + len;
        boolean negative = c[i] == '-';
        if (negative) {
            i++;
        }
        long v = 0;
        for (; i < end; i++) {
            int d = c[i] - '0';
            if (v < (Long.MIN_VALUE + d) / 10) {
                return NOT_LONG;
            }
            v = v * 10 - d; // accumulate negatively: Long.MIN_VALUE fits
        }
        if (!negative) {
            if (v == Long.MIN_VALUE) {
                return NOT_LONG;
            }
            v = -v;
        }
        return v == NOT_LONG ? NOT_LONG : v;
    }

    static final long NOT_DATE = Long.MIN_VALUE;

    /** The epoch day of {@code yyyy-MM-dd} at {@code off} (only its first 10 characters are read), or {@link #NOT_DATE}. */
    private static long date(char[] c, int off, int len) {
        if (len < 10 || c[off + 4] != '-' || c[off + 7] != '-') {
            return NOT_DATE;
        }
        int y = digits(c, off, 4);
        int m = digits(c, off + 5, 2);
        int d = digits(c, off + 8, 2);
        if (y < 0 || m < 1 || m > 12 || d < 1 || d > monthLength(y, m)) {
            return NOT_DATE;
        }
        return epochDay(y, m, d);
    }

    /** {@code n} decimal digits at {@code off}, or -1. */
    private static int digits(char[] c, int off, int n) {
        int v = 0;
        for (int i = off; i < off + n; i++) {
            int d = c[i] - '0';
            if (d < 0 || d > 9) {
                return -1;
            }
            v = v * 10 + d;
        }
        return v;
    }

    private static int monthLength(int y, int m) {
        return switch (m) {
            case 2 -> (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }

    /** Days from 1970-01-01 to the proleptic Gregorian date (civil-from-days, inverted). */
    static long epochDay(int y, int m, int d) {
        long yy = m <= 2 ? y - 1 : y;
        long era = Math.floorDiv(yy, 400);
        long yoe = yy - era * 400;
        long doy = (153L * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
        long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        return era * 146097 + doe - 719468;
    }

    /**
     * Parses {@code HH:mm:ss[.fraction]} at {@code off}; returns the position after it, or -1. With {@code out}
     * (two ints) it stores the second of day and the nano.
     */
    private static int timeEnd(char[] c, int off, int end, int[] out) {
        if (end - off < 8 || c[off + 2] != ':' || c[off + 5] != ':') {
            return -1;
        }
        int h = digits(c, off, 2);
        int mi = digits(c, off + 3, 2);
        int s = digits(c, off + 6, 2);
        if (h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 59) {
            return -1;
        }
        int i = off + 8;
        int nano = 0;
        if (i < end && c[i] == '.') {
            i++;
            int start = i;
            while (i < end && c[i] >= '0' && c[i] <= '9' && i - start < 10) {
                nano = nano * 10 + (c[i] - '0');
                i++;
            }
            int n = i - start;
            if (n == 0 || n > 9 || c[i - 1] == '0') {
                return -1; // none, too many, or a trailing zero the value would not keep
            }
            nano *= (int) POW10[9 - n];
        }
        if (out != null) {
            out[0] = h * 3600 + mi * 60 + s;
            out[1] = nano;
        }
        return i;
    }

    static final int NOT_OFFSET = Integer.MIN_VALUE;

    /** {@code Z} or {@code ±HH:MM} (not zero) from {@code off} to {@code end}, in seconds, or {@link #NOT_OFFSET}. */
    private static int offsetSeconds(char[] c, int off, int end) {
        if (end - off == 1 && c[off] == 'Z') {
            return 0;
        }
        if (end - off != 6 || (c[off] != '+' && c[off] != '-') || c[off + 3] != ':') {
            return NOT_OFFSET;
        }
        int h = digits(c, off + 1, 2);
        int m = digits(c, off + 4, 2);
        if (h < 0 || h > 18 || m < 0 || m > 59 || (h == 18 && m > 0) || (h == 0 && m == 0)) {
            return NOT_OFFSET;
        }
        int s = h * 3600 + m * 60;
        return c[off] == '-' ? -s : s;
    }

    // ---------------------------------------------------------------- writing typed values from text

    /**
     * Writes the text as a value of {@code type} when it fits exactly and returns true; otherwise writes nothing
     * and returns false. {@code scratch} holds two ints.
     */
    static boolean write(TextType type, char[] c, int off, int len, RecordEncoder e, int[] scratch) {
        switch (type) {
            case STRING, JSON -> {
                e.writeString(c, off, len);
                return true;
            }
            case BOOLEAN -> {
                if (!isBoolean(c, off, len)) {
                    return false;
                }
                e.writeBoolean(c[off] == 't');
                return true;
            }
            case LONG -> {
                if (len == 0 || len > 20 || numberShape(c, off, len) != 1) {
                    return false;
                }
                long v = parseLong(c, off, len);
                if (v == NOT_LONG) {
                    return false;
                }
                e.writeLong(v);
                return true;
            }
            case DECIMAL -> {
                if (len == 0) {
                    return false;
                }
                int shape = numberShape(c, off, len);
                if (shape == 0) {
                    return false;
                }
                writeDecimal(c, off, len, e);
                return true;
            }
            case DATE -> {
                if (len != 10) {
                    return false;
                }
                long day = date(c, off, len);
                if (day == NOT_DATE) {
                    return false;
                }
                e.writeDate(day);
                return true;
            }
            case TIME -> {
                if (timeEnd(c, off, off + len, scratch) != off + len) {
                    return false;
                }
                e.writeTime(scratch[0], scratch[1]);
                return true;
            }
            case DATE_TIME, OFFSET_DATE_TIME -> {
                if (len < 19 || c[off + 10] != 'T') {
                    return false;
                }
                long day = date(c, off, len);
                if (day == NOT_DATE) {
                    return false;
                }
                int end = off + len;
                int t = timeEnd(c, off + 11, end, scratch);
                if (type == TextType.DATE_TIME) {
                    if (t != end) {
                        return false;
                    }
                    e.writeDateTime(day, scratch[0], scratch[1]);
                    return true;
                }
                int offset = t < 0 ? NOT_OFFSET : offsetSeconds(c, t, end);
                if (offset == NOT_OFFSET) {
                    return false;
                }
                e.writeOffsetDateTime(day, scratch[0], scratch[1], offset);
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    /** A canonical plain decimal's digits as unscaled value and scale. */
    private static void writeDecimal(char[] c, int off, int len, RecordEncoder e) {
        int end = off + len;
        int digits = 0;
        long unscaled = 0;
        int scale = 0;
        boolean negative = c[off] == '-';
        boolean fraction = false;
        for (int i = negative ? off + 1 : off; i < end; i++) {
            char ch = c[i];
            if (ch == '.') {
                fraction = true;
                continue;
            }
            if (fraction) {
                scale++;
            }
            if (digits > 0 || ch != '0') {
                digits++;
            }
            if (digits > 18) {
                e.writeDecimal(new BigDecimal(c, off, len));
                return;
            }
            unscaled = unscaled * 10 + (ch - '0');
        }
        e.writeDecimal(negative ? -unscaled : unscaled, scale);
    }

    // ---------------------------------------------------------------- formatting typed values

    /** Writes the text of the value of {@code shape} (a scalar or an enum) at {@code p}; returns the position after it. */
    static int formatOrEnum(Shape shape, byte[] b, int p, int limit, Utf8Buffer out, Utf8Buffer.Escape escape) {
        if (shape.kind == Shape.Kind.ENUM) {
            int i = PackedInts.readInt(b, p, limit);
            if (i < 0 || i >= shape.constants.size()) {
                throw new NavpackFormatException("enum index " + i + " outside the " + shape.constants.size()
                        + " constants", p);
            }
            byte[] u = shape.utf8[i];
            out.escaped(u, 0, u.length, escape);
            return PackedInts.skipInt(b, p, limit);
        }
        return format(shape.text, b, p, limit, out, escape);
    }

    /**
     * Writes the text of the {@code type} value at {@code p} (strings escaped as {@code escape} says) and
     * returns the position after the value.
     */
    static int format(TextType type, byte[] b, int p, int limit, Utf8Buffer out, Utf8Buffer.Escape escape) {
        switch (type) {
            case STRING, JSON -> {
                int q = PackedInts.skipInt(b, p, limit);
                int n = PackedInts.readInt(b, p, limit);
                if (n < 0 || n > limit - q) {
                    throw new NavpackFormatException("string length " + n + " exceeds the " + (limit - q) + " bytes left", p);
                }
                out.escaped(b, q, n, escape);
                return q + n;
            }
            case BYTES -> {
                int q = PackedInts.skipInt(b, p, limit);
                int n = PackedInts.readInt(b, p, limit);
                return q + n;
            }
            case BOOLEAN -> {
                if (p >= limit) {
                    throw new NavpackFormatException("truncated boolean", p);
                }
                out.ascii(b[p] != 0 ? "true" : "false");
                return p + 1;
            }
            case LONG -> {
                out.longValue(PackedInts.readLong(b, p, limit));
                return PackedInts.skip(b, p, limit);
            }
            case DECIMAL -> {
                return formatDecimal(b, p, limit, out, false);
            }
            case DATE -> {
                formatDate(PackedInts.readLong(b, p, limit), out, p);
                return PackedInts.skip(b, p, limit);
            }
            case TIME -> {
                return formatTime(b, p, limit, out);
            }
            case DATE_TIME -> {
                formatDate(PackedInts.readLong(b, p, limit), out, p);
                out.byte1('T');
                return formatTime(b, PackedInts.skip(b, p, limit), limit, out);
            }
            case OFFSET_DATE_TIME -> {
                formatDate(PackedInts.readLong(b, p, limit), out, p);
                out.byte1('T');
                int q = formatTime(b, PackedInts.skip(b, p, limit), limit, out);
                int k = PackedInts.readInt(b, q, limit);
                int seconds = (k & 1) == 0 ? (k >> 1) * 900 : k >> 1;
                formatOffset(seconds, out);
                return PackedInts.skipInt(b, q, limit);
            }
            default -> throw new IllegalStateException("no text form for " + type);
        }
    }

    /**
     * A decimal as plain text ({@code 0.00121}); with {@code jsonKind}, one of negative scale in exponent form
     * ({@code 1E+2}), so that JSON reads it as a decimal: a JSON decimal is stored with a scale other than 0.
     */
    static int formatDecimal(byte[] b, int p, int limit, Utf8Buffer out, boolean jsonKind) {
        long h = PackedInts.readLong(b, p, limit);
        int q = PackedInts.skip(b, p, limit);
        long scaleL = h >> 4;
        if (scaleL != (int) scaleL) {
            throw new NavpackFormatException("decimal scale " + scaleL + " out of range", p);
        }
        int scale = (int) scaleL;
        int z = (int) (h & 15);
        BigInteger big = null;
        long m = 0;
        int end;
        if (z == 15) {
            int r = PackedInts.skipInt(b, q, limit);
            int n = PackedInts.readInt(b, q, limit);
            if (n <= 0 || n > limit - r) {
                throw new NavpackFormatException("big integer of " + n + " bytes", q);
            }
            big = new BigInteger(b, r, n);
            end = r + n;
        } else {
            m = PackedInts.readLong(b, q, limit);
            end = PackedInts.skip(b, q, limit);
            long hi = Math.multiplyHigh(m, POW10[z]);
            long lo = m * POW10[z];
            if ((hi == 0 && lo >= 0) || (hi == -1 && lo < 0)) {
                m = lo;
            } else {
                big = BigInteger.valueOf(m).multiply(BigInteger.TEN.pow(z));
            }
        }
        if (big != null || scale < 0) {
            BigDecimal d = new BigDecimal(big != null ? big : BigInteger.valueOf(m), scale);
            out.ascii(jsonKind && scale < 0 ? d.toString() : d.toPlainString());
            return end;
        }
        plainDecimal(m, scale, out);
        return end;
    }

    /** {@code unscaled × 10^-scale} in plain notation, {@code scale >= 0}. */
    private static void plainDecimal(long unscaled, int scale, Utf8Buffer out) {
        if (scale == 0) {
            out.longValue(unscaled);
            return;
        }
        if (unscaled == Long.MIN_VALUE) {
            out.ascii(BigDecimal.valueOf(unscaled, scale).toPlainString());
            return;
        }
        if (unscaled < 0) {
            out.byte1('-');
            unscaled = -unscaled;
        }
        int digits = 1;
        for (long t = unscaled; t >= 10; t /= 10) {
            digits++;
        }
        if (digits <= scale) {
            out.byte1('0');
            out.byte1('.');
            for (int i = digits; i < scale; i++) {
                out.byte1('0');
            }
            out.padded(unscaled, digits);
        } else {
            long div = scale < POW10.length ? POW10[scale] : Long.MAX_VALUE;
            out.longValue(unscaled / div);
            out.byte1('.');
            out.padded(unscaled % div, scale);
        }
    }

    private static void formatDate(long epochDay, Utf8Buffer out, int at) {
        // days-from-civil inverted (H. Hinnant)
        long z = epochDay + 719468;
        long era = Math.floorDiv(z, 146097);
        long doe = z - era * 146097;
        long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
        long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        long mp = (5 * doy + 2) / 153;
        long d = doy - (153 * mp + 2) / 5 + 1;
        long m = mp < 10 ? mp + 3 : mp - 9;
        long y = yoe + era * 400 + (m <= 2 ? 1 : 0);
        if (y < 0 || y > 9999) {
            throw new NavpackFormatException("date of epoch day " + epochDay + " outside the years 0000-9999", at);
        }
        out.padded(y, 4);
        out.byte1('-');
        out.padded(m, 2);
        out.byte1('-');
        out.padded(d, 2);
    }

    private static int formatTime(byte[] b, int p, int limit, Utf8Buffer out) {
        long s = PackedInts.readLong(b, p, limit);
        int q = PackedInts.skip(b, p, limit);
        long seconds = s >> 1;
        if (seconds < 0 || seconds >= 86_400) {
            throw new NavpackFormatException("second of day " + seconds + " out of range", p);
        }
        out.padded(seconds / 3600, 2);
        out.byte1(':');
        out.padded(seconds / 60 % 60, 2);
        out.byte1(':');
        out.padded(seconds % 60, 2);
        if ((s & 1) != 0) {
            int nano = PackedInts.readInt(b, q, limit);
            if (nano <= 0 || nano >= 1_000_000_000) {
                throw new NavpackFormatException("nanosecond " + nano + " out of range", q);
            }
            q = PackedInts.skipInt(b, q, limit);
            int digits = 9;
            while (nano % 10 == 0) {
                nano /= 10;
                digits--;
            }
            out.byte1('.');
            out.padded(nano, digits);
        }
        return q;
    }

    private static void formatOffset(int seconds, Utf8Buffer out) {
        if (seconds == 0) {
            out.byte1('Z');
            return;
        }
        out.byte1(seconds < 0 ? '-' : '+');
        int a = Math.abs(seconds);
        out.padded(a / 3600, 2);
        out.byte1(':');
        out.padded(a / 60 % 60, 2);
        if (a % 60 != 0) {
            out.byte1(':');
            out.padded(a % 60, 2);
        }
    }
}
