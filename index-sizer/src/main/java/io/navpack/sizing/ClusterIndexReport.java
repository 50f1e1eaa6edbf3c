package io.navpack.sizing;

import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The index sizes of a whole cluster: one {@link MemberIndexReport} per member, and totals per map and per
 * index over the members that answered. Renders as a text table, JSON and CSV.
 */
public final class ClusterIndexReport implements Serializable {

    private static final long serialVersionUID = 1L;

    /**
     * A map over all members that answered.
     *
     * @param dataHeapBytes heap of the owned entries' data, summed over members; -1 if a member did not size it
     * @param indexesHeapBytes what dropping all the map's indexes frees, summed over members
     * @param cachedValues records holding a cached deserialised value; -1 if a member did not count them
     * @param cachedValuesHeapBytes heap those cached values hold (part of {@code dataHeapBytes}); -1 if unknown
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

    private final List<MemberIndexReport> members;
    private final Instant takenAt;
    private final Duration elapsed;

    public ClusterIndexReport(List<MemberIndexReport> members, Instant takenAt, Duration elapsed) {
        this.members = List.copyOf(members);
        this.takenAt = takenAt;
        this.elapsed = elapsed;
    }

    public List<MemberIndexReport> members() {
        return members;
    }

    public Instant takenAt() {
        return takenAt;
    }

    public Duration elapsed() {
        return elapsed;
    }

    /** True if every member answered OK and every walk was complete. */
    public boolean complete() {
        return members.stream().allMatch(m -> m.status() == MemberStatus.OK
                && m.maps().stream().allMatch(MapReport::complete));
    }

