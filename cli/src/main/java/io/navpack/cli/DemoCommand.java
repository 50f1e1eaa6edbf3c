package io.navpack.cli;

import io.navpack.cli.demo.Demo;
import io.navpack.cli.demo.DatabaseStep;
import io.navpack.cli.demo.DocumentsStep;
import io.navpack.cli.demo.DemoReport;
import io.navpack.cli.demo.HtmlReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Runs the demo on an embedded cluster and writes an HTML report.", "",
                "Starts members in this JVM (127.0.0.1 only), loads trades into a navpack map with query indexes,",
                "and reports stored sizes, heap per entry, query times per extraction mode, break-evens and",
                "the heap of every index on every member beside Hazelcast's estimate."})
final class DemoCommand implements Callable<Integer> {
    @Option(names = "--trades", defaultValue = "1000000", description = "Trades to load (default: ${DEFAULT-VALUE}).")
    long trades;

    @Option(names = "--members", defaultValue = "3", description = "Members to start (default: ${DEFAULT-VALUE}).")
    int members;

    @Option(names = "--runs", defaultValue = "3", description = "Runs per query; the median is reported (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--report", defaultValue = "navpack-demo-report.html", description = "HTML report file (default: ${DEFAULT-VALUE}).")
    Path html;

    @Option(names = "--no-sizing", description = "Skip index sizing.")
    boolean noSizing;

    @Option(names = "--documents", defaultValue = "100000", paramLabel = "N",
            description = "FpML trades of the documents step (default: ${DEFAULT-VALUE}).")
    long documents;

    @Option(names = "--no-documents", description = "Skip the documents step.")
    boolean noDocuments;

    @Option(names = "--database-trades", defaultValue = "100000", paramLabel = "N",
            description = "Trades of the database step (default: ${DEFAULT-VALUE}).")
    long databaseTrades;

    @Option(names = "--database-documents", defaultValue = "10000", paramLabel = "N",
            description = "FpML trade documents of the database step (default: ${DEFAULT-VALUE}).")
    long databaseDocuments;

    @Option(names = "--no-database", description = "Skip the database step (an embedded PostgreSQL server).")
    boolean noDatabase;

    @Option(names = "--fpml", defaultValue = "../shared/data/fpml", paramLabel = "DIR",
            description = "The FpML documents the documents step multiplies (default: ${DEFAULT-VALUE}).")
    Path fpml;

    @Override
    public Integer call() throws IOException {
        if (trades < 1 || members < 1 || runs < 1) {
            throw new CliException(Main.USAGE, "--trades, --members and --runs must be at least 1");
        }
        PrintStream out = System.out;
        DemoReport r = new Demo(members, trades, runs, !noSizing, System.err)
                .documents(fpml, noDocuments ? 0 : documents)
                .database(noDatabase ? 0 : databaseTrades, noDocuments ? 0 : databaseDocuments).run();
        Path file = html.toAbsolutePath();
        Files.writeString(file, HtmlReport.render(r), StandardCharsets.UTF_8);
        print(r, out);
        if (r.documents != null) {
            out.print(DocumentsStep.table(r.documents));
        } else if (r.documentsSkipped != null) {
            out.println(r.documentsSkipped);
        }
        if (r.database != null) {
            out.print(DatabaseStep.table(r.database));
        } else if (r.databaseSkipped != null) {
            out.println(r.databaseSkipped);
        }
        out.printf(Locale.ROOT, "Report written to %s (demo took %.1f s)%n", file, r.total.toMillis() / 1e3);
        boolean complete = r.sizing == null || r.sizing.complete();
        boolean same = r.queries.stream().allMatch(DemoReport.QueryRun::identical);
        if (!same) {
            throw new CliException(Main.FAILED, "the extraction modes returned different entries; see " + file);
        }
        if (r.database != null && !r.database.allBack()) {
            throw new CliException(Main.FAILED, "not every entry came back from the database; see " + file);
        }
        return complete ? Main.OK : Main.INCOMPLETE;
    }

    static void print(DemoReport r, PrintStream out) {
        out.printf(Locale.ROOT, "%nnavpack demo: %d members, %,d trades (%s)%n", r.members, r.trades, r.jvm);
        out.printf(Locale.ROOT, "Cluster started in %.1f s, trades loaded in %.1f s%n%n", r.startup.toMillis() / 1e3,
                r.load.toMillis() / 1e3);
        out.println("Bytes per trade (Hazelcast Data, header included)");
        for (Map.Entry<String, Double> e : r.bytesPerTrade.entrySet()) {
            out.printf(Locale.ROOT, "  %-28s %8.1f%n", e.getKey(), e.getValue());
        }
        out.printf(Locale.ROOT, "%nHeap per entry of map 'trades': %s measured by the agent, %.0f B by Hazelcast's estimate%n%n",
                r.sizing == null ? "n/a (no sizing)" : String.format(Locale.ROOT, "%.0f B", r.heapPerEntry), r.hazelcastCostPerEntry);
        if (!r.nearCacheBytesPerEntry.isEmpty()) {
            out.printf(Locale.ROOT, "Client near cache (OBJECT format), %,d trades: heap per entry%n", r.nearCacheEntries);
            Double cls = r.nearCacheBytesPerEntry.get("class");
            for (Map.Entry<String, Double> e : r.nearCacheBytesPerEntry.entrySet()) {
                out.printf(Locale.ROOT, "  %-28s %8.0f B  %.2f x class%n", e.getKey().equals("views")
                        ? "interface views (TradeView)" : "the class (Trade)", e.getValue(), e.getValue() / cls);
            }
            out.println();
        }
        out.printf(Locale.ROOT, "Queries (median ms of each)      partial      full  adaptive   entries  same%n");
        for (DemoReport.QueryRun q : r.queries) {
            out.printf(Locale.ROOT, "  %-33s %9.1f %9.1f %9.1f %9d  %s%n", q.name() + " (" + q.fieldsRead() + " fields)",
                    q.millis().get("partial"), q.millis().get("full"), q.millis().get("adaptive"),
                    q.results().get("partial"), q.identical() ? "yes" : "NO");
        }
        if (r.indexedQuery != null) {
            out.printf(Locale.ROOT, "  indexed: %s -> %d entries in %.1f ms%n", r.indexedQuery.predicate(),
                    r.indexedQuery.results().get("adaptive"), r.indexedQuery.millis().get("adaptive"));
        }
        if (r.sql != null) {
            out.printf(Locale.ROOT, "%nSQL on the members, columns from navpack's schemas (CREATE MAPPING trades TYPE NavpackMap), "
                    + "median %.1f ms%n  %s%n", r.sql.millis(), r.sql.table().statement());
            for (String line : r.sql.table().toTable().split("\n")) {
                out.println("  " + line);
            }
        }
        out.println();
        out.println("Break-even per schema (fields read per value at which a full decode pays off, at the mean single read)");
        for (DemoReport.BreakEvenRow b : r.breakEvens) {
            out.printf(Locale.ROOT, "  %-20s %3d   full decode %.0f ns, one field %.1f ns%n", b.schema(), b.breakEven(),
                    b.fullNanos(), b.singleNanos());
        }
        out.println();
        if (r.sizing != null) {
            out.println("Index heap on every member (measured) beside Hazelcast's estimate");
            out.println(r.sizing.toTable());
        } else {
            out.println(r.sizingSkipped);
        }
    }
}
