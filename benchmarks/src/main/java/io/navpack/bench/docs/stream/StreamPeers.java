package io.navpack.bench.docs.stream;

import com.acme.trading.peers.CompactRecords;
import com.hazelcast.core.HazelcastJsonValue;
import com.hazelcast.jet.Util;
import com.hazelcast.jet.kafka.KafkaSources;
import com.hazelcast.jet.pipeline.Pipeline;
import com.hazelcast.jet.pipeline.ServiceFactories;
import com.hazelcast.jet.pipeline.Sinks;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.Transcoder;
import io.navpack.format.PackedRecord;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;

/**
 * The peers of a document stream, built by hand as a Hazelcast user would, in a pipeline of the same shape as navpack's
 * (Hazelcast's Kafka source, order kept per partition, transcoding on non-cooperative processors, the map sink):
 * each message's XML read into a navpack record by navpack's transcoder, then written as the JSON text of a
 * {@code HazelcastJsonValue} (the same JSON the demo and the file load store) or built into a Compact generic record of
 * the same schema ({@link CompactRecords}). Runs on the members (its classes are put on their class path).
 */
public final class StreamPeers {
    private StreamPeers() {
    }

    /** The pipeline that stores each message of {@code topics} into {@code mapName} as {@code json} or {@code compact}. */
    public static Pipeline pipeline(String format, Properties kafka, DocumentSchema schema, String mapName, String... topics) {
        String schemaFile = schema.toJson();
        Properties bytes = new Properties();
        bytes.putAll(kafka);
        bytes.setProperty("key.deserializer", "org.apache.kafka.common.serialization.ByteArrayDeserializer");
        bytes.setProperty("value.deserializer", "org.apache.kafka.common.serialization.ByteArrayDeserializer");
        boolean json = format.equals("json");
        Pipeline p = Pipeline.create();
        p.setPreserveOrder(true);
        p.readFrom(KafkaSources.<byte[], byte[], Map.Entry<String, byte[]>>kafka(bytes,
                        r -> Util.entry(new String(r.key(), StandardCharsets.UTF_8), r.value()), topics))
                .withoutTimestamps()
                .mapUsingService(ServiceFactories.nonSharedService(ctx -> DocumentSchema.parse(schemaFile).transcoder())
                                .toNonCooperative(),
                        (Transcoder t, Map.Entry<String, byte[]> m) -> Util.entry(m.getKey(), json ? jsonOf(t, m.getValue())
                                : compactOf(t, m.getValue())))
                .setName(format)
                .writeTo(Sinks.map(mapName));
        return p;
    }

    private static Object jsonOf(Transcoder t, byte[] xml) {
        return new HazelcastJsonValue(new String(t.toDocument(t.toNavpack(DocumentFormat.XML, xml, "message"), DocumentFormat.JSON),
                StandardCharsets.UTF_8));
    }

    private static Object compactOf(Transcoder t, byte[] xml) {
        PackedRecord[] r = new PackedRecord[1];
        t.toRecords(DocumentFormat.XML, xml, 0, xml.length, "message", v -> r[0] = v);
        return CompactRecords.of(r[0]);
    }
}
