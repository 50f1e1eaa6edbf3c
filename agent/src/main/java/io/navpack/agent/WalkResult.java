package io.navpack.agent;

import java.time.Duration;
import java.util.List;

/**
 * What a walk counted: bytes and objects, a per-class histogram, whether the walk was complete (and if
 * not, why), how long it took, and which reference fields it could not read.
 */
public final class WalkResult {

    private final long bytes;
    private final long objects;
    private final ClassHistogram histogram;
    private final boolean complete;
    private final String incompleteReason;
    private final Duration duration;
    private final long objectsWalked;
    private final List<String> unreadableFields;
    private final ObjectSet visited;

    WalkResult(long bytes, long objects, ClassHistogram histogram, boolean complete, String incompleteReason,
               Duration duration, long objectsWalked, List<String> unreadableFields, ObjectSet visited) {
        this.bytes = bytes;
        this.objects = objects;
        this.histogram = histogram;
        this.complete = complete;
        this.incompleteReason = incompleteReason;
        this.duration = duration;
        this.objectsWalked = objectsWalked;
        this.unreadableFields = List.copyOf(unreadableFields);
        this.visited = visited;
    }

    /** Shallow bytes of every counted object. */
    public long bytes() {
        return bytes;
    }

    /** Number of counted objects. */
    public long objects() {
        return objects;
    }

    public ClassHistogram histogram() {
        return histogram;
    }

    /** False if the walk stopped early (budget, time, interruption); then bytes are a lower bound. */
    public boolean complete() {
        return complete;
    }

    /** Why the walk was not complete, or {@code null}. */
    public String incompleteReason() {
        return incompleteReason;
    }

    public Duration duration() {
        return duration;
    }

    /** Distinct objects the walk visited (for a walk over several owners: over all of them). */
    public long objectsWalked() {
        return objectsWalked;
    }

    /** Objects visited per second. */
    public double objectsPerSecond() {
        long nanos = Math.max(1, duration.toNanos());
        return objectsWalked * 1e9 / nanos;
    }

    /** Reference fields that could not be read (and so were not followed), as {@code Class.field}. */
    public List<String> unreadableFields() {
        return unreadableFields;
    }

    /**
     * The objects the walk visited, if {@link WalkOptions#keepVisited()} was set.
     *
     * @throws IllegalStateException if the walk did not keep them
     */
    public ObjectSet visited() {
        if (visited == null) {
            throw new IllegalStateException("walk was run without keepVisited");
        }
        return visited;
    }

    @Override
    public String toString() {
        return String.format("%,d B in %,d objects%s, %d ms", bytes, objects,
                complete ? "" : " (partial: " + incompleteReason + ")", duration.toMillis());
    }
}
