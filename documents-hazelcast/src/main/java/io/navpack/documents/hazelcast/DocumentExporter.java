package io.navpack.documents.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.partition.PartitionService;
import com.hazelcast.query.Predicate;
import com.hazelcast.query.Predicates;
import io.navpack.format.PackedRecord;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the entries of a map of documents partition by partition, with bounded memory whatever the map's size:
 * without a predicate through {@link IMap#iterator(int)} ({@value #FETCH} entries at a time), with one the keys of
 * one partition that match it, then their values {@value #FETCH} at a time. Entries removed meanwhile are skipped.
 */
public final class DocumentExporter {
    /** Entries fetched per round trip. */
    public static final int FETCH = 256;

    /** Receives each entry's key and value (a navpack record whose bytes are its document's value). */
    @FunctionalInterface
    public interface EntrySink {
        void entry(Object key, PackedRecord value) throws IOException;
    }

    private DocumentExporter() {
    }

    /** Gives every entry of {@code mapName} (matching {@code where}, when not null) to {@code sink}; returns how many. */
    public static long export(HazelcastInstance hz, String mapName, Predicate<Object, Object> where, EntrySink sink)
            throws IOException {
        IMap<Object, Object> map = hz.getMap(mapName);
        long n = 0;
        if (where == null) {
            Iterator<Map.Entry<Object, Object>> it = map.iterator(FETCH);
            while (it.hasNext()) {
                Map.Entry<Object, Object> e = it.next();
                if (give(e.getKey(), e.getValue(), sink)) {
                    n++;
                }
            }
            return n;
        }
        for (Object partitionKey : partitionKeys(hz.getPartitionService())) {
            List<Object> keys = new ArrayList<>(map.keySet(Predicates.partitionPredicate(partitionKey, where)));
            keys.sort(Comparator.comparing(String::valueOf));
            for (int from = 0; from < keys.size(); from += FETCH) {
                Set<Object> chunk = new HashSet<>(keys.subList(from, Math.min(keys.size(), from + FETCH)));
                Map<Object, Object> values = map.getAll(chunk);
                for (Object k : keys.subList(from, Math.min(keys.size(), from + FETCH))) {
                    Object v = values.get(k);
                    if (v != null && give(k, v, sink)) {
                        n++;
                    }
                }
            }
        }
        return n;
    }

    private static boolean give(Object key, Object value, EntrySink sink) throws IOException {
        PackedRecord r = PackedRecord.ofView(value);
        if (r == null) {
            throw new IllegalStateException("the entry " + key + " holds a " + value.getClass().getName()
                    + ", not a navpack value: the map holds something other than documents");
        }
        sink.entry(key, r);
        return true;
    }

    /** One key that falls in each partition, in the order of the partitions. */
    static List<Object> partitionKeys(PartitionService partitions) {
        int count = partitions.getPartitions().size();
        Object[] keys = new Object[count];
        int found = 0;
        for (long i = 0; found < count; i++) {
            String candidate = "p" + i;
            int id = partitions.getPartition(candidate).getPartitionId();
            if (keys[id] == null) {
                keys[id] = candidate;
                found++;
            }
            if (i > 1_000_000L * count) {
                throw new IllegalStateException("no key found for every one of " + count + " partitions");
            }
        }
        return List.of(keys);
    }
}
