package io.navpack.agent;

import java.util.function.Consumer;

/**
 * A small identity set for one unit of a walk: open addressing, and a list of the slots in use, so that
 * clearing it costs what was put in it rather than its capacity. It grows up to a limit; past the limit
 * {@link #add} reports {@link #FULL}. After a unit that made it grow large, {@link #clear} shrinks it back.
 * Not thread-safe.
 */
final class LocalSet {

    static final int ADDED = 1;
    static final int PRESENT = 0;
    static final int FULL = -1;

    private static final int MIN_CAPACITY = 256;

    private final int maxObjects;
    private Object[] keys = new Object[MIN_CAPACITY];
    private int[] used = new int[MIN_CAPACITY];
    private int size;

    LocalSet(int maxObjects) {
        this.maxObjects = maxObjects;
    }

    private static int spread(int identityHash, int mask) {
        int h = identityHash * 0x9E3779B9;
        return (h ^ (h >>> 15)) & mask;
    }

    boolean contains(Object o) {
        if (size == 0) {
            return false;
        }
        Object[] k = keys;
        int mask = k.length - 1;
        int i = spread(System.identityHashCode(o), mask);
        while (true) {
            Object cur = k[i];
            if (cur == null) {
                return false;
            }
            if (cur == o) {
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    /** {@link #ADDED}, {@link #PRESENT}, or {@link #FULL} when it would exceed its limit. */
    int add(Object o) {
        Object[] k = keys;
        if (size * 2 >= k.length) {
            if (size >= maxObjects) {
                return contains(o) ? PRESENT : FULL;
            }
            grow();
            k = keys;
        }
        int mask = k.length - 1;
        int i = spread(System.identityHashCode(o), mask);
        while (true) {
            Object cur = k[i];
            if (cur == null) {
                k[i] = o;
                used[size++] = i;
                return ADDED;
            }
            if (cur == o) {
                return PRESENT;
            }
            i = (i + 1) & mask;
        }
    }

    void forEach(Consumer<Object> action) {
        Object[] k = keys;
        int[] u = used;
        for (int j = 0; j < size; j++) {
            action.accept(k[u[j]]);
        }
    }

    int size() {
        return size;
    }

    /** Bytes of its arrays, roughly (4-byte references). */
    long footprintBytes() {
        return keys.length * 8L;
    }

    void clear() {
        if (keys.length > MIN_CAPACITY * 64) {
            keys = new Object[MIN_CAPACITY];
            used = new int[MIN_CAPACITY];
        } else {
            Object[] k = keys;
            int[] u = used;
            for (int j = 0; j < size; j++) {
                k[u[j]] = null;
            }
        }
        size = 0;
    }

    private void grow() {
        Object[] old = keys;
        int[] oldUsed = used;
        int n = size;
        keys = new Object[old.length * 2];
        used = new int[old.length * 2];
        size = 0;
        int mask = keys.length - 1;
        for (int j = 0; j < n; j++) {
            Object o = old[oldUsed[j]];
            int i = spread(System.identityHashCode(o), mask);
            while (keys[i] != null) {
                i = (i + 1) & mask;
            }
            keys[i] = o;
            used[size++] = i;
        }
    }
}
