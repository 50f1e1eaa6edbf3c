package io.navpack.documents.hazelcast;

import com.hazelcast.jet.kafka.KafkaSources;
import com.hazelcast.jet.pipeline.StreamSource;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Kafka for document streams: Hazelcast's Jet Kafka source (its offsets in the job's snapshots) giving
 * {@link StreamMessage}s, and the end offsets a member asks for to tell each partition's lag. Only this class
 * names Kafka's classes, so members without the connector load maps from files as before.
 */
final class KafkaMessages {
    private KafkaMessages() {
    }

    static StreamSource<StreamMessage> source(Properties kafka, String... topics) {
        Properties p = DocumentStream.kafkaProperties(kafka);
        return KafkaSources.<byte[], byte[], StreamMessage>kafka(p, KafkaMessages::message, topics);
    }

    private static StreamMessage message(ConsumerRecord<byte[], byte[]> r) {
        return new StreamMessage(r.topic(), r.partition(), r.offset(),
                r.key() == null ? null : new String(r.key(), StandardCharsets.UTF_8), r.value());
    }

    /**
     * The number of partitions of {@code topic}, asked of the brokers with the stream's consumer properties (creating
     * no topic); 0 when the brokers answer and do not have it. Throws {@link IllegalStateException} naming the brokers
     * when none answers within {@code timeout}.
     */
    static int partitions(Properties kafka, String topic, Duration timeout) {
        Properties p = DocumentStream.kafkaProperties(kafka);
        p.remove("group.id");
        p.setProperty("enable.auto.commit", "false");
        p.setProperty("allow.auto.create.topics", "false");
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(p)) {
            Map<String, List<org.apache.kafka.common.PartitionInfo>> topics = c.listTopics(timeout);
            List<org.apache.kafka.common.PartitionInfo> info = topics.get(topic);
            return info == null ? 0 : info.size();
        } catch (org.apache.kafka.common.errors.TimeoutException e) {
            throw new IllegalStateException("no Kafka broker at " + p.getProperty("bootstrap.servers") + " answered within "
                    + timeout.toSeconds() + " s", e);
        } catch (org.apache.kafka.common.KafkaException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new IllegalStateException("cannot ask the Kafka brokers at " + p.getProperty("bootstrap.servers") + ": "
                    + cause.getMessage(), e);
        }
    }

    /** Makes a member's end-offset reader from the stream's consumer properties. */
    static StreamMember.EndOffsetsFactory endOffsets(Properties kafka) {
        Properties p = DocumentStream.kafkaProperties(kafka);
        // a reader of offsets only: it joins no group and commits nothing
        p.remove("group.id");
        p.setProperty("enable.auto.commit", "false");
        return () -> new EndOffsetsReader(p);
    }

    /** Kafka's end offsets, through a consumer of its own that never subscribes. */
    static final class EndOffsetsReader implements StreamMember.EndOffsets {
        private final KafkaConsumer<byte[], byte[]> consumer;

        EndOffsetsReader(Properties p) {
            this.consumer = new KafkaConsumer<>(p);
        }

        @Override
        public Map<String, Long> endOffsets(Iterable<String> partitions) {
            List<TopicPartition> tps = new ArrayList<>();
            for (String s : partitions) {
                int colon = s.lastIndexOf(':');
                tps.add(new TopicPartition(s.substring(0, colon), Integer.parseInt(s.substring(colon + 1))));
            }
            Map<String, Long> out = new HashMap<>();
            consumer.endOffsets(tps, Duration.ofSeconds(5)).forEach((tp, end) -> out.put(tp.topic() + ":" + tp.partition(), end));
            return out;
        }

        @Override
        public void close() {
            consumer.close(Duration.ofSeconds(2));
        }
    }
}
