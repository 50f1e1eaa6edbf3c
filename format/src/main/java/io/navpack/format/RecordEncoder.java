package io.navpack.format;

import io.navpack.format.spi.PackedInts;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Writes navpack values piece by piece, as a parser produces them, into one growing buffer: each scalar
 * from primitives or a range of characters (no {@code String}, no boxing), and records and lists
 * assembled from values already in the buffer. A transcoder writes a field's value when the parser
 * reaches it, remembers where it lies (a <i>span</i>: start and end position), and once the enclosing
 * element or object ends, appends the record with {@link #writeRecord}, whose fields are the spans in
 * schema order, whatever order they were written in. Lists are assembled the same way
 * ({@link #writeList}), so a list's count need not be known before its last element.
 *
 * <pre>{@code
 * RecordEncoder e = new RecordEncoder(256);
 * int[] start = new int[schema.fieldCount()], end = new int[schema.fieldCount()];
 * Arrays.fill(start, -1);                          // every field null so far
 * start[1] = e.position(); e.writeString("EUR"); end[1] = e.position();
 * start[0] = e.position(); e.writeLong(42);       end[0] = e.position();
 * int record = e.position();
 * e.writeRecord(schema, start, end, false);        // the value: bytes record .. e.position()
 * byte[] value = e.toByteArray(record, e.position());
 * }</pre>
 *
 * <p>Every value is encoded exactly as docs/format.md specifies: the bytes are what {@link PackedWriter}
 * writes for the same values, and {@link PackedRecord} reads them. After the buffer has grown to the
 * largest document, writing allocates nothing. Not thread-safe; reuse one per thread.
 */
public final class RecordEncoder {
    private byte[] buf;
    /** The null bitmap of the record of more than 64 fields {@link #writeRecord} is writing (fewer: a {@code long}). */
    private byte[] nulls = new byte[16];
    private int pos;
    /** The schemas {@link #writeRecord} wrote since the last {@link #toRecord} or {@link #reset}, each once, in order. */
    private Schema[] written = new Schema[16];
    private int writtenCount;
    /** Index in {@link #written} of the schema written last, or -1. */
    private int lastWritten = -1;
    /**
     * {@link #written} as an open-addressing set: per bucket the schema's index in it + 1 (0: empty), hashed by type id
     * and version, so that a record's schema is found in a probe or two with no reference stored.
     */
    private int[] seen = new int[64];

    public RecordEncoder(int initialCapacity) {
        this.buf = new byte[Math.max(16, initialCapacity)];
    }

    /** Where the next value starts: the end of what was written. */
    public int position() {
        return pos;
    }

    /** The buffer; bytes before {@link #position()} are what was written. Valid until the next write. */
    public byte[] buffer() {
        return buf;
    }

    /** Forgets everything written; the buffer is kept. */
    public void reset() {
        pos = 0;
        forgetSchemas();
    }

    private void forgetSchemas() {
        if (writtenCount > 0) {
            Arrays.fill(written, 0, writtenCount, null);
            Arrays.fill(seen, 0);
            writtenCount = 0;
        }
        lastWritten = -1;
    }

    private static int bucket(Schema schema, int mask) {
        int h = (schema.typeId() * 31 + schema.version()) * 0x9E3779B9;
        return (h ^ (h >>> 16)) & mask;
    }

    private void noteSchema(Schema schema) {
        int[] set = seen;
        int mask = set.length - 1;
        int h = bucket(schema, mask);
        for (int e = set[h]; e != 0; e = set[h]) {
            if (written[e - 1] == schema) {
                lastWritten = e - 1;
                return;
            }
            h = (h + 1) & mask;
        }
        if (writtenCount == written.length) {
            written = Arrays.copyOf(written, written.length * 2);
        }
        written[writtenCount] = schema;
        lastWritten = writtenCount++;
        if (2 * writtenCount > set.length) {
            seen = set = new int[set.length * 2];
            mask = set.length - 1;
            for (int i = 0; i < writtenCount; i++) {
                int k = bucket(written[i], mask);
                while (set[k] != 0) {
                    k = (k + 1) & mask;
                }
                set[k] = i + 1;
            }
        } else {
            set[h] = writtenCount;
        }
    }

    /**
     * The record this encoder wrote last, bytes {@code from} to {@code to} (a copy), as a {@link PackedRecord}
     * that knows the schemas it holds: those {@link #writeRecord} wrote since the previous call (or
     * {@link #reset}), its own first. Its {@link PackedRecord#validate()} returns them without decoding the
     * record again, so that a serializer stores what this encoder wrote without checking it a second time
     * (what a transcoder hands out per document). Throws {@link IllegalArgumentException} when the bytes do not
     * start with a record of the last schema written.
     */
    public PackedRecord toRecord(int from, int to, SchemaRegistry registry) {
        if (writtenCount == 0 || from < 0 || to > pos || from > to) {
            throw new IllegalArgumentException("bytes " + from + ".." + to + " are not a record this encoder wrote"
                    + " (position " + pos + ", " + writtenCount + " schemas written)");
        }
        byte[] copy = Arrays.copyOfRange(buf, from, to);
        List<Schema> schemas = new ArrayList<>(writtenCount);
        Schema own = written[lastWritten];
        RecordView.Encoded r;
        try {
            r = new RecordView.Encoded(copy, registry, own, schemas);
        } catch (NavpackException e) {
            throw new IllegalArgumentException("bytes " + from + ".." + to + " are not the " + own.typeName()
                    + " this encoder wrote last: " + e.getMessage(), e);
        }
        if (r.schema() != own) {
            throw new IllegalArgumentException("bytes " + from + ".." + to + " hold a " + r.schema().typeName()
                    + ", not the " + own.typeName() + " this encoder wrote last");
        }
        schemas.add(own);
        for (int i = 0; i < writtenCount; i++) {
            if (written[i] != own) {
                schemas.add(written[i]);
            }
        }
        forgetSchemas();
        return r;
    }

    /** Forgets what was written from {@code position} on. */
    public void truncate(int position) {
        if (position < 0 || position > pos) {
            throw new IllegalArgumentException("position " + position + " outside 0.." + pos);
        }
        pos = position;
    }

    /** A copy of bytes {@code from} to {@code to}. */
    public byte[] toByteArray(int from, int to) {
        return Arrays.copyOfRange(buf, from, to);
    }

    /**
     * Moves bytes {@code from} to {@link #position()} down to {@code to} (&le; {@code from}) and ends the buffer after
     * them: what lay between is forgotten. Lets a transcoder drop the spans a record was assembled from.
     */
    public void moveDown(int from, int to) {
        if (to < 0 || to > from || from > pos) {
            throw new IllegalArgumentException("cannot move " + from + ".." + pos + " to " + to);
        }
        int n = pos - from;
        System.arraycopy(buf, from, buf, to, n);
        pos = to + n;
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

    // ---------------------------------------------------------------- scalars

    /** A boolean: one byte, 0 or 1. */
    public void writeBoolean(boolean v) {
        ensure(1);
        buf[pos++] = (byte) (v ? 1 : 0);
    }

    /** A packed int: a field of kind short, char or int, or an enum constant's index. */
    public void writeInt(int v) {
        ensure(PackedInts.MAX_INT_BYTES);
        pos = PackedInts.writeInt(buf, pos, v);
    }

    /** A packed long: a field of kind long. */
    public void writeLong(long v) {
        ensure(PackedInts.MAX_LONG_BYTES);
        pos = PackedInts.writeLong(buf, pos, v);
    }

    /** A string: packed UTF-8 byte length, then UTF-8; an unpaired surrogate becomes '?', as the JDK writes it. */
    public void writeString(CharSequence s) {
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
        ensure(PackedInts.MAX_INT_BYTES + len);
        pos = PackedInts.writeInt(buf, pos, len);
        byte[] b = buf;
        int p = pos;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                b[p++] = (byte) c;
            } else {
                p = writeChar(b, p, c, i + 1 < n ? s.charAt(i + 1) : 0);
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                }
            }
        }
        pos = p;
    }

    /** A string from {@code len} characters of {@code chars} at {@code off} (a parser's text buffer). */
    public void writeString(char[] chars, int off, int len) {
        int end = off + len;
        int utf8 = 0;
        boolean ascii = true;
        for (int i = off; i < end; i++) {
            char c = chars[i];
            if (c < 0x80) {
                utf8++;
            } else {
                ascii = false;
                if (c < 0x800) {
                    utf8 += 2;
                } else if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(chars[i + 1])) {
                    utf8 += 4;
                    i++;
                } else if (Character.isSurrogate(c)) {
                    utf8++;
                } else {
                    utf8 += 3;
                }
            }
        }
        ensure(PackedInts.MAX_INT_BYTES + utf8);
        pos = PackedInts.writeInt(buf, pos, utf8);
        byte[] b = buf;
        int p = pos;
        if (ascii) {
            for (int i = off; i < end; i++) {
                b[p++] = (byte) chars[i];
            }
        } else {
            for (int i = off; i < end; i++) {
                char c = chars[i];
                if (c < 0x80) {
                    b[p++] = (byte) c;
                } else {
                    p = writeChar(b, p, c, i + 1 < end ? chars[i + 1] : 0);
                    if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(chars[i + 1])) {
                        i++;
                    }
                }
            }
        }
        pos = p;
    }

    /** Writes the non-ASCII {@code c} (and {@code next}, when they are a surrogate pair) as UTF-8 at {@code p}. */
    private static int writeChar(byte[] b, int p, char c, char next) {
        if (c < 0x800) {
            b[p++] = (byte) (0xC0 | (c >> 6));
            b[p++] = (byte) (0x80 | (c & 0x3F));
        } else if (Character.isHighSurrogate(c) && Character.isLowSurrogate(next)) {
            int cp = Character.toCodePoint(c, next);
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
        return p;
    }

    /**
     * A string from {@code len} bytes of well-formed UTF-8 (as a string field holds them: four bytes for a
     * character outside the BMP). The caller vouches for the bytes; they are copied as they are.
     */
    public void writeUtf8(byte[] utf8, int off, int len) {
        ensure(PackedInts.MAX_INT_BYTES + len);
        pos = PackedInts.writeInt(buf, pos, len);
        System.arraycopy(utf8, off, buf, pos, len);
        pos += len;
    }

    /** A byte array field: packed length, then the bytes. */
    public void writeBytes(byte[] bytes, int off, int len) {
        writeUtf8(bytes, off, len);
    }

    /**
     * A decimal {@code unscaled × 10^-scale}: a packed {@code scale << 4 | z}, then the unscaled value without
     * its {@code z} (up to 14) trailing zeros, as docs/format.md encodes it.
     */
    public void writeDecimal(long unscaled, int scale) {
        int z = 0;
        while (z < 14 && unscaled != 0 && unscaled % 10 == 0) {
            unscaled /= 10;
            z++;
        }
        ensure(2 * PackedInts.MAX_LONG_BYTES);
        pos = PackedInts.writeLong(buf, pos, ((long) scale << 4) | z);
        pos = PackedInts.writeLong(buf, pos, unscaled);
    }

    /** A decimal, keeping its scale. */
    public void writeDecimal(BigDecimal d) {
        BigInteger u = d.unscaledValue();
        if (u.bitLength() <= 63) {
            writeDecimal(u.longValue(), d.scale());
            return;
        }
        writeLong(((long) d.scale() << 4) | 15);
        writeBigInteger(u);
    }

    /** A big integer: packed byte length, then two's-complement big-endian bytes. */
    public void writeBigInteger(BigInteger v) {
        byte[] bytes = v.toByteArray();
        writeBytes(bytes, 0, bytes.length);
    }

    /** A date: its epoch day. */
    public void writeDate(long epochDay) {
        writeLong(epochDay);
    }

    /** A time of day. */
    public void writeTime(int secondOfDay, int nano) {
        writeLong(secondOfDay * 2L + (nano != 0 ? 1 : 0));
        if (nano != 0) {
            writeInt(nano);
        }
    }

    /** A date-time without offset. */
    public void writeDateTime(long epochDay, int secondOfDay, int nano) {
        writeDate(epochDay);
        writeTime(secondOfDay, nano);
    }

    /** A date-time with an offset from UTC of {@code offsetSeconds}. */
    public void writeOffsetDateTime(long epochDay, int secondOfDay, int nano, int offsetSeconds) {
        writeDateTime(epochDay, secondOfDay, nano);
        writeInt(offsetSeconds % 900 == 0 ? (offsetSeconds / 900) << 1 : (offsetSeconds << 1) | 1);
    }

    /** A double: 8 bytes, big-endian IEEE 754. */
    public void writeDouble(double v) {
        long bits = Double.doubleToRawLongBits(v);
        ensure(8);
        for (int k = 56; k >= 0; k -= 8) {
            buf[pos++] = (byte) (bits >>> k);
        }
    }

    // ---------------------------------------------------------------- assembly

    /**
     * Appends a record of {@code schema} whose field {@code i} is the value at bytes {@code start[i]} to
     * {@code end[i]} of this buffer, or null when {@code start[i] < 0} (the field must then be nullable).
     * The spans must lie before {@link #position()}, each one exactly one value of its field's type (a
     * nested record with its packed length, as {@link #writeRecord} writes it with {@code lengthPrefixed}).
     * With {@code lengthPrefixed} the record is preceded by its packed length: the form of a nested record
     * in a field or list. Returns the position where the record (after any length) starts.
     */
    public int writeRecord(Schema schema, int[] start, int[] end, boolean lengthPrefixed) {
        noteSchema(schema);
        int n = schema.fieldCount();
        int shift = schema.blockShift();
        int blocks = (n + (1 << shift) - 1) >>> shift;
        int entries = blocks > 0 ? blocks - 1 : 0;
        // the null bitmap is gathered as the fields are summed, a bit per absent field: records of documents have many.
        // Up to 64 fields (most records) it is gathered in a long; above, in the bitmap array
        int bitmapLen = schema.bitmapLength();
        long body = 0;
        long bits = 0;
        boolean anyNull;
        if (bitmapLen <= 8) {
            for (int f = 0; f < n; f++) {
                int s = start[f];
                if (s < 0) {
                    bits |= 1L << f;
                } else {
                    body += span(schema, f, s, end[f]);
                }
            }
            anyNull = bits != 0;
            long missing = bits & schema.notNullBits();
            if (missing != 0) {
                throw notNull(schema, Long.numberOfTrailingZeros(missing));
            }
        } else {
            if (nulls.length < bitmapLen) {
                nulls = new byte[Math.max(bitmapLen, nulls.length * 2)];
            }
            byte[] nb = nulls;
            Arrays.fill(nb, 0, bitmapLen, (byte) 0);
            for (int f = 0; f < n; f++) {
                int s = start[f];
                if (s < 0) {
                    nb[f >>> 3] |= (byte) (1 << (f & 7));
                } else {
                    body += span(schema, f, s, end[f]);
                }
            }
            anyNull = false;
            byte[] notNull = schema.notNullMask();
            for (int i = 0; i < bitmapLen; i++) {
                if (nb[i] != 0) {
                    anyNull = true;
                    if ((nb[i] & notNull[i]) != 0) {
                        throw notNull(schema, (i << 3) + Integer.numberOfTrailingZeros(nb[i] & notNull[i] & 0xFF));
                    }
                }
            }
        }
        if (body > Integer.MAX_VALUE - 64) {
            throw new NavpackException("record larger than 2 GB");
        }
        int bodyLen = (int) body;
        int widthCode = entries == 0 || bodyLen <= 0xFF ? 0 : bodyLen <= 0xFFFF ? 1 : 2;
        int width = 1 << widthCode;
        if (!anyNull) {
            bitmapLen = 0;
        }
        int length = PackedInts.sizeOfInt(schema.typeId()) + PackedInts.sizeOfInt(schema.version()) + 1 + bitmapLen
                + entries * width + bodyLen;
        ensure(PackedInts.MAX_INT_BYTES + length);
        byte[] b = buf;
        int p = pos;
        if (lengthPrefixed) {
            p = PackedInts.writeInt(b, p, length);
        }
        int recordStart = p;
        p = PackedInts.writeInt(b, p, schema.typeId());
        p = PackedInts.writeInt(b, p, schema.version());
        b[p++] = (byte) (widthCode | (anyNull ? RecordView.FLAG_NULLS : 0) | ((3 - shift) << RecordView.BLOCK_CODE_SHIFT));
        if (anyNull) {
            if (bitmapLen <= 8) {
                for (int i = 0; i < bitmapLen; i++) {
                    b[p++] = (byte) (bits >>> (8 * i));
                }
            } else {
                System.arraycopy(nulls, 0, b, p, bitmapLen);
                p += bitmapLen;
            }
        }
        int table = p;
        int bodyPos = p + entries * width;
        p = bodyPos;
        int mask = (1 << shift) - 1;
        for (int f = 0; f < n; f++) {
            if (f > 0 && (f & mask) == 0) {
                int off = p - bodyPos;
                int e = table + ((f >>> shift) - 1) * width;
                for (int k = width - 1; k >= 0; k--) {
                    b[e++] = (byte) ((off >> (8 * k)) & 0xFF); // off is not negative
                }
            }
            int s = start[f];
            if (s >= 0) {
                int len = end[f] - s;
                System.arraycopy(b, s, b, p, len);
                p += len;
            }
        }
        pos = p;
        return recordStart;
    }

    /** The length of field {@code f}'s span {@code s..e}, which must lie in the written bytes. */
    private int span(Schema schema, int f, int s, int e) {
        if (e < s || e > pos) {
            throw new IllegalArgumentException("span " + s + ".." + e + " of field " + schema.field(f).name()
                    + " outside the written bytes 0.." + pos);
        }
        return e - s;
    }

    private static NavpackException notNull(Schema schema, int field) {
        return new NavpackException("field " + schema.field(field).name() + " of " + schema.typeName() + " must not be null");
    }

    /**
     * Appends a list (or set) value of {@code count} elements: its packed length, the packed {@code count << 1}
     * (with bit 0 and a null bitmap when an element is null), then the non-null elements, element {@code k}
     * being bytes {@code start[from + k]} to {@code end[from + k]} of this buffer (one value of the element
     * type; a record with its packed length), or null when {@code start[from + k] < 0}. The spans must lie
     * before {@link #position()}.
     */
    public void writeList(int[] start, int[] end, int from, int count) {
        if (count < 0 || count > (Integer.MAX_VALUE >>> 1)) {
            throw new IllegalArgumentException("list of " + count + " elements");
        }
        long body = 0;
        boolean nulls = false;
        for (int k = from; k < from + count; k++) {
            if (start[k] < 0) {
                nulls = true;
                continue;
            }
            if (end[k] < start[k] || end[k] > pos) {
                throw new IllegalArgumentException("span " + start[k] + ".." + end[k] + " of element " + (k - from)
                        + " outside the written bytes 0.." + pos);
            }
            body += end[k] - start[k];
        }
        int bitmap = nulls ? NullBitmap.length(count) : 0;
        int header = (count << 1) | (nulls ? 1 : 0);
        long content = PackedInts.sizeOfInt(header) + bitmap + body;
        if (content > Integer.MAX_VALUE - 64) {
            throw new NavpackException("list larger than 2 GB");
        }
        ensure(2 * PackedInts.MAX_INT_BYTES + (int) content);
        byte[] b = buf;
        int p = PackedInts.writeInt(b, pos, (int) content);
        p = PackedInts.writeInt(b, p, header);
        if (nulls) {
            Arrays.fill(b, p, p + bitmap, (byte) 0);
            for (int k = 0; k < count; k++) {
                if (start[from + k] < 0) {
                    NullBitmap.set(b, p, k);
                }
            }
            p += bitmap;
        }
        for (int k = from; k < from + count; k++) {
            if (start[k] >= 0) {
                int len = end[k] - start[k];
                System.arraycopy(b, start[k], b, p, len);
                p += len;
            }
        }
        pos = p;
    }
}
