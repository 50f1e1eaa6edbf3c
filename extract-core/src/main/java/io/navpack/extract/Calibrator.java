package io.navpack.extract;

import io.navpack.format.PackedRecord;

import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import java.util.Arrays;

/**
 * Measures on the running JVM what a full decode of a value costs and what reading one field costs,
 * position by position. It reads the way the extractor does on a member: from several copies of the
 * sample's bytes in turn, each behind its own view, so no read finds the previous one's work in a
 * register or the view's fields hoisted out of a loop. Both are first run until the JIT has compiled them, then
 * timed in rounds of growing batches until at least four rounds whose batches each took at least
 * 2 ms were run and the last two agree within 10 %, or the time budget is spent (a few tens of
 * milliseconds). Each figure is the fastest of those rounds — the full decode, and each field
 * position on its own: a round only ever loses time to other threads on its core or to a collection
 * pause, and a measurement on a busy two-core member must not take them for the cost of decoding.
 * The cost of allocating the decoded objects is part of it.
 *
 * <p>A field's single read costs more the further it lies from the start of its offset-table block
 * (records of up to {@value io.navpack.format.Schema#WIDE} fields skip the fields before it in the
 * block) and the larger its value, so the extractor weighs each distinct field a value is read for by
 * that field's own cost and decodes the whole value once those costs add up to more than one full
 * decode. The break-even reported as a number of fields is that decode's cost over the mean single read.
 * Measurements for the extractor run on one background daemon thread, so query threads never wait
 * for them.
 */
