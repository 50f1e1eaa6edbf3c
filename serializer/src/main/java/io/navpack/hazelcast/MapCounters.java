package io.navpack.hazelcast;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * Counts by map name, for a meter per map: each listener hears of a map when its first count is made, so that a
 * meter is registered for it then.
 */
final class MapCounters {
    private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();
    private final List<Consumer<String>> listeners = new CopyOnWriteArrayList<>();

    /** Counts one for {@code map}; the first count of a map is told to the listeners. */
    void increment(String map) {
        LongAdder a = counts.get(map);
        if (a == null) {
            boolean[] created = new boolean[1];
            a = counts.computeIfAbsent(map, k -> {
                created[0] = true;
                return new LongAdder();
            });
            if (created[0]) {
                for (Consumer<String> l : listeners) {
                    l.accept(map);
                }
            }
        }
        a.increment();
    }

    /** Calls {@code listener} with every map counted for the first time from now on. */
    void onNewMap(Consumer<String> listener) {
        listeners.add(listener);
    }

    /** The count of {@code map}. */
    long count(String map) {
        LongAdder a = counts.get(map);
        return a == null ? 0 : a.sum();
    }

    /** All maps' counts together. */
    long total() {
        long n = 0;
        for (LongAdder a : counts.values()) {
            n += a.sum();
        }
        return n;
    }

    /** The counts by map name. */
    Map<String, Long> counts() {
        Map<String, Long> out = new TreeMap<>();
        counts.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }
}