    /** Totals per map, in name order. */
    public List<MapTotal> mapTotals() {
        Map<String, long[]> sums = new java.util.TreeMap<>();
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
        Map<String, IndexTotal> totals = new java.util.TreeMap<>();
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

    // ---------------------------------------------------------------- text

    /** A plain-text table for a terminal. */
    public String toTable() {
        StringBuilder sb = new StringBuilder();
        sb.append("Index heap sizes, taken ").append(takenAt).append(" in ").append(elapsed.toMillis())
                .append(" ms\n\n");
        Table members = new Table("member", "status", "mode", "maps", "objects walked", "walk ms", "cpu ms",
                "cpu cap", "objects/s", "sizer heap peak", "java", "reason");
        for (MemberIndexReport m : this.members) {
            boolean sized = m.mode() != null;
            members.row(m.member(), m.status().name(), nz(m.mode()), Integer.toString(m.maps().size()),
                    num(m.objectsWalked()), num(m.walkDuration().toMillis()),
                    sized ? num(m.cpuNanos() / 1_000_000) : "", sized ? share(m.cpuShare()) : "",
                    num((long) m.objectsPerSecond()), sized ? num(m.sizerPeakHeapBytes()) : "", nz(m.javaVersion()),
                    nz(m.reason()));
        }
        sb.append(members).append('\n');
        Table rows = new Table("member", "map", "index", "type", "attributes", "entries", "distinct", "heap bytes",
                "B/entry", "HZ memoryCost", "HZ/true", "walk ms", "complete");
        for (MemberIndexReport m : this.members) {
            for (MapReport map : m.maps()) {
                rows.row(m.member(), map.name(), "(data)", map.inMemoryFormat(), "", num(map.entries()), "",
                        num(map.dataHeapBytes()), ratio(map.entries() > 0 && map.dataHeapBytes() >= 0
                                ? (double) map.dataHeapBytes() / map.entries() : Double.NaN), "", "",
                        num(map.dataWalkNanos() / 1_000_000), yesNo(map.dataWalkComplete())
                                + (map.reason() == null ? "" : " (" + map.reason() + ")"));
                if (map.cachedValuesHeapBytes() >= 0) {
                    rows.row(m.member(), map.name(), "(values cache)", "", "", num(map.cachedValues()), "",
                            num(map.cachedValuesHeapBytes()), ratio(map.cachedValues() > 0
                                    ? (double) map.cachedValuesHeapBytes() / map.cachedValues() : Double.NaN),
                            "", "", "", "");
                }
                for (IndexReport i : map.indexes()) {
                    rows.row(m.member(), map.name(), i.name(), i.type(), String.join(",", i.attributes()),
                            num(i.entries()), num(i.distinctKeys()), num(i.heapBytes()), ratio(i.bytesPerEntry()),
                            num(i.hazelcastMemoryCost()), ratio(i.hazelcastRatio()),
                            num(i.walkDuration().toMillis()), yesNo(i.complete())
                                    + (i.incompleteReason() == null ? "" : " (" + i.incompleteReason() + ")"));
                }
            }
        }
        sb.append(rows).append('\n');
        Table maps = new Table("map", "members", "entries", "data heap bytes", "all indexes heap bytes",
                "values cache heap bytes", "indexing cost bytes", "complete");
        for (MapTotal t : mapTotals()) {
            maps.row(t.map(), Integer.toString(t.members()), num(t.entries()), num(t.dataHeapBytes()),
                    num(t.indexesHeapBytes()), num(t.cachedValuesHeapBytes()), num(t.indexingCostBytes()),
                    yesNo(t.complete()));
        }
        sb.append("Totals per map (indexing cost = all indexes + the values cache they cause)\n").append(maps)
                .append('\n');
        Table idx = new Table("map", "index", "type", "attributes", "members", "entries", "heap bytes", "B/entry",
                "HZ memoryCost", "HZ/true", "complete");
        for (IndexTotal t : indexTotals()) {
            idx.row(t.map(), t.index(), t.type(), String.join(",", t.attributes()), Integer.toString(t.members()),
                    num(t.entries()), num(t.heapBytes()), ratio(t.bytesPerEntry()), num(t.hazelcastMemoryCost()),
                    ratio(t.hazelcastRatio()), yesNo(t.complete()));
        }
        sb.append("Totals per index\n").append(idx);
        return sb.toString();
    }

    @Override
    public String toString() {
        return toTable();
    }

    private static String num(long v) {
        return v < 0 ? "-" : String.format(Locale.ROOT, "%,d", v);
    }

    private static String ratio(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String share(double s) {
        return s >= 1 ? "none" : String.format(Locale.ROOT, "%.0f %%", s * 100);
    }

    private static String yesNo(boolean b) {
        return b ? "yes" : "no";
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    private static final class Table {
        private final List<String[]> rows = new ArrayList<>();
        private final int columns;

        Table(String... header) {
            rows.add(header);
            columns = header.length;
        }

        void row(String... cells) {
            rows.add(cells);
        }

        @Override
        public String toString() {
            int[] width = new int[columns];
            for (String[] r : rows) {
                for (int c = 0; c < columns; c++) {
                    width[c] = Math.max(width[c], r[c].length());
                }
            }
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < rows.size(); i++) {
                String[] r = rows.get(i);
                for (int c = 0; c < columns; c++) {
                    if (c > 0) {
                        sb.append("  ");
                    }
                    sb.append(r[c]);
                    if (c < columns - 1) {
                        sb.append(" ".repeat(width[c] - r[c].length()));
                    }
                }
                sb.append('\n');
                if (i == 0) {
                    for (int c = 0; c < columns; c++) {
                        sb.append(c > 0 ? "  " : "").append("-".repeat(width[c]));
                    }
                    sb.append('\n');
                }
            }
            return sb.toString();
        }
    }

    // ---------------------------------------------------------------- JSON

    /** The report as one JSON object. Unknown figures are {@code null}. */
    public String toJson() {
        Json j = new Json();
        j.open('{');
        j.field("takenAt").str(takenAt.toString());
        j.field("elapsedMillis").num(elapsed.toMillis());
        j.field("complete").bool(complete());
        j.field("members").open('[');
        for (MemberIndexReport m : members) {
            j.item().open('{');
            j.field("member").str(m.member());
            j.field("uuid").str(m.memberUuid());
            j.field("status").str(m.status().name());
            j.field("reason").str(m.reason());
            j.field("javaVersion").str(m.javaVersion());
            j.field("walkMillis").num(m.walkDuration().toMillis());
            j.field("objectsWalked").num(m.objectsWalked());
            j.field("mode").str(m.mode());
            j.field("cpuMillis").num(m.cpuNanos() / 1_000_000);
            j.field("cpuShare").dbl(m.mode() == null ? Double.NaN : m.cpuShare());
            j.field("sizerPeakHeapBytes").opt(m.mode() == null ? -1 : m.sizerPeakHeapBytes());
            j.field("maps").open('[');
            for (MapReport map : m.maps()) {
                j.item().open('{');
                j.field("name").str(map.name());
                j.field("inMemoryFormat").str(map.inMemoryFormat());
                j.field("walkable").bool(map.walkable());
                j.field("reason").str(map.reason());
                j.field("entries").opt(map.entries());
                j.field("backupEntries").opt(map.backupEntries());
                j.field("dataHeapBytes").opt(map.dataHeapBytes());
                j.field("backupHeapBytes").opt(map.backupHeapBytes());
                j.field("dataWalkComplete").bool(map.dataWalkComplete());
                j.field("dataWalkMillis").num(map.dataWalkNanos() / 1_000_000);
                j.field("indexesHeapBytes").opt(map.indexesHeapBytes());
                j.field("cachedValues").opt(map.cachedValues());
                j.field("cachedValuesHeapBytes").opt(map.cachedValuesHeapBytes());
                j.field("indexingCostBytes").opt(map.indexingCostBytes());
                j.field("indexes").open('[');
                for (IndexReport i : map.indexes()) {
                    j.item().open('{');
                    j.field("name").str(i.name());
                    j.field("type").str(i.type());
                    j.field("attributes").open('[');
                    for (String a : i.attributes()) {
                        j.item().str(a);
                    }
                    j.close(']');
                    j.field("entries").opt(i.entries());
                    j.field("distinctKeys").opt(i.distinctKeys());
                    j.field("heapBytes").opt(i.heapBytes());
                    j.field("reachableBytes").opt(i.reachableBytes());
                    j.field("bytesPerEntry").dbl(i.bytesPerEntry());
                    j.field("hazelcastMemoryCost").opt(i.hazelcastMemoryCost());
                    j.field("hazelcastRatio").dbl(i.hazelcastRatio());
                    j.field("walkMillis").num(i.walkDuration().toMillis());
                    j.field("objects").num(i.objects());
                    j.field("complete").bool(i.complete());
                    j.field("incompleteReason").str(i.incompleteReason());
                    j.field("topClasses").open('[');
                    for (ClassLine c : i.topClasses()) {
                        j.item().open('{');
                        j.field("class").str(c.className());
                        j.field("count").num(c.count());
                        j.field("bytes").num(c.bytes());
                        j.close('}');
                    }
                    j.close(']');
                    j.close('}');
                }
                j.close(']');
                j.close('}');
            }
            j.close(']');
            j.close('}');
        }
        j.close(']');
        j.field("mapTotals").open('[');
        for (MapTotal t : mapTotals()) {
            j.item().open('{');
            j.field("map").str(t.map());
            j.field("members").num(t.members());
            j.field("entries").num(t.entries());
            j.field("dataHeapBytes").opt(t.dataHeapBytes());
            j.field("indexesHeapBytes").num(t.indexesHeapBytes());
            j.field("cachedValues").opt(t.cachedValues());
            j.field("cachedValuesHeapBytes").opt(t.cachedValuesHeapBytes());
            j.field("indexingCostBytes").opt(t.indexingCostBytes());
            j.field("complete").bool(t.complete());
            j.close('}');
        }
        j.close(']');
        j.field("indexTotals").open('[');
        for (IndexTotal t : indexTotals()) {
            j.item().open('{');
            j.field("map").str(t.map());
            j.field("index").str(t.index());
            j.field("type").str(t.type());
            j.field("attributes").open('[');
            for (String a : t.attributes()) {
                j.item().str(a);
            }
            j.close(']');
            j.field("members").num(t.members());
            j.field("entries").num(t.entries());
            j.field("heapBytes").num(t.heapBytes());
            j.field("bytesPerEntry").dbl(t.bytesPerEntry());
            j.field("hazelcastMemoryCost").opt(t.hazelcastMemoryCost());
            j.field("hazelcastRatio").dbl(t.hazelcastRatio());
            j.field("complete").bool(t.complete());
            j.close('}');
        }
        j.close(']');
        j.close('}');
        return j.toString();
    }

    private static final class Json {
        private final StringBuilder sb = new StringBuilder();
        private boolean first = true;

        Json open(char c) {
            sb.append(c);
            first = true;
            return this;
        }

        Json close(char c) {
            sb.append(c);
            first = false;
            return this;
        }

        Json field(String name) {
            if (!first) {
                sb.append(',');
            }
            first = false;
            quote(name);
            sb.append(':');
            return this;
        }

        Json item() {
            if (!first) {
                sb.append(',');
            }
            first = false;
            return this;
        }

        void str(String s) {
            if (s == null) {
                sb.append("null");
            } else {
                quote(s);
            }
            first = false;
        }

        void num(long v) {
            sb.append(v);
            first = false;
        }

        void opt(long v) {
            if (v < 0) {
                sb.append("null");
            } else {
                sb.append(v);
            }
            first = false;
        }

        void dbl(double v) {
            if (Double.isNaN(v) || Double.isInfinite(v)) {
                sb.append("null");
            } else {
                sb.append(String.format(Locale.ROOT, "%.4f", v));
            }
            first = false;
        }

        void bool(boolean b) {
            sb.append(b);
            first = false;
        }

        private void quote(String s) {
            sb.append('"');
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                switch (c) {
                    case '"' -> sb.append("\\\"");
                    case '\\' -> sb.append("\\\\");
                    case '\n' -> sb.append("\\n");
                    case '\r' -> sb.append("\\r");
                    case '\t' -> sb.append("\\t");
                    default -> {
                        if (c < 0x20) {
                            sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                        } else {
                            sb.append(c);
                        }
                    }
                }
            }
            sb.append('"');
        }

        @Override
        public String toString() {
            return sb.toString();
        }
    }

    // ---------------------------------------------------------------- CSV

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
        StringBuilder sb = new StringBuilder();
        csvLine(sb, CSV_COLUMNS.toArray(new String[0]));
        for (MemberIndexReport m : members) {
            if (m.maps().isEmpty()) {
                String[] line = new String[CSV_COLUMNS.size()];
                java.util.Arrays.fill(line, "");
                line[0] = m.member();
                line[1] = m.status().name();
                line[2] = m.reason();
                csvLine(sb, line);
                continue;
            }
            for (MapReport map : m.maps()) {
                String[] mapCols = {m.member(), m.status().name(), m.reason(), map.name(), map.inMemoryFormat(),
                        opt(map.entries()), opt(map.dataHeapBytes()), opt(map.indexesHeapBytes()),
                        opt(map.cachedValuesHeapBytes()), opt(map.indexingCostBytes())};
                if (map.indexes().isEmpty()) {
                    String[] line = concat(mapCols, new String[] {"", "", "", "", "", "", "", "", "", "", "",
                            Boolean.toString(map.complete()), map.reason()});
                    csvLine(sb, line);
                }
                for (IndexReport i : map.indexes()) {
                    csvLine(sb, concat(mapCols, new String[] {i.name(), i.type(), String.join(";", i.attributes()),
                            opt(i.entries()), opt(i.distinctKeys()), opt(i.heapBytes()), opt(i.reachableBytes()),
                            dbl(i.bytesPerEntry()), opt(i.hazelcastMemoryCost()), dbl(i.hazelcastRatio()),
                            Long.toString(i.walkDuration().toMillis()), Boolean.toString(i.complete()),
                            i.incompleteReason()}));
                }
            }
        }
        return sb.toString();
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = new String[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static String opt(long v) {
        return v < 0 ? "" : Long.toString(v);
    }

    private static String dbl(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.4f", v);
    }

    private static void csvLine(StringBuilder sb, String... cells) {
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            String c = cells[i] == null ? "" : cells[i];
            if (c.indexOf(',') >= 0 || c.indexOf('"') >= 0 || c.indexOf('\n') >= 0 || c.indexOf('\r') >= 0) {
                sb.append('"').append(c.replace("\"", "\"\"")).append('"');
            } else {
                sb.append(c);
            }
        }
        sb.append("\r\n");
    }
}
