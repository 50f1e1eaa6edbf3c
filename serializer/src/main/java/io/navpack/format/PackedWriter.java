package io.navpack.format;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import java.util.UUID;

/**
 * Encodes values into a reusable, growing byte buffer. After the buffer has grown to the size of
 * the largest value, writing allocates nothing: no boxing, no iterators over arrays or
 * random-access lists, strings encoded to UTF-8 in place, decimals of up to 15 digits split without
 * a {@link BigInteger}. {@link #reset()} starts the next value in the same buffer.
 *
 * <p>Not thread-safe: keep one per thread (see {@link Navpack}).
 */
public final class PackedWriter {
    private static final double[] DOUBLE_POW10 = new double[23];

    static {
        DOUBLE_POW10[0] = 1;
        for (int i = 1; i < DOUBLE_POW10.length; i++) {
            DOUBLE_POW10[i] = DOUBLE_POW10[i - 1] * 10;
        }
    }

    private final SchemaRegistry registry;
    private byte[] buf;
    private int pos;

    /** A writer for schemas and plain values only; records need {@link #PackedWriter(SchemaRegistry, int)}. */
    public PackedWriter(int initialCapacity) {
        this(null, initialCapacity);
    }

    public PackedWriter(SchemaRegistry registry, int initialCapacity) {
        this.registry = registry;
        this.buf = new byte[Math.max(16, initialCapacity)];
    }

    /** Forgets what was written; the buffer is kept. */
    public void reset() {
        pos = 0;
    }

    /** Bytes written since the last reset. */
    public int size() {
        return pos;
    }

    /** The internal buffer; bytes {@code 0..size()-1} are the output. Valid until the next write. */
    public byte[] buffer() {
        return buf;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(buf, pos);
    }

    private void ensure(int n) {
        if (n > buf.length - pos) {
            long wanted = Math.max((long) buf.length * 2, (long) pos + n);
            if (wanted > Integer.MAX_VALUE - 16) {
                throw new NavpackException("value larger than 2 GB");
            }
            buf = Arrays.copyOf(buf, (int) wanted);
        }
    }

    // ---------------------------------------------------------------- primitives

    public void writeByte(int v) {
        ensure(1);
        buf[pos++] = (byte) v;
    }

    public void writePackedInt(int v) {
        ensure(PackedInts.MAX_INT_BYTES);
        pos = PackedInts.writeInt(buf, pos, v);
    }

    public void writePackedLong(long v) {
        ensure(PackedInts.MAX_LONG_BYTES);
        pos = PackedInts.writeLong(buf, pos, v);
    }

    public void writeBytes(byte[] src, int off, int len) {
        ensure(len);
        System.arraycopy(src, off, buf, pos, len);
        pos += len;
    }

    private void writeInt32(int v) {
        ensure(4);
        buf[pos] = (byte) (v >>> 24);
        buf[pos + 1] = (byte) (v >>> 16);
        buf[pos + 2] = (byte) (v >>> 8);
        buf[pos + 3] = (byte) v;
        pos += 4;
    }

    private void writeInt64(long v) {
        writeInt32((int) (v >>> 32));
        writeInt32((int) v);
    }

    /** Packed UTF-8 byte length, then standard UTF-8; an unpaired surrogate is written as '?', as the JDK does. */
    public void writeString(String s) {
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
        writePackedInt(len);
        ensure(len);
        byte[] b = buf;
        int p = pos;
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
        pos = p;
    }

