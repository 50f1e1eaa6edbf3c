package io.navpack.extract;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The read counters of one schema kept by one thread: only that thread writes them (no atomic
 * read-modify-write on the query path), any thread may read them. {@link BreakEven} sums the counts of
 * every thread; a reader on another thread sees a count at most a few reads behind.
 */
final class ReadCounts {
    private static final VarHandle SINGLE;
    private static final VarHandle CACHED;
    private static final VarHandle FULL;
    private static final VarHandle SWITCHES;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            SINGLE = l.findVarHandle(ReadCounts.class, "single", long.class);
            CACHED = l.findVarHandle(ReadCounts.class, "cached", long.class);
            FULL = l.findVarHandle(ReadCounts.class, "full", long.class);
            SWITCHES = l.findVarHandle(ReadCounts.class, "switches", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private long single;
    private long cached;
    private long full;
    private long switches;

    void single() {
        SINGLE.setOpaque(this, single + 1);
    }

    void cached() {
        CACHED.setOpaque(this, cached + 1);
    }

    void full() {
        FULL.setOpaque(this, full + 1);
    }

    void switched() {
        SWITCHES.setOpaque(this, switches + 1);
    }

    long singleReads() {
        return (long) SINGLE.getOpaque(this);
    }

    long cachedReads() {
        return (long) CACHED.getOpaque(this);
    }

    long fullDecodes() {
        return (long) FULL.getOpaque(this);
    }

    long switches() {
        return (long) SWITCHES.getOpaque(this);
    }
}
