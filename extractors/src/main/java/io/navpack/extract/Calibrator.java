package io.navpack.extract;

import io.navpack.format.PackedRecord;

import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * Measures on the running JVM what a full decode of a value costs and what reading one field costs
 * (averaged over every field position). Both are first run until the JIT has compiled them, then
 * timed in rounds of growing batches until at least four rounds whose batches each took at least
 * 2 ms were run and the last two agree within 10 %, or the time budget is spent (a few tens of
 * milliseconds). The figures are the fastest of those rounds: a round only ever loses time to other
 * threads on its core or to a collection pause, and a measurement on a busy two-core member must not
 * take them for the cost of decoding. The cost of allocating the decoded objects is part of it. The
 * break-even is the smallest number of single-field reads that costs more than one full decode.
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

    /** A measurement: nanoseconds per full decode and per single-field read, and the break-even they give. */
    public static final class Result {
        private final double fullNanos;
        private final double singleNanos;
        private final int rounds;
        private final long tookNanos;
        private final int breakEven;

        Result(double fullNanos, double singleNanos, int rounds, long tookNanos, int fieldCount) {
            this.fullNanos = fullNanos;
            this.singleNanos = singleNanos;
            this.rounds = rounds;
            this.tookNanos = tookNanos;
            double ratio = fullNanos / Math.max(singleNanos, 1e-3);
            this.breakEven = (int) Math.max(1, Math.min(fieldCount + 1L, (long) Math.floor(ratio) + 1));
        }

        public double fullNanos() {
            return fullNanos;
        }

        public double singleNanos() {
            return singleNanos;
        }

        public int rounds() {
            return rounds;
        }

        public long tookNanos() {
            return tookNanos;
        }

        /** Smallest number of distinct single-field reads that costs more than one full decode (at most fields + 1). */
        public int breakEven() {
            return breakEven;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "(full %.0f ns, single %.1f ns, %d rounds in %.1f ms)", fullNanos, singleNanos,
                    rounds, tookNanos / 1e6);
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

    /** Measures on {@code sample}, a real value of the schema, on the calling thread. */
    public static Result measure(PackedRecord sample) {
        long start = System.nanoTime();
        int n = sample.fieldCount();
        int h = 0;
        for (int i = 0; i < WARMUP_CALLS && System.nanoTime() - start < WARMUP_NANOS; i++) {
            h += sample.decodeAll().length;
            Object v = sample.get(i % Math.max(n, 1));
            h += v == null ? 0 : 1;
        }
        sink += h;
        start = System.nanoTime();
        double prevFull = 0;
        double prevSingle = 0;
        double full = 0;
        double single = 0;
        int rounds = 0;
        int fullBatch = 1;
        int singleBatch = 1;
        boolean prevSettled = false;
        int settledRounds = 0;
        double bestFull = Double.MAX_VALUE;
        double bestSingle = Double.MAX_VALUE;
        while (rounds < MAX_ROUNDS) {
            rounds++;
            long t0 = System.nanoTime();
            h = 0;
            for (int i = 0; i < fullBatch; i++) {
                h += sample.decodeAll().length;
            }
            long t1 = System.nanoTime();
            for (int i = 0; i < singleBatch; i++) {
                for (int f = 0; f < n; f++) {
                    Object v = sample.get(f);
                    h += v == null ? 0 : 1;
                }
            }
            long t2 = System.nanoTime();
            sink += h;
            full = (double) (t1 - t0) / fullBatch;
            single = (double) (t2 - t1) / ((long) singleBatch * Math.max(n, 1));
            // grow the batches until each takes a slice of the budget, so the timer's grain does not count
            if (t1 - t0 < SLICE_NANOS) {
                fullBatch = (int) Math.min(1 << 20, fullBatch * 2L);
            }
            if (t2 - t1 < SLICE_NANOS) {
                singleBatch = (int) Math.min(1 << 20, singleBatch * 2L);
            }
            // only rounds whose two batches both filled a slice are compared: shorter ones are mostly timer grain
            boolean settled = t1 - t0 >= SLICE_NANOS && t2 - t1 >= SLICE_NANOS;
            if (settled) {
                settledRounds++;
                bestFull = Math.min(bestFull, full);
                bestSingle = Math.min(bestSingle, single);
            }
            boolean stable = settledRounds >= MIN_SETTLED && prevSettled && close(full, prevFull)
                    && close(single, prevSingle);
            prevFull = full;
            prevSingle = single;
            prevSettled = settled;
            if (stable || System.nanoTime() - start > BUDGET_NANOS) {
                break;
            }
        }
        // the fastest settled round: other threads on the core and collection pauses only ever add time
        return settledRounds > 0 ? new Result(bestFull, bestSingle, rounds, System.nanoTime() - start, n)
                : new Result(full, single, rounds, System.nanoTime() - start, n);
    }

    private static boolean close(double a, double b) {
        return b > 0 && Math.abs(a - b) <= 0.10 * b;
    }
}
