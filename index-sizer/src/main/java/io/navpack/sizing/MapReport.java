package io.navpack.sizing;

import java.io.Serializable;
import java.util.List;

/**
 * One map on one member: its data and its indexes.
 *
 * @param name map name
 * @param inMemoryFormat BINARY, OBJECT or NATIVE
 * @param entries entries of partitions this member owns
 * @param backupEntries backup entries held by this member
 * @param dataHeapBytes heap held by the owned entries' data (record store, records, keys, values), without the
 *     values cache: creating or dropping an index leaves it as it is; -1 if not sized
 * @param backupHeapBytes heap held by the backup entries (their cached values included, if any); -1 if not sized
 * @param dataWalkComplete false if the data walk stopped early (true when the data was not asked for)
 * @param dataWalkNanos time spent walking the data
 * @param indexesHeapBytes what dropping every index of the map would free (shared parts counted once)
 * @param cachedValues owned records that hold a cached deserialised value, or -1 if not counted
 * @param cachedValuesHeapBytes heap held by those cached values (not part of {@code dataHeapBytes}): what clearing
 *     the cache would free once no index entry refers to the values any more; -1 if not measured
 * @param walkable false if the map's indexes cannot be walked on the heap; then {@code reason} says why
 * @param reason why the map was not walked (or not completely), or null
 * @param indexes the map's indexes
 */
public record MapReport(String name, String inMemoryFormat, long entries, long backupEntries, long dataHeapBytes,
                        long backupHeapBytes, boolean dataWalkComplete, long dataWalkNanos, long indexesHeapBytes,
                        long cachedValues, long cachedValuesHeapBytes, boolean walkable, String reason,
                        List<IndexReport> indexes) implements Serializable {

    public MapReport {
        indexes = List.copyOf(indexes);
    }

    /** True if the data walk and every index walk were complete. */
    public boolean complete() {
        return walkable && dataWalkComplete && indexes.stream().allMatch(IndexReport::complete);
    }

    /**
     * What indexing this map costs on this member: its indexes plus the values cache they cause (with the
     * default {@code cache-deserialized-values: INDEX_ONLY}, records cache their deserialised value once the
     * map has an index); -1 if either is unknown. A map without indexes costs 0 even if it caches values.
     */
    public long indexingCostBytes() {
        if (indexes.isEmpty()) {
            return 0;
        }
        if (indexesHeapBytes < 0 || cachedValuesHeapBytes < 0) {
            return -1;
        }
        return indexesHeapBytes + cachedValuesHeapBytes;
    }

    /** The index with this name, or null. */
    public IndexReport index(String indexName) {
        return indexes.stream().filter(i -> i.name().equals(indexName)).findFirst().orElse(null);
    }
}
