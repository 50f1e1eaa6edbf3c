package io.navpack.bench;

import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.sql.SqlResult;
import com.hazelcast.sql.SqlRow;
import io.navpack.bench.scan.ScanCluster;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The scan query of {@link ScanQueryBenchmark} as Hazelcast SQL, over the same trades on the same
 * 2-member embedded cluster (Jet enabled), without indexes: navpack maps mapped with
 * {@code CREATE MAPPING ... TYPE NavpackMap} (columns from navpack's schemas, values read from the stored
 * bytes) beside the explicit-Compact map mapped with {@code TYPE IMap}, {@code valueFormat 'compact'}.
 *
 * <ul>
 *   <li>{@code filter}: {@code SELECT __key ... WHERE currency1 = 'EUR' AND amount1 > 100000000} (two fields
 *       per entry, about 6 % of the entries returned);</li>
 *   <li>{@code aggregate}: {@code SELECT currency2, COUNT(*), SUM(amount2) ... WHERE amount1 > 100000000
 *       GROUP BY currency2} (three fields per entry).</li>
 * </ul>
 *
 * One operation is one statement, submitted on the youngest member, every row read.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 4, time = 3)
@Measurement(iterations = 4, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-Dhazelcast.phone.home.enabled=false",
    "--add-modules", "java.se", "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
    "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens", "java.management/sun.management=ALL-UNNAMED",
    "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED"})
public class SqlScanBenchmark {
    @Param({"navpack", "navpack-object", "compact"})
    public String format;

    @Param({"filter", "aggregate"})
    public String query;

    @Param({"1000000"})
    public int entries;

    ScanCluster cluster;
    HazelcastInstance member;
    String sql;

    /** The mapping of the map of {@code format}. */
    public static String mapping(String format) {
        if (format.equals("compact")) {
            return "CREATE MAPPING \"compact\" (__key BIGINT, currency1 VARCHAR, amount1 DECIMAL, currency2 VARCHAR, "
                    + "amount2 DECIMAL) TYPE IMap OPTIONS ('keyFormat' = 'bigint', 'valueFormat' = 'compact', "
                    + "'valueCompactTypeName' = 'CompactTrade')";
        }
        return "CREATE MAPPING \"" + format + "\" TYPE NavpackMap";
    }

    /** The statement {@code query} ({@code filter} or {@code aggregate}) over the map of {@code format}. */
    public static String statement(String query, String format) {
        String table = "\"" + format + "\"";
        if (query.equals("filter")) {
            return "SELECT __key FROM " + table + " WHERE currency1 = '" + ScanCluster.CURRENCY + "' AND amount1 > "
                    + ScanCluster.AMOUNT.toPlainString();
        }
        return "SELECT currency2, COUNT(*), SUM(amount2) FROM " + table + " WHERE amount1 > "
                + ScanCluster.AMOUNT.toPlainString() + " GROUP BY currency2";
    }

    /** Rows of the filter; for the aggregate, the number of trades its groups count. */
    public static long expected(String query, List<Trade> trades) {
        if (query.equals("filter")) {
            return ScanCluster.expected(trades);
        }
        return trades.stream().filter(t -> t.amount1().compareTo(ScanCluster.AMOUNT) > 0).count();
    }

    @Setup(Level.Trial)
    public void setUp() {
        cluster = ScanCluster.start(2, c -> c.getJetConfig().setEnabled(true));
        List<Trade> trades = TradeGenerator.trades(entries, TradeGenerator.SEED);
        long expected = expected(query, trades);
        long t0 = System.nanoTime();
        cluster.load(format, trades);
        double loadSeconds = (System.nanoTime() - t0) / 1e9;
        trades.clear();
        member = cluster.youngest();
        // Jet plans a statement on the partition table: wait until no partition is migrating
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!member.getPartitionService().isClusterSafe()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("partitions still migrating after 60 s");
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        try (SqlResult r = member.getSql().execute(mapping(format))) {
            r.updateCount();
        }
        sql = statement(query, format);
        long found = 0;
        try (SqlResult r = member.getSql().execute(sql)) {
            for (SqlRow row : r) {
                found += query.equals("filter") ? 1 : row.<Long>getObject(1);
            }
        }
        if (found != expected) {
            throw new IllegalStateException(format + " " + query + ": found " + found + ", expected " + expected);
        }
        System.out.printf(Locale.ROOT, "%n# %s %s: %,d entries loaded in %.1f s; %s finds %,d%n", format, query, entries,
                loadSeconds, sql, found);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        cluster.close();
    }

    @Benchmark
    public long sql() {
        long rows = 0;
        BigDecimal sink = BigDecimal.ZERO;
        try (SqlResult r = member.getSql().execute(sql)) {
            for (SqlRow row : r) {
                rows++;
                if (query.equals("aggregate")) {
                    sink = row.getObject(2);
                }
            }
        }
        return rows + sink.signum();
    }
}
