package io.navpack.extract;

import io.navpack.format.PackedRecord;

import java.util.Locale;

/**
 * Measures on the running JVM what a full decode of a value costs and what reading one field costs
 * (averaged over every field position), repeating rounds until two agree within 10 % or the time
 * budget is spent. The break-even is the smallest number of single-field reads that costs more than
 * one full decode.
 */
public final class Calibrator {
    /** Most time one measurement takes. */
    static final long BUDGET_NANOS = 20_000_000L;
    private static final long SLICE_NANOS = 200_000L;
    private static final int MAX_ROUNDS = 30;
    private static volatile int sink;

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

    /** Measures on {@code sample}, a real value of the schema. */
    public static Result measure(PackedRecord sample) {
        long start = System.nanoTime();
        int n = sample.fieldCount();
        double prevFull = 0;
        double prevSingle = 0;
        double full = 0;
        double single = 0;
        int rounds = 0;
        int fullBatch = 1;
        int singleBatch = 1;
        while (rounds < MAX_ROUNDS) {
            rounds++;
            long t0 = System.nanoTime();
            int h = 0;
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
            boolean stable = rounds > 2 && close(full, prevFull) && close(single, prevSingle);
            prevFull = full;
            prevSingle = single;
            if (stable || System.nanoTime() - start > BUDGET_NANOS) {
                break;
            }
        }
        return new Result(full, single, rounds, System.nanoTime() - start, n);
    }

    private static boolean close(double a, double b) {
        return b > 0 && Math.abs(a - b) <= 0.10 * b;
    }
}
