package io.navpack.documents.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.jet.Traversers;
import com.hazelcast.jet.Util;
import com.hazelcast.jet.pipeline.BatchStage;
import com.hazelcast.jet.pipeline.Pipeline;
import com.hazelcast.jet.pipeline.ServiceFactories;
import com.hazelcast.jet.pipeline.Sinks;
import com.hazelcast.jet.pipeline.Sources;
import com.hazelcast.jet.pipeline.StreamSource;
import io.navpack.documents.DocumentException;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.Transcoder;
import io.navpack.format.NavpackException;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * Jet pipelines that load documents lying on the members into a map: each member reads the files of its own
 * directory (Jet's file source, {@code sharedFileSystem(false)}), transcodes them on its own cores and writes
 * the values into the map. Members need navpack's jars (navpack-member holds them), not the user's classes.
 *
 * <pre>{@code
 * DocumentCatalog.publish(client, "trades", schema);        // the schema in the cluster first
 * Pipeline p = DocumentPipelines.load("/data/fpml", "*.xml", DocumentFormat.XML, schema, "trades",
 *         "trade.tradeHeader.partyTradeIdentifier[0].tradeId[0]");
 * client.getJet().newJob(p).join();
 * }</pre>
 *
 * <p>On the members the schema does not grow: a document that does not fit it is not loaded, and its file and
 * reason are added to the list {@link #failuresList(String)}. Keys are as {@link DocumentLoader#load} gives them:
 * from the key path, or the file's name without its extension ({@code -n} after it for the n-th document of an
 * NDJSON or CSV file).
 *
 * <p>Documents that arrive as messages (Kafka, or any Jet stream source) go into a map with {@link #stream} and
 * {@link #kafka}: see {@link DocumentStream}.
 */
public final class DocumentPipelines {
    private DocumentPipelines() {
    }

    /** The list the pipeline adds a line to for every file or document it could not load: {@code file: reason}. */
    public static String failuresList(String mapName) {
        return mapName + ".load-failures";
    }

    /** A file as read on a member. */
    record FileItem(String name, byte[] bytes) implements Serializable {
    }

    /**
     * A pipeline that loads the files matching {@code glob} in {@code directory} on every member into {@code mapName}.
     * {@code keyPath} may be null (keys from the file names).
     */
    public static Pipeline load(String directory, String glob, DocumentFormat format, DocumentSchema schema,
                                String mapName, String keyPath) {
        String schemaFile = schema.toJson();
        if (keyPath != null) {
            KeyPath.parse(keyPath);
        }
        Pipeline p = Pipeline.create();
        BatchStage<Object> loaded = p.readFrom(Sources.filesBuilder(directory).glob(glob).sharedFileSystem(false)
                        .build(path -> Stream.of(read(path))))
                .setName("read " + directory)
                .flatMapUsingService(ServiceFactories.nonSharedService(
                                ctx -> new MemberTranscoder(ctx.hazelcastInstance(), schemaFile, format, keyPath)),
                        (t, file) -> Traversers.traverseIterable(t.transcode(file)))
                .setName("transcode");
        loaded.filter(o -> o instanceof Map.Entry<?, ?>)
                .map(o -> (Map.Entry<?, ?>) o)
                .writeTo(Sinks.map(mapName));
        loaded.filter(o -> o instanceof String)
                .map(o -> (String) o)
                .writeTo(Sinks.list(failuresList(mapName)));
        return p;
    }

    /**
     * A stream job's pipeline: the messages of any Jet stream source ({@link StreamMessage}s, {@code byte[]} or
     * {@code String} documents, or {@code Map.Entry}s of a key and one of these) transcoded on the members into the
     * stream's map; see {@link DocumentStream}. Submit it with {@link DocumentStream#jobConfig()}.
     */
    public static Pipeline stream(StreamSource<?> source, DocumentStream stream) {
        return stream.pipeline(source, null);
    }

    /**
     * A stream job's pipeline from Kafka topics, read with Hazelcast's Jet Kafka connector (its offsets kept in the
     * job's snapshots): {@code kafka} holds the consumer properties ({@code bootstrap.servers} at least; keys and values
     * are read as bytes, from the earliest offset unless {@code auto.offset.reset} says otherwise). Members and the
     * submitting client need {@code hazelcast-jet-kafka} and {@code kafka-clients} on their class path.
     */
    public static Pipeline kafka(Properties kafka, DocumentStream stream, String... topics) {
        if (topics.length == 0) {
            throw new IllegalArgumentException("name at least one topic");
        }
        if (kafka.getProperty("bootstrap.servers") == null) {
            throw new IllegalArgumentException("the Kafka properties need bootstrap.servers (host:port of the brokers)");
        }
        try {
            return stream.pipeline(KafkaMessages.source(kafka, topics), KafkaMessages.endOffsets(kafka));
        } catch (NoClassDefFoundError e) {
            throw kafkaMissing(e);
        }
    }

    /**
     * How many partitions a Kafka topic has, asked of its brokers with the same consumer properties as
     * {@link #kafka}: 0 when the brokers answer and have no such topic (none is created). Throws
     * {@link IllegalStateException} when no broker answers within {@code timeout}. For a check before submitting, and to
     * choose {@link DocumentStream#localParallelism}: the connector gives partition {@code p} to the {@code p}-th source
     * processor of the cluster (members in turn, {@code localParallelism} each), so a topic with fewer partitions than
     * members × processors leaves the last members without any.
     */
    public static int kafkaPartitions(Properties kafka, String topic, java.time.Duration timeout) {
        if (kafka.getProperty("bootstrap.servers") == null) {
            throw new IllegalArgumentException("the Kafka properties need bootstrap.servers (host:port of the brokers)");
        }
        try {
            return KafkaMessages.partitions(kafka, topic, timeout);
        } catch (NoClassDefFoundError e) {
            throw kafkaMissing(e);
        }
    }

    private static IllegalStateException kafkaMissing(NoClassDefFoundError e) {
        return new IllegalStateException("a Kafka stream needs Hazelcast's Jet Kafka connector and Kafka's client on the"
                + " class path here and on every member: add the hazelcast-jet-kafka and kafka-clients jars (Maven"
                + " Central, the versions the user guide names; navpack.jar and 'navpack member' hold them) — missing: "
                + e.getMessage(), e);
    }

    private static FileItem read(Path path) {
        try {
            return new FileItem(path.toString(), Files.readAllBytes(path));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    /** The transcoder of one processor on a member. */
    static final class MemberTranscoder {
        private final DocumentSchema schema;
        private final Transcoder transcoder;
        private final DocumentFormat format;
        private final KeyPath key;

        MemberTranscoder(HazelcastInstance member, String schemaFile, DocumentFormat format, String keyPath) {
            this.schema = DocumentSchema.parse(schemaFile);
            this.transcoder = schema.transcoder().evolving(false);
            this.format = format;
            this.key = keyPath == null ? null : KeyPath.parse(keyPath);
            DocumentCatalog.register(member, schema);
        }

        /** The entries of one file, or one failure line when a document of it cannot be loaded. */
        List<Object> transcode(FileItem file) {
            List<Object> out = new ArrayList<>();
            String stem = stem(file.name());
            boolean single = format == DocumentFormat.XML || format == DocumentFormat.JSON;
            long[] n = {0};
            try {
                transcoder.toRecords(format, file.bytes(), 0, file.bytes().length, file.name(), r -> {
                    n[0]++;
                    Object k = key != null ? key.keyOf(r) : single ? stem : stem + "-" + n[0];
                    out.add(Util.entry(k, r));
                });
            } catch (DocumentException | NavpackException | IllegalArgumentException e) {
                out.add((e instanceof DocumentException ? "" : file.name() + ": ") + e.getMessage());
            }
            return out;
        }
    }

    /** A file's name without its directory and extension. */
    static String stem(String path) {
        Path f = Path.of(path).getFileName();
        String n = f == null ? path : f.toString();
        int dot = n.lastIndexOf('.');
        return dot > 0 ? n.substring(0, dot) : n;
    }
}
