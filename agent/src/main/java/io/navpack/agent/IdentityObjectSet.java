package io.navpack.agent;

import java.util.function.Consumer;

/**
 * An identity set with open addressing and linear probing: one reference slot per entry in a plain
 * {@code Object[]} (4 bytes with compressed references) at a load of at most 0.7, and no per-entry
 * objects. It can carry a small bit mask per entry, which a walk over several owners uses to record
 * which owners reach an object.
 *
 * <p>Not thread-safe. Entries are never removed.
 */
public final class IdentityObjectSet implements ObjectSet {

    private static final int MAX_CAPACITY = 1 << 30;
    private static final float LOAD = 0.7f;
    private static final int REHASH_RUN = 64;

    private Object[] keys;
    private final int maskBits;
    private byte[] masks8;
    private short[] masks16;
    private int[] masks32;
    private long[] masks64;
    private int size;
    private int threshold;

    /** An empty set with room for {@code expected} objects before it grows. */
    public IdentityObjectSet(int expected) {
        this(expected, 0);
    }

    /**
     * @param expected objects expected
     * @param maskBits 0 for no masks, otherwise the number of mask bits per entry (at most 64)
     */
    IdentityObjectSet(int expected, int maskBits) {
        if (maskBits < 0 || maskBits > 64) {
            throw new IllegalArgumentException("maskBits must be 0..64: " + maskBits);
        }
        this.maskBits = maskBits;
        int capacity = Integer.highestOneBit(Math.max(16, (int) Math.min(MAX_CAPACITY, expected / LOAD + 1)) - 1) << 1;
        allocate(Math.min(capacity, MAX_CAPACITY));
    }

    public IdentityObjectSet() {
        this(64);
    }

    /** An empty set that keeps {@code maskBits} (1 to 64) bits per object. */
    public static IdentityObjectSet withMasks(int expected, int maskBits) {
        if (maskBits < 1) {
            throw new IllegalArgumentException("maskBits must be 1..64: " + maskBits);
        }
        return new IdentityObjectSet(expected, maskBits);
    }

    /** Adds {@code o} if absent and sets {@code bits} in its mask; returns the mask now. */
    public long orMask(Object o, long bits) {
        int slot = insert(o);
        long mask = mask(slot) | bits;
        setMask(slot, mask);
        return mask;
    }

    /** The mask of {@code o}, or 0 if it is not in the set. */
    public long maskOf(Object o) {
        int slot = slotOf(o);
        return slot < 0 ? 0 : mask(slot);
    }

    /**
     * Which of {@code slices} disjoint slices {@code o} falls in, by its identity hash: a caller whose set
     * would grow too large handles one slice per pass.
     */
    public static int slice(Object o, int slices) {
        if (slices <= 1) {
            return 0;
        }
        int h = System.identityHashCode(o) * 0x85EBCA6B;
        h ^= h >>> 13;
        return (int) ((h & 0xFFFF_FFFFL) % slices);
    }

    private void allocate(int capacity) {
        keys = new Object[capacity];
        threshold = capacity == MAX_CAPACITY ? (int) (capacity * 0.9f) : (int) (capacity * LOAD);
        if (maskBits == 0) {
            return;
        }
        if (maskBits <= 8) {
            masks8 = new byte[capacity];
        } else if (maskBits <= 16) {
            masks16 = new short[capacity];
        } else if (maskBits <= 32) {
            masks32 = new int[capacity];
        } else {
            masks64 = new long[capacity];
        }
    }

    private static int hash(Object o, int mask) {
        return spread(System.identityHashCode(o), mask);
    }

    private static int spread(int identityHash, int mask) {
        int h = identityHash * 0x9E3779B9;
        return (h ^ (h >>> 15)) & mask;
    }

    /**
     * Reads the slot where an object with this identity hash would start probing, so that a following
     * {@link #insert(Object, int)} finds it in the cache. Returns a value only to keep the read.
     */
    int touch(int identityHash) {
        Object[] k = keys;
        return k[spread(identityHash, k.length - 1)] == null ? 0 : 1;
    }

    @Override
    public boolean contains(Object o) {
        return slotOf(o) >= 0;
    }

