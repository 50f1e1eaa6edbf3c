package io.navpack.extract;

import io.navpack.format.PackedRecord;
import io.navpack.format.Schema;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.time.Duration;
import java.util.Arrays;

/**
 * One schema's break-even in this JVM: when the single-field reads of one value cost more than a full
 * decode of it — each distinct field read counting with its own measured cost ({@link Costs}), or, pinned,
 * after a number of distinct fields. Measured on the running JVM from a real value of the schema
 * ({@link Calibrator}), on a background thread: first when the schema is first read in adaptive
 * mode (until then values are read field by field), then again after 10 000, 100 000, 1 000 000 ...
 * reads, so that the figure follows the JIT, until two measurements in a row agree (from the third
 * on). Or pinned in configuration. Also counts what the extractor did with values of the schema.
 */
public final class BreakEven {
    /** Reads of a schema after which it is measured a second time; each later measurement waits ten times longer. */
    static final long FIRST_RECALIBRATION = 10_000;
    /**
     * Measurements before a figure can be final: the one at first use, after 10 000 and after 100 000
     * reads. The first two can both catch the JIT still compiling the readers.
     */
    static final int MIN_MEASUREMENTS = 3;
    /** Measurements after which a schema's figure is final even if they kept disagreeing. */
    static final int MAX_MEASUREMENTS = 6;

    private static final Map<Schema, BreakEven> ALL = new ConcurrentHashMap<>();
    private static final List<Consumer<BreakEven>> LISTENERS = new CopyOnWriteArrayList<>();

    /**
     * What the extractor adds up and compares per value: each distinct field read costs its weight, and
     * once the weights read add up to more than {@code budget} the value is decoded in full. A measured
     * figure weighs each field by its measured single read against the measured full decode; a pin or a
     * figure not measured yet weighs every field 1 against the break-even less one half.
     */
    record Costs(double[] weights, double budget, boolean weighted) {
        static Costs counting(int fields, int breakEven) {
            double[] ones = new double[fields];
            Arrays.fill(ones, 1.0);
            return new Costs(ones, breakEven - 0.5, false);
        }

        static Costs measured(Calibrator.Result r) {
            double[] w = new double[r.fields()];
            for (int i = 0; i < w.length; i++) {
                w[i] = r.singleNanos(i);
            }
            return new Costs(w, r.fullNanos(), true);
        }
    }

    /**
     * Everything the figure is made of, replaced as a whole: readers see one consistent state, and every
     * change is made under the lock of this {@code BreakEven} from the state it replaces.
     *
     * @param value          the break-even in fields (measured: at the mean single read)
     * @param pinned         whether {@code value} is a pin (configuration or {@link #pin})
     * @param measured       the last measurement, or null
     * @param calibrations   measurements made
     * @param settled        whether no more measurements will be made
     * @param nextCalibration reads of the schema after which the next measurement is due
     * @param costs          what the extractor compares
     */
    private record Figure(int value, boolean pinned, Calibrator.Result measured, int calibrations, boolean settled,
                          long nextCalibration, Costs costs) {
        /** A pin, or a count not taken from {@link #measured}. */
        Figure counting(int v, boolean pin, int fields) {
            return new Figure(v, pin, measured, calibrations, settled, nextCalibration, Costs.counting(fields, v));
        }

        /** Back to what {@link #measured} gives. */
        Figure fromMeasurement() {
            return new Figure(measured.breakEven(), false, measured, calibrations, settled, nextCalibration,
                    Costs.measured(measured));
        }
    }

    private final Schema schema;
    private volatile Figure figure;
    private volatile Integer apiPin;
    private final AtomicBoolean calibrating = new AtomicBoolean();

    /** Every thread's counts of reads of this schema. */
    private final List<ReadCounts> counts = new CopyOnWriteArrayList<>();

    private BreakEven(Schema schema) {
        this.schema = schema;
        int n = schema.fieldCount();
        this.figure = new Figure(n + 1, false, null, 0, false, 0, Costs.counting(n, n + 1));
    }

    /** The break-even of {@code schema} in this JVM (created, not yet measured, on first use). */
    public static BreakEven of(Schema schema) {
        BreakEven b = ALL.get(schema);
        if (b == null) {
            BreakEven created = new BreakEven(schema);
            b = ALL.putIfAbsent(schema, created);
            if (b == null) {
                b = created;
                for (Consumer<BreakEven> l : LISTENERS) {
                    l.accept(created);
                }
            }
        }
        return b;
    }

    /** Every schema seen in this JVM so far. */
    public static Collection<BreakEven> all() {
        return ALL.values();
    }

    /** Hears of every schema first seen after this call. */
    static void onNew(Consumer<BreakEven> listener) {
        LISTENERS.add(listener);
    }

    public Schema schema() {
        return schema;
    }

    /**
     * The break-even in fields: a pin, or a measured full decode over the mean single read (the extractor
     * itself weighs each field by its own cost, see {@link Costs}). Above the field count the extractor
     * never decodes the whole value (reading field by field is cheaper, or nothing was measured yet).
     */
    public int value() {
        return figure.value();
    }

    /** The weights and budget the extractor compares (see {@link Costs}). */
    Costs costs() {
        return figure.costs();
    }