public final class Calibrator {
    /** Most time the warm-up of one measurement takes. */
    static final long WARMUP_NANOS = 150_000_000L;
    /** Calls of each path in the warm-up, enough for the JIT to compile them. */
    static final int WARMUP_CALLS = 20_000;
    /** Most time the timed rounds of one measurement take. */
    static final long BUDGET_NANOS = 300_000_000L;
    static final long SLICE_NANOS = 2_000_000L;
    static final int MAX_ROUNDS = 40;
    /** Rounds whose batches both took a slice that a measurement needs at least. */
    static final int MIN_SETTLED = 4;
    private static volatile int sink;
    private static final ExecutorService BACKGROUND = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "navpack-calibrator");
        t.setDaemon(true);
        return t;
    });

    private Calibrator() {
    }

    /**
     * A measurement: nanoseconds per full decode, per single-field read at each position and on average,
     * and the break-even they give.
     */
    public static final class Result {
        private final double fullNanos;
        private final double[] singles;
        private final double singleNanos;
        private final int rounds;
        private final long tookNanos;
        private final int breakEven;

        Result(double fullNanos, double[] singles, int rounds, long tookNanos) {
            this.fullNanos = fullNanos;
            this.singles = singles.clone();
            double sum = 0;
            for (double s : singles) {
                sum += s;
            }
            this.singleNanos = singles.length == 0 ? 0 : sum / singles.length;
            this.rounds = rounds;
            this.tookNanos = tookNanos;
            double ratio = fullNanos / Math.max(singleNanos, 1e-3);
            this.breakEven = (int) Math.max(1, Math.min(singles.length + 1L, (long) Math.floor(ratio) + 1));
        }

        public double fullNanos() {
            return fullNanos;
        }

        /** The mean over every field position of a single-field read. */
        public double singleNanos() {
            return singleNanos;
        }

        /** A single read of the field at {@code position}. */
        public double singleNanos(int position) {
            return singles[position];
        }

        /** How many field positions were measured: the schema's field count. */
        public int fields() {
            return singles.length;
        }

        public int rounds() {
            return rounds;
        }

        public long tookNanos() {
            return tookNanos;
        }

        /**
         * Smallest number of distinct single-field reads at the mean cost that costs more than one full
         * decode (at most fields + 1). The extractor weighs each field by its own cost instead.
         */
        public int breakEven() {
            return breakEven;
        }

        @Override
        public String toString() {
            double lo = Double.MAX_VALUE;
            double hi = 0;
            for (double s : singles) {
                lo = Math.min(lo, s);
                hi = Math.max(hi, s);
            }
            return singles.length == 0
                    ? String.format(Locale.ROOT, "(full %.0f ns, %d rounds in %.1f ms)", fullNanos, rounds, tookNanos / 1e6)
                    : String.format(Locale.ROOT, "(full %.0f ns, single %.1f ns, %.1f to %.1f by position, %d rounds in %.1f ms)",
                    fullNanos, singleNanos, lo, hi, rounds, tookNanos / 1e6);
        }
    }

    /** Measures {@code sample} on the background thread; hands the result to {@code done}, then runs {@code after}. */
    static void inBackground(PackedRecord sample, Consumer<Result> done, Runnable after) {
        try {
            BACKGROUND.execute(() -> {
                try {
                    done.accept(measure(sample));
                } catch (RuntimeException e) {
                    // a value that cannot be decoded in full: no figure from it; the next one is tried later
                } finally {
                    after.run();
                }
            });
        } catch (RejectedExecutionException e) {
            after.run();
        }
    }

    /** Copies of the sample's bytes the reads go round: as many as fit in {@value #COPY_BYTES} bytes, at most 16. */
    static final int COPIES = 16;
    static final int COPY_BYTES = 1 << 20;

    /** Measures on {@code sample}, a real value of the schema, on the calling thread. */
    public static Result measure(PackedRecord sample) {
        PackedRecord[] views = copies(sample);
        int mask = views.length - 1;
        long start = System.nanoTime();
        int n = sample.fieldCount();
        int h = 0;
        for (int i = 0; i < WARMUP_CALLS && System.nanoTime() - start < WARMUP_NANOS; i++) {
            h += views[i & mask].decodeAll().length;
            if (n > 0) {
                Object v = views[(i + 1) & mask].get(i % n);
                h += v == null ? 0 : 1;
            }
        }
        sink += h;
        start = System.nanoTime();
        double prevFull = 0;
        double prevSingle = 0;
        double full = 0;
        double[] singles = new double[n];
        double single = 0;
        int rounds = 0;
        int fullBatch = 1;
        int perPosition = 1;
        boolean prevSettled = false;
        int settledRounds = 0;
        double bestFull = Double.MAX_VALUE;
        double[] best = new double[n];
        Arrays.fill(best, Double.MAX_VALUE);
        while (rounds < MAX_ROUNDS) {
            rounds++;
            long t0 = System.nanoTime();
            h = 0;
            for (int i = 0; i < fullBatch; i++) {
                h += views[i & mask].decodeAll().length;
            }
            long t1 = System.nanoTime();
            long sweep = 0;
            for (int f = 0; f < n; f++) {
                long s0 = System.nanoTime();
                for (int i = 0; i < perPosition; i++) {
                    Object v = views[i & mask].get(f);
                    h += v == null ? 0 : 1;
                }
                long s1 = System.nanoTime();
                sweep += s1 - s0;
                singles[f] = (double) (s1 - s0) / perPosition;
            }
            sink += h;
            full = (double) (t1 - t0) / fullBatch;
            single = (double) sweep / ((long) perPosition * Math.max(n, 1));
            // grow the batches until each takes a slice of the budget, so the timer's grain does not count
            if (t1 - t0 < SLICE_NANOS) {
                fullBatch = (int) Math.min(1 << 20, fullBatch * 2L);
            }
            if (sweep < SLICE_NANOS) {
                perPosition = (int) Math.min(1 << 20, perPosition * 2L);
            }
            // only rounds whose two batches both filled a slice are compared: shorter ones are mostly timer grain
            boolean settled = t1 - t0 >= SLICE_NANOS && (sweep >= SLICE_NANOS || n == 0);
            if (settled) {
                settledRounds++;
                bestFull = Math.min(bestFull, full);
                for (int f = 0; f < n; f++) {
                    best[f] = Math.min(best[f], singles[f]);
                }
            }
            boolean stable = settledRounds >= MIN_SETTLED && prevSettled && close(full, prevFull)
                    && (n == 0 || close(single, prevSingle));
            prevFull = full;
            prevSingle = single;
            prevSettled = settled;
            if (stable || System.nanoTime() - start > BUDGET_NANOS) {
                break;
            }
        }
        // the fastest settled round: other threads on the core and collection pauses only ever add time
        return settledRounds > 0 ? new Result(bestFull, best, rounds, System.nanoTime() - start)
                : new Result(full, singles, rounds, System.nanoTime() - start);
    }

    /** Views over separate copies of the sample's bytes, a power of two of them. */
    private static PackedRecord[] copies(PackedRecord sample) {
        int length = Math.max(sample.length(), 1);
        int copies = Integer.highestOneBit(Math.max(1, Math.min(COPIES, COPY_BYTES / length)));
        PackedRecord[] views = new PackedRecord[copies];
        for (int i = 0; i < copies; i++) {
            views[i] = PackedRecord.of(sample.bytes(), sample.registry());
        }
        return views;
    }

    private static boolean close(double a, double b) {
        return b > 0 && Math.abs(a - b) <= 0.10 * b;
    }
}
