package io.navpack.sizing;

import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The index sizes of a whole cluster: one {@link MemberIndexReport} per member, and totals per map and per
 * index over the members that answered. Renders as a text table, JSON and CSV (see {@link #toTable()},
 * {@link #toJson()}, {@link #toCsv()}).
 *
 * @param members one report per member, in the order they answered
 * @param takenAt when the sizing started
 * @param elapsed how long it took
 */
public record ClusterIndexReport(List<MemberIndexReport> members, Instant takenAt, Duration elapsed)
        implements Serializable {

    private static final long serialVersionUID = 1L;

    /**
     * A map over all members that answered.
     *
     * @param dataHeapBytes heap of the owned entries' data, summed over members; -1 if a member did not size it
     * @param indexesHeapBytes what dropping all the map's indexes frees, summed over members
     * @param cachedValues records holding a cached deserialised value; -1 if a member did not count them
     * @param cachedValuesHeapBytes heap those cached values hold (beside {@code dataHeapBytes}); -1 if unknown
     */
    public record MapTotal(String map, int members, long entries, long dataHeapBytes, long indexesHeapBytes,
                           long cachedValues, long cachedValuesHeapBytes, boolean hasIndexes, boolean complete)
            implements Serializable {

        /** Indexes plus the values cache they cause: what indexing the map costs; -1 if unknown. */
        public long indexingCostBytes() {
            if (!hasIndexes) {
                return 0;
            }
            return indexesHeapBytes < 0 || cachedValuesHeapBytes < 0 ? -1 : indexesHeapBytes + cachedValuesHeapBytes;
        }
    }

    /**
     * An index over all members that answered.
     *
     * @param hazelcastMemoryCost summed {@code LocalIndexStats.getMemoryCost()}, -1 if any member had none
     */
    public record IndexTotal(String map, String index, String type, List<String> attributes, int members,
                             long entries, long heapBytes, long hazelcastMemoryCost, boolean complete)
            implements Serializable {

        public double bytesPerEntry() {
            return entries > 0 ? (double) heapBytes / entries : Double.NaN;
        }

        public double hazelcastRatio() {
            return hazelcastMemoryCost >= 0 && heapBytes > 0 ? (double) hazelcastMemoryCost / heapBytes : Double.NaN;
        }
    }

    public ClusterIndexReport {
        members = List.copyOf(members);
    }

    /** True if every member answered OK and every walk was complete. */
    public boolean complete() {
        return members.stream().allMatch(m -> m.status() == MemberStatus.OK
                && m.maps().stream().allMatch(MapReport::complete));
    }

    /** Totals per map, in name order. */
    public List<MapTotal> mapTotals() {
        Map<String, long[]> sums = new TreeMap<>();
        Map<String, Boolean> complete = new LinkedHashMap<>();
        for (MemberIndexReport m : members) {
            if (m.status() != MemberStatus.OK) {
                continue;
            }
            for (MapReport map : m.maps()) {
                long[] s = sums.computeIfAbsent(map.name(), k -> new long[7]);
                s[0]++;
                s[1] += Math.max(0, map.entries());
                s[2] = sum(s[2], map.dataHeapBytes(), s[0] == 1);
                s[3] += Math.max(0, map.indexesHeapBytes());
                s[4] = sum(s[4], map.cachedValues(), s[0] == 1);
                s[5] = sum(s[5], map.cachedValuesHeapBytes(), s[0] == 1);
                s[6] |= map.indexes().isEmpty() ? 0 : 1;
                complete.merge(map.name(), map.complete(), Boolean::logicalAnd);
            }
        }
        List<MapTotal> out = new ArrayList<>();
        sums.forEach((name, s) -> out.add(new MapTotal(name, (int) s[0], s[1], s[2], s[3], s[4], s[5], s[6] != 0,
                complete.get(name))));
        return out;
    }

    /** A sum over members that is -1 once any member's figure is unknown. */
    private static long sum(long total, long figure, boolean first) {
        if (figure < 0 || (!first && total < 0)) {
            return -1;
        }
        return first ? figure : total + figure;
    }

    /** Totals per index, by map and index name. */
    public List<IndexTotal> indexTotals() {
        Map<String, IndexTotal> totals = new TreeMap<>();
        for (MemberIndexReport m : members) {
            if (m.status() != MemberStatus.OK) {
                continue;
            }
            for (MapReport map : m.maps()) {
                for (IndexReport i : map.indexes()) {
                    String key = map.name() + "\u0000" + i.name();
                    IndexTotal prev = totals.get(key);
                    long cost = i.hazelcastMemoryCost();
                    if (prev == null) {
                        totals.put(key, new IndexTotal(map.name(), i.name(), i.type(), i.attributes(), 1,
                                Math.max(0, i.entries()), Math.max(0, i.heapBytes()), cost, i.complete()));
                    } else {
                        long sumCost = prev.hazelcastMemoryCost() < 0 || cost < 0 ? -1 : prev.hazelcastMemoryCost() + cost;
                        totals.put(key, new IndexTotal(map.name(), i.name(), i.type(), i.attributes(),
                                prev.members() + 1, prev.entries() + Math.max(0, i.entries()),
                                prev.heapBytes() + Math.max(0, i.heapBytes()), sumCost,
                                prev.complete() && i.complete()));
                    }
                }
            }
        }
        return List.copyOf(totals.values());
    }

    /** The total of one index, or null. */
    public IndexTotal indexTotal(String map, String index) {
        return indexTotals().stream().filter(t -> t.map().equals(map) && t.index().equals(index))
                .findFirst().orElse(null);
    }

    /** The total of one map, or null. */
    public MapTotal mapTotal(String map) {
        return mapTotals().stream().filter(t -> t.map().equals(map)).findFirst().orElse(null);
    }

    /** A plain-text table for a terminal. */
    public String toTable() {
        return ReportText.of(this);
    }

    @Override
    public String toString() {
        return toTable();
    }

    /** The report as one JSON object. Unknown figures are {@code null}. */
    public String toJson() {
        return ReportJson.of(this);
    }

    /** Column names of {@link #toCsv()}. */
    public static final List<String> CSV_COLUMNS = List.of("member", "status", "reason", "map", "in_memory_format",
            "map_entries", "map_data_heap_bytes", "map_indexes_heap_bytes", "map_cached_values_heap_bytes",
            "map_indexing_cost_bytes", "index", "type", "attributes", "entries",
            "distinct_keys", "heap_bytes", "reachable_bytes", "bytes_per_entry", "hz_memory_cost", "hz_ratio",
            "walk_ms", "complete", "incomplete_reason");

    /**
     * One line per member, map and index (RFC 4180, header first). A member without maps has one line with
     * its status and reason; a map without indexes has one line with empty index columns.
     */
    public String toCsv() {
        return ReportCsv.of(this);
    }
}
