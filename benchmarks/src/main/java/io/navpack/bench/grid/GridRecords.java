package io.navpack.bench.grid;

import com.tangosol.io.pof.ConfigurablePofContext;
import com.tangosol.io.pof.PofConstants;
import com.tangosol.io.pof.reflect.SimplePofPath;
import com.tangosol.util.Binary;
import com.tangosol.util.ExternalizableHelper;
import com.tangosol.util.extractor.PofExtractor;
import io.navpack.bench.model.Fixtures;
import io.navpack.format.FieldType;
import io.navpack.format.PackedWriter;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The records of the extractor grid: {@value #RECORDS} records of {@code n} fields for each
 * {@code n} in {@link #FIELD_COUNTS}, the same values for navpack and POF. Field {@code i} (0-based,
 * named {@code f<i+1>}) cycles through eight kinds taken from a trade: an id ({@code long}), a
 * 3-letter code, an amount (decimal, scale 2), a date, a name (string of 12–20 characters), a rate
 * (decimal, scale 6), a count ({@code long}) and another date.
 */
public final class GridRecords {
    /** Field counts of the grid. */
    public static final List<Integer> FIELD_COUNTS = List.of(5, 20, 50, 100, 200);
    /** Numbers of fields read per value; those above {@code n} are left out, {@code n} itself is added. */
    public static final List<Integer> K_STEPS = List.of(1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 50, 64, 100, 128, 200);
    /** Which fields are read: the first k, the last k, or k at random positions (fixed seed, random order). */
    public static final List<String> PATTERNS = List.of("first", "last", "random");
    /** Records per field count; a benchmark takes them round robin. */
    public static final int RECORDS = 16;

    private static final String[] CODES = {"EUR", "USD", "GBP", "JPY", "CHF", "AUD", "CAD", "SEK"};
    private static final LocalDate BASE = LocalDate.of(2014, 7, 21);

    /** The kinds of value a grid record holds. */
    public enum Kind {
        ID, CODE, AMOUNT, DATE, NAME, RATE, COUNT, DATE2;

        /** The Java type of this kind's values (what a typed {@code PofExtractor} is given). */
        public Class<?> javaType() {
            switch (this) {
                case ID: case COUNT: return Long.class;
                case CODE: case NAME: return String.class;
                case AMOUNT: case RATE: return BigDecimal.class;
                default: return LocalDate.class;
            }
        }

        /** The navpack field type of this kind. */
        public FieldType navpackType() {
            switch (this) {
                case ID: case COUNT: return FieldType.LONG;
                case CODE: case NAME: return FieldType.STRING;
                case AMOUNT: case RATE: return FieldType.DECIMAL;
                default: return FieldType.DATE;
            }
        }
    }

    private static final Kind[] KINDS = Kind.values();

    private GridRecords() {
    }

    /** Kind of the field at 0-based {@code index}. */
    public static Kind kind(int index) {
        return KINDS[index % KINDS.length];
    }

    /** Name of the field at 0-based {@code index}: {@code f1}, {@code f2}, ... */
    public static String name(int index) {
        return "f" + (index + 1);
    }

    /** The k values of the grid for records of {@code n} fields. */
    public static List<Integer> ks(int n) {
        List<Integer> ks = new ArrayList<>();
        for (int k : K_STEPS) {
            if (k < n) {
                ks.add(k);
            }
        }
        ks.add(n);
        return ks;
    }

    /** The navpack type name of the records of {@code n} fields. */
    public static String typeName(int n) {
        return "Grid" + n;
    }

    /** The navpack schema of the records of {@code n} fields (type id 20 + its place in {@link #FIELD_COUNTS}). */
    public static Schema schema(int n) {
        int at = FIELD_COUNTS.indexOf(n);
        Schema.Builder b = Schema.builder(typeName(n)).typeId(20 + (at < 0 ? FIELD_COUNTS.size() : at));
        for (int i = 0; i < n; i++) {
            // as a Java class gives them: a long is never null, the object fields may be
            b.field(name(i), kind(i).navpackType());
        }
        return b.build();
    }

    /** {@value #RECORDS} records of {@code n} fields, each as its field values in field order. */
    public static Object[][] values(int n) {
        SplittableRandom rnd = new SplittableRandom(Fixtures.SEED + n);
        Object[][] rows = new Object[RECORDS][n];
        for (Object[] row : rows) {
            for (int i = 0; i < n; i++) {
                row[i] = value(kind(i), rnd);
            }
        }
        return rows;
    }

    private static Object value(Kind kind, SplittableRandom rnd) {
        switch (kind) {
            case ID: return rnd.nextLong(1, 10_000_000_000L);
            case CODE: return CODES[rnd.nextInt(CODES.length)];
            case AMOUNT: return BigDecimal.valueOf(rnd.nextLong(1, 400) * 500_000L, 0).setScale(2);
            case DATE: return BASE.plusDays(rnd.nextInt(365));
            case NAME: return String.format(Locale.ROOT, "counterparty-%0" + (1 + rnd.nextInt(8)) + "d", rnd.nextInt(10_000_000));
            case RATE: return BigDecimal.valueOf(rnd.nextLong(5_000, 2_000_000), 6);
            case COUNT: return (long) rnd.nextInt(1_000);
            default: return BASE.plusDays(2 + rnd.nextInt(400));
        }
    }

    /** The records as navpack bytes, their schema registered in {@code registry}. */
    public static byte[][] navpack(int n, SchemaRegistry registry) {
        Schema schema = registry.register(schema(n));
        Object[][] rows = values(n);
        byte[][] out = new byte[rows.length][];
        PackedWriter w = new PackedWriter(registry, 16 * 1024);
        for (int r = 0; r < rows.length; r++) {
            w.reset();
            w.writeRecord(schema, rows[r]);
            out[r] = w.toByteArray();
        }
        return out;
    }

    /**
     * The {@code PofExtractor} of the field at 0-based {@code index}, as a query names it: typed with the
     * field's Java type, except dates, which POF gives as {@code java.util.Date} ({@code LocalDate} is
     * no POF type an extractor can be given).
     */
    @SuppressWarnings("unchecked")
    public static PofExtractor<Object, Object> pofExtractor(int index) {
        Class<?> type = kind(index).javaType();
        SimplePofPath path = new SimplePofPath(index);
        return type == LocalDate.class ? new PofExtractor<>(null, path, PofConstants.T_DATE)
                : new PofExtractor<>((Class<Object>) type, path);
    }

    /** The records as POF {@link Binary} values, as Coherence stores them. */
    public static Binary[] pof(int n, ConfigurablePofContext context) {
        Object[][] rows = values(n);
        Binary[] out = new Binary[rows.length];
        for (int r = 0; r < rows.length; r++) {
            out[r] = ExternalizableHelper.toBinary(new GridRow(rows[r]), context);
        }
        return out;
    }

    /**
     * The 0-based positions read for {@code k} fields of {@code n} in {@code pattern}: the first k in
     * order, the last k in order, or k distinct random positions in random order (seeded by n and k,
     * so every reader and every run reads the same ones).
     */
    public static int[] positions(int n, int k, String pattern) {
        int kk = Math.min(k, n);
        int[] p = new int[kk];
        switch (pattern) {
            case "first":
                for (int i = 0; i < kk; i++) {
                    p[i] = i;
                }
                return p;
            case "last":
                for (int i = 0; i < kk; i++) {
                    p[i] = n - kk + i;
                }
                return p;
            case "random": {
                int[] all = new int[n];
                for (int i = 0; i < n; i++) {
                    all[i] = i;
                }
                SplittableRandom rnd = new SplittableRandom(Fixtures.SEED * 31 + n * 1000L + kk);
                for (int i = 0; i < kk; i++) {
                    int j = i + rnd.nextInt(n - i);
                    int t = all[i];
                    all[i] = all[j];
                    all[j] = t;
                }
                return Arrays.copyOf(all, kk);
            }
            default:
                throw new IllegalArgumentException("unknown pattern " + pattern + "; one of " + PATTERNS);
        }
    }

    /** A grid record as one object, for POF. */
    public record GridRow(Object[] values) {
    }
}
