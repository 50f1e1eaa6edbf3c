package io.navpack.format;

import io.navpack.format.spi.PackedInts;

import java.lang.invoke.MethodHandle;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import java.util.Arrays;

/**
 * The codecs of the kinds that need nothing but their kind: the eight Java primitives and the value
 * types of docs/format.md's table (string to uuid, bytes). Each class holds its kind's bytes as static
 * methods ({@code at} reads, {@code skip}, {@code write}), which {@link RecordView}'s typed getters call
 * directly, and the codec instance that {@link Codecs} gives the kind's {@link FieldType}.
 */
final class ScalarCodecs {
    private ScalarCodecs() {
    }

    /** A scalar: its Java classes (the primitive, if any, and the class of its plain form) are all it holds. */
    abstract static class Scalar extends Codec {
        private final Class<?> primitive;
        private final Class<?> boxed;

        Scalar(FieldType type, Class<?> primitive, Class<?> boxed) {
            super(type);
            this.primitive = primitive;
            this.boxed = boxed;
        }

        @Override
        final Class<?> plainClass(boolean box) {
            return box || primitive == null ? boxed : primitive;
        }

        @Override
        final boolean holds(Class<?> c) {
            return c == boxed || (primitive != null && c == primitive);
        }

        /** The Java classes that map to this kind: the primitive (if any) and the box or value class. */
        final Class<?>[] javaClasses() {
            return primitive == null ? new Class<?>[] {boxed} : new Class<?>[] {primitive, boxed};
        }
    }

    // ---------------------------------------------------------------- primitives

    static final class BooleanCodec extends Scalar {
        BooleanCodec(FieldType t) {
            super(t, boolean.class, Boolean.class);
        }

        static boolean at(byte[] b, int p, int limit) {
            Values.fixed(p, 1, limit);
            int v = b[p];
            if ((v & ~1) != 0) {
                throw new NavpackFormatException("boolean byte " + v + " is neither 0 nor 1", p);
            }
            return v == 1;
        }

        @Override int skipClass() { return 1; }
        @Override int skip(byte[] b, int p, int limit) { return Values.fixed(p, 1, limit); }
        @Override Object read(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d) { return at(b, p, limit); }
        @Override int readInto(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d, Object[] out, int slot) {
            out[slot] = at(b, p, limit);
            return p + 1;
        }
        @Override void write(PackedWriter w, Object x, JavaTarget t, int d) { w.writeByte((Boolean) x ? 1 : 0); }
        @Override void writeProperty(PackedWriter w, MethodHandle g, Object o) throws Throwable {
            w.writeByte((boolean) g.invokeExact(o) ? 1 : 0);
        }
        @Override void setProperty(MethodHandle s, Object o, byte[] b, int p, int limit) throws Throwable {
            s.invokeExact(o, at(b, p, limit));
        }
        @Override Object readArray(byte[] b, int p, int end, int count, FieldType array) {
            boolean[] out = new boolean[count];
            for (int i = 0; i < count; i++, p++) {
                out[i] = at(b, p, end);
            }
            Values.requireEnd(p, end, array);
            return out;
        }
        @Override void writeArray(PackedWriter w, Object array) {
            for (boolean v : (boolean[]) array) {
                w.writeByte(v ? 1 : 0);
            }
        }
    }

    static final class ByteCodec extends Scalar {
        ByteCodec(FieldType t) {
            super(t, byte.class, Byte.class);
        }

        static byte at(byte[] b, int p, int limit) {
            Values.fixed(p, 1, limit);
            return b[p];
        }

        @Override int skipClass() { return 1; }
        @Override int skip(byte[] b, int p, int limit) { return Values.fixed(p, 1, limit); }
        @Override Object read(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d) { return at(b, p, limit); }
        @Override int readInto(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d, Object[] out, int slot) {
            out[slot] = at(b, p, limit);
            return p + 1;
        }
        @Override void write(PackedWriter w, Object x, JavaTarget t, int d) { w.writeByte((Byte) x); }
        @Override void writeProperty(PackedWriter w, MethodHandle g, Object o) throws Throwable {
            w.writeByte((byte) g.invokeExact(o));
        }
        @Override void setProperty(MethodHandle s, Object o, byte[] b, int p, int limit) throws Throwable {
            s.invokeExact(o, at(b, p, limit));
        }
        @Override Object readArray(byte[] b, int p, int end, int count, FieldType array) {
            Values.fixed(p, count, end);
            Values.requireEnd(p + count, end, array);
            return Arrays.copyOfRange(b, p, p + count);
        }
        @Override void writeArray(PackedWriter w, Object array) {
            byte[] a = (byte[]) array;
            w.writeBytes(a, 0, a.length);
        }
    }

