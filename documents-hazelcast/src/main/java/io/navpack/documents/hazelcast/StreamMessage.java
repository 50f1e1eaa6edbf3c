package io.navpack.documents.hazelcast;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * One message of a stream of documents: where it comes from (a Kafka topic, partition and offset, or a source
 * without offsets: {@code partition} and {@code offset} -1), its key (null when it has none) and its bytes (one XML or
 * JSON document, or NDJSON lines).
 */
public record StreamMessage(String topic, int partition, long offset, String key, byte[] value) implements Serializable {
    private static final long serialVersionUID = 1L;

    /** A message of a source without partitions and offsets. */
    public static StreamMessage of(String source, String key, byte[] value) {
        return new StreamMessage(source, -1, -1, key, value);
    }

    /**
     * The message as a source emits it: a {@code StreamMessage}, a {@code byte[]} or a {@code String} (its UTF-8
     * bytes), or a {@code Map.Entry} of a key and such a value; anything else is refused naming its class.
     */
    static StreamMessage from(String source, Object item) {
        if (item instanceof StreamMessage m) {
            return m;
        }
        if (item instanceof java.util.Map.Entry<?, ?> e) {
            return of(source, e.getKey() == null ? null : String.valueOf(e.getKey()), bytes(e.getValue()));
        }
        return of(source, null, bytes(item));
    }

    private static byte[] bytes(Object value) {
        if (value instanceof byte[] b) {
            return b;
        }
        if (value instanceof CharSequence s) {
            return s.toString().getBytes(StandardCharsets.UTF_8);
        }
        throw new IllegalArgumentException("a stream of documents takes byte[], String, Map.Entry or StreamMessage items, not "
                + (value == null ? "null" : value.getClass().getName()));
    }

    /** Where the message is: {@code topic:partition:offset}, or the source and a digest of the bytes when it has no offset. */
    public String where() {
        return offset >= 0 ? topic + ":" + partition + ":" + offset : topic + ":sha256-" + digest(value);
    }

    private static String digest(byte[] value) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(value), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is in every JDK", e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StreamMessage m && m.partition == partition && m.offset == offset && m.topic.equals(topic)
                && java.util.Objects.equals(m.key, key) && java.util.Arrays.equals(m.value, value);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(topic, partition, offset, key) * 31 + java.util.Arrays.hashCode(value);
    }

    @Override
    public String toString() {
        return "StreamMessage " + where() + " (" + (value == null ? 0 : value.length) + " bytes)";
    }
}
