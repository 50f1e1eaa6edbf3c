package io.navpack.coherence.sizing;

import io.navpack.agent.ClassHistogram;

import java.io.Serializable;
import java.util.List;

/**
 * What one index of one cache holds on one storage member.
 *
 * @param member     the member, as {@code address:port (member id)}
 * @param service    the cache's service
 * @param cache      the cache
 * @param index      the index's extractor, as Coherence prints it
 * @param ordered    whether the index is sorted
 * @param bytes      heap that the index alone keeps alive, measured by walking it with the navpack agent (its
 *                   partitions' index objects, maps, sets and extracted values; not the keys and values that the
 *                   cache's backing map holds too)
 * @param footprint  what Coherence says the index holds (its {@code IndexInfo} footprint: the partitions' units)
 * @param entries    index entries (keys) over the member's partitions
 * @param partitions the member's partitions that hold an instance of the index
 * @param objects    objects counted in {@code bytes}
 * @param exactKeys  whether every key the index holds was matched against the backing map by identity (false: by
 *                   equality, for a backing map navpack cannot look into)
 * @param classes    what the bytes are made of: the classes that take the most, with their objects and bytes
 */
public record IndexFigure(String member, String service, String cache, String index, boolean ordered, long bytes,
                          long footprint, long entries, int partitions, long objects, boolean exactKeys,
                          List<ClassHistogram.Entry> classes)
        implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Coherence's footprint over the measured heap (1.0: exact; 0.01: a hundred times too small). */
    public double footprintRatio() {
        return bytes == 0 ? Double.NaN : (double) footprint / bytes;
    }
}
