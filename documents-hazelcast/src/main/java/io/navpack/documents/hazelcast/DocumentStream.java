package io.navpack.documents.hazelcast;

import com.hazelcast.jet.Traversers;
import com.hazelcast.jet.Util;
import com.hazelcast.jet.config.JobConfig;
import com.hazelcast.jet.config.ProcessingGuarantee;
import com.hazelcast.jet.pipeline.Pipeline;
import com.hazelcast.jet.pipeline.ServiceFactory;
import com.hazelcast.jet.pipeline.Sinks;
import com.hazelcast.jet.pipeline.StreamSource;
import com.hazelcast.jet.pipeline.StreamStage;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.format.PackedRecord;

import java.io.Serializable;
import java.util.Objects;
import java.util.Properties;

/**
 * A stream of documents into a map, transcoded on the members as the messages arrive: the options of the Jet job
 * ({@link DocumentPipelines#stream}, {@link DocumentPipelines#kafka}) and its job configuration.
 *
 * <pre>{@code
 * DocumentCatalog.publish(client, "trades", schema);                    // the schema in the cluster first
 * DocumentStream stream = DocumentStream.into("trades", schema).format(DocumentFormat.XML)
 *         .key("trade.tradeHeader.partyTradeIdentifier[0].tradeId");   // without: the messages' keys
 * Properties kafka = new Properties();
 * kafka.setProperty("bootstrap.servers", "127.0.0.1:9092");
 * Job job = client.getJet().newJob(DocumentPipelines.kafka(kafka, stream, "trades"), stream.jobConfig());
 * }</pre>
 *
 * <p>Each message holds one XML or JSON document, or NDJSON lines (one document each). A message that cannot be
 * transcoded or keyed goes whole to the dead-letter map {@link #failuresMap(String) MAP.stream-failures} under
 * {@code topic:partition:offset} ({@link StreamMessage#where()}) and the job goes on; the messages of one partition
 * are stored in their order. Replayed messages (after a member is lost, the job goes on from its last snapshot) are
 * stored again with the same key and value, and their dead letters again under the same key: a replay changes
 * nothing.
 */
public final class DocumentStream implements Serializable {
    private static final long serialVersionUID = 1L;

    /** How the members handle the stream's messages: everything they need, nothing of the client. */
    record Settings(String mapName, String schemaFile, DocumentFormat format, String keyPath, boolean evolving,
                    int maxMessageBytes) implements Serializable {
    }

    private final String mapName;
    private final String schemaFile;
    private DocumentFormat format;
    private String keyPath;
    private boolean evolving;
    private int maxMessageBytes = 16 << 20;
    private ProcessingGuarantee guarantee = ProcessingGuarantee.AT_LEAST_ONCE;
    private long snapshotIntervalMillis = 1000;
    private int localParallelism = -1;

    private DocumentStream(String mapName, DocumentSchema schema) {
        this.mapName = Objects.requireNonNull(mapName, "mapName");
        this.schemaFile = schema.toJson();
        DocumentFormat f = schema.format();
        this.format = f == DocumentFormat.CSV ? DocumentFormat.NDJSON : f;
    }

    /** A stream into {@code mapName} with documents of {@code schema} (published in the cluster before the job starts). */
    public static DocumentStream into(String mapName, DocumentSchema schema) {
        return new DocumentStream(mapName, schema);
    }

    /** The map the messages that cannot be stored go to: {@code MAP.stream-failures}. */
    public static String failuresMap(String mapName) {
        return mapName + ".stream-failures";
    }

    /** The map where each member notes its progress about every second: {@code MAP.stream-progress}. */
    public static String progressMap(String mapName) {
        return mapName + ".stream-progress";
    }

    /** The job's name: {@code navpack stream into MAP}; one stream job per map. */
    public static String jobName(String mapName) {
        return "navpack stream into " + mapName;
    }

    /** The messages' format: XML, JSON or NDJSON (default: the schema's; NDJSON for a schema inferred from CSV). */
    public DocumentStream format(DocumentFormat f) {
        if (f == DocumentFormat.CSV) {
            throw new IllegalArgumentException("a stream takes XML, JSON or NDJSON messages, not CSV");
        }
        this.format = Objects.requireNonNull(f, "format");
        return this;
    }

    /** The path of each document's key ({@link KeyPath}); without one (the default), the message's key. */
    public DocumentStream key(String path) {
        if (path != null) {
            KeyPath.parse(path);
        }
        this.keyPath = path;
        return this;
    }

    /**
     * Whether a document that does not fit the schema grows it (off by default: such a message is a dead letter).
     * The members grow it one at a time, from the newest version, and register the new versions before any value
     * that needs them.
     */
    public DocumentStream evolving(boolean on) {
        this.evolving = on;
        return this;
    }