    static final class ShortCodec extends Scalar {
        ShortCodec(FieldType t) {
            super(t, short.class, Short.class);
        }

        static short at(byte[] b, int p, int limit) {
            return of(PackedInts.readInt(b, p, limit), p);
        }

        /** {@code v}, read at {@code p}, as a short; refused when it does not fit. */
        static short of(int v, int p) {
            if (v != (short) v) {
                throw new NavpackFormatException("short value " + v + " out of range", p);
            }
            return (short) v;
        }

        @Override int skipClass() { return SKIP_PACKED_INT; }
        @Override int skip(byte[] b, int p, int limit) { return PackedInts.skipInt(b, p, limit); }
        @Override Object read(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d) { return at(b, p, limit); }
        @Override int readInto(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d, Object[] out, int slot) {
            out[slot] = at(b, p, limit);
            return PackedInts.skip(b, p, limit);
        }
        @Override void write(PackedWriter w, Object x, JavaTarget t, int d) { w.writePackedInt((Short) x); }
        @Override void writeProperty(PackedWriter w, MethodHandle g, Object o) throws Throwable {
            w.writePackedInt((short) g.invokeExact(o));
        }
        @Override void setProperty(MethodHandle s, Object o, byte[] b, int p, int limit) throws Throwable {
            s.invokeExact(o, at(b, p, limit));
        }
        @Override Object readArray(byte[] b, int p, int end, int count, FieldType array) {
            short[] out = new short[count];
            for (int i = 0; i < count; i++) {
                out[i] = at(b, p, end);
                p = PackedInts.skip(b, p, end);
            }
            Values.requireEnd(p, end, array);
            return out;
        }
        @Override void writeArray(PackedWriter w, Object array) {
            for (short v : (short[]) array) {
                w.writePackedInt(v);
            }
        }
    }

    static final class CharCodec extends Scalar {
        CharCodec(FieldType t) {
            super(t, char.class, Character.class);
        }

        static char at(byte[] b, int p, int limit) {
            return of(PackedInts.readInt(b, p, limit), p);
        }

        /** {@code v}, read at {@code p}, as a char; refused when it does not fit. */
        static char of(int v, int p) {
            if (v != (char) v) {
                throw new NavpackFormatException("char value " + v + " out of range", p);
            }
            return (char) v;
        }

        @Override int skipClass() { return SKIP_PACKED_INT; }
        @Override int skip(byte[] b, int p, int limit) { return PackedInts.skipInt(b, p, limit); }
        @Override Object read(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d) { return at(b, p, limit); }
        @Override int readInto(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d, Object[] out, int slot) {
            out[slot] = at(b, p, limit);
            return PackedInts.skip(b, p, limit);
        }
        @Override void write(PackedWriter w, Object x, JavaTarget t, int d) { w.writePackedInt((Character) x); }
        @Override void writeProperty(PackedWriter w, MethodHandle g, Object o) throws Throwable {
            w.writePackedInt((char) g.invokeExact(o));
        }
        @Override void setProperty(MethodHandle s, Object o, byte[] b, int p, int limit) throws Throwable {
            s.invokeExact(o, at(b, p, limit));
        }
        @Override Object readArray(byte[] b, int p, int end, int count, FieldType array) {
            char[] out = new char[count];
            for (int i = 0; i < count; i++) {
                out[i] = at(b, p, end);
                p = PackedInts.skip(b, p, end);
            }
            Values.requireEnd(p, end, array);
            return out;
        }
        @Override void writeArray(PackedWriter w, Object array) {
            for (char v : (char[]) array) {
                w.writePackedInt(v);
            }
        }
    }

    static final class IntCodec extends Scalar {
        IntCodec(FieldType t) {
            super(t, int.class, Integer.class);
        }

