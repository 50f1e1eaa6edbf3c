package io.navpack.bench.store;

import java.io.Serializable;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.concurrent.Callable;

/**
 * On a member: the heap in use after collecting, in bytes (the heap pools' usage after the last of several full
 * collections, which FINDINGS.md found steadier than the heap's usage read right after one).
 */
public final class HeapUsed implements Callable<Long>, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public Long call() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200);
        }
        long used = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.getCollectionUsage() != null) {
                used += pool.getCollectionUsage().getUsed();
            }
        }
        return used;
    }
}
