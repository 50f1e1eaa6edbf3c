package io.navpack.mapstore;

import com.hazelcast.logging.ILogger;
import com.hazelcast.logging.Logger;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Rows of one map store's table that it could not take as they are: skipped (no value, or bytes that are not one) or
 * loaded with a warning (a column that disagrees with the bytes). Each is named in the member's log — table, key and
 * reason — the first {@value #NAMED} of each kind one by one, then every {@value #NAMED}th with the count, and counted.
 */
final class BadRows {
    /** How many rows of each kind are named one by one before only every so many are. */
    static final int NAMED = 1000;
    private static final ILogger LOGGER = Logger.getLogger(NavpackMapStore.class);

    private final String map;
    private final String table;
    private final AtomicLong skipped = new AtomicLong();
    private final AtomicLong disagreeing = new AtomicLong();

    BadRows(String map, String table) {
        this.map = map;
        this.table = table;
    }

    /** A row that is not loaded: {@code reason} says why. */
    void skipped(Object key, String reason) {
        long n = skipped.incrementAndGet();
        if (n <= NAMED || n % NAMED == 0) {
            LOGGER.warning("navpack: map '" + map + "', table " + table + ", key " + key + ": row skipped, " + reason
                    + " (" + n + " rows skipped by this member so far)");
        }
    }

    /** A row that is loaded (its bytes are the value) although one of its columns disagrees with them. */
    void disagrees(Object key, String reason) {
        long n = disagreeing.incrementAndGet();
        if (n <= NAMED || n % NAMED == 0) {
            LOGGER.warning("navpack: map '" + map + "', table " + table + ", key " + key + ": " + reason + "; the value"
                    + " is loaded from its bytes, write it again to correct the row (" + n + " such rows on this member"
                    + " so far)");
        }
    }

    long skipped() {
        return skipped.get();
    }

    long disagreeing() {
        return disagreeing.get();
    }
}
