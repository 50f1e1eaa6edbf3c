package io.navpack.sizing;

import java.util.Locale;

import static io.navpack.sizing.TextTable.num;
import static io.navpack.sizing.TextTable.nz;
import static io.navpack.sizing.TextTable.ratio;
import static io.navpack.sizing.TextTable.yesNo;

/** The sizing reports as plain-text tables for a terminal. */
final class ReportText {
    private ReportText() {
    }

    static String of(ClusterIndexReport report) {
        StringBuilder sb = new StringBuilder();
        sb.append("Index heap sizes, taken ").append(report.takenAt()).append(" in ")
                .append(report.elapsed().toMillis()).append(" ms\n\n");
        TextTable members = new TextTable("member", "status", "mode", "maps", "objects walked", "walk ms", "cpu ms",
                "cpu cap", "objects/s", "sizer heap peak", "java", "reason");
        for (MemberIndexReport m : report.members()) {
            boolean sized = m.mode() != null;
            members.row(m.member(), m.status().name(), nz(m.mode()), Integer.toString(m.maps().size()),
                    num(m.objectsWalked()), num(m.walkDuration().toMillis()),
                    sized ? num(m.cpuNanos() / 1_000_000) : "", sized ? share(m.cpuShare()) : "",
                    num((long) m.objectsPerSecond()), sized ? num(m.sizerPeakHeapBytes()) : "", nz(m.javaVersion()),
                    nz(m.reason()));
        }
        sb.append(members).append('\n');
        TextTable rows = new TextTable("member", "map", "index", "type", "attributes", "entries", "distinct",
                "heap bytes", "B/entry", "HZ memoryCost", "HZ/true", "walk ms", "complete");
        for (MemberIndexReport m : report.members()) {
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
        TextTable maps = new TextTable("map", "members", "entries", "data heap bytes", "all indexes heap bytes",
                "values cache heap bytes", "indexing cost bytes", "complete");
        for (ClusterIndexReport.MapTotal t : report.mapTotals()) {
            maps.row(t.map(), Integer.toString(t.members()), num(t.entries()), num(t.dataHeapBytes()),
                    num(t.indexesHeapBytes()), num(t.cachedValuesHeapBytes()), num(t.indexingCostBytes()),
                    yesNo(t.complete()));
        }
        sb.append("Totals per map (indexing cost = all indexes + the values cache they cause)\n").append(maps)
                .append('\n');
        TextTable idx = new TextTable("map", "index", "type", "attributes", "members", "entries", "heap bytes",
                "B/entry", "HZ memoryCost", "HZ/true", "complete");
        for (ClusterIndexReport.IndexTotal t : report.indexTotals()) {
            idx.row(t.map(), t.index(), t.type(), String.join(",", t.attributes()), Integer.toString(t.members()),
                    num(t.entries()), num(t.heapBytes()), ratio(t.bytesPerEntry()), num(t.hazelcastMemoryCost()),
                    ratio(t.hazelcastRatio()), yesNo(t.complete()));
        }
        sb.append("Totals per index\n").append(idx);
        return sb.toString();
    }

    static String of(WhatIfReport report) {
        IndexSpec spec = report.spec();
        StringBuilder sb = new StringBuilder();
        sb.append("What creating index ").append(spec.index().getType()).append(" (")
                .append(String.join(", ", spec.index().getAttributes())).append(") on map ").append(spec.map())
                .append(" would cost, predicted ").append(report.takenAt()).append(" in ")
                .append(report.elapsed().toMillis()).append(" ms (95 % intervals)\n\n");
        TextTable table = new TextTable("member", "status", "entries", "distinct values", "sampled",
                "index heap bytes", "index 95 % interval", "values to cache", "values cache bytes",
                "cache 95 % interval", "cost bytes", "ms", "reason");
        for (MemberWhatIf m : report.members()) {
            boolean ok = m.status() == MemberStatus.OK;
            table.row(m.member(), m.status().name(), num(m.entries()),
                    ok ? num(m.distinctValues()) + (m.distinctExact() ? "" : " (est.)") : "", num(m.sampledEntries()),
                    num(m.indexHeapBytes()), ok ? interval(m.indexHeapBytesLow(), m.indexHeapBytesHigh()) : "",
                    num(m.recordsToCache()), num(m.valuesCacheHeapBytes()),
                    ok ? interval(m.valuesCacheHeapBytesLow(), m.valuesCacheHeapBytesHigh()) : "",
                    num(m.costBytes()), num(m.walkDuration().toMillis()), nz(m.reason()));
        }
        table.rule().row("total", report.complete() ? "OK" : "incomplete", num(report.entries()), "", "",
                num(report.indexHeapBytes()), interval(report.indexHeapBytesLow(), report.indexHeapBytesHigh()), "",
                num(report.valuesCacheHeapBytes()),
                interval(report.valuesCacheHeapBytesLow(), report.valuesCacheHeapBytesHigh()),
                num(report.costBytes()), "", "");
        sb.append(table);
        for (MemberWhatIf m : report.members()) {
            if (m.method() != null) {
                sb.append('\n').append(m.member()).append(": ").append(m.method());
            }
        }
        return sb.append('\n').toString();
    }

    private static String share(double s) {
        return s >= 1 ? "none" : String.format(Locale.ROOT, "%.0f %%", s * 100);
    }

    private static String interval(long low, long high) {
        return low < 0 ? "-" : num(low) + " – " + num(high);
    }
}