        @Override int skipClass() { return SKIP_PACKED_INT; }
        @Override int skip(byte[] b, int p, int limit) { return PackedInts.skipInt(b, p, limit); }
        @Override Object read(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d) {
            return PackedInts.readInt(b, p, limit);
        }
        @Override int readInto(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d, Object[] out, int slot) {
            out[slot] = PackedInts.readInt(b, p, limit);
            return PackedInts.skip(b, p, limit);
        }
        @Override void write(PackedWriter w, Object x, JavaTarget t, int d) { w.writePackedInt((Integer) x); }
        @Override void writeProperty(PackedWriter w, MethodHandle g, Object o) throws Throwable {
            w.writePackedInt((int) g.invokeExact(o));
        }
        @Override void setProperty(MethodHandle s, Object o, byte[] b, int p, int limit) throws Throwable {
            s.invokeExact(o, PackedInts.readInt(b, p, limit));
        }
        @Override Object readArray(byte[] b, int p, int end, int count, FieldType array) {
            int[] out = new int[count];
            for (int i = 0; i < count; i++) {
                out[i] = PackedInts.readInt(b, p, end);
                p = PackedInts.skip(b, p, end);
            }
            Values.requireEnd(p, end, array);
            return out;
        }
        @Override void writeArray(PackedWriter w, Object array) {
            for (int v : (int[]) array) {
                w.writePackedInt(v);
            }
        }
    }

    static final class LongCodec extends Scalar {
        LongCodec(FieldType t) {
            super(t, long.class, Long.class);
        }

        @Override int skipClass() { return SKIP_PACKED; }
        @Override int skip(byte[] b, int p, int limit) { return PackedInts.skip(b, p, limit); }
        @Override Object read(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d) {
            return PackedInts.readLong(b, p, limit);
        }
        @Override int readInto(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d, Object[] out, int slot) {
            out[slot] = PackedInts.readLong(b, p, limit);
            return PackedInts.skip(b, p, limit);
        }
        @Override void write(PackedWriter w, Object x, JavaTarget t, int d) { w.writePackedLong((Long) x); }
        @Override void writeProperty(PackedWriter w, MethodHandle g, Object o) throws Throwable {
            w.writePackedLong((long) g.invokeExact(o));
        }
        @Override void setProperty(MethodHandle s, Object o, byte[] b, int p, int limit) throws Throwable {
            s.invokeExact(o, PackedInts.readLong(b, p, limit));
        }
        @Override Object readArray(byte[] b, int p, int end, int count, FieldType array) {
            long[] out = new long[count];
            for (int i = 0; i < count; i++) {
                out[i] = PackedInts.readLong(b, p, end);
                p = PackedInts.skip(b, p, end);
            }
            Values.requireEnd(p, end, array);
            return out;
        }
        @Override void writeArray(PackedWriter w, Object array) {
            for (long v : (long[]) array) {
                w.writePackedLong(v);
            }
        }
    }

    static final class FloatCodec extends Scalar {
        FloatCodec(FieldType t) {
            super(t, float.class, Float.class);
        }

        static float at(byte[] b, int p, int limit) {
            Values.fixed(p, 4, limit);
            return Float.intBitsToFloat(Values.int32(b, p));
        }

        @Override int skipClass() { return 4; }
        @Override int skip(byte[] b, int p, int limit) { return Values.fixed(p, 4, limit); }
        @Override Object read(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d) { return at(b, p, limit); }
        @Override int readInto(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d, Object[] out, int slot) {
            out[slot] = at(b, p, limit);
            return p + 4;
        }
        @Override void write(PackedWriter w, Object x, JavaTarget t, int d) { w.writeInt32(Float.floatToRawIntBits((Float) x)); }
        @Override void writeProperty(PackedWriter w, MethodHandle g, Object o) throws Throwable {
            w.writeInt32(Float.floatToRawIntBits((float) g.invokeExact(o)));
        }
        @Override void setProperty(MethodHandle s, Object o, byte[] b, int p, int limit) throws Throwable {
            s.invokeExact(o, at(b, p, limit));
        }
        @Override Object readArray(byte[] b, int p, int end, int count, FieldType array) {
            float[] out = new float[count];
            for (int i = 0; i < count; i++, p += 4) {
                out[i] = at(b, p, end);
            }
            Values.requireEnd(p, end, array);
            return out;
        }
        @Override void writeArray(PackedWriter w, Object array) {
            for (float v : (float[]) array) {
                w.writeInt32(Float.floatToRawIntBits(v));
            }
        }
    }

    static final class DoubleCodec extends Scalar {
        DoubleCodec(FieldType t) {
            super(t, double.class, Double.class);
        }

