package io.navpack.sizing;

import io.navpack.json.JsonWriter;

import java.util.Locale;

/**
 * The sizing reports as JSON, one object each: figures that are unknown (negative counts, NaN ratios) are
 * {@code null}, ratios have four decimals. Runs where reports are read (client or CLI), never in a sizing task.
 */
final class ReportJson {
    private ReportJson() {
    }

    static String of(ClusterIndexReport report) {
        JsonWriter j = JsonWriter.compact().beginObject();
        j.name("takenAt").value(report.takenAt().toString());
        j.name("elapsedMillis").value(report.elapsed().toMillis());
        j.name("complete").value(report.complete());
        j.name("members").beginArray();
        for (MemberIndexReport m : report.members()) {
            j.beginObject();
            j.name("member").value(m.member());
            j.name("uuid").value(m.memberUuid());
            j.name("status").value(m.status().name());
            j.name("reason").value(m.reason());
            j.name("javaVersion").value(m.javaVersion());
            j.name("walkMillis").value(m.walkDuration().toMillis());
            j.name("objectsWalked").value(m.objectsWalked());
            j.name("mode").value(m.mode());
            j.name("cpuMillis").value(m.cpuNanos() / 1_000_000);
            j.name("cpuShare").rawValue(ratio(m.mode() == null ? Double.NaN : m.cpuShare()));
            j.name("sizerPeakHeapBytes").value(known(m.mode() == null ? -1 : m.sizerPeakHeapBytes()));
            j.name("maps").beginArray();
            for (MapReport map : m.maps()) {
                j.beginObject();
                j.name("name").value(map.name());
                j.name("inMemoryFormat").value(map.inMemoryFormat());
                j.name("walkable").value(map.walkable());
                j.name("reason").value(map.reason());
                j.name("entries").value(known(map.entries()));
                j.name("backupEntries").value(known(map.backupEntries()));
                j.name("dataHeapBytes").value(known(map.dataHeapBytes()));
                j.name("backupHeapBytes").value(known(map.backupHeapBytes()));
                j.name("dataWalkComplete").value(map.dataWalkComplete());
                j.name("dataWalkMillis").value(map.dataWalkNanos() / 1_000_000);
                j.name("indexesHeapBytes").value(known(map.indexesHeapBytes()));
                j.name("cachedValues").value(known(map.cachedValues()));
                j.name("cachedValuesHeapBytes").value(known(map.cachedValuesHeapBytes()));
                j.name("indexingCostBytes").value(known(map.indexingCostBytes()));
                j.name("indexes").beginArray();
                for (IndexReport i : map.indexes()) {
                    j.beginObject();
                    j.name("name").value(i.name());
                    j.name("type").value(i.type());
                    j.name("attributes").value(i.attributes());
                    j.name("entries").value(known(i.entries()));
                    j.name("distinctKeys").value(known(i.distinctKeys()));
                    j.name("heapBytes").value(known(i.heapBytes()));
                    j.name("reachableBytes").value(known(i.reachableBytes()));
                    j.name("bytesPerEntry").rawValue(ratio(i.bytesPerEntry()));
                    j.name("hazelcastMemoryCost").value(known(i.hazelcastMemoryCost()));
                    j.name("hazelcastRatio").rawValue(ratio(i.hazelcastRatio()));
                    j.name("walkMillis").value(i.walkDuration().toMillis());
                    j.name("objects").value(i.objects());
                    j.name("complete").value(i.complete());
                    j.name("incompleteReason").value(i.incompleteReason());
                    j.name("topClasses").beginArray();
                    for (ClassLine c : i.topClasses()) {
                        j.beginObject();
                        j.name("class").value(c.className());
                        j.name("count").value(c.count());
                        j.name("bytes").value(c.bytes());
                        j.endObject();
                    }
                    j.endArray();
                    j.endObject();
                }
                j.endArray();
                j.endObject();
            }
            j.endArray();
            j.endObject();
        }
        j.endArray();
        j.name("mapTotals").beginArray();
        for (ClusterIndexReport.MapTotal t : report.mapTotals()) {
            j.beginObject();
            j.name("map").value(t.map());
            j.name("members").value(t.members());
            j.name("entries").value(t.entries());
            j.name("dataHeapBytes").value(known(t.dataHeapBytes()));
            j.name("indexesHeapBytes").value(t.indexesHeapBytes());
            j.name("cachedValues").value(known(t.cachedValues()));
            j.name("cachedValuesHeapBytes").value(known(t.cachedValuesHeapBytes()));
            j.name("indexingCostBytes").value(known(t.indexingCostBytes()));
            j.name("complete").value(t.complete());
            j.endObject();
        }
        j.endArray();
        j.name("indexTotals").beginArray();
        for (ClusterIndexReport.IndexTotal t : report.indexTotals()) {
            j.beginObject();
            j.name("map").value(t.map());
            j.name("index").value(t.index());
            j.name("type").value(t.type());
            j.name("attributes").value(t.attributes());
            j.name("members").value(t.members());
            j.name("entries").value(t.entries());
            j.name("heapBytes").value(t.heapBytes());
            j.name("bytesPerEntry").rawValue(ratio(t.bytesPerEntry()));
            j.name("hazelcastMemoryCost").value(known(t.hazelcastMemoryCost()));
            j.name("hazelcastRatio").rawValue(ratio(t.hazelcastRatio()));
            j.name("complete").value(t.complete());
            j.endObject();
        }
        return j.endArray().endObject().toString();
    }

