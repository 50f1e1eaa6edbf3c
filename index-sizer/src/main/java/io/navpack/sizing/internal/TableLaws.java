package io.navpack.sizing.internal;

/**
 * The length a hash table grows to when {@code count} keys are inserted one by one (nothing removed), by the
 * growth rule of each map class an index uses. A prediction checks each rule against the tables of the private
 * index it built before using it (see {@link WhatIfEstimator}).
 */
final class TableLaws {

    private TableLaws() {
    }

    /**
     * {@code java.util.concurrent.ConcurrentHashMap} starting at {@code initial} slots (a power of two): it doubles
     * when an insert brings the count to three quarters of the length. 0 for no keys (the table is created with
     * the first insert).
     */
    static long concurrentHashMap(long count, long initial) {
        if (count <= 0) {
            return 0;
        }
        long n = initial;
        while (count >= n - (n >>> 2)) {
            n <<= 1;
        }
        return n;
    }

    /** {@code java.util.HashMap} (16 slots, load factor 0.75): doubles when the count passes 0.75 × length. */
    static long hashMap(long count) {
        if (count <= 0) {
            return 0;
        }
        long n = 16;
        while (count > (long) (n * 0.75f)) {
            n <<= 1;
        }
        return n;
    }

    /**
     * Hazelcast's {@code Object2LongHashMap} and {@code Long2LongHashMap}: {@code initial} slots from the start,
     * doubled when the count passes {@code (int) (length × loadFactor)}.
     */
    static long hazelcastMap(long count, long initial, double loadFactor) {
        long n = initial;
        while (count > (long) (int) (n * loadFactor)) {
            n <<= 1;
        }
        return n;
    }
}
