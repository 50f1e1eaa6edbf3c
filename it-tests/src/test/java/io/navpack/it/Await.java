package io.navpack.it;

import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** Bounded polling: every wait in the container tests goes through here and ends by a deadline. */
public final class Await {

    private Await() {
    }

    /**
     * Polls {@code probe} until {@code done} accepts its value or {@code timeout} has passed.
     * A probe that throws counts as not done; the last value or exception is reported on timeout.
     *
     * @return the accepted value
     * @throws AssertionError when the deadline passes first
     */
    public static <T> T until(String what, Duration timeout, Duration interval, Supplier<T> probe, Predicate<? super T> done) {
        long deadline = System.nanoTime() + timeout.toNanos();
        T last = null;
        Throwable lastError = null;
        while (true) {
            try {
                last = probe.get();
                lastError = null;
                if (done.test(last)) {
                    return last;
                }
            } catch (RuntimeException e) {
                lastError = e;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                AssertionError failure = new AssertionError("timed out after " + timeout.toSeconds() + " s waiting for " + what
                        + (lastError == null ? "; last seen: " + last : "; last error: " + lastError));
                if (lastError != null) {
                    failure.initCause(lastError);
                }
                throw failure;
            }
            sleep(Math.min(interval.toNanos(), left));
        }
    }

    /** Waits until {@code condition} holds, polling every 250 ms. */
    public static void until(String what, Duration timeout, Supplier<Boolean> condition) {
        until(what, timeout, Duration.ofMillis(250), condition, Boolean.TRUE::equals);
    }

    static void sleep(long nanos) {
        try {
            Thread.sleep(Math.max(1, nanos / 1_000_000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting", e);
        }
    }
}
