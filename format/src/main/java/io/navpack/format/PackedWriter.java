package io.navpack.format;

import io.navpack.format.spi.PackedInts;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Arrays;

/**
 * Encodes values into a reusable, growing byte buffer. After the buffer has grown to the size of
 * the largest value, writing allocates nothing: no boxing, no iterators over arrays or
 * random-access lists, strings encoded to UTF-8 in place, decimals of up to 15 digits split without
 * a {@link BigInteger}. {@link #reset()} starts the next value in the same buffer; a buffer that one
 * large value made larger than {@value #RETAINED} bytes is dropped there, back to the initial capacity.
 *
 * <p>A writer can also write straight into another array ({@link #attach}): the output buffer of a
 * serialization framework, so that a value's bytes are written once, where they are sent from.
 *
 * <p>Not thread-safe: keep one per thread (see {@link Navpack}).
 */
public final class PackedWriter {
    /** The largest buffer {@link #reset()} keeps: a larger one, grown for one large value, is dropped there. */
    public static final int RETAINED = 64 * 1024;

    private final SchemaRegistry registry;
    private final int initialCapacity;
    private byte[] buf;
    private int pos;
    /** This writer's own buffer while it writes into an attached array ({@link #attach}); null otherwise. */
    private byte[] own;
    /** Length of the last record {@link #writeRecordWithLength} wrote: its guess of the next length's size. */
    private int lastLength;

    /** A writer for schemas and plain values only; records need {@link #PackedWriter(SchemaRegistry, int)}. */
    public PackedWriter(int initialCapacity) {
        this(null, initialCapacity);
    }

    public PackedWriter(SchemaRegistry registry, int initialCapacity) {
        this.registry = registry;
        this.initialCapacity = Math.max(16, initialCapacity);
        this.buf = new byte[this.initialCapacity];
    }

    /**
     * Forgets what was written. The buffer is kept unless it has grown beyond {@value #RETAINED} bytes: then it is
     * replaced by one of the initial capacity, so that one large value does not hold its memory for as long as the
     * writer lives (a writer kept per thread lives as long as its thread). An attached array is left as it is.
     */
    public void reset() {
        pos = 0;
        if (own == null && buf.length > RETAINED) {
            buf = new byte[initialCapacity];
        }
    }

    /** Bytes written since the last reset; while attached ({@link #attach}), the position after the last byte written. */
    public int size() {
        return pos;
    }

    /**
     * The internal buffer; bytes {@code 0..size()-1} are the output. Valid until the next write. While attached
     * ({@link #attach}), the array written into: the attached one, or the larger copy of it that the writer grew.
     */
    public byte[] buffer() {
        return buf;
    }

    /**
     * Writes from now on into {@code array} from {@code position} instead of this writer's own buffer, until
     * {@link #detach()}. The bytes before {@code position} are kept. When the array has no room left, the writer
     * grows it as it grows its own buffer: into a larger copy, which {@link #buffer()} then returns, with
     * {@link #size()} as the position after the last byte written.
     */
    public void attach(byte[] array, int position) {
        if (own != null) {
            throw new IllegalStateException("this writer is attached to an array already");
        }
        if (position < 0 || position > array.length) {
            throw new IllegalArgumentException("position " + position + " outside an array of " + array.length + " bytes");
        }
        own = buf;
        buf = array;
        pos = position;
    }

    /** Goes back to this writer's own buffer, empty; the writer keeps no reference to the array it was attached to. */
    public void detach() {
        if (own != null) {
            buf = own;
            own = null;
        }
        reset();
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(buf, pos);
    }

    /**
     * Makes room for {@code n} more bytes: the buffer grows to twice its length, or by {@code n} when that is more
     * (as Hazelcast's output grows), so that the bytes written after a large piece find room.
     */
    private void ensure(int n) {
        if (n > buf.length - pos) {
            long wanted = Math.max((long) buf.length * 2, (long) buf.length + n);
            if (wanted > Integer.MAX_VALUE - 16) {
                throw new NavpackException("value larger than 2 GB");
            }
            buf = Arrays.copyOf(buf, (int) wanted);
        }
    }

    // ---------------------------------------------------------------- primitives

    void writeByte(int v) {
        ensure(1);
        buf[pos++] = (byte) v;
    }

    void writePackedInt(int v) {
        ensure(PackedInts.MAX_INT_BYTES);
        pos = PackedInts.writeInt(buf, pos, v);
    }

    void writePackedLong(long v) {
        ensure(PackedInts.MAX_LONG_BYTES);
        pos = PackedInts.writeLong(buf, pos, v);
    }

    void writeBytes(byte[] src, int off, int len) {
        ensure(len);
        System.arraycopy(src, off, buf, pos, len);
        pos += len;
    }

    void writeInt32(int v) {
        ensure(4);
        buf[pos] = (byte) (v >>> 24);
        buf[pos + 1] = (byte) (v >>> 16);
        buf[pos + 2] = (byte) (v >>> 8);
        buf[pos + 3] = (byte) v;
        pos += 4;
    }