        static double at(byte[] b, int p, int limit) {
            Values.fixed(p, 8, limit);
            return Double.longBitsToDouble(Values.int64(b, p));
        }

        @Override int skipClass() { return 8; }
        @Override int skip(byte[] b, int p, int limit) { return Values.fixed(p, 8, limit); }
        @Override Object read(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d) { return at(b, p, limit); }
        @Override int readInto(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d, Object[] out, int slot) {
            out[slot] = at(b, p, limit);
            return p + 8;
        }
        @Override void write(PackedWriter w, Object x, JavaTarget t, int d) {
            w.writeInt64(Double.doubleToRawLongBits((Double) x));
        }
        @Override void writeProperty(PackedWriter w, MethodHandle g, Object o) throws Throwable {
            w.writeInt64(Double.doubleToRawLongBits((double) g.invokeExact(o)));
        }
        @Override void setProperty(MethodHandle s, Object o, byte[] b, int p, int limit) throws Throwable {
            s.invokeExact(o, at(b, p, limit));
        }
        @Override Object readArray(byte[] b, int p, int end, int count, FieldType array) {
            double[] out = new double[count];
            for (int i = 0; i < count; i++, p += 8) {
                out[i] = at(b, p, end);
            }
            Values.requireEnd(p, end, array);
            return out;
        }
        @Override void writeArray(PackedWriter w, Object array) {
            for (double v : (double[]) array) {
                w.writeInt64(Double.doubleToRawLongBits(v));
            }
        }
    }

    // ---------------------------------------------------------------- length-prefixed

    static final class StringCodec extends Scalar {
        StringCodec(FieldType t) {
            super(t, null, String.class);
        }

        static String at(byte[] b, int p, int limit) {
            int q = PackedInts.skipInt(b, p, limit);
            int n = Values.checkedLength(b, p, q, limit);
            return ShortStrings.decode(b, q, n);
        }

        /** Packed UTF-8 byte length, then standard UTF-8; an unpaired surrogate is written as '?', as the JDK does. */
        static void write(PackedWriter w, String s) {
            int n = s.length();
            int len = 0;
            for (int i = 0; i < n; i++) {
                char c = s.charAt(i);
                if (c < 0x80) {
                    len++;
                } else if (c < 0x800) {
                    len += 2;
                } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    len += 4;
                    i++;
                } else if (Character.isSurrogate(c)) {
                    len++;
                } else {
                    len += 3;
                }
            }
            w.writePackedInt(len);
            byte[] b = w.reserve(len);
            int p = w.size() - len;
            for (int i = 0; i < n; i++) {
                char c = s.charAt(i);
                if (c < 0x80) {
                    b[p++] = (byte) c;
                } else if (c < 0x800) {
                    b[p++] = (byte) (0xC0 | (c >> 6));
                    b[p++] = (byte) (0x80 | (c & 0x3F));
                } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    int cp = Character.toCodePoint(c, s.charAt(++i));
                    b[p++] = (byte) (0xF0 | (cp >> 18));
                    b[p++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                    b[p++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                    b[p++] = (byte) (0x80 | (cp & 0x3F));
                } else if (Character.isSurrogate(c)) {
                    b[p++] = '?';
                } else {
                    b[p++] = (byte) (0xE0 | (c >> 12));
                    b[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                    b[p++] = (byte) (0x80 | (c & 0x3F));
                }
            }
        }

        @Override int skipClass() { return SKIP_LENGTH; }
        @Override int skip(byte[] b, int p, int limit) { return Values.skipLengthPrefixed(b, p, limit); }
        @Override Object read(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d) { return at(b, p, limit); }
        @Override int readInto(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d, Object[] out, int slot) {
            int q = PackedInts.skipInt(b, p, limit);
            int n = Values.checkedLength(b, p, q, limit);
            out[slot] = ShortStrings.decode(b, q, n);
            return q + n;
        }
        @Override void write(PackedWriter w, Object x, JavaTarget t, int d) { write(w, (String) x); }
    }

    static final class BytesCodec extends Scalar {
        BytesCodec(FieldType t) {
            super(t, null, byte[].class);
        }

        static byte[] at(byte[] b, int p, int limit) {
            int q = PackedInts.skipInt(b, p, limit);
            int n = Values.checkedLength(b, p, q, limit);
            return Arrays.copyOfRange(b, q, q + n);
        }

