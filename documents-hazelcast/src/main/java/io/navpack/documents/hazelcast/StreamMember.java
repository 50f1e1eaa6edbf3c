package io.navpack.documents.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastJsonValue;
import com.hazelcast.map.IMap;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.Limits;

import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A stream job on one member: the document schema its transcoders share (grown with the other members' copies under
 * the cluster's lock when the stream may evolve), the counters, the offsets seen per partition, their lag and the
 * progress noted about every second in {@link DocumentStream#progressMap}.
 */
final class StreamMember implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(StreamMember.class.getName());

    /** The newest offsets of a source's partitions, asked for from a member (Kafka's end offsets). */
    interface EndOffsets extends AutoCloseable {
        /** The next offset to be written of each partition named {@code topic:partition}; those it cannot tell are left out. */
        Map<String, Long> endOffsets(Iterable<String> partitions);

        @Override
        void close();
    }

    /** Makes the {@link EndOffsets} of a member; travels with the job. */
    @FunctionalInterface
    interface EndOffsetsFactory extends Serializable {
        EndOffsets create();
    }

    private final HazelcastInstance hz;
    private final DocumentStream.Settings settings;
    private final DocumentSchema schema;
    private final Limits limits;
    private final StreamCounters counters;
    private final EndOffsets endOffsets;
    private final Map<String, AtomicLong> offsets = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer;
    /** When the broker last stopped telling end offsets (0 while it tells them); only the timer thread uses it. */
    private long lagUnknownSince;

    StreamMember(HazelcastInstance hz, DocumentStream.Settings settings, EndOffsets endOffsets) {
        this.hz = hz;
        this.settings = settings;
        this.endOffsets = endOffsets;
        // after a restart the cluster's schema may be a later copy of the job's: values are written in the newest
        // versions; a schema kept for the map that is not a copy of the job's is not taken instead of it
        DocumentSchema kept = DocumentCatalog.read(hz, settings.mapName());
        DocumentSchema given = DocumentSchema.parse(settings.schemaFile());
        this.schema = kept != null && kept.holdsAll(given) ? kept : given;
        DocumentCatalog.register(hz, schema);
        if (settings.evolving()) {
            schema.sharedGrowth(new ClusterGrowth(hz, settings.mapName()));
            schema.onEvolution(s -> DocumentCatalog.publish(hz, settings.mapName(), s));
        }
        this.limits = Limits.DEFAULT.withMaxDocumentBytes(settings.maxMessageBytes());
        this.counters = StreamCounters.of(settings.mapName());
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "navpack-stream-" + settings.mapName());
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(this::tick, 1, 1, TimeUnit.SECONDS);
    }

    StreamTranscoder transcoder(String sourceName) {
        return new StreamTranscoder(this, sourceName, schema.transcoder(limits).evolving(settings.evolving()));
    }

    DocumentStream.Settings settings() {
        return settings;
    }

    StreamCounters counters() {
        return counters;
    }

    /** Notes the offset of a message just taken. */
    void seen(StreamMessage m) {
        if (m.offset() < 0) {
            return;
        }
        offsets.computeIfAbsent(m.topic() + ":" + m.partition(), k -> new AtomicLong(-1)).accumulateAndGet(m.offset(), Math::max);
    }

    private void tick() {
        if (endOffsets != null && !offsets.isEmpty()) {
            try {
                Map<String, Long> ends = endOffsets.endOffsets(offsets.keySet());
                offsets.forEach((p, o) -> {
                    Long end = ends.get(p);
                    if (end != null) {
                        counters.lag(p, Math.max(0, end - (o.get() + 1)));
                    } else {
                        counters.forget(p);
                    }
                });
                if (lagUnknownSince != 0) {
                    LOG.info("navpack: the lag of stream " + settings.mapName() + " is known again");
                    lagUnknownSince = 0;
                }
            } catch (RuntimeException e) {
                // the broker does not answer: the lag is unknown (not the last one known) until it does again
                offsets.keySet().forEach(counters::forget);
                if (lagUnknownSince == 0) {
                    lagUnknownSince = System.nanoTime();
                    LOG.log(Level.WARNING, "navpack: the lag of stream " + settings.mapName() + " is unknown: the"
                            + " broker did not tell its end offsets (" + e + "); messages taken are still counted", e);
                }
            }
        }
        try {
            noteProgress();
        } catch (RuntimeException e) {
            // the member is shutting down: the next tick, if any, tries again
            LOG.log(Level.FINE, "stream progress of " + settings.mapName() + " not noted", e);
        }
    }

    private void noteProgress() {
        if (!hz.getLifecycleService().isRunning()) {
            return;
        }
        StringBuilder b = new StringBuilder();
        String member = hz.getCluster().getLocalMember().getUuid().toString();
        b.append("{\"member\":").append(StreamTranscoder.quote(member))
                .append(",\"address\":").append(StreamTranscoder.quote(String.valueOf(hz.getCluster().getLocalMember().getAddress())))
                .append(",\"time\":").append(System.currentTimeMillis())
                .append(",\"messages\":").append(counters.messages())
                .append(",\"bytes\":").append(counters.bytes())
                .append(",\"failures\":").append(counters.failures())
                .append(",\"partitions\":{");
        Map<String, AtomicLong> sorted = new TreeMap<>(offsets);
        boolean first = true;
        for (Map.Entry<String, AtomicLong> e : sorted.entrySet()) {
            b.append(first ? "" : ",").append(StreamTranscoder.quote(e.getKey())).append(":{\"offset\":").append(e.getValue().get());
            long lag = counters.lag(e.getKey());
            if (lag >= 0) {
                b.append(",\"lag\":").append(lag);
            }
            b.append('}');
            first = false;
        }
        b.append("}}");
        IMap<String, HazelcastJsonValue> progress = hz.getMap(DocumentStream.progressMap(settings.mapName()));
        progress.set(member, new HazelcastJsonValue(b.toString()));
    }

    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // the partitions may go to other members: their lag is theirs to tell now
        offsets.keySet().forEach(counters::forget);
        if (endOffsets != null) {
            endOffsets.close();
        }
        try {
            noteProgress();
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "last stream progress of " + settings.mapName() + " not noted", e);
        }
    }
}
