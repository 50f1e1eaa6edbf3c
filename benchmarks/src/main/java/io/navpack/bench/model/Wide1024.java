package io.navpack.bench.model;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.SplittableRandom;

/**
 * The 1024-field record of the field-position benchmark, the same values for every format. Field
 * {@code p} (1-based, named {@code f<p>}) is a long when {@code p} is a power of two, so every
 * position the benchmark reads holds a long; the fields in between cycle through string, long,
 * decimal and date, which is what a reader has to skip.
 */
public final class Wide1024 {
    public static final int FIELDS = 1024;

    /** The kinds of value the record holds. */
    public enum Kind {
        LONG, STRING, DECIMAL, DATE
    }

    private static final Kind[] CYCLE = {Kind.STRING, Kind.LONG, Kind.DECIMAL, Kind.DATE};

    private Wide1024() {
    }

    /** Kind of the field at 0-based {@code index}. */
    public static Kind kind(int index) {
        int p = index + 1;
        return (p & (p - 1)) == 0 ? Kind.LONG : CYCLE[index & 3];
    }

    /** Name of the field at 0-based {@code index}: {@code f1} .. {@code f1024}. */
    public static String name(int index) {
        return "f" + (index + 1);
    }

    /** The field values, in field order, generated from {@code seed}. */
    public static Object[] values(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Object[] values = new Object[FIELDS];
        for (int i = 0; i < FIELDS; i++) {
            switch (kind(i)) {
                case LONG: values[i] = rnd.nextLong(1, 10_000_000_000L); break;
                case STRING: values[i] = "value-" + rnd.nextInt(1_000_000); break;
                case DECIMAL: values[i] = BigDecimal.valueOf(rnd.nextLong(1, 100_000_000_000L), 2); break;
                default: values[i] = LocalDate.of(2014, 1, 1).plusDays(rnd.nextInt(3650)); break;
            }
        }
        return values;
    }

    /** The values as one object, for formats that serialise objects of a class (POF). */
    public record Row(Object[] values) {
    }
}
