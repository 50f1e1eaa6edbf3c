package io.navpack.agent;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Instances and bytes per class, largest first. */
public final class ClassHistogram implements Serializable {

    private static final long serialVersionUID = 1L;

    /** One class's line. */
    public record Entry(String className, long count, long bytes) implements Serializable {
    }

    private final List<Entry> entries;

    ClassHistogram(List<Entry> entries) {
        List<Entry> sorted = new ArrayList<>(entries);
        sorted.sort(Comparator.comparingLong(Entry::bytes).reversed().thenComparing(Entry::className));
        this.entries = List.copyOf(sorted);
    }

    /** All lines, largest first. */
    public List<Entry> entries() {
        return entries;
    }

    /** The {@code n} largest lines. */
    public List<Entry> top(int n) {
        return entries.subList(0, Math.min(n, entries.size()));
    }

    /** The line of the class with this name, or a line of zeros. */
    public Entry of(String className) {
        for (Entry e : entries) {
            if (e.className().equals(className)) {
                return e;
            }
        }
        return new Entry(className, 0, 0);
    }

    public long totalBytes() {
        long sum = 0;
        for (Entry e : entries) {
            sum += e.bytes();
        }
        return sum;
    }

    public long totalCount() {
        long sum = 0;
        for (Entry e : entries) {
            sum += e.count();
        }
        return sum;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (Entry e : top(20)) {
            sb.append(String.format("%,14d B %,12d  %s%n", e.bytes(), e.count(), e.className()));
        }
        return sb.toString();
    }
}
