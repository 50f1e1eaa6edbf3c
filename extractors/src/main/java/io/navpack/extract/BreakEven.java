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

/**
 * One schema's break-even in this JVM: after how many distinct single-field reads on one value a full
 * decode of that value is cheaper. Measured on the running JVM from a real value of the schema
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

    private final Schema schema;
    private volatile Calibrator.Result measured;
    private volatile int value;
    private volatile boolean pinned;
    private volatile Integer apiPin;
    private final AtomicBoolean calibrating = new AtomicBoolean();
    private volatile long nextCalibration;
    private volatile int calibrations;
    private volatile boolean settled;

    /** Every thread's counts of reads of this schema. */
    private final List<ReadCounts> counts = new CopyOnWriteArrayList<>();

    private BreakEven(Schema schema) {
        this.schema = schema;
        this.value = schema.fieldCount() + 1;
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
     * Distinct fields read on one value at which the extractor decodes the whole value. Above the
     * field count it never does (reading field by field is cheaper, or nothing was measured yet).
     */
    public int value() {
        return value;
    }

    public boolean isPinned() {
        return pinned;
    }

    /** The last measurement, or null when none was made. */
    public Calibrator.Result measurement() {
        return measured;
    }

    /** How many measurements were made. */
    public int calibrations() {
        return calibrations;
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
        if (pin != null) {
            if (!pinned || value != pin) {
                value = pin;
                pinned = true;
            }
            return;
        }
        if (pinned) {
            unpin();
        }
        if (!settings.calibration()) {
            value = schema.fieldCount() + 1;
            return;
        }
        if (settled) {
            return;
        }
        if ((measured == null || reads() >= nextCalibration) && calibrating.compareAndSet(false, true)) {
            Calibrator.inBackground(sample, this::measuredNow, () -> calibrating.set(false));
        }
    }

    /** Takes a measurement (the calibrator thread, or a caller of {@link #remeasure}). */
    private synchronized void measuredNow(Calibrator.Result r) {
        Calibrator.Result before = measured;
        measured = r;
        calibrations++;
        settled = calibrations >= MIN_MEASUREMENTS && agree(before.breakEven(), r.breakEven())
                || calibrations >= MAX_MEASUREMENTS;
        nextCalibration = settled ? Long.MAX_VALUE
                : reads() < FIRST_RECALIBRATION ? FIRST_RECALIBRATION : reads() * 10;
        if (!pinned) {
            value = r.breakEven();
        }
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
        return settled;
    }

    /** Measures now, on this thread, on {@code sample} (unless the figure is pinned) and returns the result. */
    public Calibrator.Result remeasure(PackedRecord sample) {
        Calibrator.Result r = Calibrator.measure(sample);
        measuredNow(r);
        return r;
    }

    /** Waits until at least one measurement exists (tools, tests); false when none came in time. */
    public boolean awaitMeasurement(java.time.Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (measured == null) {
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
            value = fields;
            pinned = true;
        } else if (pinned) {
            unpin();
        }
    }

    /** Back to the measured figure, or to field by field when nothing was measured yet. */
    private synchronized void unpin() {
        pinned = false;
        Calibrator.Result r = measured;
        value = r == null ? schema.fieldCount() + 1 : r.breakEven();
    }

    @Override
    public String toString() {
        Calibrator.Result r = measured;
        return schema.typeName() + " v" + schema.version() + ": break-even " + value + (pinned ? " (pinned)" : "")
                + (settled ? " (settled)" : "")
                + (r == null ? "" : " " + r);
    }
}
