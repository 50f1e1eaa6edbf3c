package io.navpack.bench.coherence;

import com.tangosol.net.AbstractInvocable;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;

/**
 * On a member: the heap in use after collection, the sum of every heap pool's usage after the last of several
 * {@code System.gc()} calls ({@code MemoryPoolMXBean.getCollectionUsage}, the reliable way FINDINGS.md names), with a
 * pause between them so that the member's own threads settle.
 */
public final class HeapProbe extends AbstractInvocable {
    private static final long serialVersionUID = 1L;

    @Override
    public void run() {
        setResult(usedAfterGc());
    }

    static long usedAfterGc() {
        for (int i = 0; i < 5; i++) {
            System.gc();
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        long used = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                MemoryUsage u = pool.getCollectionUsage();
                if (u != null) {
                    used += u.getUsed();
                }
            }
        }
        return used;
    }
}