        @Override int skipClass() { return SKIP_LENGTH; }
        @Override int skip(byte[] b, int p, int limit) { return Values.skipLengthPrefixed(b, p, limit); }
        @Override Object read(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d) { return at(b, p, limit); }
        @Override void write(PackedWriter w, Object x, JavaTarget t, int d) {
            byte[] bytes = (byte[]) x;
            w.writePackedInt(bytes.length);
            w.writeBytes(bytes, 0, bytes.length);
        }
    }

    static final class BigIntegerCodec extends Scalar {
        BigIntegerCodec(FieldType t) {
            super(t, null, BigInteger.class);
        }

        static BigInteger at(byte[] b, int p, int limit) {
            int q = PackedInts.skipInt(b, p, limit);
            int n = Values.checkedLength(b, p, q, limit);
            if (n == 0) {
                throw new NavpackFormatException("big integer with no bytes", p);
            }
            return new BigInteger(b, q, n);
        }

        static void write(PackedWriter w, BigInteger v) {
            byte[] bytes = v.toByteArray();
            w.writePackedInt(bytes.length);
            w.writeBytes(bytes, 0, bytes.length);
        }

        @Override int skipClass() { return SKIP_LENGTH; }
        @Override int skip(byte[] b, int p, int limit) { return Values.skipLengthPrefixed(b, p, limit); }
        @Override Object read(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d) { return at(b, p, limit); }
        @Override void write(PackedWriter w, Object x, JavaTarget t, int d) { write(w, (BigInteger) x); }
    }

    // ---------------------------------------------------------------- numbers and times

    static final class DecimalCodec extends Scalar {
        private static final long[] POW10 = new long[19];
        private static final double[] DOUBLE_POW10 = new double[23];

        static {
            POW10[0] = 1;
            for (int i = 1; i < POW10.length; i++) {
                POW10[i] = POW10[i - 1] * 10;
            }
            DOUBLE_POW10[0] = 1;
            for (int i = 1; i < DOUBLE_POW10.length; i++) {
                DOUBLE_POW10[i] = DOUBLE_POW10[i - 1] * 10;
            }
        }

        DecimalCodec(FieldType t) {
            super(t, null, BigDecimal.class);
        }

        static BigDecimal at(byte[] b, int p, int limit) {
            long h = PackedInts.readLong(b, p, limit);
            int q = PackedInts.skip(b, p, limit);
            long scaleL = h >> 4;
            if (scaleL != (int) scaleL) {
                throw new NavpackFormatException("decimal scale " + scaleL + " out of range", p);
            }
            int scale = (int) scaleL;
            int z = (int) (h & 15);
            if (z == 15) {
                return new BigDecimal(BigIntegerCodec.at(b, q, limit), scale);
            }
            return of(PackedInts.readLong(b, q, limit), z, scale);
        }

        /** The decimal {@code m × 10^z} with scale {@code scale}, for {@code z} in 0..14. */
        static BigDecimal of(long m, int z, int scale) {
            if (z == 0) {
                return BigDecimal.valueOf(m, scale);
            }
            long hi = Math.multiplyHigh(m, POW10[z]);
            long lo = m * POW10[z];
            if ((hi == 0 && lo >= 0) || (hi == -1 && lo < 0)) {
                return BigDecimal.valueOf(lo, scale);
            }
            return new BigDecimal(BigInteger.valueOf(m).multiply(BigInteger.TEN.pow(z)), scale);
        }

        static int skipAt(byte[] b, int p, int limit) {
            long h = PackedInts.readLong(b, p, limit);
            int q = PackedInts.skip(b, p, limit);
            return (h & 15) == 15 ? Values.skipLengthPrefixed(b, q, limit) : PackedInts.skip(b, q, limit);
        }

