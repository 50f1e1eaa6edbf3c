package io.navpack.sizing;

import java.io.Serializable;
import java.time.Duration;
import java.util.Set;

/**
 * What a member sizes and the limits it keeps to.
 *
 * @param mapNames maps to size; empty means all
 * @param includeInternalMaps also size maps whose names start with {@code __}
 * @param includeBackups also walk backup entries to report {@code backupHeapBytes}
 * @param maxObjectsPerWalk object budget of one map's sizing (its data, backups and indexes); {@link Long#MAX_VALUE}
 *     (default) sets none in the bounded mode, whose memory does not grow with the objects it visits, and
 *     {@link #DEFAULT_FULL_GRAPH_MAX_OBJECTS} in the full-graph mode, whose memory does
 * @param maxWalkTime time budget of one map's sizing
 * @param memberTimeBudget time a member may spend in all; past it, it reports what it has (walks partial)
 * @param topClasses histogram lines kept per index
 * @param mode how indexes are taken apart: {@link SizingMode#BOUNDED} (default) or {@link SizingMode#FULL_GRAPH}
 * @param cpuShare the share of one core the sizing may use on a member, in (0, 1]: 0.25 keeps the sizing thread
 *     busy a quarter of the time and asleep the rest; 1 (default) lets it run
 * @param maxSizerHeapBytes heap the sizing may hold on a member for its own bookkeeping (bounded mode)
 * @param includeData also size the maps' data (entries, backups, values cache); without it only the indexes
 *     are sized, which is faster, and the data figures are -1
 */
