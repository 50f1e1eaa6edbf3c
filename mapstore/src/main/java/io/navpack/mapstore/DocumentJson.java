package io.navpack.mapstore;

import com.hazelcast.core.EntryEvent;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.logging.ILogger;
import com.hazelcast.logging.Logger;
import com.hazelcast.map.listener.EntryAddedListener;
import com.hazelcast.map.listener.EntryUpdatedListener;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.Transcoder;
import io.navpack.documents.hazelcast.DocumentCatalog;

import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The documents of one map as JSON, with the documents' transcoder and the document schema the cluster keeps for the
 * map ({@link DocumentCatalog}): navpack bytes to JSON for the JSON column, and JSON back to bytes for a table that
 * holds only JSON. The schema file is followed as {@code navpack load} grows it.
 */
final class DocumentJson {
    private static final ILogger LOGGER = Logger.getLogger(NavpackMapStore.class);

    private final String map;
    private volatile DocumentSchema schema;
    private volatile String schemaFile;
    private final ThreadLocal<Transcoder> transcoders = new ThreadLocal<>();
    private final AtomicBoolean toldMissing = new AtomicBoolean();
    private UUID listener;

    DocumentJson(String map) {
        this.map = map;
    }

    /** Reads the map's document schema and follows its changes; off any partition thread. */
    void follow(HazelcastInstance hz) {
        listener = hz.<String, String>getMap(DocumentCatalog.MAP).addEntryListener(new Follower(), map, true);
        DocumentSchema s = DocumentCatalog.read(hz, map);
        if (s != null && schema == null) {
            use(s.toJson(), s);
        }
    }

    /** Takes the document schema file kept in the database (at a cold start) when the cluster has none yet. */
    void fromDatabase(String file) {
        if (file != null && schema == null) {
            use(file, DocumentSchema.parse(file));
        }
    }

    void stop(HazelcastInstance hz) {
        if (listener != null) {
            try {
                hz.getMap(DocumentCatalog.MAP).removeEntryListener(listener);
            } catch (RuntimeException e) {
                // the member is going down
            }
        }
    }

    private synchronized void use(String file, DocumentSchema s) {
        schemaFile = file;
        schema = s;
        notifyAll();
    }

    /**
     * The map's document schema; when there is none yet, waits for it at most {@value #SCHEMA_WAIT_MILLIS} ms: a loader
     * puts the schema file into the cluster before the documents, but its event can reach this member after the first
     * of them. Null when there is none by then.
     */
    private synchronized DocumentSchema awaitSchema() {
        long deadline = System.nanoTime() + SCHEMA_WAIT_MILLIS * 1_000_000L;
        while (schema == null) {
            long left = (deadline - System.nanoTime()) / 1_000_000L;
            if (left <= 0) {
                break;
            }
            try {
                wait(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return schema;
    }

    /** How long a value waits for its map's document schema to arrive. */
    static final long SCHEMA_WAIT_MILLIS = 10_000;

    /** The schema file in use, or null when the cluster keeps none for the map. */
    String schemaFile() {
        return schemaFile;
    }

    /** The JSON document of a navpack value; null (said once) when the map has no document schema. */
    String toJson(byte[] value, int offset, int length) {
        Transcoder t = transcoder();
        if (t == null) {
            if (toldMissing.compareAndSet(false, true)) {
                LOGGER.warning("navpack: map '" + map + "' has no document schema in the cluster (navpack load publishes"
                        + " it), so its values are written without their JSON document");
            }
            return null;
        }
        return new String(t.toDocument(value, offset, length, DocumentFormat.JSON), StandardCharsets.UTF_8);
    }

    /** The navpack value of a JSON document; an {@link IllegalStateException} when the map has no document schema. */
    byte[] toNavpack(String json, String source) {
        Transcoder t = transcoder();
        if (t == null) {
            throw new IllegalStateException("map '" + map + "' has no document schema, so its JSON documents cannot be"
                    + " read back into values: load the documents with navpack load, which keeps it");
        }
        return t.toNavpack(DocumentFormat.JSON, json.getBytes(StandardCharsets.UTF_8), source);
    }

    private Transcoder transcoder() {
        DocumentSchema s = schema;
        if (s == null) {
            s = awaitSchema();
            if (s == null) {
                return null;
            }
        }
        Transcoder t = transcoders.get();
        if (t == null || t.schema() != s) {
            t = s.transcoder().evolving(false);
            transcoders.set(t);
        }
        return t;
    }

    private final class Follower implements EntryAddedListener<String, String>, EntryUpdatedListener<String, String> {
        @Override
        public void entryAdded(EntryEvent<String, String> event) {
            take(event.getValue());
        }

        @Override
        public void entryUpdated(EntryEvent<String, String> event) {
            take(event.getValue());
        }

        private void take(String file) {
            if (file != null && !file.equals(schemaFile)) {
                try {
                    use(file, DocumentSchema.parse(file));
                } catch (RuntimeException e) {
                    LOGGER.warning("navpack: the document schema of map '" + map + "' cannot be read: " + e.getMessage());
                }
            }
        }
    }
}
