package io.navpack.agent;

import java.util.List;

/**
 * The result of one walk over several owners (for example every index of one map).
 *
 * <ul>
 *   <li>{@link #exclusive(int)}: objects only that owner reaches, which dropping that owner alone frees;</li>
 *   <li>{@link #reachableBytes(int)}: every object that owner reaches, also those other owners reach;</li>
 *   <li>{@link #union()}: everything any owner reaches, which dropping all owners frees.</li>
 * </ul>
 * Objects in the stop rule or the shared set are in none of these.
 */
public final class OwnershipResult {

    private final List<WalkResult> exclusive;
    private final long[] reachableBytes;
    private final long[] reachableObjects;
    private final WalkResult union;

    OwnershipResult(List<WalkResult> exclusive, long[] reachableBytes, long[] reachableObjects, WalkResult union) {
        this.exclusive = List.copyOf(exclusive);
        this.reachableBytes = reachableBytes.clone();
        this.reachableObjects = reachableObjects.clone();
        this.union = union;
    }

    public int owners() {
        return exclusive.size();
    }

    /**
     * What only owner {@code i} keeps alive. Its duration is the time spent walking from that owner (the
     * final sizing pass is in the union's duration only); its {@code objectsWalked} is what that owner
     * reaches; completeness is that of the whole walk.
     */
    public WalkResult exclusive(int i) {
        return exclusive.get(i);
    }

    public long reachableBytes(int i) {
        return reachableBytes[i];
    }

    public long reachableObjects(int i) {
        return reachableObjects[i];
    }

    /** Everything any owner keeps alive. */
    public WalkResult union() {
        return union;
    }

    /** Bytes reached by more than one owner. */
    public long sharedBetweenOwnersBytes() {
        long sum = 0;
        for (WalkResult r : exclusive) {
            sum += r.bytes();
        }
        return union.bytes() - sum;
    }
}
