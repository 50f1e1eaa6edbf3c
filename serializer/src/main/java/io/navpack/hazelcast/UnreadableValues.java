package io.navpack.hazelcast;

import com.hazelcast.logging.ILogger;
import com.hazelcast.logging.Logger;
import io.navpack.format.NavpackException;
import io.navpack.format.PackedRecord;
import io.navpack.hazelcast.internal.OperationThreads;
import io.navpack.hazelcast.internal.SerializationInternals;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
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
    private static final Map<String, LongAdder> COUNTS = new ConcurrentHashMap<>();
    private static final Set<String> LOGGED = ConcurrentHashMap.newKeySet();
    private static final List<Consumer<String>> LISTENERS =
            new CopyOnWriteArrayList<>();
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
            counter(map == null ? "" : map).increment();
            if (LOGGED.size() < 10_000 && LOGGED.add(map + '\u0000' + key)) {
                LOGGER.warning("navpack: the " + value.schema().typeName() + " value" + (map == null ? "" : " in map '" + map + "'")
                        + (key == null ? "" : ", key " + key) + " cannot be read (" + problem.getMessage() + "); queries and"
                        + " index builds skip it. Write the value again (through navpack) or remove it.");
            }
        }
        return SerializationInternals.noValue();
    }

    private static LongAdder counter(String map) {
        LongAdder a = COUNTS.get(map);
        if (a == null) {
            boolean[] created = new boolean[1];
            a = COUNTS.computeIfAbsent(map, k -> {
                created[0] = true;
                return new LongAdder();
            });
            if (created[0]) {
                for (Consumer<String> l : LISTENERS) {
                    l.accept(map);
                }
            }
        }
        return a;
    }

    /** Calls {@code listener} with every map for which a first unreadable value is counted from now on. */
    public static void onNewMap(Consumer<String> listener) {
        LISTENERS.add(listener);
    }

    /** Unreadable values met by queries and index builds in this JVM, all maps together (each value once per query). */
    public static long count() {
        long n = 0;
        for (LongAdder a : COUNTS.values()) {
            n += a.sum();
        }
        return n;
    }

    /** The same for one map. */
    public static long count(String map) {
        LongAdder a = COUNTS.get(map);
        return a == null ? 0 : a.sum();
    }

    /** The counts by map name. */
    public static Map<String, Long> counts() {
        Map<String, Long> out = new TreeMap<>();
        COUNTS.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }
}
