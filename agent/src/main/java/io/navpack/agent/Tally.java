package io.navpack.agent;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Bytes and objects counted by a {@link UnitWalker}, with a per-class histogram. Its memory is a few longs
 * per class met, never per object. Not thread-safe.
 */
public final class Tally {

    private long bytes;
    private long objects;
    private long[] counts = new long[64];
    private long[] sizes = new long[64];

    /** Adds one object of this layout and size. */
    void add(ClassLayout layout, long size) {
        int id = layout.id;
        if (id >= counts.length) {
            int n = Math.max(id + 1, counts.length * 2);
            counts = Arrays.copyOf(counts, n);
            sizes = Arrays.copyOf(sizes, n);
        }
        counts[id]++;
        sizes[id] += size;
        bytes += size;
        objects++;
    }

    /** Adds everything another tally counted. */
    public void add(Tally other) {
        if (other.counts.length > counts.length) {
            counts = Arrays.copyOf(counts, other.counts.length);
            sizes = Arrays.copyOf(sizes, other.counts.length);
        }
        for (int i = 0; i < other.counts.length; i++) {
            counts[i] += other.counts[i];
            sizes[i] += other.sizes[i];
        }
        bytes += other.bytes;
        objects += other.objects;
    }

    /** Forgets everything. */
    public void clear() {
        Arrays.fill(counts, 0);
        Arrays.fill(sizes, 0);
        bytes = 0;
        objects = 0;
    }

    /** Shallow bytes of everything counted. */
    public long bytes() {
        return bytes;
    }

    /** Number of objects counted. */
    public long objects() {
        return objects;
    }

    /** Instances and bytes per class, largest first. */
    public ClassHistogram histogram() {
        List<ClassHistogram.Entry> entries = new ArrayList<>();
        for (int id = 0; id < counts.length; id++) {
            if (counts[id] > 0) {
                ClassLayout layout = ClassLayout.byId(id);
                String name = layout == null ? "?" : layout.type.getName();
                entries.add(new ClassHistogram.Entry(name, counts[id], sizes[id]));
            }
        }
        return new ClassHistogram(entries);
    }

    /** Bytes of this tally's histogram line for one class, 0 if none. */
    public long bytesOf(Class<?> type) {
        int id = ClassLayout.of(type).id;
        return id < sizes.length ? sizes[id] : 0;
    }

    @Override
    public String toString() {
        return String.format("%,d B in %,d objects", bytes, objects);
    }
}
