package io.navpack.cli.demo;

import io.navpack.sizing.ClusterIndexReport;
import io.navpack.sizing.MemberIndexReport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import io.navpack.cli.table.SqlTable;

/** The demo's report as one self-contained HTML page with inline SVG charts. */
public final class HtmlReport {
    private static final String[] COLORS = {"#2b6cb0", "#dd6b20", "#38a169", "#805ad5", "#d53f8c"};

    private HtmlReport() {
    }

    public static String render(DemoReport r) {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>navpack demo</title><style>")
                .append("body{font-family:system-ui,sans-serif;margin:2em auto;max-width:60em;color:#1a202c}")
                .append("table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #cbd5e0;padding:.3em .6em;text-align:right}")
                .append("th:first-child,td:first-child{text-align:left}h2{margin-top:2em}.note{color:#4a5568}")
                .append("</style></head><body>");
        h.append("<h1>navpack demo</h1><p class=\"note\">").append(r.members).append(" members, ")
                .append(String.format(Locale.ROOT, "%,d", r.trades)).append(" trades; ").append(esc(r.jvm))
                .append(". Cluster started in ").append(secs(r.startup.toMillis())).append(", trades loaded in ")
                .append(secs(r.load.toMillis())).append(", demo done in ").append(secs(r.total.toMillis())).append(".</p>");

        h.append("<h2>Bytes per trade</h2><p class=\"note\">Average Hazelcast <code>Data</code> size of the same trades, header included.</p>");
        h.append(bars(r.bytesPerTrade, "bytes"));
        h.append(table(List.of("format", "bytes per trade"), rows(r.bytesPerTrade, "%.1f")));

        h.append("<h2>Heap per entry</h2><p>Map <code>trades</code>: <b>")
                .append(String.format(Locale.ROOT, "%.0f", r.heapPerEntry)).append(" B</b> per entry measured by the agent, ")
                .append(String.format(Locale.ROOT, "%.0f", r.hazelcastCostPerEntry))
                .append(" B by Hazelcast's own estimate (<code>getOwnedEntryMemoryCost</code>).</p>");

        if (!r.nearCacheBytesPerEntry.isEmpty()) {
            Map<String, Double> near = new LinkedHashMap<>();
            r.nearCacheBytesPerEntry.forEach((k, v) -> near.put(k.equals("views") ? "interface views" : "the class", v));
            h.append("<h2>Client near cache</h2><p class=\"note\">Heap per entry of a client near cache (OBJECT format) holding ")
                    .append(String.format(Locale.ROOT, "%,d", r.nearCacheEntries))
                    .append(" trades, read as <code>TradeView</code> interface views over the values' bytes (<code>navpack.view.Trade</code>) or as <code>Trade</code> objects: heap in use after collection, after filling it minus before.</p>");
            h.append(bars(near, "bytes"));
            h.append(table(List.of("client reads trades as", "bytes per entry"), rows(near, "%.0f")));
        }

        h.append("<h2>Queries</h2><p class=\"note\">Median time in ms of each query, per extraction mode; every mode found the same entries. The queries name fields by their plain names (adaptive, the default); partial and full read the same fields through attributes whose extractor fixes the mode (<code>navPartial[...]</code>, <code>navFull[...]</code>).</p>");
        Map<String, Map<String, Double>> groups = new LinkedHashMap<>();
        List<List<String>> qrows = new ArrayList<>();
        for (DemoReport.QueryRun q : r.queries) {
            groups.put(q.name(), q.millis());
            List<String> row = new ArrayList<>(List.of(q.name() + ": " + q.predicate()));
            q.millis().values().forEach(v -> row.add(String.format(Locale.ROOT, "%.1f", v)));
            row.add(String.format(Locale.ROOT, "%,d", q.results().values().iterator().next()));
            row.add(q.identical() ? "yes" : "NO");
            qrows.add(row);
        }
        h.append(groupedBars(groups, "ms"));
        h.append(table(List.of("query", "partial", "full", "adaptive", "entries", "same result"), qrows));
        if (r.indexedQuery != null) {
            h.append("<p>With the indexes: <code>").append(esc(r.indexedQuery.predicate())).append("</code> took ")
                    .append(String.format(Locale.ROOT, "%.1f ms", r.indexedQuery.millis().get("adaptive"))).append(" for ")
                    .append(r.indexedQuery.results().get("adaptive")).append(" entries.</p>");
        }
        if (r.sql != null) {
            SqlTable t = r.sql.table();
            h.append("<h2>SQL</h2><p class=\"note\">The same map through Hazelcast SQL: <code>CREATE MAPPING trades TYPE "
                    + "NavpackMap</code> takes the columns from navpack's schemas, and the members read them from the stored "
                    + "bytes, without the Trade class. ")
                    .append(String.format(Locale.ROOT, "Median %.1f ms", r.sql.millis()))
                    .append(r.sql.agreesWithPredicates() ? "; the predicate API counts the same trades." : "; <b>the predicate API "
                            + "counts other trades</b>.").append("</p><p><code>").append(esc(t.statement())).append("</code></p><table><tr>");
            for (String c : t.columns()) {
                h.append("<th>").append(esc(c)).append("</th>");
            }
            h.append("</tr>");
            for (List<Object> row : t.rows()) {
                h.append("<tr>");
                for (Object v : row) {
                    h.append("<td>").append(esc(SqlTable.text(v))).append("</td>");
                }
                h.append("</tr>");
            }
            h.append("</table>");
        }

        h.append("<h2>Documents in the cluster</h2>");
        if (r.documents != null) {
            DocumentsStep.Result d = r.documents;
            h.append("<p class=\"note\">").append(d.templates()).append(" FpML trade documents of the shared set multiplied to ")
                    .append(String.format(Locale.ROOT, "%,d", d.documents())).append(" trades (trade ids and amounts varied), loaded"
                    + " as navpack values (<code>navpack load</code>'s loader), as <code>HazelcastJsonValue</code> (the same"
                    + " documents as JSON) and as Compact generic records (the same inferred schema), in batches of 256 with 8 on"
                    + " their way. Scan: <code>").append(esc(DocumentsStep.DATE + " >= '" + d.since() + "' or " + DocumentsStep.PARTY
                    + " = '" + d.party() + "'")).append("</code>; aggregation: the maximum trade date where <code>")
                    .append(esc(DocumentsStep.PARTY + " = '" + d.party() + "'")).append("</code>; SQL counts the scan's first"
                    + " condition. Heap per entry is measured: the heap in use after collection before and after each map was loaded, over its"
                    + " entries and their backups; navpack's map keeps its values as views (OBJECT, as the user guide recommends), the"
                    + " others are in Hazelcast's default BINARY format; each map is destroyed once measured.")
                    .append(d.agree() ? " Every format finds the same trades." : " <b>The formats disagree.</b>").append("</p>");
            List<List<String>> drows = new ArrayList<>();
            for (DocumentsStep.Row x : d.rows()) {
                drows.add(List.of(x.format(), DocumentsStep.orDash(x.heapPerEntry(), "%.0f"),
                        DocumentsStep.orDash(x.totalHeap() == 0 ? Double.NaN : x.totalHeap() / 1e6, "%.1f"),
                        DocumentsStep.orDash(x.loadDocsPerSecond(), "%.0f"),
                        String.format(Locale.ROOT, "%.1f", x.scanMillis()), Long.toString(x.scanMatches()),
                        String.format(Locale.ROOT, "%.1f", x.aggregateMillis()),
                        Double.isNaN(x.sqlMillis()) ? "n/a" : String.format(Locale.ROOT, "%.1f", x.sqlMillis())));
            }
            h.append(table(List.of("format", "heap per entry (B)", "total (MB)", "load (docs/s)", "scan (ms)", "matches",
                    "aggregation (ms)", "SQL (ms)"), drows));
        } else {
            h.append("<p class=\"note\">").append(esc(String.valueOf(r.documentsSkipped))).append("</p>");
        }

        h.append("<h2>A database behind the map</h2>");
        if (r.database != null) {
            DatabaseStep.Result d = r.database;
            h.append("<p class=\"note\">").append(esc(d.database())).append(": the trades written through navpack's map"
                    + " store (the bytes and the promoted columns currency1, trade_date, amount1) and, as Compact records,"
                    + " through Hazelcast's <code>GenericMapStore</code> (a column per field); FpML trade documents written"
                    + " with their JSON beside their bytes. Then every member stopped and two new ones started with no"
                    + " client: navpack's members read the schemas from the database and load their maps when they start.")
                    .append(d.allBack() ? " Every entry came back, and every query counts what it counted before."
                            : " <b>Not every entry came back.</b>").append("</p>");
            List<List<String>> rows = new ArrayList<>();
            for (DatabaseStep.Row x : d.rows()) {
                rows.add(List.of(x.format(), String.format(Locale.ROOT, "%,d", x.entries()),
                        String.format(Locale.ROOT, "%,.0f", x.entries() / x.writeSeconds()),
                        String.format(Locale.ROOT, "%.0f", x.dbBytesPerEntry()), String.format(Locale.ROOT, "%.1f", x.loadSeconds()),
                        String.format(Locale.ROOT, "%,d", x.entriesBack()), x.bytesEqual() ? "equal" : "differ",
                        x.queryBefore() + " / " + x.queryAfter()));
            }
            h.append(table(List.of("map", "entries", "written (entries/s)", "database bytes per entry", "loaded back (s)",
                    "entries back", "values", "query before / after"), rows));
        } else {
            h.append("<p class=\"note\">").append(esc(String.valueOf(r.databaseSkipped))).append("</p>");
        }

        h.append("<h2>Break-even per schema</h2>");
        List<List<String>> brows = new ArrayList<>();
        for (DemoReport.BreakEvenRow b : r.breakEvens) {
            brows.add(List.of(b.schema(), Integer.toString(b.breakEven()), String.format(Locale.ROOT, "%.0f", b.fullNanos()),
                    String.format(Locale.ROOT, "%.1f", b.singleNanos())));
        }
        h.append(table(List.of("schema", "break-even (fields)", "full decode (ns)", "one field (ns)"), brows));

        h.append("<h2>Index heap, every member</h2>");
        if (r.sizing == null) {
            h.append("<p>").append(esc(String.valueOf(r.sizingSkipped))).append("</p>");
        } else {
            Map<String, Map<String, Double>> idx = new LinkedHashMap<>();
            List<List<String>> irows = new ArrayList<>();
            for (ClusterIndexReport.IndexTotal t : r.sizing.indexTotals()) {
                Map<String, Double> pair = new LinkedHashMap<>();
                pair.put("measured", t.heapBytes() / 1e6);
                pair.put("Hazelcast estimate", t.hazelcastMemoryCost() / 1e6);
                idx.put(t.index(), pair);
                irows.add(List.of(t.map() + " / " + t.index(), t.type(), String.format(Locale.ROOT, "%,d", t.entries()),
                        String.format(Locale.ROOT, "%.2f", t.heapBytes() / 1e6), String.format(Locale.ROOT, "%.1f", t.bytesPerEntry()),
                        String.format(Locale.ROOT, "%.2f", t.hazelcastMemoryCost() / 1e6),
                        String.format(Locale.ROOT, "%.2f", t.hazelcastRatio())));
            }
            h.append(groupedBars(idx, "MB"));
            h.append(table(List.of("index", "type", "entries", "heap (MB)", "bytes/entry", "Hazelcast estimate (MB)", "estimate / heap"), irows));
            h.append("<p class=\"note\">What indexing a map costs: its indexes plus the deserialised values its records cache once it has an index.</p>");
            List<List<String>> crows = new ArrayList<>();
            for (ClusterIndexReport.MapTotal t : r.sizing.mapTotals()) {
                crows.add(List.of(t.map(), String.format(Locale.ROOT, "%,d", t.entries()), mb(t.indexesHeapBytes()),
                        mb(t.cachedValuesHeapBytes()), mb(t.indexingCostBytes())));
            }
            h.append(table(List.of("map", "entries", "all indexes (MB)", "values cache (MB)", "indexing cost (MB)"), crows));
            List<List<String>> mrows = new ArrayList<>();
            for (MemberIndexReport m : r.sizing.members()) {
                mrows.add(List.of(m.member(), String.valueOf(m.status()), m.mode() == null ? "" : m.mode(),
                        m.mode() == null ? "" : String.format(Locale.ROOT, "%.1f", m.cpuNanos() / 1e6),
                        m.mode() == null ? "" : mb(m.sizerPeakHeapBytes()), m.reason() == null ? "" : m.reason()));
            }
            h.append(table(List.of("member", "status", "sizing mode", "sizing CPU (ms)", "sizer heap peak (MB)", "reason"), mrows));
        }
        h.append("</body></html>\n");
        return h.toString();
    }

