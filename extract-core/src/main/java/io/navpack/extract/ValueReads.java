package io.navpack.extract;

import io.navpack.format.PackedRecord;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;

import java.util.Arrays;
import java.util.IdentityHashMap;

/**
 * The field reads of one thread on the value it is evaluating. A grid evaluates one entry at a
 * time per thread and hands every attribute of the entry the same value object, so what this thread
 * read from the current value, and the value decoded in full once that paid off, live here: nothing
 * is shared between threads, nothing is locked, and a value costs no extra heap while it sits in a
 * map or an index.
 *
 * <p>Policy, per value: with {@link ExtractionMode#ADAPTIVE}, single-field reads until the distinct
 * fields read reach the schema's break-even, then one full decode that serves every later read. Each
 * distinct field counts with its own measured single-read cost, against the cost of a full decode
 * ({@link BreakEven.Costs}; a pinned break-even counts fields). When the previous value this thread read
 * was of the same schema and finished beyond the break-even — the same query reads the same fields
 * from every entry — the value is decoded in full at its first read.
 */
public final class ValueReads {
    /**
     * Values of one schema this thread begins between two looks at whether its break-even is due a
     * measurement or a configured pin: the look costs more than a cheap query spends on a value.
     */
    static final int UPDATE_EVERY = 64;
    private static final ThreadLocal<ValueReads> CURRENT = ThreadLocal.withInitial(ValueReads::new);

    private PackedRecord value;
    /** The schema of the previous value this thread finished, and what its distinct fields cost. */
    private Schema lastSchema;
    private double lastSpent;
    /** This thread's settings, for the registry they came from. */
    private SchemaRegistry settingsFor;
    private ExtractSettings settings;
    /**
     * The break-even of {@link #breakEvenOf}, the settings it was last brought up to date with, and
     * values until the next look.
     */
    private BreakEven breakEven;
    /** This thread's counts for {@link #breakEven}, and those of the schemas it read before. */
    private ReadCounts counts;
    private final IdentityHashMap<BreakEven, ReadCounts> countsBySchema = new IdentityHashMap<>();
    private Schema breakEvenOf;
    private ExtractSettings updatedWith;
    private int untilUpdate;
    private ExtractionMode mode;
    private double[] weights;
    private double budget;
    private long[] seen = new long[1];
    private double spent;
    private Object[] decoded;

    private ValueReads() {
    }

    /**
     * Field {@code field} of {@code record} in its plain form; {@code forced} overrides the configured mode (null:
     * the mode of the settings of the record's registry). A grid's wrapper of a record is unwrapped by the caller,
     * so that every attribute of an entry reaches the same record.
     */
    public static Object read(PackedRecord record, int field, ExtractionMode forced) {
        ValueReads r = CURRENT.get();
        if (r.value != record || (forced != null && forced != r.mode)) {
            r.begin(record, forced);
        }
        return r.field(field);
    }

    private void begin(PackedRecord record, ExtractionMode forced) {
        if (value != null) {
            lastSchema = value.schema();
            lastSpent = spent;
        }
        Schema schema = record.schema();
        value = record;
        decoded = null;
        spent = 0;
        int words = (schema.fieldCount() + 63) >>> 6;
        if (words == 1) {
            seen[0] = 0L;
        } else if (seen.length < words) {
            seen = new long[words];
        } else {
            Arrays.fill(seen, 0, words, 0L);
        }
        SchemaRegistry registry = record.registry();
        if (registry != settingsFor) {
            settingsFor = registry;
            ExtractSettings s = ExtractSettings.of(registry);
            if (settings == null || !s.sameAs(settings)) {
                settings = s;
            }
        }
        mode = forced != null ? forced : settings.mode();
        if (schema != breakEvenOf || settings != updatedWith) {
            breakEvenOf = schema;
            breakEven = BreakEven.of(schema);
            counts = countsBySchema.computeIfAbsent(breakEven, BreakEven::newCounts);
            updatedWith = settings;
            untilUpdate = 0;
        }
        if (mode == ExtractionMode.ADAPTIVE && --untilUpdate < 0) {
            breakEven.update(record, settings);
            untilUpdate = UPDATE_EVERY;
        }
        BreakEven.Costs costs = breakEven.costs();
        weights = costs.weights();
        budget = costs.budget();
        boolean expectMany = lastSchema == schema && lastSpent > budget;
        if (mode == ExtractionMode.FULL || (mode == ExtractionMode.ADAPTIVE && expectMany)) {
            try {
                decoded = record.decodeAll();
            } catch (RuntimeException e) {
                // the next read of this value begins again (and fails again), never reads it field by field
                value = null;
                throw e;
            }
            counts.full();
        }
    }

    private Object field(int f) {
        long bit = 1L << (f & 63);
        long w = seen[f >>> 6];
        if ((w & bit) == 0) {
            seen[f >>> 6] = w | bit;
            spent += weights[f];
        }
        if (decoded != null) {
            counts.cached();
            return decoded[f];
        }
        if (mode == ExtractionMode.ADAPTIVE && spent > budget) {
            decoded = value.decodeAll();
            counts.full();
            counts.switched();
            return decoded[f];
        }
        counts.single();
        return value.get(f);
    }

    /** Forgets this thread's current value (tests, and threads that are done with a batch). */
    public static void reset() {
        ValueReads r = CURRENT.get();
        r.value = null;
        r.decoded = null;
        r.lastSchema = null;
        r.settingsFor = null;
        r.breakEvenOf = null;
        r.updatedWith = null;
    }
}
