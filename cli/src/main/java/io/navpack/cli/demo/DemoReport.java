package io.navpack.cli.demo;

import io.navpack.sizing.ClusterIndexReport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import io.navpack.cli.table.SqlTable;

/** Everything the demo measured; printed as text and rendered as HTML. */
public final class DemoReport {
    /** One query run in the three extraction modes. */
    public record QueryRun(String name, String predicate, int fieldsRead, Map<String, Long> results,
                           Map<String, Double> millis) {
        /** True when every mode returned the same entries (a mode that differs counts -1). */
        public boolean identical() {
            return results.values().stream().noneMatch(n -> n < 0) && results.values().stream().distinct().count() == 1;
        }
    }

    /** One schema's break-even as measured in the demo JVM. */
    /** The SQL query: its columns and rows, median time, and whether it counted what the predicate API counts. */
    public record SqlRun(SqlTable table, double millis, boolean agreesWithPredicates) {
    }

    public record BreakEvenRow(String schema, int breakEven, double fullNanos, double singleNanos) {
    }

    /** The documents step, or null with the reason in {@link #documentsSkipped}. */
    public DocumentsStep.Result documents;
    public String documentsSkipped;
    /** The database step, or null with the reason in {@link #databaseSkipped}. */
    public DatabaseStep.Result database;
    public String databaseSkipped;
    public int members;
    public long trades;
    public String jvm;
    public Duration startup = Duration.ZERO;
    public Duration load = Duration.ZERO;
    public Duration total = Duration.ZERO;
    /** Average stored size (Hazelcast Data, header included) per format. */
    public final Map<String, Double> bytesPerTrade = new LinkedHashMap<>();
    /** Heap held per entry of the navpack map: measured by the agent, and Hazelcast's own estimate. */
    public double heapPerEntry;
    public double hazelcastCostPerEntry;
    /** Trades held in each client near cache, and heap per entry by how the client reads them ("views", "class"). */
    public int nearCacheEntries;
    public final Map<String, Double> nearCacheBytesPerEntry = new LinkedHashMap<>();
    /** The class of a value the near cache returned, by how the client reads them. */
    public final Map<String, Class<?>> nearCacheValueClass = new LinkedHashMap<>();
    public final List<QueryRun> queries = new ArrayList<>();
    public QueryRun indexedQuery;
    public SqlRun sql;
    public final List<BreakEvenRow> breakEvens = new ArrayList<>();
    public ClusterIndexReport sizing;
    public String sizingSkipped;
}