        /**
         * {@code h = scale << 4 | z}, then the unscaled value divided by 10^z as a packed long (z = 0..14,
         * the trailing decimal zeros taken out); or z = 15 and the unscaled value as length-prefixed
         * two's-complement bytes when it does not fit a long.
         */
        static void write(PackedWriter w, BigDecimal d) {
            int scale = d.scale();
            long unscaled;
            if (d.signum() == 0) {
                unscaled = 0;
            } else if (scale == 0 && d.precision() <= 18) {
                unscaled = d.longValue();
            } else if (scale > 0 && scale < DOUBLE_POW10.length && d.precision() <= 15) {
                // |unscaled| < 10^15 is an exact double, doubleValue() is correctly rounded, so the product
                // is within 0.25 of the unscaled value: rounding recovers it exactly, with no BigInteger
                unscaled = Math.round(d.doubleValue() * DOUBLE_POW10[scale]);
            } else {
                BigInteger u = d.unscaledValue();
                if (u.bitLength() > 63) {
                    w.writePackedLong(((long) scale << 4) | 15);
                    BigIntegerCodec.write(w, u);
                    return;
                }
                unscaled = u.longValue();
            }
            int z = 0;
            while (z < 14 && unscaled != 0 && unscaled % 10 == 0) {
                unscaled /= 10;
                z++;
            }
            w.writePackedLong(((long) scale << 4) | z);
            w.writePackedLong(unscaled);
        }

        @Override int skipClass() { return SKIP_DECIMAL; }
        @Override int skip(byte[] b, int p, int limit) { return skipAt(b, p, limit); }
        @Override Object read(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d) { return at(b, p, limit); }
        @Override int readInto(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d, Object[] out, int slot) {
            out[slot] = at(b, p, limit);
            return skipAt(b, p, limit);
        }
        @Override void write(PackedWriter w, Object x, JavaTarget t, int d) { write(w, (BigDecimal) x); }
    }

    static final class DateCodec extends Scalar {
        DateCodec(FieldType t) {
            super(t, null, LocalDate.class);
        }

        static LocalDate at(byte[] b, int p, int limit) {
            return ofDay(PackedInts.readLong(b, p, limit), p);
        }

        /** The date of epoch day {@code day}, read at {@code p}. */
        static LocalDate ofDay(long day, int p) {
            try {
                return Dates.ofEpochDay(day);
            } catch (DateTimeException e) {
                throw new NavpackFormatException("epoch day " + day + " out of range", p, e);
            }
        }

        static void write(PackedWriter w, LocalDate d) {
            w.writePackedLong(d.toEpochDay());
        }

        @Override int skipClass() { return SKIP_PACKED; }
        @Override int skip(byte[] b, int p, int limit) { return PackedInts.skip(b, p, limit); }
        @Override Object read(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d) { return at(b, p, limit); }
        @Override int readInto(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d, Object[] out, int slot) {
            out[slot] = at(b, p, limit);
            return PackedInts.skip(b, p, limit);
        }
        @Override void write(PackedWriter w, Object x, JavaTarget t, int d) { write(w, (LocalDate) x); }
    }

    /** A packed long {@code seconds × 2 + (nano ≠ 0)}, then the nano of second when odd: times and instants. */
    static int skipFlaggedSeconds(byte[] b, int p, int limit) {
        long s = PackedInts.readLong(b, p, limit);
        int q = PackedInts.skip(b, p, limit);
        return (s & 1) != 0 ? PackedInts.skipInt(b, q, limit) : q;
    }

    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private static int nanoAt(byte[] b, int p, int limit) {
        int nano = PackedInts.readInt(b, p, limit);
        if (nano < 0 || nano >= NANOS_PER_SECOND) {
            throw new NavpackFormatException("nanosecond " + nano + " out of range", p);
        }
        return nano;
    }

    private static void writeFlaggedSeconds(PackedWriter w, long seconds, int nano) {
        w.writePackedLong(seconds * 2 + (nano != 0 ? 1 : 0));
        if (nano != 0) {
            w.writePackedInt(nano);
        }
    }

    static final class TimeCodec extends Scalar {
        TimeCodec(FieldType t) {
            super(t, null, LocalTime.class);
        }

        static LocalTime at(byte[] b, int p, int limit) {
            long s = PackedInts.readLong(b, p, limit);
            long seconds = s >> 1;
            if (seconds < 0 || seconds >= 86_400) {
                throw new NavpackFormatException("second of day " + seconds + " out of range", p);
            }
            int nano = (s & 1) == 0 ? 0 : nanoAt(b, PackedInts.skip(b, p, limit), limit);
            return LocalTime.ofNanoOfDay(seconds * NANOS_PER_SECOND + nano);
        }

        static void write(PackedWriter w, LocalTime t) {
            writeFlaggedSeconds(w, t.toSecondOfDay(), t.getNano());
        }