    private static String mb(long bytes) {
        return bytes < 0 ? "-" : String.format(Locale.ROOT, "%.2f", bytes / 1e6);
    }

    private static List<List<String>> rows(Map<String, Double> values, String format) {
        List<List<String>> out = new ArrayList<>();
        values.forEach((k, v) -> out.add(List.of(k, String.format(Locale.ROOT, format, v))));
        return out;
    }

    private static String table(List<String> head, List<List<String>> rows) {
        StringBuilder t = new StringBuilder("<table><tr>");
        head.forEach(c -> t.append("<th>").append(esc(c)).append("</th>"));
        t.append("</tr>");
        for (List<String> row : rows) {
            t.append("<tr>");
            row.forEach(c -> t.append("<td>").append(esc(c)).append("</td>"));
            t.append("</tr>");
        }
        return t.append("</table>").toString();
    }

    /** Horizontal bars, one per entry. */
    static String bars(Map<String, Double> values, String unit) {
        double max = values.values().stream().mapToDouble(Double::doubleValue).max().orElse(1);
        int rowH = 26;
        int width = 640;
        int labelW = 200;
        StringBuilder s = new StringBuilder("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + width + "\" height=\""
                + (values.size() * rowH + 10) + "\" role=\"img\">");
        int i = 0;
        for (Map.Entry<String, Double> e : values.entrySet()) {
            double w = max <= 0 ? 0 : (width - labelW - 90) * e.getValue() / max;
            int y = i * rowH + 5;
            s.append("<text x=\"0\" y=\"").append(y + 16).append("\" font-size=\"13\">").append(esc(e.getKey())).append("</text>")
                    .append("<rect x=\"").append(labelW).append("\" y=\"").append(y).append("\" width=\"")
                    .append(String.format(Locale.ROOT, "%.1f", w)).append("\" height=\"20\" fill=\"").append(COLORS[i % COLORS.length])
                    .append("\"/><text x=\"").append(String.format(Locale.ROOT, "%.1f", labelW + w + 5)).append("\" y=\"")
                    .append(y + 16).append("\" font-size=\"12\">").append(String.format(Locale.ROOT, "%.1f %s", e.getValue(), unit))
                    .append("</text>");
            i++;
        }
        return s.append("</svg>").toString();
    }