    static String of(WhatIfReport report) {
        JsonWriter j = JsonWriter.compact().beginObject();
        j.name("map").value(report.spec().map());
        j.name("type").value(report.spec().index().getType().name());
        j.name("attributes").value(report.spec().index().getAttributes());
        j.name("takenAt").value(report.takenAt().toString());
        j.name("elapsedMillis").value(report.elapsed().toMillis());
        j.name("complete").value(report.complete());
        j.name("members").beginArray();
        for (MemberWhatIf m : report.members()) {
            j.beginObject();
            j.name("member").value(m.member());
            j.name("uuid").value(m.memberUuid());
            j.name("status").value(m.status().name());
            j.name("reason").value(m.reason());
            j.name("entries").value(known(m.entries()));
            j.name("indexEntries").value(known(m.indexEntries()));
            j.name("sampledEntries").value(known(m.sampledEntries()));
            j.name("distinctValues").value(known(m.distinctValues()));
            j.name("distinctExact").value(m.distinctExact());
            j.name("nullValues").value(known(m.nullValues()));
            j.name("indexHeapBytes").value(known(m.indexHeapBytes()));
            j.name("indexHeapBytesLow").value(known(m.indexHeapBytesLow()));
            j.name("indexHeapBytesHigh").value(known(m.indexHeapBytesHigh()));
            j.name("recordsToCache").value(known(m.recordsToCache()));
            j.name("valuesCacheHeapBytes").value(known(m.valuesCacheHeapBytes()));
            j.name("valuesCacheHeapBytesLow").value(known(m.valuesCacheHeapBytesLow()));
            j.name("valuesCacheHeapBytesHigh").value(known(m.valuesCacheHeapBytesHigh()));
            j.name("costBytes").value(known(m.costBytes()));
            j.name("method").value(m.method());
            j.name("walkMillis").value(m.walkDuration().toMillis());
            j.name("cpuMillis").value(m.cpuNanos() / 1_000_000);
            j.endObject();
        }
        j.endArray();
        j.name("total").beginObject();
        j.name("entries").value(report.entries());
        j.name("indexHeapBytes").value(report.indexHeapBytes());
        j.name("indexHeapBytesLow").value(report.indexHeapBytesLow());
        j.name("indexHeapBytesHigh").value(report.indexHeapBytesHigh());
        j.name("valuesCacheHeapBytes").value(report.valuesCacheHeapBytes());
        j.name("valuesCacheHeapBytesLow").value(report.valuesCacheHeapBytesLow());
        j.name("valuesCacheHeapBytesHigh").value(report.valuesCacheHeapBytesHigh());
        j.name("costBytes").value(report.costBytes());
        return j.endObject().endObject().toString();
    }

    /** A count or size, or null when it is unknown (negative). */
    private static Long known(long v) {
        return v < 0 ? null : v;
    }

    /** A ratio with four decimals, or null when it is unknown (NaN or infinite). */
    private static String ratio(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "null" : String.format(Locale.ROOT, "%.4f", v);
    }
}
