package io.navpack.agent;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * Keeps a sizing run within its limits, called by the walkers every few thousand objects: ends it when its
 * deadline passes, its object budget is spent or its thread is interrupted, and caps its CPU use at a share of
 * one core by sleeping.
 *
 * <p>The cap compares the thread's CPU time with the wall-clock time since the run started: while
 * {@code cpu > share × wall}, the thread sleeps the difference (in slices of at most 50 ms, checking for
 * interruption). Over any stretch longer than a few milliseconds the thread then uses at most that share of
 * one core; its figures do not change, only how long it takes. Where the JVM cannot measure thread CPU time,
 * the cap counts wall-clock time spent walking instead.
 */
public final class SizingPacer implements UnitWalker.Pacer {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final long CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long MAX_SLEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private final double cpuShare;
    private final boolean cpuTime;
    private final long startWall;
    private final long startCpu;
    private long deadline;
    private String deadlineReason;
    private long objectBudget = Long.MAX_VALUE;
    private long objects;
    private long lastCheck;
    private long sleptNanos;
    private long walkingNanos;
    private final LongSupplier footprint;
    private long peakFootprint;

    /**
     * @param cpuShare share of one core, in (0, 1]
     * @param footprint the bytes the sizing holds for itself now, sampled for the high-water mark
     */
    public SizingPacer(double cpuShare, LongSupplier footprint) {
        this.cpuShare = cpuShare;
        this.footprint = footprint;
        boolean measurable = THREADS.isCurrentThreadCpuTimeSupported();
        if (measurable && !THREADS.isThreadCpuTimeEnabled()) {
            try {
                THREADS.setThreadCpuTimeEnabled(true);
            } catch (UnsupportedOperationException | SecurityException e) {
                measurable = false;
            }
        }
        this.cpuTime = measurable && THREADS.isThreadCpuTimeEnabled();
        this.startWall = System.nanoTime();
        this.lastCheck = startWall;
        this.startCpu = cpuNow();
        this.deadline = Long.MAX_VALUE;
    }

    /** Ends the run at {@code nanoTime} with {@code reason}. */
    public void deadline(long nanoTime, String reason) {
        this.deadline = nanoTime;
        this.deadlineReason = reason;
    }

    /** Ends the run once {@code max} more objects have been visited. */
    public void objectBudget(long max, long from) {
        this.objectBudget = max;
        this.objects = from;
    }

    public long objects() {
        return objects;
    }

    @Override
    public void pace(long n) {
        objects += n;
        if (objects > objectBudget) {
            throw new WalkStoppedException("object budget of " + objectBudget + " reached");
        }
        long now = System.nanoTime();
        if (now - lastCheck < CHECK_NANOS) {
            return;
        }
        walkingNanos += now - lastCheck;
        lastCheck = now;
        sample();
        check(now);
        if (cpuShare < 1.0) {
            throttle(now);
        }
    }

    /** Updates the high-water mark of the sizing's own heap. */
    public void sample() {
        long f = footprint.getAsLong();
        if (f > peakFootprint) {
            peakFootprint = f;
        }
    }

    public long peakFootprint() {
        sample();
        return peakFootprint;
    }

    /** CPU time the run used so far (wall-clock time walking where CPU time is not measurable). */
    public long cpuNanos() {
        return cpuTime ? cpuNow() - startCpu : walkingNanos;
    }

    public long sleptNanos() {
        return sleptNanos;
    }

    private void check(long now) {
        if (now - deadline > 0) {
            throw new WalkStoppedException(deadlineReason);
        }
        if (Thread.currentThread().isInterrupted()) {
            throw new WalkStoppedException("interrupted");
        }
    }

    private void throttle(long now) {
        long used = cpuNanos();
        long allowed = (long) ((now - startWall) * cpuShare);
        long owe = (long) ((used - allowed) / cpuShare);
        while (owe > 0) {
            long slice = Math.min(owe, MAX_SLEEP_NANOS);
            long t0 = System.nanoTime();
            LockSupport.parkNanos(this, slice);
            long slept = System.nanoTime() - t0;
            sleptNanos += slept;
            owe -= slept;
            check(System.nanoTime());
        }
        lastCheck = System.nanoTime();
    }

    private long cpuNow() {
        return cpuTime ? THREADS.getCurrentThreadCpuTime() : 0;
    }
}
