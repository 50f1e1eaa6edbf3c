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
 * @param maxObjectsPerWalk object budget of one walk (map data, or all indexes of a map)
 * @param maxWalkTime time budget of one walk
 * @param memberTimeBudget time a member may spend in all; past it, it reports what it has (walks partial)
 * @param topClasses histogram lines kept per index
 */
public record SizingOptions(Set<String> mapNames, boolean includeInternalMaps, boolean includeBackups,
                            long maxObjectsPerWalk, Duration maxWalkTime, Duration memberTimeBudget, int topClasses)
        implements Serializable {

    public SizingOptions {
        mapNames = Set.copyOf(mapNames);
        if (maxObjectsPerWalk <= 0 || topClasses < 0 || maxWalkTime.isNegative() || maxWalkTime.isZero()
                || memberTimeBudget.isNegative() || memberTimeBudget.isZero()) {
            throw new IllegalArgumentException("invalid sizing options");
        }
    }

    /** All user maps, backups included, 100 million objects and 5 minutes per walk, 10 minutes per member. */
    public static SizingOptions defaults() {
        return new SizingOptions(Set.of(), false, true, 100_000_000L, Duration.ofMinutes(5), Duration.ofMinutes(10), 8);
    }

    public SizingOptions withMapNames(String... names) {
        return new SizingOptions(Set.of(names), includeInternalMaps, includeBackups, maxObjectsPerWalk, maxWalkTime,
                memberTimeBudget, topClasses);
    }

    public SizingOptions withIncludeBackups(boolean include) {
        return new SizingOptions(mapNames, includeInternalMaps, include, maxObjectsPerWalk, maxWalkTime,
                memberTimeBudget, topClasses);
    }

    public SizingOptions withIncludeInternalMaps(boolean include) {
        return new SizingOptions(mapNames, include, includeBackups, maxObjectsPerWalk, maxWalkTime,
                memberTimeBudget, topClasses);
    }

    public SizingOptions withMaxObjectsPerWalk(long max) {
        return new SizingOptions(mapNames, includeInternalMaps, includeBackups, max, maxWalkTime, memberTimeBudget,
                topClasses);
    }

    public SizingOptions withMaxWalkTime(Duration max) {
        return new SizingOptions(mapNames, includeInternalMaps, includeBackups, maxObjectsPerWalk, max,
                memberTimeBudget, topClasses);
    }

    public SizingOptions withMemberTimeBudget(Duration budget) {
        return new SizingOptions(mapNames, includeInternalMaps, includeBackups, maxObjectsPerWalk, maxWalkTime,
                budget, topClasses);
    }

    public SizingOptions withTopClasses(int n) {
        return new SizingOptions(mapNames, includeInternalMaps, includeBackups, maxObjectsPerWalk, maxWalkTime,
                memberTimeBudget, n);
    }

    boolean includes(String mapName) {
        if (!mapNames.isEmpty()) {
            return mapNames.contains(mapName);
        }
        return includeInternalMaps || !mapName.startsWith("__");
    }
}
