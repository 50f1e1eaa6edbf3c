package io.navpack.bench.docs.stream;

import java.io.Serializable;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryUsage;
import java.util.concurrent.Callable;

/**
 * On a member: the heap in use after full collections (the sum of the memory pools' usage after the last collection,
 * after three {@code System.gc()}), as the other heap tables of the benchmarks page measure it.
 */
public final class HeapAfterGc implements Callable<Long>, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public Long call() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        long used = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage u = p.getCollectionUsage();
            if (u != null) {
                used += u.getUsed();
            }
        }
        return used;
    }
}
