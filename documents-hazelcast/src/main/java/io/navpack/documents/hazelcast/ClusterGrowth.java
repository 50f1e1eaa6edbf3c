package io.navpack.documents.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.jet.RestartableException;
import com.hazelcast.map.IMap;
import io.navpack.documents.DocumentSchema;

import java.util.concurrent.TimeUnit;

/**
 * A member's copy of a map's document schema growing together with the other members' copies: under the lock of the
 * map's entry in {@link DocumentCatalog#MAP}, a copy older than the cluster's takes the cluster's; one as new grows,
 * and its listener publishes the new versions and schema file before the lock is let go. A document element met by
 * several members at once thus grows the schema once.
 */
final class ClusterGrowth implements DocumentSchema.SharedGrowth {
    private final HazelcastInstance hz;
    private final String mapName;

    ClusterGrowth(HazelcastInstance hz, String mapName) {
        this.hz = hz;
        this.mapName = mapName;
    }

    @Override
    public void grow(DocumentSchema schema, Runnable growHere) {
        IMap<String, String> files = hz.getMap(DocumentCatalog.MAP);
        boolean locked;
        try {
            locked = files.tryLock(mapName, 2, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RestartableException("interrupted while waiting to grow the schema of map " + mapName, e);
        }
        if (!locked) {
            // a stream job restarts from its last snapshot and meets the document again
            throw new RestartableException("the schema of map " + mapName + " could not grow: another member held its"
                    + " lock (" + DocumentCatalog.MAP + ", key " + mapName + ") for 2 minutes");
        }
        try {
            String text = files.get(mapName);
            if (text != null && schema.adopt(DocumentSchema.parse(text))) {
                return;
            }
            growHere.run();
        } finally {
            files.unlock(mapName);
        }
    }
}
