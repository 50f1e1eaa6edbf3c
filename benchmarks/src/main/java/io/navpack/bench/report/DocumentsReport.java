package io.navpack.bench.report;

import io.navpack.bench.docs.DocumentSizes;
import io.navpack.bench.docs.FpmlDocuments;

import java.util.List;
import java.util.Locale;

/**
 * The documents section of the benchmarks page: the size table (computed, no JMH) and the ingest and export
 * tables from {@code DocumentIngestBenchmark} and {@code DocumentExportBenchmark}.
 */
final class DocumentsReport {
    private final Report report;

    DocumentsReport(Report report) {
        this.report = report;
    }

    String sizes() {
        List<DocumentSizes.Row> rows = DocumentSizes.compute();
        return "Medians in bytes per document, per folder of the shared set and over all of it:\n\n"
                + DocumentSizes.table(rows) + "\nOver all 491 documents:\n\n" + DocumentSizes.summary(rows);
    }

    String ingest() {
        return table("DocumentIngestBenchmark", "navpack", "parseOnly", "readTree",
                "the same parser, every event read", "Jackson `readTree`", true);
    }

    String export() {
        return table("DocumentExportBenchmark", "navpack", "writeOnly", "DocumentTreeExportBenchmark.writeTree",
                "the same writer, recorded events", "Jackson, the tree", false);
    }

    private String table(String bench, String navpack, String limit, String tree, String limitLabel, String treeLabel,
                         boolean in) {
        if (report.find("jdk17", bench + "." + navpack, "format", "xml") == null) {
            return "_Not run yet._";
        }
        FpmlDocuments d = FpmlDocuments.get();
        StringBuilder sb = new StringBuilder();
        sb.append("| format | path | ns per document | documents/s | MB/s | × ").append(limitLabel)
                .append(" throughput | B allocated per document |\n|---|---|---:|---:|---:|---:|---:|\n");
        for (String format : List.of("xml", "json")) {
            double mean = FpmlDocuments.meanSize(format.equals("xml") ? d.xml : d.json);
            Report.Result lim = report.find("jdk17", bench + "." + limit, "format", format);
            for (String[] p : List.of(new String[] {navpack, "navpack" + (in ? " (document to value)" : " (value to document)")},
                    new String[] {"transcoderReads", "the same parser, only the transcoder's reads"},
                    new String[] {limit, limitLabel}, new String[] {tree, treeLabel})) {
                Report.Result r = report.find("jdk17", p[0].contains(".") ? p[0] : bench + "." + p[0], "format", format);
                if (r == null) {
                    continue;
                }
                double docsPerSecond = 1e9 / r.score();
                sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %,.0f | %.0f | %s | %s |%n", format.toUpperCase(Locale.ROOT),
                        p[1], Report.time(r), docsPerSecond, docsPerSecond * mean / 1e6,
                        lim == null ? "—" : String.format(Locale.ROOT, "%.2f", lim.score() / r.score()), Report.alloc(r)));
            }
        }
        sb.append(String.format(Locale.ROOT, "%nMean document: %.0f bytes of XML, %.0f bytes of JSON (MB/s count those bytes).%n",
                FpmlDocuments.meanSize(d.xml), FpmlDocuments.meanSize(d.json)));
        return sb.toString();
    }
}