public record SizingOptions(Set<String> mapNames, boolean includeInternalMaps, boolean includeBackups,
                            long maxObjectsPerWalk, Duration maxWalkTime, Duration memberTimeBudget, int topClasses,
                            SizingMode mode, double cpuShare, long maxSizerHeapBytes, boolean includeData)
        implements Serializable {

    /** The default heap a sizing may hold for itself on a member: 64 MiB. */
    public static final long DEFAULT_MAX_SIZER_HEAP_BYTES = 64L << 20;

    /** The object budget of a full-graph walk when none is set: 500 million. */
    public static final long DEFAULT_FULL_GRAPH_MAX_OBJECTS = 500_000_000L;

    public SizingOptions {
        mapNames = Set.copyOf(mapNames);
        if (maxObjectsPerWalk <= 0) {
            throw new IllegalArgumentException("maxObjectsPerWalk must be positive: " + maxObjectsPerWalk);
        }
        if (topClasses < 0) {
            throw new IllegalArgumentException("topClasses must not be negative: " + topClasses);
        }
        if (maxWalkTime.isNegative() || maxWalkTime.isZero() || memberTimeBudget.isNegative()
                || memberTimeBudget.isZero()) {
            throw new IllegalArgumentException("time budgets must be positive: " + maxWalkTime + ", " + memberTimeBudget);
        }
        if (mode == null) {
            throw new IllegalArgumentException("mode must be BOUNDED or FULL_GRAPH");
        }
        if (!(cpuShare > 0 && cpuShare <= 1)) {
            throw new IllegalArgumentException("cpuShare must be in (0, 1], e.g. 0.25 for a quarter of one core: "
                    + cpuShare);
        }
        if (maxSizerHeapBytes < (4L << 20)) {
            throw new IllegalArgumentException("maxSizerHeapBytes must be at least 4 MiB: " + maxSizerHeapBytes);
        }
    }

    /**
     * All user maps, backups included, 10 minutes per map, 15 minutes per member, the bounded mode with 64 MiB
     * for the sizer's own bookkeeping and no object budget, no CPU cap (a full-graph walk stops at 500 million
     * objects).
     */
    public static SizingOptions defaults() {
        return new SizingOptions(Set.of(), false, true, Long.MAX_VALUE, Duration.ofMinutes(10), Duration.ofMinutes(15),
                8, SizingMode.BOUNDED, 1.0, DEFAULT_MAX_SIZER_HEAP_BYTES, true);
    }

    public SizingOptions withMapNames(String... names) {
        return new SizingOptions(Set.of(names), includeInternalMaps, includeBackups, maxObjectsPerWalk, maxWalkTime,
                memberTimeBudget, topClasses, mode, cpuShare, maxSizerHeapBytes, includeData);
    }

    public SizingOptions withIncludeBackups(boolean include) {
        return new SizingOptions(mapNames, includeInternalMaps, include, maxObjectsPerWalk, maxWalkTime,
                memberTimeBudget, topClasses, mode, cpuShare, maxSizerHeapBytes, includeData);
    }

    public SizingOptions withIncludeInternalMaps(boolean include) {
        return new SizingOptions(mapNames, include, includeBackups, maxObjectsPerWalk, maxWalkTime,
                memberTimeBudget, topClasses, mode, cpuShare, maxSizerHeapBytes, includeData);
    }

    public SizingOptions withMaxObjectsPerWalk(long max) {
        return new SizingOptions(mapNames, includeInternalMaps, includeBackups, max, maxWalkTime, memberTimeBudget,
                topClasses, mode, cpuShare, maxSizerHeapBytes, includeData);
    }

    public SizingOptions withMaxWalkTime(Duration max) {
        return new SizingOptions(mapNames, includeInternalMaps, includeBackups, maxObjectsPerWalk, max,
                memberTimeBudget, topClasses, mode, cpuShare, maxSizerHeapBytes, includeData);
    }

    public SizingOptions withMemberTimeBudget(Duration budget) {
        return new SizingOptions(mapNames, includeInternalMaps, includeBackups, maxObjectsPerWalk, maxWalkTime,
                budget, topClasses, mode, cpuShare, maxSizerHeapBytes, includeData);
    }

    public SizingOptions withTopClasses(int n) {
        return new SizingOptions(mapNames, includeInternalMaps, includeBackups, maxObjectsPerWalk, maxWalkTime,
                memberTimeBudget, n, mode, cpuShare, maxSizerHeapBytes, includeData);
    }

    /** The same options in another mode. */
    public SizingOptions withMode(SizingMode m) {
        return new SizingOptions(mapNames, includeInternalMaps, includeBackups, maxObjectsPerWalk, maxWalkTime,
                memberTimeBudget, topClasses, m, cpuShare, maxSizerHeapBytes, includeData);
    }

    /** The same options with the sizing capped at this share of one core, in (0, 1]. */
    public SizingOptions withCpuShare(double share) {
        return new SizingOptions(mapNames, includeInternalMaps, includeBackups, maxObjectsPerWalk, maxWalkTime,
                memberTimeBudget, topClasses, mode, share, maxSizerHeapBytes, includeData);
    }

    /** The same options with another limit on the heap the sizing holds for itself (at least 4 MiB). */
    public SizingOptions withMaxSizerHeapBytes(long bytes) {
        return new SizingOptions(mapNames, includeInternalMaps, includeBackups, maxObjectsPerWalk, maxWalkTime,
                memberTimeBudget, topClasses, mode, cpuShare, bytes, includeData);
    }

    /** The object budget a full-graph walk keeps to: the one set, or {@link #DEFAULT_FULL_GRAPH_MAX_OBJECTS}. */
    public long fullGraphMaxObjects() {
        return maxObjectsPerWalk == Long.MAX_VALUE ? DEFAULT_FULL_GRAPH_MAX_OBJECTS : maxObjectsPerWalk;
    }

    /** The same options sizing the maps' data too, or only their indexes. */
    public SizingOptions withIncludeData(boolean include) {
        return new SizingOptions(mapNames, includeInternalMaps, includeBackups, maxObjectsPerWalk, maxWalkTime,
                memberTimeBudget, topClasses, mode, cpuShare, maxSizerHeapBytes, include);
    }

    public boolean includes(String mapName) {
        if (!mapNames.isEmpty()) {
            return mapNames.contains(mapName);
        }
        return includeInternalMaps || !mapName.startsWith("__");
    }
}