    /**
     * {@code h = scale << 4 | z}, then the unscaled value divided by 10^z as a packed long (z = 0..14,
     * the trailing decimal zeros taken out); or z = 15 and the unscaled value as length-prefixed
     * two's-complement bytes when it does not fit a long.
     */
    public void writeDecimal(BigDecimal d) {
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
                writePackedLong(((long) scale << 4) | 15);
                writeBigInteger(u);
                return;
            }
            unscaled = u.longValue();
        }
        int z = 0;
        while (z < 14 && unscaled != 0 && unscaled % 10 == 0) {
            unscaled /= 10;
            z++;
        }
        writePackedLong(((long) scale << 4) | z);
        writePackedLong(unscaled);
    }

    public void writeBigInteger(BigInteger v) {
        byte[] bytes = v.toByteArray();
        writePackedInt(bytes.length);
        writeBytes(bytes, 0, bytes.length);
    }

    public void writeDate(LocalDate d) {
        writePackedLong(d.toEpochDay());
    }

    public void writeTime(LocalTime t) {
        int nano = t.getNano();
        writePackedLong(t.toSecondOfDay() * 2L + (nano != 0 ? 1 : 0));
        if (nano != 0) {
            writePackedInt(nano);
        }
    }

    public void writeDateTime(LocalDateTime t) {
        writeDate(t.toLocalDate());
        writeTime(t.toLocalTime());
    }

    public void writeInstant(Instant t) {
        int nano = t.getNano();
        writePackedLong(t.getEpochSecond() * 2 + (nano != 0 ? 1 : 0));
        if (nano != 0) {
            writePackedInt(nano);
        }
    }

    public void writeOffsetDateTime(OffsetDateTime t) {
        writeDateTime(t.toLocalDateTime());
        int seconds = t.getOffset().getTotalSeconds();
        writePackedInt(seconds % 900 == 0 ? (seconds / 900) << 1 : (seconds << 1) | 1);
    }

    public void writeUuid(UUID u) {
        writeInt64(u.getMostSignificantBits());
        writeInt64(u.getLeastSignificantBits());
    }

    // ---------------------------------------------------------------- records

    /** Writes {@code value} as a record of its registered class. */
    public void writeRecord(Object value) {
        if (value instanceof PackedRecord || value instanceof GeneratedView) {
            PackedRecord r = PackedRecord.ofView(value);
            writeBytes(r.array(), r.offset(), r.length());
            return;
        }
        writeRecord(value, registry().binding(value.getClass()), 0);
    }

    /** Writes {@code value} through {@code binding}, which must be the binding of its class. */
    public void writeRecord(Object value, RecordBinding<?> binding) {
        if (!binding.type().isInstance(value)) {
            throw new IllegalArgumentException(value.getClass().getName() + " is not a " + binding.type().getName());
        }
        writeRecord(value, binding, 0);
    }

    private SchemaRegistry registry() {
        if (registry == null) {
            throw new IllegalStateException("this writer has no schema registry");
        }
        return registry;
    }

    /**
     * Writes a record of {@code schema} from field values in their plain form ({@link PackedRecord#get(int)}),
     * in schema order: no class needed. Enum fields take the constant or its name; nested records a
     * {@link PackedRecord} or an instance of a registered class.
     */
    public void writeRecord(Schema schema, Object[] values) {
        if (values.length != schema.fieldCount()) {
            throw new IllegalArgumentException(schema.typeName() + " has " + schema.fieldCount() + " fields, not "
                    + values.length);
        }
        writeRecord(values, schema, null, 0);
    }

    void writeRecord(Object value, RecordBinding<?> binding, int depth) {
        if (depth >= Values.MAX_DEPTH) {
            throw new NavpackException("values nested deeper than " + Values.MAX_DEPTH
                    + " levels (a cycle in the object graph?) at " + value.getClass().getName());
        }
        writeRecord(value, binding.schema(), binding.props, depth);
    }

    /** With {@code props}, field values are read from {@code value} through them; otherwise {@code value} is an Object[]. */
    private void writeRecord(Object value, Schema schema, Property[] props, int depth) {
        int n = schema.fieldCount();
        int blocks = (n + Schema.BLOCK - 1) / Schema.BLOCK;
        writePackedInt(schema.typeId());
        writePackedInt(schema.version());
        ensure(1 + blocks * 5);
        int flagsPos = pos++;
        int bitmapPos = pos;
        int bitmapLen = schema.hasNullableFields() ? blocks : 0;
        for (int i = 0; i < bitmapLen; i++) {
            buf[pos++] = 0;
        }
        int entries = blocks > 0 ? blocks - 1 : 0;
        int tablePos = pos;
        pos += entries * 4;
        int bodyPos = pos;
        boolean anyNull = false;
        try {
            for (int f = 0; f < n; f++) {
                if (f > 0 && (f & (Schema.BLOCK - 1)) == 0) {
                    int e = tablePos + ((f >>> 3) - 1) * 4;
                    int off = pos - bodyPos;
                    buf[e] = (byte) (off >>> 24);
                    buf[e + 1] = (byte) (off >>> 16);
                    buf[e + 2] = (byte) (off >>> 8);
                    buf[e + 3] = (byte) off;
                }
                Field field = schema.field(f);
                Object x;
                JavaTarget target = null;
                if (props != null) {
                    Property p = props[f];
                    if (p.primitive()) {
                        writePrimitive(p, value);
                        continue;
                    }
                    x = (Object) p.getter.invokeExact(value);
                    target = p.target;
                } else {
                    x = ((Object[]) value)[f];
                }
                if (x == null) {
                    if (!field.nullable()) {
                        throw new NavpackException("field " + field.name() + " of " + schema.typeName() + " must not be null");
                    }
                    buf[bitmapPos + (f >>> 3)] |= (byte) (1 << (f & 7));
                    anyNull = true;
                } else if (x instanceof RecordBuilder.Encoded) {
                    RecordBuilder.Encoded e = (RecordBuilder.Encoded) x;
                    writeBytes(e.array, e.start, e.end - e.start);
                } else {
                    writeValue(x, field.type(), target, depth);
                }
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new NavpackException("cannot read a field of " + schema.typeName(), e);
        }
        // shrink: drop the bitmap when nothing was null, narrow the offsets to 1, 2 or 4 bytes
        int bodyLen = pos - bodyPos;
        int widthCode = entries == 0 || bodyLen <= 0xFF ? 0 : bodyLen <= 0xFFFF ? 1 : 2;
        int width = 1 << widthCode;
        int dst = anyNull ? bitmapPos + bitmapLen : bitmapPos;
        for (int j = 0; j < entries; j++) {
            int off = Values.int32(buf, tablePos + j * 4);
            for (int k = width - 1; k >= 0; k--) {
                buf[dst + j * width + (width - 1 - k)] = (byte) (off >>> (8 * k));
            }
        }
        int newBody = dst + entries * width;
        if (newBody != bodyPos) {
            System.arraycopy(buf, bodyPos, buf, newBody, bodyLen);
            pos = newBody + bodyLen;
        }
        buf[flagsPos] = (byte) (widthCode | (anyNull ? RecordView.FLAG_NULLS : 0));
    }

    private void writePrimitive(Property p, Object value) throws Throwable {
        switch (p.field.type().kind()) {
            case BOOLEAN: writeByte((boolean) p.getter.invokeExact(value) ? 1 : 0); break;
            case BYTE: writeByte((byte) p.getter.invokeExact(value)); break;
            case SHORT: writePackedInt((short) p.getter.invokeExact(value)); break;
            case CHAR: writePackedInt((char) p.getter.invokeExact(value)); break;
            case INT: writePackedInt((int) p.getter.invokeExact(value)); break;
            case LONG: writePackedLong((long) p.getter.invokeExact(value)); break;
            case FLOAT: writeInt32(Float.floatToRawIntBits((float) p.getter.invokeExact(value))); break;
            default: writeInt64(Double.doubleToRawLongBits((double) p.getter.invokeExact(value))); break;
        }
    }

    /** Writes the non-null {@code x} as type {@code t}; {@code target} says how to read it as Java, or null. */
    void writeValue(Object x, FieldType t, JavaTarget target, int depth) {
        switch (t.kind()) {
            case BOOLEAN: writeByte((Boolean) x ? 1 : 0); break;
            case BYTE: writeByte((Byte) x); break;
            case SHORT: writePackedInt((Short) x); break;
            case CHAR: writePackedInt((Character) x); break;
            case INT: writePackedInt((Integer) x); break;
            case LONG: writePackedLong((Long) x); break;
            case FLOAT: writeInt32(Float.floatToRawIntBits((Float) x)); break;
            case DOUBLE: writeInt64(Double.doubleToRawLongBits((Double) x)); break;
            case STRING: writeString((String) x); break;
            case DECIMAL: writeDecimal((BigDecimal) x); break;
            case BIG_INTEGER: writeBigInteger((BigInteger) x); break;
            case DATE: writeDate((LocalDate) x); break;
            case TIME: writeTime((LocalTime) x); break;
            case DATE_TIME: writeDateTime((LocalDateTime) x); break;
            case INSTANT: writeInstant((Instant) x); break;
            case OFFSET_DATE_TIME: writeOffsetDateTime((OffsetDateTime) x); break;
            case UUID: writeUuid((UUID) x); break;
            case BYTES: {
                byte[] bytes = (byte[]) x;
                writePackedInt(bytes.length);
                writeBytes(bytes, 0, bytes.length);
                break;
            }
            case ENUM: writePackedInt(enumIndex(x, t, target)); break;
            case RECORD: {
                int start = beginLength();
                if (x instanceof PackedRecord || x instanceof GeneratedView) {
                    PackedRecord r = PackedRecord.ofView(x);
                    if (!r.schema().typeName().equals(t.name())) {
                        throw new NavpackException("a " + r.schema().typeName() + " cannot be stored where a " + t.name()
                                + " is expected");
                    }
                    writeBytes(r.array(), r.offset(), r.length());
                } else {
                    RecordBinding<?> binding = target != null && target.binding().type() == x.getClass()
                            ? target.binding() : registry().binding(x.getClass());
                    if (!binding.schema().typeName().equals(t.name())) {
                        throw new NavpackException("a " + binding.schema().typeName() + " cannot be stored where a "
                                + t.name() + " is expected");
                    }
                    writeRecord(x, binding, depth + 1);
                }
                endLength(start);
                break;
            }
            case MAP: writeMap((Map<?, ?>) x, t, target, depth); break;
            case ARRAY: writeArray(x, t, target, depth); break;
            default: writeCollection((Collection<?>) x, t, target, depth); break;
        }
    }

    private static int enumIndex(Object x, FieldType t, JavaTarget target) {
        int i;
        if (x instanceof Enum && target != null && target.raw == ((Enum<?>) x).getDeclaringClass()) {
            i = target.indexOfOrdinal[((Enum<?>) x).ordinal()];
        } else {
            i = t.constants().indexOf(x instanceof Enum ? ((Enum<?>) x).name() : x.toString());
        }
        if (i < 0) {
            throw new NavpackException(x + " is not a constant of " + t);
        }
        return i;
    }

    /** Reserves one byte for a packed length; returns where the content starts. */
    private int beginLength() {
        ensure(1);
        pos++;
        return pos;
    }

    /** Writes the length of the content since {@code start}, moving the content if the length needs more than one byte. */
    private void endLength(int start) {
        int len = pos - start;
        int size = PackedInts.sizeOfInt(len);
        if (size > 1) {
            ensure(size - 1);
            System.arraycopy(buf, start, buf, start + size - 1, len);
            pos += size - 1;
        }
        PackedInts.writeInt(buf, start - 1, len);
    }

    /** Count word and a zeroed bitmap of {@code slots} bits; returns the bitmap position. */
    private int beginContainer(int count, int slots, boolean nullable) {
        writePackedInt(nullable ? (count << 1) | 1 : count << 1);
        int bitmapLen = nullable ? (slots + 7) >>> 3 : 0;
        ensure(bitmapLen);
        int bitmap = pos;
        Arrays.fill(buf, pos, pos + bitmapLen, (byte) 0);
        pos += bitmapLen;
        return bitmap;
    }

    /** Drops the bitmap written by {@link #beginContainer} (and its flag bit) when no slot was null. */
    private void endContainer(int countPos, int bitmap, int slots, boolean anyNull) {
        if (anyNull) {
            return;
        }
        int bitmapLen = (slots + 7) >>> 3;
        System.arraycopy(buf, bitmap + bitmapLen, buf, bitmap, pos - bitmap - bitmapLen);
        pos -= bitmapLen;
        buf[countPos] &= (byte) ~1;
    }

    private void markNull(int bitmap, int slot) {
        buf[bitmap + (slot >>> 3)] |= (byte) (1 << (slot & 7));
    }

    private void writeCollection(Collection<?> c, FieldType t, JavaTarget target, int depth) {
        checkDepth(depth);
        int start = beginLength();
        int count = c.size();
        int countPos = pos;
        int bitmap = beginContainer(count, count, true);
        boolean anyNull = false;
        FieldType e = t.element();
        JavaTarget et = target == null ? null : target.element;
        int written = 0;
        if (c instanceof List && c instanceof RandomAccess) {
            List<?> list = (List<?>) c;
            for (int i = 0; i < count; i++) {
                Object x = list.get(i);
                if (x == null) {
                    markNull(bitmap, i);
                    anyNull = true;
                } else {
                    writeValue(x, e, et, depth + 1);
                }
            }
            written = count;
        } else {
            for (Object x : c) {
                if (written == count) {
                    break;
                }
                if (x == null) {
                    markNull(bitmap, written);
                    anyNull = true;
                } else {
                    writeValue(x, e, et, depth + 1);
                }
                written++;
            }
        }
        if (written != count) {
            throw new NavpackException("collection changed size while it was written");
        }
        endContainer(countPos, bitmap, count, anyNull);
        endLength(start);
    }

    private void writeMap(Map<?, ?> m, FieldType t, JavaTarget target, int depth) {
        checkDepth(depth);
        int start = beginLength();
        int count = m.size();
        int countPos = pos;
        int bitmap = beginContainer(count, 2 * count, true);
        boolean anyNull = false;
        int i = 0;
        JavaTarget kt = target == null ? null : target.key;
        JavaTarget vt = target == null ? null : target.element;
        for (Map.Entry<?, ?> entry : m.entrySet()) {
            if (i == count) {
                break;
            }
            Object k = entry.getKey();
            Object v = entry.getValue();
            if (k == null) {
                markNull(bitmap, 2 * i);
                anyNull = true;
            } else {
                writeValue(k, t.key(), kt, depth + 1);
            }
            if (v == null) {
                markNull(bitmap, 2 * i + 1);
                anyNull = true;
            } else {
                writeValue(v, t.element(), vt, depth + 1);
            }
            i++;
        }
        if (i != count) {
            throw new NavpackException("map changed size while it was written");
        }
        endContainer(countPos, bitmap, 2 * count, anyNull);
        endLength(start);
    }

    private void writeArray(Object array, FieldType t, JavaTarget target, int depth) {
        checkDepth(depth);
        int start = beginLength();
        FieldType e = t.element();
        if (t.isPrimitiveArray()) {
            int count = java.lang.reflect.Array.getLength(array);
            beginContainer(count, count, false);
            switch (e.kind()) {
                case BOOLEAN: for (boolean v : (boolean[]) array) { writeByte(v ? 1 : 0); } break;
                case BYTE: writeBytes((byte[]) array, 0, count); break;
                case SHORT: for (short v : (short[]) array) { writePackedInt(v); } break;
                case CHAR: for (char v : (char[]) array) { writePackedInt(v); } break;
                case INT: for (int v : (int[]) array) { writePackedInt(v); } break;
                case LONG: for (long v : (long[]) array) { writePackedLong(v); } break;
                case FLOAT: for (float v : (float[]) array) { writeInt32(Float.floatToRawIntBits(v)); } break;
                default: for (double v : (double[]) array) { writeInt64(Double.doubleToRawLongBits(v)); } break;
            }
        } else {
            Object[] arr = (Object[]) array;
            int countPos = pos;
            boolean nullable = t.elementNullable();
            int bitmap = beginContainer(arr.length, arr.length, nullable);
            boolean anyNull = false;
            JavaTarget et = target == null ? null : target.element;
            for (int i = 0; i < arr.length; i++) {
                if (arr[i] == null) {
                    if (!t.elementNullable()) {
                        throw new NavpackException("element " + i + " of a " + t + " must not be null");
                    }
                    markNull(bitmap, i);
                    anyNull = true;
                } else {
                    writeValue(arr[i], e, et, depth + 1);
                }
            }
            if (nullable) {
                endContainer(countPos, bitmap, arr.length, anyNull);
            }
        }
        endLength(start);
    }

    private static void checkDepth(int depth) {
        if (depth >= Values.MAX_DEPTH) {
            throw new NavpackException("values nested deeper than " + Values.MAX_DEPTH + " levels");
        }
    }
}
