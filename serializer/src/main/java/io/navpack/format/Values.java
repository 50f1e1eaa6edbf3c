package io.navpack.format;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Decoding and skipping of single encoded values at a position. Every method checks its reads
 * against {@code limit} (the end of the enclosing record or container) and turns anything invalid
 * into {@link NavpackFormatException}. The layout of each kind is specified in docs/format.md.
 */
final class Values {
    /** Deepest nesting of records and containers a reader follows. */
    static final int MAX_DEPTH = 64;

    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final long[] POW10 = new long[19];

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) {
            POW10[i] = POW10[i - 1] * 10;
        }
    }

    private Values() {
    }

    // ---------------------------------------------------------------- skipping

    /** Position after the non-null value of type {@code t} that starts at {@code p}. */
    static int skip(FieldType t, byte[] b, int p, int limit) {
        switch (t.kind()) {
            case BOOLEAN:
            case BYTE:
                return fixed(p, 1, limit);
            case FLOAT:
                return fixed(p, 4, limit);
            case DOUBLE:
                return fixed(p, 8, limit);
            case UUID:
                return fixed(p, 16, limit);
            case SHORT:
            case CHAR:
            case INT:
            case ENUM:
                return PackedInts.skipInt(b, p, limit);
            case LONG:
            case DATE:
                return PackedInts.skip(b, p, limit);
            case TIME:
            case INSTANT:
                return skipFlaggedSeconds(b, p, limit);
            case DATE_TIME:
                return skipFlaggedSeconds(b, PackedInts.skip(b, p, limit), limit);
            case OFFSET_DATE_TIME:
                return PackedInts.skipInt(b, skipFlaggedSeconds(b, PackedInts.skip(b, p, limit), limit), limit);
            case DECIMAL:
                return skipDecimal(b, p, limit);
            default:
                return skipLengthPrefixed(b, p, limit);
        }
    }

    private static int skipDecimal(byte[] b, int p, int limit) {
        long h = PackedInts.readLong(b, p, limit);
        int q = PackedInts.skip(b, p, limit);
        return (h & 15) == 15 ? skipLengthPrefixed(b, q, limit) : PackedInts.skip(b, q, limit);
    }

    /** Position after a value of {@code size} bytes at {@code p}, which must fit before {@code limit}. */
    static int fixed(int p, int size, int limit) {
        if (p > limit - size) {
            throw new NavpackFormatException("truncated input: value needs " + size + " bytes, " + (limit - p) + " left", p);
        }
        return p + size;
    }

    private static int skipFlaggedSeconds(byte[] b, int p, int limit) {
        long s = PackedInts.readLong(b, p, limit);
        int q = PackedInts.skip(b, p, limit);
        return (s & 1) != 0 ? PackedInts.skipInt(b, q, limit) : q;
    }

    /** Position after a packed byte length and the bytes it announces. */
    static int skipLengthPrefixed(byte[] b, int p, int limit) {
        int q = PackedInts.skipInt(b, p, limit);
        return q + checkedLength(b, p, q, limit);
    }

    /** The byte length at {@code p} whose payload starts at {@code q}; must fit before {@code limit}. */
    static int checkedLength(byte[] b, int p, int q, int limit) {
        int n = PackedInts.readInt(b, p, limit);
        if (n < 0 || n > limit - q) {
            throw new NavpackFormatException("length " + n + " exceeds the " + (limit - q) + " bytes left", p);
        }
        return n;
    }

    // ---------------------------------------------------------------- scalars

    static boolean booleanAt(byte[] b, int p, int limit) {
        fixed(p, 1, limit);
        int v = b[p];
        if ((v & ~1) != 0) {
            throw new NavpackFormatException("boolean byte " + v + " is neither 0 nor 1", p);
        }
        return v == 1;
    }

    static byte byteAt(byte[] b, int p, int limit) {
        fixed(p, 1, limit);
        return b[p];
    }

    static short shortAt(byte[] b, int p, int limit) {
        int v = PackedInts.readInt(b, p, limit);
        if (v != (short) v) {
            throw new NavpackFormatException("short value " + v + " out of range", p);
        }
        return (short) v;
    }

    static char charAt(byte[] b, int p, int limit) {
        int v = PackedInts.readInt(b, p, limit);
        if (v != (char) v) {
            throw new NavpackFormatException("char value " + v + " out of range", p);
        }
        return (char) v;
    }

    static int intAt(byte[] b, int p, int limit) {
        return PackedInts.readInt(b, p, limit);
    }

    static long longAt(byte[] b, int p, int limit) {
        return PackedInts.readLong(b, p, limit);
    }

    static float floatAt(byte[] b, int p, int limit) {
        fixed(p, 4, limit);
        return Float.intBitsToFloat(int32(b, p));
    }

    static double doubleAt(byte[] b, int p, int limit) {
        fixed(p, 8, limit);
        return Double.longBitsToDouble(((long) int32(b, p) << 32) | (int32(b, p + 4) & 0xFFFFFFFFL));
    }

    static int int32(byte[] b, int p) {
        return (b[p] << 24) | ((b[p + 1] & 0xFF) << 16) | ((b[p + 2] & 0xFF) << 8) | (b[p + 3] & 0xFF);
    }

    static String stringAt(byte[] b, int p, int limit) {
        int q = PackedInts.skipInt(b, p, limit);
        int n = checkedLength(b, p, q, limit);
        return ShortStrings.decode(b, q, n);
    }

    static byte[] bytesAt(byte[] b, int p, int limit) {
        int q = PackedInts.skipInt(b, p, limit);
        int n = checkedLength(b, p, q, limit);
        byte[] out = new byte[n];
        System.arraycopy(b, q, out, 0, n);
        return out;
    }

    static BigInteger bigIntegerAt(byte[] b, int p, int limit) {
        int q = PackedInts.skipInt(b, p, limit);
        int n = checkedLength(b, p, q, limit);
        if (n == 0) {
            throw new NavpackFormatException("big integer with no bytes", p);
        }
        return new BigInteger(b, q, n);
    }

    static BigDecimal decimalAt(byte[] b, int p, int limit) {
        long h = PackedInts.readLong(b, p, limit);
        int q = PackedInts.skip(b, p, limit);
        long scaleL = h >> 4;
        if (scaleL != (int) scaleL) {
            throw new NavpackFormatException("decimal scale " + scaleL + " out of range", p);
        }
        int scale = (int) scaleL;
        int z = (int) (h & 15);
        if (z == 15) {
            return new BigDecimal(bigIntegerAt(b, q, limit), scale);
        }
        long m = PackedInts.readLong(b, q, limit);
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

    static LocalDate dateAt(byte[] b, int p, int limit) {
        long day = PackedInts.readLong(b, p, limit);
        try {
            return LocalDate.ofEpochDay(day);
        } catch (DateTimeException e) {
            throw new NavpackFormatException("epoch day " + day + " out of range", p, e);
        }
    }

    static LocalTime timeAt(byte[] b, int p, int limit) {
        long s = PackedInts.readLong(b, p, limit);
        long seconds = s >> 1;
        if (seconds < 0 || seconds >= 86_400) {
            throw new NavpackFormatException("second of day " + seconds + " out of range", p);
        }
        int nano = (s & 1) == 0 ? 0 : nanoAt(b, PackedInts.skip(b, p, limit), limit);
        return LocalTime.ofNanoOfDay(seconds * NANOS_PER_SECOND + nano);
    }

    private static int nanoAt(byte[] b, int p, int limit) {
        int nano = PackedInts.readInt(b, p, limit);
        if (nano < 0 || nano >= NANOS_PER_SECOND) {
            throw new NavpackFormatException("nanosecond " + nano + " out of range", p);
        }
        return nano;
    }

    static LocalDateTime dateTimeAt(byte[] b, int p, int limit) {
        return LocalDateTime.of(dateAt(b, p, limit), timeAt(b, PackedInts.skip(b, p, limit), limit));
    }

    static Instant instantAt(byte[] b, int p, int limit) {
        long s = PackedInts.readLong(b, p, limit);
        int nano = (s & 1) == 0 ? 0 : nanoAt(b, PackedInts.skip(b, p, limit), limit);
        try {
            return Instant.ofEpochSecond(s >> 1, nano);
        } catch (DateTimeException e) {
            throw new NavpackFormatException("instant out of range", p, e);
        }
    }

    static OffsetDateTime offsetDateTimeAt(byte[] b, int p, int limit) {
        LocalDateTime local = dateTimeAt(b, p, limit);
        int q = skipFlaggedSeconds(b, PackedInts.skip(b, p, limit), limit);
        int k = PackedInts.readInt(b, q, limit);
        int seconds = (k & 1) == 0 ? (k >> 1) * 900 : k >> 1;
        try {
            return OffsetDateTime.of(local, ZoneOffset.ofTotalSeconds(seconds));
        } catch (DateTimeException e) {
            throw new NavpackFormatException("zone offset of " + seconds + " seconds out of range", q, e);
        }
    }

    static UUID uuidAt(byte[] b, int p, int limit) {
        fixed(p, 16, limit);
        long msb = ((long) int32(b, p) << 32) | (int32(b, p + 4) & 0xFFFFFFFFL);
        long lsb = ((long) int32(b, p + 8) << 32) | (int32(b, p + 12) & 0xFFFFFFFFL);
        return new UUID(msb, lsb);
    }

    static int enumIndexAt(FieldType t, byte[] b, int p, int limit) {
        int i = PackedInts.readInt(b, p, limit);
        if (i < 0 || i >= t.constants().size()) {
            throw new NavpackFormatException("enum index " + i + " outside the " + t.constants().size()
                    + " constants of " + t.name(), p);
        }
        return i;
    }

    // ---------------------------------------------------------------- any value

    /**
     * Decodes the non-null value of type {@code t} at {@code p}. With {@code target == null} the
     * result is the plain form (enum constants as names, nested records as {@link PackedRecord}
     * views); otherwise it is built as the target's Java type.
     */
    static Object valueAt(FieldType t, byte[] b, int p, int limit, SchemaRegistry registry, JavaTarget target,
                          int depth) {
        switch (t.kind()) {
            case BOOLEAN: return booleanAt(b, p, limit);
            case BYTE: return byteAt(b, p, limit);
            case SHORT: return shortAt(b, p, limit);
            case CHAR: return charAt(b, p, limit);
            case INT: return intAt(b, p, limit);
            case LONG: return longAt(b, p, limit);
            case FLOAT: return floatAt(b, p, limit);
            case DOUBLE: return doubleAt(b, p, limit);
            case STRING: return stringAt(b, p, limit);
            case DECIMAL: return decimalAt(b, p, limit);
            case BIG_INTEGER: return bigIntegerAt(b, p, limit);
            case DATE: return dateAt(b, p, limit);
            case TIME: return timeAt(b, p, limit);
            case DATE_TIME: return dateTimeAt(b, p, limit);
            case INSTANT: return instantAt(b, p, limit);
            case OFFSET_DATE_TIME: return offsetDateTimeAt(b, p, limit);
            case UUID: return uuidAt(b, p, limit);
            case BYTES: return bytesAt(b, p, limit);
            case ENUM: {
                int i = enumIndexAt(t, b, p, limit);
                return target == null ? t.constants().get(i) : target.enumConstant(t, i, p);
            }
            case RECORD: {
                PackedRecord view = recordAt(t, b, p, limit, registry, depth);
                return target == null ? view : target.decodeRecord(view);
            }
            case MAP:
                return mapAt(t, b, p, limit, registry, target, depth);
            case ARRAY:
                return arrayAt(t, b, p, limit, registry, target, depth);
            default:
                return collectionAt(t, b, p, limit, registry, target, depth);
        }
    }

    /**
     * Sequential decoding: stores the non-null value of type {@code t} at {@code p} (as {@link #valueAt}
     * reads it) into {@code out[slot]} and returns the position after it (as {@link #skip}), choosing
     * the kind once for both.
     */
    static int readInto(FieldType t, byte[] b, int p, int limit, SchemaRegistry registry, JavaTarget target,
                        int depth, Object[] out, int slot) {
        switch (t.kind()) {
            case BOOLEAN:
                out[slot] = booleanAt(b, p, limit);
                return p + 1;
            case BYTE:
                out[slot] = byteAt(b, p, limit);
                return p + 1;
            case SHORT:
                out[slot] = shortAt(b, p, limit);
                return PackedInts.skip(b, p, limit);
            case CHAR:
                out[slot] = charAt(b, p, limit);
                return PackedInts.skip(b, p, limit);
            case INT:
                out[slot] = intAt(b, p, limit);
                return PackedInts.skip(b, p, limit);
            case LONG:
                out[slot] = longAt(b, p, limit);
                return PackedInts.skip(b, p, limit);
            case FLOAT:
                out[slot] = floatAt(b, p, limit);
                return p + 4;
            case DOUBLE:
                out[slot] = doubleAt(b, p, limit);
                return p + 8;
            case STRING:
                out[slot] = stringAt(b, p, limit);
                return skipLengthPrefixed(b, p, limit);
            case DECIMAL:
                out[slot] = decimalAt(b, p, limit);
                return skipDecimal(b, p, limit);
            case DATE:
                out[slot] = dateAt(b, p, limit);
                return PackedInts.skip(b, p, limit);
            default:
                out[slot] = valueAt(t, b, p, limit, registry, target, depth);
                return skip(t, b, p, limit);
        }
    }

    /** A view of the nested record at {@code p}, checked to be of the declared type. */
    static RecordView recordAt(FieldType t, byte[] b, int p, int limit, SchemaRegistry registry, int depth) {
        int q = PackedInts.skipInt(b, p, limit);
        int n = checkedLength(b, p, q, limit);
        RecordView view = new RecordView(b, q, n, registry, depth + 1);
        if (!view.schema().typeName().equals(t.name())) {
            throw new NavpackFormatException("nested value is a " + view.schema().typeName() + " where the schema expects a "
                    + t.name(), q);
        }
        return view;
    }

    /**
     * Header of a list, set, array or map at {@code p}: returns the position of the first element
     * and fills {@code out} with [end, count, bitmap position or -1].
     */
    static int containerHeader(FieldType t, byte[] b, int p, int limit, int depth, int[] out) {
        if (depth >= MAX_DEPTH) {
            throw new NavpackFormatException("values nested deeper than " + MAX_DEPTH, p);
        }
        int q = PackedInts.skipInt(b, p, limit);
        int end = q + checkedLength(b, p, q, limit);
        int word = PackedInts.readInt(b, q, end);
        if (word < 0) {
            throw new NavpackFormatException("negative element count", q);
        }
        int slotsPerEntry = t.kind() == Kind.MAP ? 2 : 1;
        int count = word >>> 1;
        q = PackedInts.skipInt(b, q, end);
        int bitmap = -1;
        if ((word & 1) != 0) {
            if (!t.elementNullable()) {
                throw new NavpackFormatException("null bitmap in a " + t + " whose elements cannot be null", q);
            }
            int bitmapLen = (int) (((long) count * slotsPerEntry + 7) >>> 3);
            if (bitmapLen > end - q) {
                throw new NavpackFormatException("null bitmap of " + bitmapLen + " bytes exceeds the " + (end - q) + " left", q);
            }
            bitmap = q;
            q += bitmapLen;
        } else if ((long) count * slotsPerEntry > end - q) {
            throw new NavpackFormatException(count + " elements cannot fit in " + (end - q) + " bytes", q);
        }
        out[0] = end;
        out[1] = count;
        out[2] = bitmap;
        return q;
    }

    static boolean isNullSlot(byte[] b, int bitmap, int slot) {
        return bitmap >= 0 && (b[bitmap + (slot >>> 3)] & (1 << (slot & 7))) != 0;
    }

    static void requireEnd(int p, int end, FieldType t) {
        if (p != end) {
            throw new NavpackFormatException("a " + t + " ends at offset " + p + " but its length says " + end, p);
        }
    }

    /** {@link #requireEnd} for the body of a record of {@code schema}; the type is only described on failure. */
    static void requireRecordEnd(int p, int end, Schema schema) {
        if (p != end) {
            requireEnd(p, end, FieldType.record(schema.typeName()));
        }
    }

    @SuppressWarnings("unchecked")
    private static Object collectionAt(FieldType t, byte[] b, int p, int limit, SchemaRegistry registry,
                                       JavaTarget target, int depth) {
        int[] h = new int[3];
        int q = containerHeader(t, b, p, limit, depth, h);
        int end = h[0];
        int count = h[1];
        Collection<Object> out;
        if (target != null && target.factory != null) {
            out = (Collection<Object>) newInstance(target);
        } else if (t.kind() == Kind.SET) {
            out = new LinkedHashSet<>(Math.max(16, (int) (count / 0.75f) + 1));
        } else {
            out = new ArrayList<>(count);
        }
        FieldType e = t.element();
        JavaTarget et = target == null ? null : target.element;
        for (int i = 0; i < count; i++) {
            Object v = null;
            if (!isNullSlot(b, h[2], i)) {
                v = valueAt(e, b, q, end, registry, et, depth + 1);
                q = skip(e, b, q, end);
            }
            try {
                out.add(v);
            } catch (RuntimeException ex) {
                throw new NavpackFormatException("a " + out.getClass().getName() + " refuses element " + i + ": " + ex, q, ex);
            }
        }
        requireEnd(q, end, t);
        return out;
    }

    private static Object arrayAt(FieldType t, byte[] b, int p, int limit, SchemaRegistry registry,
                                  JavaTarget target, int depth) {
        int[] h = new int[3];
        int q = containerHeader(t, b, p, limit, depth, h);
        int end = h[0];
        int count = h[1];
        FieldType e = t.element();
        Object out;
        if (t.isPrimitiveArray()) {
            out = Array.newInstance(plainClass(e, false), count);
            for (int i = 0; i < count; i++) {
                switch (e.kind()) {
                    case BOOLEAN: ((boolean[]) out)[i] = booleanAt(b, q, end); break;
                    case BYTE: ((byte[]) out)[i] = byteAt(b, q, end); break;
                    case SHORT: ((short[]) out)[i] = shortAt(b, q, end); break;
                    case CHAR: ((char[]) out)[i] = charAt(b, q, end); break;
                    case INT: ((int[]) out)[i] = intAt(b, q, end); break;
                    case LONG: ((long[]) out)[i] = longAt(b, q, end); break;
                    case FLOAT: ((float[]) out)[i] = floatAt(b, q, end); break;
                    default: ((double[]) out)[i] = doubleAt(b, q, end); break;
                }
                q = skip(e, b, q, end);
            }
        } else {
            JavaTarget et = target == null ? null : target.element;
            Object[] arr = (Object[]) Array.newInstance(et != null ? et.raw : plainClass(e, true), count);
            for (int i = 0; i < count; i++) {
                if (!isNullSlot(b, h[2], i)) {
                    q = readInto(e, b, q, end, registry, et, depth + 1, arr, i);
                }
            }
            out = arr;
        }
        requireEnd(q, end, t);
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Object mapAt(FieldType t, byte[] b, int p, int limit, SchemaRegistry registry, JavaTarget target,
                                int depth) {
        int[] h = new int[3];
        int q = containerHeader(t, b, p, limit, depth, h);
        int end = h[0];
        int count = h[1];
        Map<Object, Object> out = target != null && target.factory != null
                ? (Map<Object, Object>) newInstance(target)
                : new LinkedHashMap<>(Math.max(16, (int) (count / 0.75f) + 1));
        FieldType kt = t.key();
        FieldType vt = t.element();
        JavaTarget kj = target == null ? null : target.key;
        JavaTarget vj = target == null ? null : target.element;
        for (int i = 0; i < count; i++) {
            Object k = null;
            Object v = null;
            if (!isNullSlot(b, h[2], 2 * i)) {
                k = valueAt(kt, b, q, end, registry, kj, depth + 1);
                q = skip(kt, b, q, end);
            }
            if (!isNullSlot(b, h[2], 2 * i + 1)) {
                v = valueAt(vt, b, q, end, registry, vj, depth + 1);
                q = skip(vt, b, q, end);
            }
            try {
                out.put(k, v);
            } catch (RuntimeException ex) {
                throw new NavpackFormatException("a " + out.getClass().getName() + " refuses entry " + i + ": " + ex, q, ex);
            }
        }
        requireEnd(q, end, t);
        return out;
    }

    private static Object newInstance(JavaTarget target) {
        try {
            return target.factory.invokeExact();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new SchemaException("cannot create a " + target.raw.getName(), e);
        }
    }

    /** The Java class of a value's plain form. */
    static Class<?> plainClass(FieldType t, boolean boxed) {
        switch (t.kind()) {
            case BOOLEAN: return boxed ? Boolean.class : boolean.class;
            case BYTE: return boxed ? Byte.class : byte.class;
            case SHORT: return boxed ? Short.class : short.class;
            case CHAR: return boxed ? Character.class : char.class;
            case INT: return boxed ? Integer.class : int.class;
            case LONG: return boxed ? Long.class : long.class;
            case FLOAT: return boxed ? Float.class : float.class;
            case DOUBLE: return boxed ? Double.class : double.class;
            case STRING: return String.class;
            case DECIMAL: return BigDecimal.class;
            case BIG_INTEGER: return BigInteger.class;
            case DATE: return LocalDate.class;
            case TIME: return LocalTime.class;
            case DATE_TIME: return LocalDateTime.class;
            case INSTANT: return Instant.class;
            case OFFSET_DATE_TIME: return OffsetDateTime.class;
            case UUID: return UUID.class;
            case BYTES: return byte[].class;
            case ENUM: return String.class;
            case RECORD: return PackedRecord.class;
            case LIST: return List.class;
            case SET: return Set.class;
            case MAP: return Map.class;
            default: return plainClass(t.element(), t.elementNullable()).arrayType();
        }
    }
}