    /** Groups of horizontal bars: one group per key, one bar per series. */
    static String groupedBars(Map<String, Map<String, Double>> groups, String unit) {
        double max = groups.values().stream().flatMap(m -> m.values().stream()).mapToDouble(Double::doubleValue).max().orElse(1);
        List<String> series = new ArrayList<>();
        groups.values().forEach(m -> m.keySet().forEach(k -> {
            if (!series.contains(k)) {
                series.add(k);
            }
        }));
        int barH = 16;
        int groupH = series.size() * barH + 12;
        int width = 640;
        int labelW = 200;
        int legend = 22;
        StringBuilder s = new StringBuilder("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + width + "\" height=\""
                + (groups.size() * groupH + legend + 6) + "\" role=\"img\">");
        for (int k = 0; k < series.size(); k++) {
            s.append("<rect x=\"").append(labelW + k * 140).append("\" y=\"2\" width=\"12\" height=\"12\" fill=\"")
                    .append(COLORS[k % COLORS.length]).append("\"/><text x=\"").append(labelW + k * 140 + 16)
                    .append("\" y=\"12\" font-size=\"12\">").append(esc(series.get(k))).append("</text>");
        }
        int g = 0;
        for (Map.Entry<String, Map<String, Double>> e : groups.entrySet()) {
            int y0 = legend + g * groupH;
            s.append("<text x=\"0\" y=\"").append(y0 + 14).append("\" font-size=\"13\">").append(esc(e.getKey())).append("</text>");
            for (int k = 0; k < series.size(); k++) {
                Double v = e.getValue().get(series.get(k));
                if (v == null) {
                    continue;
                }
                double w = max <= 0 ? 0 : (width - labelW - 90) * v / max;
                int y = y0 + k * barH;
                s.append("<rect x=\"").append(labelW).append("\" y=\"").append(y).append("\" width=\"")
                        .append(String.format(Locale.ROOT, "%.1f", w)).append("\" height=\"").append(barH - 2)
                        .append("\" fill=\"").append(COLORS[k % COLORS.length]).append("\"/><text x=\"")
                        .append(String.format(Locale.ROOT, "%.1f", labelW + w + 4)).append("\" y=\"").append(y + barH - 4)
                        .append("\" font-size=\"11\">").append(String.format(Locale.ROOT, "%.1f %s", v, unit)).append("</text>");
            }
            g++;
        }
        return s.append("</svg>").toString();
    }

    private static String secs(long millis) {
        return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
