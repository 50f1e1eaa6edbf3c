package io.navpack.sizing;

import java.util.Arrays;
import java.util.Locale;

/** {@link ClusterIndexReport} as CSV (RFC 4180): the columns of {@link ClusterIndexReport#CSV_COLUMNS}. */
final class ReportCsv {
    private ReportCsv() {
    }

    static String of(ClusterIndexReport report) {
        int columns = ClusterIndexReport.CSV_COLUMNS.size();
        StringBuilder sb = new StringBuilder();
        line(sb, ClusterIndexReport.CSV_COLUMNS.toArray(new String[0]));
        for (MemberIndexReport m : report.members()) {
            if (m.maps().isEmpty()) {
                String[] line = new String[columns];
                Arrays.fill(line, "");
                line[0] = m.member();
                line[1] = m.status().name();
                line[2] = m.reason();
                line(sb, line);
                continue;
            }
            for (MapReport map : m.maps()) {
                String[] mapCols = {m.member(), m.status().name(), m.reason(), map.name(), map.inMemoryFormat(),
                        known(map.entries()), known(map.dataHeapBytes()), known(map.indexesHeapBytes()),
                        known(map.cachedValuesHeapBytes()), known(map.indexingCostBytes())};
                if (map.indexes().isEmpty()) {
                    line(sb, concat(mapCols, new String[] {"", "", "", "", "", "", "", "", "", "", "",
                            Boolean.toString(map.complete()), map.reason()}));
                }
                for (IndexReport i : map.indexes()) {
                    line(sb, concat(mapCols, new String[] {i.name(), i.type(), String.join(";", i.attributes()),
                            known(i.entries()), known(i.distinctKeys()), known(i.heapBytes()),
                            known(i.reachableBytes()), ratio(i.bytesPerEntry()), known(i.hazelcastMemoryCost()),
                            ratio(i.hazelcastRatio()), Long.toString(i.walkDuration().toMillis()),
                            Boolean.toString(i.complete()), i.incompleteReason()}));
                }
            }
        }
        return sb.toString();
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static String known(long v) {
        return v < 0 ? "" : Long.toString(v);
    }

    private static String ratio(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.4f", v);
    }

    private static void line(StringBuilder sb, String... cells) {
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
