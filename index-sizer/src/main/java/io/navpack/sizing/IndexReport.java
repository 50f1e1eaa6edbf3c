package io.navpack.sizing;

import java.io.Serializable;
import java.time.Duration;
import java.util.List;

/**
 * One index of one map on one member.
 *
 * @param name index name
 * @param type HASH, SORTED or BITMAP
 * @param attributes indexed attributes (more than one for a composite index)
 * @param entries map entries in the index on this member, or -1 if unknown
 * @param distinctKeys distinct index keys on this member, or -1 if unknown
 * @param heapBytes bytes only this index keeps alive: what dropping it alone would free; -1 if not walked
 * @param reachableBytes bytes this index reaches, also those other indexes of the map reach; -1 if not walked
 * @param hazelcastMemoryCost Hazelcast's own estimate ({@code LocalIndexStats.getMemoryCost()}), -1 if statistics are off
 * @param walkNanos time spent walking this index
 * @param objects objects only this index keeps alive
 * @param complete false if the walk stopped early (or the map data walk did), so figures are lower bounds
 * @param incompleteReason why the walk was not complete, or null
 * @param topClasses the classes that take most of {@code heapBytes}
 */
public record IndexReport(String name, String type, List<String> attributes, long entries, long distinctKeys,
                          long heapBytes, long reachableBytes, long hazelcastMemoryCost, long walkNanos,
                          long objects, boolean complete, String incompleteReason, List<ClassLine> topClasses)
        implements Serializable {

    public IndexReport {
        attributes = List.copyOf(attributes);
        topClasses = List.copyOf(topClasses);
    }

    /** Heap bytes per indexed entry, or NaN when there are none or the index was not walked. */
    public double bytesPerEntry() {
        return entries > 0 && heapBytes >= 0 ? (double) heapBytes / entries : Double.NaN;
    }

    /** Hazelcast's estimate divided by the measured bytes, or NaN. */
    public double hazelcastRatio() {
        return hazelcastMemoryCost >= 0 && heapBytes > 0 ? (double) hazelcastMemoryCost / heapBytes : Double.NaN;
    }

    public Duration walkDuration() {
        return Duration.ofNanos(walkNanos);
    }

    /** True if the index was walked at all. */
    public boolean walked() {
        return heapBytes >= 0;
    }
}
