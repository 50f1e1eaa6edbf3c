package io.navpack.bench.docs.stream;

import io.navpack.bench.scan.ScanCluster;

import java.io.Serializable;
import java.util.concurrent.Callable;

/**
 * On a member: the heap in use after full collections ({@link ScanCluster#usedHeapAfterGc()}), as the other heap
 * tables of the benchmarks page measure it.
 */
public final class HeapAfterGc implements Callable<Long>, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public Long call() {
        return ScanCluster.usedHeapAfterGc();
    }
}
