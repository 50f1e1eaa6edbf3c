package io.navpack.bench.scan;

import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.sql.SqlResult;
import com.hazelcast.sql.SqlRow;
import io.navpack.bench.SqlScanBenchmark;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The scan query of {@code ScanQueryBenchmark} and the two statements of {@code SqlScanBenchmark} over every map at once,
 * in paired rounds: the same trades ({@link TradeGenerator#trades}) in the maps of {@link ScanCluster} (two embedded
 * members, Jet on, no backups, no indexes), each round running every query once on every map in an order that rotates
 * from round to round. On a machine whose load changes from minute to minute, the ratio of two maps' times within one
 * round is steadier than either time: the harness reports each map's median and range and the median and range over
 * the rounds of each navpack map's ratio to Compact's, and the bytes every thread of the JVM allocated per entry.
 *
 * <pre>java -Xmx6g -cp benchmarks/target/benchmarks.jar io.navpack.bench.scan.TradeQueryHarness [trades] [rounds]</pre>
 * Trades default to 1,000,000, rounds to 15 (after two rounds not counted). {@code -Dnavpack.bench.only=REGEX} runs only the
 * queries whose names (as printed) match.
 */
public final class TradeQueryHarness {
    /** The maps of the scan and the statements; the scan also on navpack's OBJECT map with NavpackPredicates. */
    static final List<String> SCAN = List.of("navpack-object", "navpack-predicate", "navpack-plain", "compact");
    static final List<String> SQL = List.of("navpack", "navpack-object", "compact");
    /**
     * The two statements, and {@code keys}: a scan that reads no value ({@code WHERE __key < -1}, no row), the part of
     * every statement's time that is Hazelcast's per row (fetching the entry, for OBJECT maps serialising the value,
     * reading the key) and that no value format changes.
     */
    static final List<String> STATEMENTS = List.of("filter", "aggregate", "keys");

    private TradeQueryHarness() {
    }

    public static void main(String[] args) throws IOException {
        int entries = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        System.out.printf(Locale.ROOT, "# %s, %d cores, max heap %d MB, load before %s%n", System.getProperty("java.vm.version"),
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20, PairedRounds.load());
        try (ScanCluster cluster = ScanCluster.start(2, c -> c.getJetConfig().setEnabled(true))) {
            List<Trade> trades = TradeGenerator.trades(entries, TradeGenerator.SEED);
            int expected = ScanCluster.expected(trades);
            long t0 = System.nanoTime();
            for (String f : List.of("navpack", "navpack-plain", "navpack-object", "navpack-predicate", "compact")) {
                cluster.load(f, trades);
            }
            long aggregated = SqlScanBenchmark.expected("aggregate", trades);
            trades.clear();
            HazelcastInstance member = cluster.youngest();
            for (String f : SQL) {
                try (SqlResult r = member.getSql().execute(SqlScanBenchmark.mapping(f))) {
                    r.updateCount();
                }
            }
            System.out.printf(Locale.ROOT, "# %,d trades loaded into five maps in %.0f s; the scan finds %,d; load %s%n", entries,
                    (System.nanoTime() - t0) / 1e9, expected, PairedRounds.load());
            List<String> names = new ArrayList<>();
            List<LongSupplier> queries = new ArrayList<>();
            List<Long> answers = new ArrayList<>();
            for (String f : SCAN) {
                names.add("scan " + f);
                queries.add(() -> cluster.map(f).keySet(ScanCluster.query(f)).size());
                answers.add((long) expected);
            }
            for (String q : STATEMENTS) {
                for (String f : SQL) {
                    String sql = q.equals("keys") ? "SELECT __key FROM \"" + f + "\" WHERE __key < -1"
                            : SqlScanBenchmark.statement(q, f);
                    names.add("SQL " + q + " " + f);
                    queries.add(() -> {
                        long found = 0;
                        try (SqlResult r = member.getSql().execute(sql)) {
                            for (SqlRow row : r) {
                                found += q.equals("filter") ? 1 : row.<Long>getObject(1);
                            }
                        }
                        return found;
                    });
                    answers.add(q.equals("filter") ? (long) expected : q.equals("keys") ? 0L : aggregated);
                }
            }
            String only = System.getProperty("navpack.bench.only");
            if (only != null) {
                // one query alone (e.g. under a profiler): the others are not run
                for (int i = names.size() - 1; i >= 0; i--) {
                    if (!names.get(i).matches(only)) {
                        names.remove(i);
                        queries.remove(i);
                        answers.remove(i);
                    }
                }
            }
            run(names, queries, answers, entries, rounds);
        }
    }

    private static void run(List<String> names, List<LongSupplier> queries, List<Long> answers, int entries, int rounds) {
        int n = names.size();
        double[][] ms = new double[n][rounds];
        long[] alloc = new long[n];
        for (int r = -2; r < rounds; r++) {
            for (int k = 0; k < n; k++) {
                int i = Math.floorMod(k + r, n);
                long a0 = PairedRounds.allocated();
                long t0 = System.nanoTime();
                long found = queries.get(i).getAsLong();
                double t = (System.nanoTime() - t0) / 1e6;
                long a = PairedRounds.allocated() - a0;
                if (found != answers.get(i)) {
                    throw new IllegalStateException(names.get(i) + " found " + found + ", expected " + answers.get(i));
                }
                if (r >= 0) {
                    ms[i][r] = t;
                    alloc[i] += a;
                }
            }
            if (r >= 0) {
                System.out.printf(Locale.ROOT, "# round %d done, load %s%n", r + 1, PairedRounds.load());
            }
        }
        System.out.printf(Locale.ROOT, "%n%,d trades, 2 members, %d rounds (after 2 not counted), load after %s%n", entries, rounds,
                PairedRounds.load());
        System.out.printf(Locale.ROOT, "%-34s %24s %12s%n", "query and map", "ms: median (range)", "B/entry");
        for (int i = 0; i < n; i++) {
            System.out.printf(Locale.ROOT, "%-34s %24s %12.0f%n", names.get(i), PairedRounds.summary(ms[i]), (double) alloc[i] / rounds / entries);
        }
        System.out.println();
        System.out.println("Ratios to Compact's time per round (median, range over the rounds):");
        int compactScan = names.indexOf("scan compact");
        for (int i = 0; i < n; i++) {
            String name = names.get(i);
            int peer = name.startsWith("scan ") ? compactScan : names.indexOf(name.substring(0, name.lastIndexOf(' ')) + " compact");
            if (i != peer && peer >= 0) {
                System.out.printf(Locale.ROOT, "  %-34s %s%n", name, PairedRounds.ratio(ms[i], ms[peer]));
            }
        }
    }




}