    /** The slot holding {@code o}, or -1. */
    int slotOf(Object o) {
        if (o == null) {
            return -1;
        }
        Object[] k = keys;
        int mask = k.length - 1;
        int i = hash(o, mask);
        while (true) {
            Object cur = k[i];
            if (cur == null) {
                return -1;
            }
            if (cur == o) {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /** Adds {@code o}; returns true if it was not in the set. */
    public boolean add(Object o) {
        int before = size;
        insert(o);
        return size != before;
    }

    /**
     * Finds or inserts {@code o} and returns its slot; {@link #size()} grows by one if it was new.
     *
     * @throws IllegalStateException if the set cannot grow any further
     */
    int insert(Object o) {
        if (o == null) {
            throw new NullPointerException();
        }
        return insert(o, System.identityHashCode(o));
    }

    /** {@link #insert(Object)} with the object's identity hash already at hand. */
    int insert(Object o, int identityHash) {
        if (size >= threshold) {
            grow();
        }
        Object[] k = keys;
        int mask = k.length - 1;
        int i = spread(identityHash, mask);
        while (true) {
            Object cur = k[i];
            if (cur == null) {
                k[i] = o;
                size++;
                return i;
            }
            if (cur == o) {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /** True if one more insert would need more slots than the set can have. */
    boolean full() {
        return size >= threshold && keys.length == MAX_CAPACITY;
    }

    private void grow() {
        if (keys.length == MAX_CAPACITY) {
            throw new IllegalStateException("identity set is full at " + size + " objects");
        }
        Object[] oldKeys = keys;
        byte[] o8 = masks8;
        short[] o16 = masks16;
        int[] o32 = masks32;
        long[] o64 = masks64;
        allocate(oldKeys.length << 1);
        int mask = keys.length - 1;
        // identity hashes of a run of slots first: the objects' headers are read independently of each other
        int[] hashes = new int[REHASH_RUN];
        for (int from = 0; from < oldKeys.length; from += REHASH_RUN) {
            int to = Math.min(oldKeys.length, from + REHASH_RUN);
            for (int j = from; j < to; j++) {
                Object o = oldKeys[j];
                hashes[j - from] = o == null ? 0 : System.identityHashCode(o);
            }
            for (int j = from; j < to; j++) {
                Object o = oldKeys[j];
                if (o == null) {
                    continue;
                }
                int i = spread(hashes[j - from], mask);
                while (keys[i] != null) {
                    i = (i + 1) & mask;
                }
                keys[i] = o;
                moveMask(o8, o16, o32, o64, j, i);
            }
        }
    }

    private void moveMask(byte[] o8, short[] o16, int[] o32, long[] o64, int j, int i) {
        if (o8 != null) {
            masks8[i] = o8[j];
        } else if (o16 != null) {
            masks16[i] = o16[j];
        } else if (o32 != null) {
            masks32[i] = o32[j];
        } else if (o64 != null) {
            masks64[i] = o64[j];
        }
    }

    long mask(int slot) {
        if (masks8 != null) {
            return masks8[slot] & 0xFFL;
        } else if (masks16 != null) {
            return masks16[slot] & 0xFFFFL;
        } else if (masks32 != null) {
            return masks32[slot] & 0xFFFF_FFFFL;
        } else if (masks64 != null) {
            return masks64[slot];
        }
        return 0;
    }

    void setMask(int slot, long value) {
        if (masks8 != null) {
            masks8[slot] = (byte) value;
        } else if (masks16 != null) {
            masks16[slot] = (short) value;
        } else if (masks32 != null) {
            masks32[slot] = (int) value;
        } else if (masks64 != null) {
            masks64[slot] = value;
        } else {
            throw new IllegalStateException("set has no masks");
        }
    }

    int capacity() {
        return keys.length;
    }

    Object keyAt(int slot) {
        return keys[slot];
    }

    /** Calls {@code action} for every object in the set. */
    public void forEach(Consumer<Object> action) {
        for (Object o : keys) {
            if (o != null) {
                action.accept(o);
            }
        }
    }

    @Override
    public long size() {
        return size;
    }

    /** Bytes this set's own arrays occupy, roughly (assumes 4-byte references). */
    public long footprintBytes() {
        long perSlot = 4L + (masks8 != null ? 1 : masks16 != null ? 2 : masks32 != null ? 4 : masks64 != null ? 8 : 0);
        return keys.length * perSlot;
    }
}