        @Override int skip(byte[] b, int p, int limit) { return skipFlaggedSeconds(b, p, limit); }
        @Override Object read(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d) { return at(b, p, limit); }
        @Override void write(PackedWriter w, Object x, JavaTarget t, int d) { write(w, (LocalTime) x); }
    }

    static final class DateTimeCodec extends Scalar {
        DateTimeCodec(FieldType t) {
            super(t, null, LocalDateTime.class);
        }

        static LocalDateTime at(byte[] b, int p, int limit) {
            return LocalDateTime.of(DateCodec.at(b, p, limit), TimeCodec.at(b, PackedInts.skip(b, p, limit), limit));
        }

        static int skipAt(byte[] b, int p, int limit) {
            return skipFlaggedSeconds(b, PackedInts.skip(b, p, limit), limit);
        }

        static void write(PackedWriter w, LocalDateTime t) {
            DateCodec.write(w, t.toLocalDate());
            TimeCodec.write(w, t.toLocalTime());
        }

        @Override int skip(byte[] b, int p, int limit) { return skipAt(b, p, limit); }
        @Override Object read(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d) { return at(b, p, limit); }
        @Override void write(PackedWriter w, Object x, JavaTarget t, int d) { write(w, (LocalDateTime) x); }
    }

    static final class InstantCodec extends Scalar {
        InstantCodec(FieldType t) {
            super(t, null, Instant.class);
        }

        static Instant at(byte[] b, int p, int limit) {
            long s = PackedInts.readLong(b, p, limit);
            int nano = (s & 1) == 0 ? 0 : nanoAt(b, PackedInts.skip(b, p, limit), limit);
            try {
                return Instant.ofEpochSecond(s >> 1, nano);
            } catch (DateTimeException e) {
                throw new NavpackFormatException("instant out of range", p, e);
            }
        }

        @Override int skip(byte[] b, int p, int limit) { return skipFlaggedSeconds(b, p, limit); }
        @Override Object read(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d) { return at(b, p, limit); }
        @Override void write(PackedWriter w, Object x, JavaTarget t, int d) {
            Instant i = (Instant) x;
            writeFlaggedSeconds(w, i.getEpochSecond(), i.getNano());
        }
    }

    static final class OffsetDateTimeCodec extends Scalar {
        OffsetDateTimeCodec(FieldType t) {
            super(t, null, OffsetDateTime.class);
        }

        static OffsetDateTime at(byte[] b, int p, int limit) {
            LocalDateTime local = DateTimeCodec.at(b, p, limit);
            int q = DateTimeCodec.skipAt(b, p, limit);
            int k = PackedInts.readInt(b, q, limit);
            int seconds = (k & 1) == 0 ? (k >> 1) * 900 : k >> 1;
            try {
                return OffsetDateTime.of(local, ZoneOffset.ofTotalSeconds(seconds));
            } catch (DateTimeException e) {
                throw new NavpackFormatException("zone offset of " + seconds + " seconds out of range", q, e);
            }
        }

        @Override int skip(byte[] b, int p, int limit) {
            return PackedInts.skipInt(b, DateTimeCodec.skipAt(b, p, limit), limit);
        }
        @Override Object read(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d) { return at(b, p, limit); }
        @Override void write(PackedWriter w, Object x, JavaTarget t, int d) {
            OffsetDateTime o = (OffsetDateTime) x;
            DateTimeCodec.write(w, o.toLocalDateTime());
            int seconds = o.getOffset().getTotalSeconds();
            w.writePackedInt(seconds % 900 == 0 ? (seconds / 900) << 1 : (seconds << 1) | 1);
        }
    }

    static final class UuidCodec extends Scalar {
        UuidCodec(FieldType t) {
            super(t, null, UUID.class);
        }

        static UUID at(byte[] b, int p, int limit) {
            Values.fixed(p, 16, limit);
            return new UUID(Values.int64(b, p), Values.int64(b, p + 8));
        }

        @Override int skipClass() { return 16; }
        @Override int skip(byte[] b, int p, int limit) { return Values.fixed(p, 16, limit); }
        @Override Object read(byte[] b, int p, int limit, SchemaRegistry r, JavaTarget t, int d) { return at(b, p, limit); }
        @Override void write(PackedWriter w, Object x, JavaTarget t, int d) {
            UUID u = (UUID) x;
            w.writeInt64(u.getMostSignificantBits());
            w.writeInt64(u.getLeastSignificantBits());
        }
    }
}
