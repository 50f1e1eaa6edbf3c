package io.navpack.documents.hazelcast;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastJsonValue;
import com.hazelcast.jet.Job;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a stream into a map stands, as its members noted it in {@link DocumentStream#progressMap} (about every
 * second) and its dead-letter map holds it: the job, messages and bytes taken by the members (since they started,
 * replays included), messages in the dead-letter map, and per partition ({@code topic:partition}) the last offset
 * taken and the lag.
 *
 * @param job       the stream's job, or null when the cluster has none of that name
 * @param messages  messages taken, summed over the members' notes
 * @param bytes     their bytes
 * @param deadLetters entries of the dead-letter map
 * @param offsets   the last offset taken per partition
 * @param lag       per partition, the messages written and not yet taken (partitions whose lag is known)
 * @param noted     the time of the newest note, epoch milliseconds (0: none yet)
 */
public record StreamStatus(Job job, long messages, long bytes, long deadLetters, Map<String, Long> offsets,
                           Map<String, Long> lag, long noted) {
    public StreamStatus {
        offsets = Collections.unmodifiableMap(new TreeMap<>(offsets));
        lag = Collections.unmodifiableMap(new TreeMap<>(lag));
    }

    private static final JsonFactory JSON = new JsonFactory();

    /** The status of the stream into {@code map} (any client or member of its cluster). */
    public static StreamStatus of(HazelcastInstance hz, String map) {
        Job job = hz.getJet().getJob(DocumentStream.jobName(map));
        long messages = 0;
        long bytes = 0;
        long newest = 0;
        Map<String, Long> offsets = new HashMap<>();
        Map<String, Long> lag = new HashMap<>();
        Map<String, Long> notedAt = new HashMap<>();
        for (HazelcastJsonValue v : hz.<String, HazelcastJsonValue>getMap(DocumentStream.progressMap(map)).values()) {
            Note n = Note.parse(v.getValue());
            messages += n.messages;
            bytes += n.bytes;
            newest = Math.max(newest, n.time);
            // a partition read by another member before a restart: the newest note tells
            n.offsets.forEach((p, o) -> {
                if (notedAt.getOrDefault(p, -1L) < n.time) {
                    notedAt.put(p, n.time);
                    offsets.put(p, o);
                    Long l = n.lag.get(p);
                    if (l != null) {
                        lag.put(p, l);
                    } else {
                        lag.remove(p);
                    }
                }
            });
        }
        long dead = hz.getMap(DocumentStream.failuresMap(map)).size();
        return new StreamStatus(job, messages, bytes, dead, offsets, lag, newest);
    }

    /** The sum of the lags known. */
    public long totalLag() {
        return lag.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Whether the lag of every partition noted is known (false while none is noted). */
    public boolean lagKnown() {
        return !offsets.isEmpty() && lag.keySet().containsAll(offsets.keySet());
    }

    /**
     * The job's state as a user names it: Jet's status, except {@code CANCELLED} for a job a user cancelled (Jet reports
     * it as {@code FAILED}); {@code NONE} without a job.
     */
    public String state() {
        if (job == null) {
            return "NONE";
        }
        com.hazelcast.jet.core.JobStatus s = job.getStatus();
        return s == com.hazelcast.jet.core.JobStatus.FAILED && job.isUserCancelled() ? "CANCELLED" : s.toString();
    }

    /** One member's note. */
    private static final class Note {
        long time;
        long messages;
        long bytes;
        final Map<String, Long> offsets = new HashMap<>();
        final Map<String, Long> lag = new HashMap<>();

        static Note parse(String json) {
            Note n = new Note();
            try (JsonParser p = JSON.createParser(json)) {
                expect(p.nextToken(), JsonToken.START_OBJECT);
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.currentName();
                    JsonToken t = p.nextToken();
                    switch (field) {
                        case "time" -> n.time = p.getLongValue();
                        case "messages" -> n.messages = p.getLongValue();
                        case "bytes" -> n.bytes = p.getLongValue();
                        case "partitions" -> {
                            expect(t, JsonToken.START_OBJECT);
                            while (p.nextToken() == JsonToken.FIELD_NAME) {
                                String partition = p.currentName();
                                expect(p.nextToken(), JsonToken.START_OBJECT);
                                while (p.nextToken() == JsonToken.FIELD_NAME) {
                                    String f = p.currentName();
                                    p.nextToken();
                                    if (f.equals("offset")) {
                                        n.offsets.put(partition, p.getLongValue());
                                    } else if (f.equals("lag")) {
                                        n.lag.put(partition, p.getLongValue());
                                    } else {
                                        p.skipChildren();
                                    }
                                }
                            }
                        }
                        default -> p.skipChildren();
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("a stream progress note that is not as written: " + json, e);
            }
            return n;
        }

        private static void expect(JsonToken t, JsonToken wanted) throws IOException {
            if (t != wanted) {
                throw new IOException("expected " + wanted + ", found " + t);
            }
        }
    }
}