    void writeInt64(long v) {
        writeInt32((int) (v >>> 32));
        writeInt32((int) v);
    }

    /** Reserves {@code n} bytes after what was written and returns the buffer; they end at {@link #size()}. */
    byte[] reserve(int n) {
        ensure(n);
        pos += n;
        return buf;
    }

    /** Writes {@code n} zero bytes. */
    void reserveZeros(int n) {
        ensure(n);
        Arrays.fill(buf, pos, pos + n, (byte) 0);
        pos += n;
    }

    /** Removes the {@code n} bytes at {@code at}, moving what follows them back. */
    void cut(int at, int n) {
        System.arraycopy(buf, at + n, buf, at, pos - at - n);
        pos -= n;
    }

    /** Marks {@code slot} null in the bitmap at {@code bitmap}. */
    void markNull(int bitmap, int slot) {
        NullBitmap.set(buf, bitmap, slot);
    }

    /** Reserves one byte for a packed length; returns where the content starts. */
    int beginLength() {
        ensure(1);
        pos++;
        return pos;
    }

    /** Writes the length of the content since {@code start}, moving the content if the length needs more than one byte. */
    void endLength(int start) {
        int len = pos - start;
        int size = PackedInts.sizeOfInt(len);
        if (size > 1) {
            ensure(size - 1);
            System.arraycopy(buf, start, buf, start + size - 1, len);
            pos += size - 1;
        }
        PackedInts.writeInt(buf, start - 1, len);
    }

    // ---------------------------------------------------------------- values (as docs/format.md encodes them)

    /** Packed UTF-8 byte length, then standard UTF-8; an unpaired surrogate is written as '?', as the JDK does. */
    void writeString(String s) {
        ScalarCodecs.StringCodec.write(this, s);
    }

    /** A decimal as docs/format.md encodes it: packed scale and trailing-zero count, then the unscaled value. */
    void writeDecimal(BigDecimal d) {
        ScalarCodecs.DecimalCodec.write(this, d);
    }

    void writeDate(LocalDate d) {
        ScalarCodecs.DateCodec.write(this, d);
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

    /**
     * Writes the record's length as a packed int, then {@code value}'s record through {@code binding} (which must
     * be the binding of its class): a value as navpack's Hazelcast serializer stores it (docs/format.md). The
     * length is written in as few bytes as always; the record is written once, after room for a length of the
     * size of the last one this writer wrote, and moved only when its own length needs another size.
     */
    public void writeRecordWithLength(Object value, RecordBinding<?> binding) {
        if (!binding.type().isInstance(value)) {
            throw new IllegalArgumentException(value.getClass().getName() + " is not a " + binding.type().getName());
        }
        int guess = PackedInts.sizeOfInt(lastLength);
        ensure(guess);
        int at = pos;
        pos += guess;
        int start = pos;
        writeRecord(value, binding, 0);
        int length = pos - start;
        int size = PackedInts.sizeOfInt(length);
        if (size != guess) {
            if (size > guess) {
                ensure(size - guess);
            }
            System.arraycopy(buf, start, buf, at + size, length);
            pos = at + size + length;
        }
        PackedInts.writeInt(buf, at, length);
        lastLength = length;
    }

    SchemaRegistry registry() {
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
        int shift = schema.blockShift();
        int blocks = (n + (1 << shift) - 1) >>> shift;
        writePackedInt(schema.typeId());
        writePackedInt(schema.version());
        ensure(1 + NullBitmap.length(n) + blocks * 4);
        int flagsPos = pos++;
        int bitmapPos = pos;
        int bitmapLen = schema.hasNullableFields() ? NullBitmap.length(n) : 0;
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
                if (f > 0 && (f & ((1 << shift) - 1)) == 0) {
                    int e = tablePos + ((f >>> shift) - 1) * 4;
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
                        field.type().codec().writeProperty(this, p.getter, value);
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
                    NullBitmap.set(buf, bitmapPos, f);
                    anyNull = true;
                } else if (x instanceof RecordBuilder.Encoded) {
                    RecordBuilder.Encoded e = (RecordBuilder.Encoded) x;
                    writeBytes(e.array, e.start, e.end - e.start);
                } else {
                    field.type().codec().write(this, x, target, depth);
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
                buf[dst + j * width + (width - 1 - k)] = (byte) (off >> (8 * k));
            }
        }
        int newBody = dst + entries * width;
        if (newBody != bodyPos) {
            System.arraycopy(buf, bodyPos, buf, newBody, bodyLen);
            pos = newBody + bodyLen;
        }
        buf[flagsPos] = (byte) (widthCode | (anyNull ? RecordView.FLAG_NULLS : 0)
                | ((3 - shift) << RecordView.BLOCK_CODE_SHIFT));
    }

    /** Writes the non-null {@code x} as type {@code t}; {@code target} says how to read it as Java, or null. */
    void writeValue(Object x, FieldType t, JavaTarget target, int depth) {
        t.codec().write(this, x, target, depth);
    }
}
