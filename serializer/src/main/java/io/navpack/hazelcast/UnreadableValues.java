package io.navpack.hazelcast;

import com.hazelcast.logging.ILogger;
import com.hazelcast.logging.Logger;
import io.navpack.format.NavpackException;
import io.navpack.format.PackedRecord;
import io.navpack.hazelcast.internal.OperationThreads;
import io.navpack.hazelcast.internal.SerializationInternals;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Values stored in a map that navpack cannot read on a member — bytes that did not come through
 * navpack's writer (a {@code Data} put as it is, a writer without the checks of this version) or that
 * were damaged. One such value must not take a map's queries down, so queries and index builds skip
 * it: every attribute that cannot be read from it gives Hazelcast's "no value" marker, which matches no
 * comparison ({@code =}, {@code <}, {@code IN}, {@code LIKE}, {@code BETWEEN}; negations such as
 * {@code !=} and {@code NOT} do match it, as they match a value without the attribute) and is kept out
 * of every index. Each value is logged once with its map and key, and counted per map.
 *
 * <p>Values are refused earlier where navpack sees them: {@link NavpackSerializer} checks a
 * {@code PackedRecord} in full before it writes bytes it did not read from the cluster.
 */
public final class UnreadableValues {
    private static final ILogger LOGGER = Logger.getLogger(UnreadableValues.class);
    private static final MapCounters COUNTS = new MapCounters();
    private static final Set<String> LOGGED = ConcurrentHashMap.newKeySet();
    /** The value this thread counted last: a query asks one value for each of its attributes. */
    private static final ThreadLocal<Object[]> LAST = ThreadLocal.withInitial(() -> new Object[1]);

    private UnreadableValues() {
    }

    /**
     * Reports that {@code value} cannot be read ({@code problem} says why) and returns what a query
     * reads instead: Hazelcast's "no value" marker. Call on members only, from query and index reads.
     */
    public static Object skip(PackedRecord value, NavpackException problem) {
        Object[] last = LAST.get();
        byte[] bytes = value.array();
        if (last[0] != bytes) {
            last[0] = bytes;
            String[] where = OperationThreads.locate(value,
                    value.registry().owner() instanceof NavpackContext c && c.isMember() ? c.instance() : null);
            String map = where[0];
            String key = where[1];
            COUNTS.increment(map == null ? "" : map);
            if (LOGGED.size() < 10_000 && LOGGED.add(map + '\u0000' + key)) {
                LOGGER.warning("navpack: the " + value.schema().typeName() + " value" + (map == null ? "" : " in map '" + map + "'")
                        + (key == null ? "" : ", key " + key) + " cannot be read (" + problem.getMessage() + "); queries and"
                        + " index builds skip it. Write the value again (through navpack) or remove it.");
            }
        }
        return SerializationInternals.noValue();
    }

    /** Calls {@code listener} with every map for which a first unreadable value is counted from now on. */
    public static void onNewMap(Consumer<String> listener) {
        COUNTS.onNewMap(listener);
    }

    /** Unreadable values met by queries and index builds in this JVM, all maps together (each value once per query). */
    public static long count() {
        return COUNTS.total();
    }

    /** The same for one map. */
    public static long count(String map) {
        return COUNTS.count(map);
    }

    /** The counts by map name. */
    public static Map<String, Long> counts() {
        return COUNTS.counts();
    }
}