    /** The largest message taken, in bytes (default 16 MiB); a larger one is a dead letter. */
    public DocumentStream maxMessageBytes(int bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("maxMessageBytes must be positive: " + bytes);
        }
        this.maxMessageBytes = bytes;
        return this;
    }

    /**
     * Jet's processing guarantee (default {@link ProcessingGuarantee#AT_LEAST_ONCE}). The map sink writes each key
     * and value again on a replay, so at-least-once already leaves the map as exactly-once would;
     * {@link ProcessingGuarantee#NONE} takes no snapshots: after a member is lost the job starts where Kafka's
     * offset reset says.
     */
    public DocumentStream guarantee(ProcessingGuarantee g) {
        this.guarantee = Objects.requireNonNull(g, "guarantee");
        return this;
    }

    /** How often the job snapshots its offsets (default 1,000 ms): what a replay may have to read again. */
    public DocumentStream snapshotIntervalMillis(long millis) {
        this.snapshotIntervalMillis = millis;
        return this;
    }

    /** Source processors per member (default: Jet's choice); the transcoders follow it, one per source processor. */
    public DocumentStream localParallelism(int n) {
        this.localParallelism = n;
        return this;
    }

    public String mapName() {
        return mapName;
    }

    public DocumentFormat format() {
        return format;
    }

    /** The job configuration: its name, guarantee and snapshot interval. */
    public JobConfig jobConfig() {
        return new JobConfig().setName(jobName(mapName)).setProcessingGuarantee(guarantee)
                .setSnapshotIntervalMillis(snapshotIntervalMillis);
    }

    Settings settings() {
        return new Settings(mapName, schemaFile, format, keyPath, evolving, maxMessageBytes);
    }

    /** The pipeline from any stream source (see {@link DocumentPipelines#stream}). */
    Pipeline pipeline(StreamSource<?> source, StreamMember.EndOffsetsFactory endOffsets) {
        Settings settings = settings();
        String sourceName = source.name();
        Pipeline p = Pipeline.create();
        // each partition's messages on one source processor and one transcoder: stored in their order
        p.setPreserveOrder(true);
        StreamStage<?> messages = p.readFrom(source).withoutTimestamps();
        if (localParallelism > 0) {
            messages.setLocalParallelism(localParallelism);
        }
        ServiceFactory<StreamMember, StreamTranscoder> transcoders = ServiceFactory
                .withCreateContextFn(ctx -> new StreamMember(ctx.hazelcastInstance(), settings,
                        endOffsets == null ? null : endOffsets.create()))
                .withDestroyContextFn(StreamMember::close)
                .withCreateServiceFn((ctx, member) -> member.transcoder(sourceName))
                .toNonCooperative();
        StreamStage<Object> out = messages.flatMapUsingService(transcoders,
                        (t, item) -> Traversers.traverseIterable(t.transcode(item)))
                .setName("transcode");
        out.filter(o -> o instanceof Stored).map(o -> Util.entry(((Stored) o).key(), ((Stored) o).value()))
                .writeTo(Sinks.map(mapName));
        out.filter(o -> o instanceof DeadLetter).map(o -> Util.entry(((DeadLetter) o).where(), ((DeadLetter) o).value()))
                .writeTo(Sinks.map(failuresMap(mapName)));
        return p;
    }

    /**
     * Kafka's consumer properties with the stream's defaults: bytes for keys and values, from the earliest offset, and
     * no topic created by the consumer's asking for it.
     */
    static Properties kafkaProperties(Properties given) {
        Properties p = new Properties();
        p.putAll(given);
        p.putIfAbsent("key.deserializer", "org.apache.kafka.common.serialization.ByteArrayDeserializer");
        p.putIfAbsent("value.deserializer", "org.apache.kafka.common.serialization.ByteArrayDeserializer");
        p.putIfAbsent("auto.offset.reset", "earliest");
        // a topic named wrongly is not created by asking for it: the stream waits for it to exist
        p.putIfAbsent("allow.auto.create.topics", "false");
        return p;
    }

    /** A document to store. */
    record Stored(Object key, PackedRecord value) implements Serializable {
    }

    /** A message that was not stored: its place and the dead-letter value. */
    record DeadLetter(String where, com.hazelcast.core.HazelcastJsonValue value) implements Serializable {
    }

    @Override
    public String toString() {
        return "DocumentStream into " + mapName + " (" + format + (keyPath != null ? ", key " + keyPath : ", message keys")
                + (evolving ? ", evolving" : "") + ", " + guarantee + ")";
    }
}
