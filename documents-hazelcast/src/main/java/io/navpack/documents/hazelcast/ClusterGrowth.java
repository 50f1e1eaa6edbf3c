package io.navpack.documents.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.jet.RestartableException;
import com.hazelcast.map.IMap;
import io.navpack.documents.DocumentSchema;

import java.util.concurrent.TimeUnit;

/**
 * A member's copy of a map's document schema growing together with the other members' copies, and with the copies of
 * other maps that share the schema (its name, as {@code navpack load} and {@code navpack stream} reuse a schema of the
 * same name): under the lock of the schema's name in {@link DocumentCatalog#MAP}, a copy older than the cluster's newest
 * takes it; one as new grows, and its listener publishes the new versions and schema file before the lock is let go.
 * A document element met by several members at once thus grows the schema once, and two maps never grow the same
 * type into two different versions of one number.
 */
final class ClusterGrowth implements DocumentSchema.SharedGrowth {
    private final HazelcastInstance hz;
    private final String mapName;

    ClusterGrowth(HazelcastInstance hz, String mapName) {
        this.hz = hz;
        this.mapName = mapName;
    }

    /** The key locked while a schema grows: the schema's name, beside the map names the catalog's entries have. */
    static String lockKey(DocumentSchema schema) {
        return "schema " + schema.name();
    }

    @Override
    public void grow(DocumentSchema schema, Runnable growHere) {
        IMap<String, String> files = hz.getMap(DocumentCatalog.MAP);
        String key = lockKey(schema);
        boolean locked;
        try {
            locked = files.tryLock(key, 2, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RestartableException("interrupted while waiting to grow the schema of map " + mapName, e);
        }
        if (!locked) {
            // a stream job restarts from its last snapshot and meets the document again
            throw new RestartableException("the schema of map " + mapName + " could not grow: another member held its"
                    + " lock (" + DocumentCatalog.MAP + ", key '" + key + "') for 2 minutes");
        }
        try {
            DocumentSchema newest = newest(files, schema);
            if (newest != null && schema.adopt(newest)) {
                return;
            }
            growHere.run();
        } finally {
            files.unlock(key);
        }
    }

    /** The newest copy of {@code schema} the catalog keeps, for this map or another: one that holds all of it and more. */
    private static DocumentSchema newest(IMap<String, String> files, DocumentSchema schema) {
        DocumentSchema best = schema;
        for (String text : files.values()) {
            DocumentSchema c = DocumentSchema.parse(text);
            if (c.name().equals(schema.name()) && c.holdsAll(best) && !best.holdsAll(c)) {
                best = c;
            }
        }
        return best == schema ? null : best;
    }
}
