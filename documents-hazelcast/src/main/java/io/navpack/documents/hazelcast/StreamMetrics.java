package io.navpack.documents.hazelcast;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * Micrometer meters of the document streams on a member ({@link StreamCounters}), tag {@code map}:
 *
 * <ul>
 * <li>{@code navpack.stream.messages} — messages taken (replays after a restart included)</li>
 * <li>{@code navpack.stream.bytes} — their bytes</li>
 * <li>{@code navpack.stream.failures} — messages that went to the dead-letter map {@code MAP.stream-failures}</li>
 * <li>{@code navpack.stream.lag} (gauge, tags {@code topic}, {@code partition}) — messages written to a partition this
 * member reads and not yet taken, asked for from the broker about every second (NaN while the partition is read
 * elsewhere)</li>
 * </ul>
 *
 * <p>Maps and partitions seen after binding get their meters when they first appear. Members need Micrometer on their
 * class path to bind it (as for {@code NavpackMetrics}).
 */
public final class StreamMetrics implements MeterBinder {
    @Override
    public void bindTo(MeterRegistry registry) {
        StreamCounters.onNewMap(map -> register(registry, StreamCounters.of(map)));
        for (String map : StreamCounters.maps()) {
            register(registry, StreamCounters.of(map));
        }
    }

    private static void register(MeterRegistry registry, StreamCounters c) {
        Tags tags = Tags.of("map", c.map());
        FunctionCounter.builder("navpack.stream.messages", c, StreamCounters::messages).tags(tags)
                .description("messages taken from the stream (replays included)").register(registry);
        FunctionCounter.builder("navpack.stream.bytes", c, StreamCounters::bytes).tags(tags).baseUnit("bytes")
                .description("bytes of the messages taken").register(registry);
        FunctionCounter.builder("navpack.stream.failures", c, StreamCounters::failures).tags(tags)
                .description("messages that went to the dead-letter map").register(registry);
        c.onNewPartition((map, partition) -> lag(registry, c, partition));
        for (String p : c.partitions()) {
            lag(registry, c, p);
        }
    }

    private static void lag(MeterRegistry registry, StreamCounters c, String partition) {
        int colon = partition.lastIndexOf(':');
        Gauge.builder("navpack.stream.lag", c, x -> {
                    long l = x.lag(partition);
                    return l < 0 ? Double.NaN : l;
                })
                .tags("map", c.map(), "topic", partition.substring(0, colon), "partition", partition.substring(colon + 1))
                .description("messages of the partition not yet taken").register(registry);
    }
}
