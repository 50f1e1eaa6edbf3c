package io.navpack.format;

import io.navpack.format.spi.PackedInts;

import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * The superclass of the classes navpack generates to decode a Java record ({@link RecordDecoders}): one
 * class per record class and writer's schema version, whose {@code $decode} reads the fields in the order
 * the bytes hold them, each with the reader of its type, into local variables, and then calls the
 * canonical constructor with them — no boxing, no argument array, no dispatch per field. Applications never
 * use this class; it is public only because the generated classes live in the record's package.
 *
 * <p>An instance is the cursor of one decode: it is created for one record and holds the position of the
 * next field. The readers take the writer's field number; each checks, as the other decoding paths do, that a
 * field starting an offset-table block starts where the table says, and returns the Java default (0, false,
 * null) for a field the null bitmap marks null.
 */
public abstract class GeneratedDecoder {

    private byte[] b;
    private int p;
    private int limit;
    private int bitmap;
    private int depth;
    private int blockMask;
    private RecordView view;
    private RecordDecoders.Plan plan;

    protected GeneratedDecoder() {
    }

    /** A new instance of the generated class. */
    protected abstract GeneratedDecoder $create();

    /** Reads every field from the position {@link #start} set and builds the record. */
    protected abstract Object $decode();

    /** Decodes the record {@code view} (of the plan's writer schema) with a new cursor of this class. */
    final Object decode(RecordView view, RecordDecoders.Plan plan) {
        GeneratedDecoder d = $create();
        d.b = view.array();
        d.p = view.bodyPosition();
        d.limit = view.limit();
        d.bitmap = view.bitmapPosition();
        d.depth = view.depth();
        d.blockMask = view.blockMask();
        d.view = view;
        d.plan = plan;
        return d.$decode();
    }

    // ---------------------------------------------------------------- positions

    /** Position of writer field {@code f} (the current position), or -1 when it is null. */
    private int at(int f) {
        int q = p;
        if ((f & blockMask) == 0 && f > 0) {
            view.checkBlock(f, q);
        }
        int m = bitmap;
        return m >= 0 && (b[m + (f >>> 3)] & (1 << (f & 7))) != 0 ? -1 : q;
    }

    /** The packed long at {@code q}, checked as {@link PackedInts#readLong}; the position moves past it. */
    private long packedLong(int q) {
        if (q < limit) {
            int x = b[q];
            if (x >= 0) {
                p = q + 1;
                return (x & 0x40) != 0 ? ~(long) (x & 0x3F) : x & 0x3F;
            }
        }
        if (b.length >= 8) {
            // one word load: the bytes up to the first without a continuation bit, when they are at most 8
            long w = PackedInts.word(b, q);
            int n = PackedInts.lengthInWord(w);
            if (n != 0 && n <= limit - q) {
                p = q + n;
                return PackedInts.valueInWord(w, n);
            }
        }
        long v = PackedInts.readLong(b, q, limit);
        p = PackedInts.skip(b, q, limit);
        return v;
    }

    /** The packed int at {@code q}, checked as {@link PackedInts#readInt}; the position moves past it. */
    private int packedInt(int q) {
        if (q < limit) {
            int x = b[q];
            if (x >= 0) {
                p = q + 1;
                return (x & 0x40) != 0 ? ~(x & 0x3F) : x & 0x3F;
            }
        }
        if (b.length >= 8) {
            long w = PackedInts.word(b, q);
            int n = PackedInts.lengthInWord(w);
            // at most 4 bytes: 27 value bits, nothing to overflow
            if (n != 0 && n <= 4 && n <= limit - q) {
                p = q + n;
                return (int) PackedInts.valueInWord(w, n);
            }
        }
        int v = PackedInts.readInt(b, q, limit);
        p = PackedInts.skipInt(b, q, limit);
        return v;
    }

    // ---------------------------------------------------------------- what generated decoders call

    protected final boolean $boolean(int f) {
        int q = at(f);
        if (q < 0) {
            return false;
        }
        boolean v = ScalarCodecs.BooleanCodec.at(b, q, limit);
        p = q + 1;
        return v;
    }

    protected final byte $byte(int f) {
        int q = at(f);
        if (q < 0) {
            return 0;
        }
        byte v = ScalarCodecs.ByteCodec.at(b, q, limit);
        p = q + 1;
        return v;
    }

    protected final short $short(int f) {
        int q = at(f);
        if (q < 0) {
            return 0;
        }
        return ScalarCodecs.ShortCodec.of(packedInt(q), q);
    }

    protected final char $char(int f) {
        int q = at(f);
        if (q < 0) {
            return 0;
        }
        return ScalarCodecs.CharCodec.of(packedInt(q), q);
    }

    protected final int $int(int f) {
        int q = at(f);
        return q < 0 ? 0 : packedInt(q);
    }

    protected final long $long(int f) {
        int q = at(f);
        return q < 0 ? 0 : packedLong(q);
    }

    protected final float $float(int f) {
        int q = at(f);
        if (q < 0) {
            return 0;
        }
        float v = ScalarCodecs.FloatCodec.at(b, q, limit);
        p = q + 4;
        return v;
    }

    protected final double $double(int f) {
        int q = at(f);
        if (q < 0) {
            return 0;
        }
        double v = ScalarCodecs.DoubleCodec.at(b, q, limit);
        p = q + 8;
        return v;
    }

    protected final String $string(int f) {
        int q = at(f);
        if (q < 0) {
            return null;
        }
        int n = packedInt(q);
        int start = p;
        if (n < 0 || n > limit - start) {
            throw new NavpackFormatException("length " + n + " exceeds the " + (limit - start) + " bytes left", q);
        }
        p = start + n;
        return ShortStrings.decode(b, start, n);
    }

    protected final BigDecimal $decimal(int f) {
        int q = at(f);
        if (q < 0) {
            return null;
        }
        long h = packedLong(q);
        int z = (int) (h & 15);
        long scale = h >> 4;
        if (z == 15 || scale != (int) scale) {
            BigDecimal v = ScalarCodecs.DecimalCodec.at(b, q, limit);
            p = ScalarCodecs.DecimalCodec.skipAt(b, q, limit);
            return v;
        }
        return ScalarCodecs.DecimalCodec.of(packedLong(p), z, (int) scale);
    }

    protected final LocalDate $date(int f) {
        int q = at(f);
        return q < 0 ? null : ScalarCodecs.DateCodec.ofDay(packedLong(q), q);
    }

    /** Any other field, as its codec reads it into the record component's Java type. */
    protected final Object $value(int f) {
        int q = at(f);
        if (q < 0) {
            return null;
        }
        Codec c = plan.codecs[f];
        Object v = c.read(b, q, limit, plan.registry, plan.targets[f], depth);
        p = c.skip(b, q, limit);
        return v;
    }

    /** Skips writer fields {@code from} to {@code to - 1}, which the record class does not have. */
    protected final void $skip(int from, int to) {
        Codec[] codecs = plan.codecs;
        for (int f = from; f < to; f++) {
            int q = at(f);
            if (q >= 0) {
                p = codecs[f].skip(b, q, limit);
            }
        }
    }

    /** Checks that the last field ends where the record does. */
    protected final void $end() {
        Values.requireRecordEnd(p, limit, plan.writer);
    }
}
