package io.navpack.documents.hazelcast;

import com.hazelcast.core.HazelcastException;
import com.hazelcast.core.HazelcastInstanceNotActiveException;
import com.hazelcast.core.HazelcastJsonValue;
import com.hazelcast.jet.RestartableException;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.Transcoder;
import io.navpack.format.PackedRecord;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;

/**
 * The transcoder of one processor of a stream job: a message in, its documents' entries out ({@link DocumentStream.Stored}),
 * or one dead letter ({@link DocumentStream.DeadLetter}) when any document of it cannot be transcoded or keyed.
 */
final class StreamTranscoder {
    private static final Logger LOG = Logger.getLogger(StreamTranscoder.class.getName());
    /** The first failure of each kind and map is logged; all are counted and in the dead-letter map. */
    private static final java.util.Set<String> LOGGED = ConcurrentHashMap.newKeySet();

    private final StreamMember member;
    private final String sourceName;
    private final Transcoder transcoder;
    private final DocumentFormat format;
    private final KeyPath key;
    private final int maxBytes;
    private final List<PackedRecord> records = new ArrayList<>();

    StreamTranscoder(StreamMember member, String sourceName, Transcoder transcoder) {
        this.member = member;
        this.sourceName = sourceName;
        this.transcoder = transcoder;
        DocumentStream.Settings s = member.settings();
        this.format = s.format();
        this.key = s.keyPath() == null ? null : KeyPath.parse(s.keyPath());
        this.maxBytes = s.maxMessageBytes();
    }

    /** The entries of one message, or its dead letter. */
    List<Object> transcode(Object item) {
        StreamMessage m;
        try {
            m = StreamMessage.from(sourceName, item);
        } catch (IllegalArgumentException e) {
            return List.of(dead(StreamMessage.of(sourceName, null, String.valueOf(item).getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                    e.getMessage()));
        }
        byte[] v = m.value();
        member.seen(m);
        member.counters().message(v == null ? 0 : v.length);
        if (v == null) {
            return List.of(dead(m, "the message has no value"));
        }
        if (v.length > maxBytes) {
            return List.of(dead(m, "the message of " + v.length + " bytes is over the limit of " + maxBytes
                    + " bytes (maxMessageBytes)"));
        }
        records.clear();
        try {
            transcoder.toRecords(format, v, 0, v.length, m.where(), records::add);
            if (records.isEmpty()) {
                return List.of(dead(m, "the message holds no document"));
            }
            List<Object> out = new ArrayList<>(records.size());
            for (int i = 0; i < records.size(); i++) {
                out.add(new DocumentStream.Stored(keyOf(m, records.get(i), i), records.get(i)));
            }
            return out;
        } catch (RuntimeException e) {
            if (clusterTrouble(e)) {
                // not the message's fault: the job restarts from its last snapshot and takes the message again
                throw e instanceof RestartableException r ? r : new RestartableException("stream into "
                        + member.settings().mapName() + ": message " + m.where() + " not stored for now (the cluster: " + e
                        + "); the job goes on from its last snapshot", e);
            }
            // anything else is the message's: malformed, hostile, over a limit, not fitting, no key, or a document that
            // trips the transcoder; it is a dead letter and the job goes on
            return List.of(dead(m, e.getMessage() != null ? e.getMessage() : e.toString()));
        } finally {
            records.clear();
        }
    }

    /** Whether {@code e} (or a cause of it) is the cluster's: an instance shutting down, a lock or an operation timing out. */
    static boolean clusterTrouble(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof HazelcastException || t instanceof HazelcastInstanceNotActiveException) {
                return true;
            }
        }
        return false;
    }

    private Object keyOf(StreamMessage m, PackedRecord r, int index) {
        if (key != null) {
            try {
                return key.keyOf(r);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException((records.size() > 1 ? "document " + (index + 1) + ": " : "") + e.getMessage(), e);
            }
        }
        if (m.key() == null) {
            throw new IllegalArgumentException("the message has no key, and the stream takes its keys from the messages"
                    + " (give the stream a key path)");
        }
        return records.size() == 1 ? m.key() : m.key() + "-" + (index + 1);
    }

    private DocumentStream.DeadLetter dead(StreamMessage m, String reason) {
        member.counters().failure();
        String map = member.settings().mapName();
        String kind = reason == null ? "?" : reason.replaceAll("[0-9]+", "#");
        if (LOGGED.size() < 1000 && LOGGED.add(map + "|" + kind)) {
            LOG.warning("stream into " + map + ": message " + m.where() + " not stored (to " + DocumentStream.failuresMap(map)
                    + "; further ones of this kind are counted, not logged): " + reason);
        }
        String json = "{\"topic\":" + quote(m.topic()) + ",\"partition\":" + m.partition() + ",\"offset\":" + m.offset()
                + ",\"key\":" + (m.key() == null ? "null" : quote(m.key())) + ",\"bytes\":"
                + (m.value() == null ? 0 : m.value().length) + ",\"reason\":" + quote(String.valueOf(reason)) + "}";
        return new DocumentStream.DeadLetter(m.where(), new HazelcastJsonValue(json));
    }

    /** A JSON string. */
    static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