    public boolean isPinned() {
        return figure.pinned();
    }

    /** The last measurement, or null when none was made. */
    public Calibrator.Result measurement() {
        return figure.measured();
    }

    /** How many measurements were made. */
    public int calibrations() {
        return figure.calibrations();
    }

    /** New counters for one thread's reads of this schema. */
    ReadCounts newCounts() {
        ReadCounts c = new ReadCounts();
        counts.add(c);
        return c;
    }

    public long singleReads() {
        long n = 0;
        for (ReadCounts c : counts) {
            n += c.singleReads();
        }
        return n;
    }

    public long fullDecodes() {
        long n = 0;
        for (ReadCounts c : counts) {
            n += c.fullDecodes();
        }
        return n;
    }

    public long switches() {
        long n = 0;
        for (ReadCounts c : counts) {
            n += c.switches();
        }
        return n;
    }

    /** Reads served from a value already decoded in full. */
    public long cachedReads() {
        long n = 0;
        for (ReadCounts c : counts) {
            n += c.cachedReads();
        }
        return n;
    }

    private long reads() {
        return singleReads() + cachedReads() + fullDecodes();
    }

    /**
     * Brings the figure up to date for {@code sample}, a real value of the schema read in adaptive
     * mode: applies a pin, or has it measured in the background when a measurement is due. Cheap
     * when nothing is due.
     */
    void update(PackedRecord sample, ExtractSettings settings) {
        Integer pin = settings.pinned(schema.typeName());
        if (pin == null) {
            pin = apiPin;
        }
        Figure f = figure;
        if (pin != null) {
            if (!f.pinned() || f.value() != pin) {
                setValue(pin, true);
            }
            return;
        }
        if (f.pinned()) {
            unpin();
        }
        if (!settings.calibration()) {
            if (f.value() != schema.fieldCount() + 1 || f.costs().weighted()) {
                setValue(schema.fieldCount() + 1, false);
            }
            return;
        }
        f = figure;
        if (f.settled()) {
            return;
        }
        if ((f.measured() == null || reads() >= f.nextCalibration()) && calibrating.compareAndSet(false, true)) {
            Calibrator.inBackground(sample, this::measuredNow, () -> calibrating.set(false));
        }
    }

    /** Takes a measurement (the calibrator thread, or a caller of {@link #remeasure}). */
    synchronized void measuredNow(Calibrator.Result r) {
        Figure f = figure;
        int calibrations = f.calibrations() + 1;
        boolean settled = calibrations >= MIN_MEASUREMENTS && agree(f.measured().breakEven(), r.breakEven())
                || calibrations >= MAX_MEASUREMENTS;
        long next = settled ? Long.MAX_VALUE : reads() < FIRST_RECALIBRATION ? FIRST_RECALIBRATION : reads() * 10;
        Figure measured = new Figure(f.value(), f.pinned(), r, calibrations, settled, next, f.costs());
        figure = f.pinned() ? measured : measured.fromMeasurement();
    }

    private synchronized void setValue(int value, boolean pinned) {
        figure = figure.counting(value, pinned, schema.fieldCount());
    }

    /** Two break-evens that differ by at most one field or 10 %. */
    private static boolean agree(int a, int b) {
        return Math.abs(a - b) <= Math.max(1, b / 10);
    }

    /**
     * Whether the figure is final: at least {@value #MIN_MEASUREMENTS} measurements were made and the
     * last two agreed (within one field or 10 %), or {@value #MAX_MEASUREMENTS} were made. A settled
     * schema is not measured again, so a member's query threads stop sharing the JIT with the calibrator.
     */
    public boolean isSettled() {
        return figure.settled();
    }

    /** Measures now, on this thread, on {@code sample} (unless the figure is pinned) and returns the result. */
    public Calibrator.Result remeasure(PackedRecord sample) {
        Calibrator.Result r = Calibrator.measure(sample);
        measuredNow(r);
        return r;
    }

    /** Waits until at least one measurement exists (tools, tests); false when none came in time. */
    public boolean awaitMeasurement(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (figure.measured() == null) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(5);
        }
        return true;
    }

    /**
     * Pins the figure in code (a pin in configuration still wins); null removes the pin and goes back
     * to the measured figure. A pin in configuration applies from the next values read.
     */
    public synchronized void pin(Integer fields) {
        if (fields != null && fields < 1) {
            throw new IllegalArgumentException("break-even must be at least 1");
        }
        apiPin = fields;
        if (fields != null) {
            setValue(fields, true);
        } else if (figure.pinned()) {
            unpin();
        }
    }

    /** Back to the measured figure, or to field by field when nothing was measured yet. */
    private synchronized void unpin() {
        Figure f = figure;
        figure = f.measured() == null ? f.counting(schema.fieldCount() + 1, false, schema.fieldCount()) : f.fromMeasurement();
    }

    @Override
    public String toString() {
        Figure f = figure;
        Calibrator.Result r = f.measured();
        return schema.typeName() + " v" + schema.version() + ": break-even " + f.value() + (f.pinned() ? " (pinned)" : "")
                + (f.settled() ? " (settled)" : "")
                + (r == null ? "" : " " + r);
    }
}
