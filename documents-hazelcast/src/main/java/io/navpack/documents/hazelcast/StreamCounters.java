package io.navpack.documents.hazelcast;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * What the stream jobs of this JVM did, per map: messages taken, their bytes, the messages that went to the
 * dead-letter map, and the lag of each partition this member reads (messages written to it and not yet taken). The
 * counts go on over restarts of a job, replays included. {@link StreamMetrics} shows them as Micrometer meters.
 */
public final class StreamCounters {
    private static final Map<String, StreamCounters> BY_MAP = new ConcurrentHashMap<>();
    private static final CopyOnWriteArrayList<Consumer<String>> NEW_MAP = new CopyOnWriteArrayList<>();

    private final String map;
    private final LongAdder messages = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private final Map<String, AtomicLong> lag = new ConcurrentHashMap<>();
    private final CopyOnWriteArrayList<BiConsumer<String, String>> newPartition = new CopyOnWriteArrayList<>();

    private StreamCounters(String map) {
        this.map = map;
    }

    /** The counters of the stream into {@code map} (made on first use). */
    public static StreamCounters of(String map) {
        StreamCounters c = BY_MAP.get(map);
        if (c != null) {
            return c;
        }
        StreamCounters made = new StreamCounters(map);
        c = BY_MAP.putIfAbsent(map, made);
        if (c == null) {
            NEW_MAP.forEach(l -> l.accept(map));
            return made;
        }
        return c;
    }

    /** The maps streamed into in this JVM. */
    public static Set<String> maps() {
        return Set.copyOf(BY_MAP.keySet());
    }

    /** Calls {@code listener} with each map streamed into from now on. */
    static void onNewMap(Consumer<String> listener) {
        NEW_MAP.add(listener);
    }

    /** Calls {@code listener} with the map and partition ({@code topic:partition}) of each partition whose lag is first known. */
    void onNewPartition(BiConsumer<String, String> listener) {
        newPartition.add(listener);
    }

    void message(int size) {
        messages.increment();
        bytes.add(size);
    }

    void failure() {
        failures.increment();
    }

    void lag(String partition, long value) {
        AtomicLong l = lag.get(partition);
        if (l == null) {
            AtomicLong made = new AtomicLong(value);
            l = lag.putIfAbsent(partition, made);
            if (l == null) {
                newPartition.forEach(x -> x.accept(map, partition));
                return;
            }
        }
        l.set(value);
    }

    /** No longer read here: its lag is unknown (-1) until it is read here again. */
    void forget(String partition) {
        AtomicLong l = lag.get(partition);
        if (l != null) {
            l.set(-1);
        }
    }

    public String map() {
        return map;
    }

    /** Messages taken (replays included). */
    public long messages() {
        return messages.sum();
    }

    /** Bytes of the messages taken. */
    public long bytes() {
        return bytes.sum();
    }

    /** Messages that went to the dead-letter map (replays included). */
    public long failures() {
        return failures.sum();
    }

    /** The lag of a partition ({@code topic:partition}) read here, or -1 when not known here. */
    public long lag(String partition) {
        AtomicLong l = lag.get(partition);
        return l == null ? -1 : l.get();
    }

    /** The partitions whose lag has been known here. */
    public Set<String> partitions() {
        return Set.copyOf(lag.keySet());
    }
}
