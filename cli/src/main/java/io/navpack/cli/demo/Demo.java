package io.navpack.cli.demo;

import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import com.acme.trading.TradeView;
import com.acme.trading.peers.CompactTrade;
import com.acme.trading.peers.IdsTrade;
import com.acme.trading.peers.JavaTrade;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.AttributeConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.IndexConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.EvictionConfig;
import com.hazelcast.config.EvictionPolicy;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.MapConfig;
import com.hazelcast.config.MaxSizePolicy;
import com.hazelcast.config.NearCacheConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.map.LocalMapStats;
import com.hazelcast.partition.Partition;
import com.hazelcast.query.Predicates;
import io.navpack.extract.BreakEven;
import io.navpack.extract.NavpackExtractor;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.ReadMode;
import io.navpack.sizing.ClusterIndexReport;
import io.navpack.sizing.IndexSizer;
import io.navpack.sizing.SizingOptions;
import io.navpack.hazelcast.internal.HazelcastInstances;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import com.hazelcast.cluster.Member;
import io.navpack.cli.table.SqlTable;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.UUID;

/**
 * The demo: an embedded cluster on loopback, trades loaded into a navpack map with query indexes, and
 * measurements — stored size per format, heap per entry, queries in each extraction mode, break-evens,
 * the heap of a client near cache holding the trades as interface views and as the class, and the real heap
 * of every index beside Hazelcast's estimate.
 */
public final class Demo {
    public static final String MAP = "trades";
    /** At most this many trades are held in each client's near cache. */
    public static final int NEAR_CACHE_ENTRIES = 100_000;
    /**
     * How each extraction mode names a field: adaptive (the default) by its plain name, partial and full
     * through an attribute whose extractor fixes the mode.
     */
    static final Map<String, String> MODES = new LinkedHashMap<>();

    static {
        MODES.put("partial", "navPartial[$1]");
        MODES.put("full", "navFull[$1]");
        MODES.put("adaptive", "$1");
    }

    private final int members;
    private final long trades;
    private final int queryRuns;
    private final boolean sizing;
    private final PrintStream progress;
    private final List<HazelcastInstance> cluster = new ArrayList<>();

    public Demo(int members, long trades, int queryRuns, boolean sizing, PrintStream progress) {
        this.members = members;
        this.trades = trades;
        this.queryRuns = queryRuns;
        this.sizing = sizing;
        this.progress = progress;
    }

    private Path fpml;
    private long documents;

    /** Adds the documents step: the FpML trade documents of {@code dir} multiplied to {@code n} trades (0: none). */
    public Demo documents(Path dir, long n) {
        this.fpml = dir;
        this.documents = n;
        return this;
    }

    private long databaseTrades;
    private long databaseDocuments;

    /**
     * Adds the database step ({@link DatabaseStep}): {@code trades} trades and {@code documents} FpML trade documents
     * written to an embedded PostgreSQL server and read back by a cluster started cold (0 trades: none).
     */
    public Demo database(long trades, long documents) {
        this.databaseTrades = trades;
        this.databaseDocuments = documents;
        return this;
    }

    public DemoReport run() {
        long started = System.nanoTime();
        DemoReport report = new DemoReport();
        report.members = members;
        report.trades = trades;
        report.jvm = System.getProperty("java.vm.name") + " " + System.getProperty("java.version")
                + ", max heap " + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MB, "
                + Runtime.getRuntime().availableProcessors() + " cores";
        try {
            long t0 = System.nanoTime();
            startCluster();
            report.startup = Duration.ofNanos(System.nanoTime() - t0);
            HazelcastInstance hz = cluster.get(0);
            measureSizes(hz, report);
            t0 = System.nanoTime();
            load(hz.getMap(MAP));
            report.load = Duration.ofNanos(System.nanoTime() - t0);
            runQueries(youngest().getMap(MAP), report);
            runSql(youngest(), report);
            if (documents > 0) {
                if (fpml != null && Files.isDirectory(fpml)) {
                    try {
                        report.documents = new DocumentsStep(cluster, queryRuns, progress).run(fpml, documents);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                } else {
                    report.documentsSkipped = "no FpML documents at " + fpml + " (--fpml DIR)";
                }
            } else {
                report.documentsSkipped = "documents step skipped (--no-documents)";
            }
            measureNearCaches(report);
            for (BreakEven b : BreakEven.all()) {
                awaitMeasurement(b);
                report.breakEvens.add(new DemoReport.BreakEvenRow(b.schema().typeName() + " v" + b.schema().version(),
                        b.value(), b.measurement() == null ? Double.NaN : b.measurement().fullNanos(),
                        b.measurement() == null ? Double.NaN : b.measurement().singleNanos()));
            }
            long hzCost = 0;
            long entries = 0;
            for (HazelcastInstance m : cluster) {
                LocalMapStats stats = m.getMap(MAP).getLocalMapStats();
                hzCost += stats.getOwnedEntryMemoryCost();
                entries += stats.getOwnedEntryCount();
            }
            report.hazelcastCostPerEntry = entries == 0 ? 0 : (double) hzCost / entries;
            if (sizing) {
                progress.println("Sizing indexes on every member ...");
                ClusterIndexReport r = IndexSizer.forInstance(hz)
                        .withOptions(SizingOptions.defaults().withMapNames(MAP))
                        .size(Duration.ofMinutes(2));
                report.sizing = r;
                ClusterIndexReport.MapTotal total = r.mapTotal(MAP);
                if (total != null && total.entries() > 0) {
                    report.heapPerEntry = (double) total.dataHeapBytes() / total.entries();
                }
            } else {
                report.sizingSkipped = "sizing skipped (--no-sizing)";
            }
        } finally {
            for (HazelcastInstance m : cluster) {
                m.getLifecycleService().terminate();
            }
        }
        if (databaseTrades > 0) {
            try {
                report.database = new DatabaseStep(progress).run(databaseTrades, databaseDocuments, fpml);
            } catch (IOException | java.sql.SQLException e) {
                throw new IllegalStateException("the database step failed: " + e.getMessage(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted in the database step", e);
            }
        } else {
            report.databaseSkipped = "database step skipped (--no-database)";
        }
        report.total = Duration.ofNanos(System.nanoTime() - started);
        return report;
    }

    /**
     * The member that joined last. A query sent from the oldest member runs its own share before it
     * asks the others; sent from the youngest, all members scan at once.
     */
    private HazelcastInstance youngest() {
        Member last = null;
        for (Member m : cluster.get(0).getCluster().getMembers()) {
            last = m;
        }
        for (HazelcastInstance m : cluster) {
            if (m.getCluster().getLocalMember().equals(last)) {
                return m;
            }
        }
        return cluster.get(cluster.size() - 1);
    }

    /** The extractor measures in the background; the report waits a little for the figures. */
    private static void awaitMeasurement(BreakEven b) {
        try {
            b.awaitMeasurement(Duration.ofSeconds(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Config memberConfig(String clusterName, int port, int[] ports) {
        Config c = NavpackConfig.of(Trade.class).readMode(ReadMode.RECORD).applyTo(new Config());
        c.setClusterName(clusterName);
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.setProperty("hazelcast.logging.type", "jdk");
        // SQL runs on Jet (and needs the hazelcast-sql jar, which the demo has)
        c.getJetConfig().setEnabled(true);
        c.getNetworkConfig().setPort(port).setPortAutoIncrement(false);
        c.getNetworkConfig().getInterfaces().setEnabled(true).addInterface("127.0.0.1");
        c.setProperty("hazelcast.local.localAddress", "127.0.0.1");
        c.setProperty("hazelcast.socket.bind.any", "false");
        JoinConfig join = c.getNetworkConfig().getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true);
        for (int p : ports) {
            join.getTcpIpConfig().addMember("127.0.0.1:" + p);
        }
        c.getSerializationConfig().addDataSerializableFactory(IdsTrade.FACTORY_ID, new IdsTrade.Factory());
        MapConfig map = new MapConfig(MAP).setInMemoryFormat(InMemoryFormat.BINARY).setBackupCount(1)
                .addAttributeConfig(new AttributeConfig("navPartial", NavpackExtractor.Partial.class.getName()))
                .addAttributeConfig(new AttributeConfig("navFull", NavpackExtractor.Full.class.getName()))
                .addIndexConfig(new IndexConfig(IndexType.HASH, "currency1"))
                .addIndexConfig(new IndexConfig(IndexType.SORTED, "amount1"))
                .addIndexConfig(new IndexConfig(IndexType.SORTED, "tradeDate"));
        c.addMapConfig(map);
        return c;
    }

    private void startCluster() {
        progress.println("Starting " + members + " members on 127.0.0.1 ...");
        int[] ports = new int[members];
        for (int i = 0; i < members; i++) {
            ports[i] = freePort();
        }
        String name = "navpack-demo-" + ProcessHandle.current().pid();
        // the first member starts alone and becomes the master; the others then join it together. Members that
        // all start at once can each elect themselves and form separate clusters that merge only minutes later.
        cluster.add(Hazelcast.newHazelcastInstance(memberConfig(name, ports[0], ports)));
        List<Thread> starters = new ArrayList<>();
        HazelcastInstance[] started = new HazelcastInstance[members];
        RuntimeException[] failure = new RuntimeException[1];
        for (int i = 1; i < members; i++) {
            int n = i;
            Thread t = new Thread(() -> {
                try {
                    started[n] = Hazelcast.newHazelcastInstance(memberConfig(name, ports[n], ports));
                } catch (RuntimeException e) {
                    failure[0] = e;
                }
            }, "demo-member-start-" + i);
            t.start();
            starters.add(t);
        }
        for (Thread t : starters) {
            try {
                t.join(120_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while starting members", e);
            }
        }
        cluster.addAll(Arrays.asList(started));
        cluster.removeIf(Objects::isNull);
        if (failure[0] != null) {
            throw failure[0];
        }
        if (cluster.size() != members) {
            throw new IllegalStateException("only " + cluster.size() + " of " + members + " members started");
        }
        awaitOneCluster();
    }

    /**
     * Waits (at most 60 s) until every member's member list holds all members (views are updated asynchronously) and
     * every member owns partitions with no migration left: an SQL job planned before a new member owns any partition
     * fails ("Selected members do not contain the required member").
     */
    private void awaitOneCluster() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            int smallest = cluster.stream().mapToInt(m -> m.getCluster().getMembers().size()).min().orElse(0);
            if (smallest == members && everyMemberOwnsPartitions()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(members + " members started but " + (smallest < members
                        ? "one sees only " + smallest + " members" : "the partitions are not spread over them")
                        + " after 60 s");
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the members to see each other", e);
            }
        }
    }

    private boolean everyMemberOwnsPartitions() {
        Set<UUID> owners = new HashSet<>();
        for (Partition p : cluster.get(0).getPartitionService().getPartitions()) {
            if (p.getOwner() != null) {
                owners.add(p.getOwner().getUuid());
            }
        }
        for (HazelcastInstance m : cluster) {
            if (!owners.contains(m.getCluster().getLocalMember().getUuid()) || !m.getPartitionService().isClusterSafe()) {
                return false;
            }
        }
        return true;
    }

    /** Average Hazelcast Data size of the same trades in four formats, from a member's serialization service. */
    private void measureSizes(HazelcastInstance hz, DemoReport report) {
        int sample = (int) Math.min(trades, 10_000);
        long[] total = new long[4];
        for (long id = 1; id <= sample; id++) {
            Trade t = TradeGenerator.trade(id);
            total[0] += HazelcastInstances.storedSize(hz, t);
            total[1] += HazelcastInstances.storedSize(hz, JavaTrade.of(t));
            total[2] += HazelcastInstances.storedSize(hz, IdsTrade.of(t));
            total[3] += HazelcastInstances.storedSize(hz, CompactTrade.of(t));
        }
        String[] names = {"navpack", "Java serialization", "IdentifiedDataSerializable", "Compact"};
        for (int i = 0; i < names.length; i++) {
            report.bytesPerTrade.put(names[i], (double) total[i] / sample);
        }
    }

    private void load(IMap<Long, Trade> map) {
        Progress bar = new Progress(progress, "Loading trades", trades);
        Map<Long, Trade> batch = new HashMap<>();
        int batchSize = 5_000;
        for (long id = 1; id <= trades; id++) {
            batch.put(id, TradeGenerator.trade(id));
            if (batch.size() == batchSize || id == trades) {
                map.putAll(batch);
                batch.clear();
                bar.update(id);
            }
        }
        bar.done();
    }

    /**
     * Two clients, each with a near cache (OBJECT format) on the map filled with the same trades: one reads
     * them as {@link TradeView}s ({@code navpack.view.Trade}), the other as {@link Trade} objects. The heap
     * each near cache holds, per entry, is the heap in use after collection after filling it minus before.
     */
    private void measureNearCaches(DemoReport report) {
        int n = (int) Math.min(trades, NEAR_CACHE_ENTRIES);
        progress.println("Filling client near caches with " + n + " trades, as views and as the class ...");
        report.nearCacheEntries = n;
        for (String form : List.of("views", "class")) {
            NavpackConfig navpack = NavpackConfig.of(Trade.class);
            if (form.equals("views")) {
                navpack.view("Trade", TradeView.class);
            }
            ClientConfig c = navpack.applyTo(new ClientConfig());
            HazelcastInstance member = cluster.get(0);
            c.setClusterName(member.getConfig().getClusterName());
            c.setProperty("hazelcast.phone.home.enabled", "false");
            c.setProperty("hazelcast.logging.type", "jdk");
            c.getNetworkConfig().addAddress("127.0.0.1:" + member.getCluster().getLocalMember().getAddress().getPort());
            c.addNearCacheConfig(new NearCacheConfig(MAP).setInMemoryFormat(InMemoryFormat.OBJECT)
                    .setEvictionConfig(new EvictionConfig().setEvictionPolicy(EvictionPolicy.NONE)
                            .setMaxSizePolicy(MaxSizePolicy.ENTRY_COUNT).setSize(Integer.MAX_VALUE)));
            HazelcastInstance client = HazelcastClient.newHazelcastClient(c);
            try {
                IMap<Long, Object> map = client.getMap(MAP);
                long before = usedHeapAfterGc();
                Set<Long> keys = new HashSet<>();
                for (long id = 1; id <= n; id++) {
                    keys.add(id);
                    if (keys.size() == 5_000 || id == n) {
                        map.getAll(keys);
                        keys.clear();
                    }
                }
                long after = usedHeapAfterGc();
                long held = map.getLocalMapStats().getNearCacheStats().getOwnedEntryCount();
                if (held != n) {
                    throw new IllegalStateException("the near cache of " + form + " holds " + held + " trades, not " + n);
                }
                report.nearCacheBytesPerEntry.put(form, (double) (after - before) / n);
                report.nearCacheValueClass.put(form, map.get(1L).getClass());
            } finally {
                client.shutdown();
            }
        }
    }

    /** Heap in use after collection: every heap pool's usage after the last of two {@code System.gc()}. */
    static long usedHeapAfterGc() {
        for (int i = 0; i < 2; i++) {
            System.gc();
        }
        long used = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                MemoryUsage u = pool.getCollectionUsage();
                if (u != null) {
                    used += u.getUsed();
                }
            }
        }
        return used;
    }

    /** The queries, by plain field names; each mode rewrites the names in braces its own way ({@link #MODES}). */
    private static final String[][] QUERIES = {
            {"one field", "{currency2} = 'USD'", "1"},
            {"two fields", "{currency2} = 'USD' and {amount2} > 50000000", "2"},
            {"six fields", "{currency2} in ('USD', 'EUR') and {exchangeRate} < 1.5 and {settlementDate} > '2014-08-15'"
                    + " and {buySell} = 'SELL' and {amount2} > 1000000 and {id} > 10", "6"},
    };

    private static final Pattern FIELD = Pattern.compile("\\{(\\w+)}");

    /** {@code query} with every {@code {field}} written as {@code mode} names fields. */
    static String inMode(String query, String mode) {
        return FIELD.matcher(query).replaceAll(MODES.get(mode));
    }

    private void runQueries(IMap<Long, Trade> map, DemoReport report) {
        progress.println("Querying in partial, full and adaptive modes ...");
        for (String[] q : QUERIES) {
            Map<String, double[]> times = new LinkedHashMap<>();
            Map<String, Set<Long>> keys = new LinkedHashMap<>();
            for (String mode : MODES.keySet()) {
                times.put(mode, new double[queryRuns]);
            }
            // one untimed round, then rounds that run every mode in turn, so no mode gains from running later
            for (int run = -1; run < queryRuns; run++) {
                for (Map.Entry<String, String> mode : MODES.entrySet()) {
                    String sql = inMode(q[1], mode.getKey());
                    long t0 = System.nanoTime();
                    Set<Long> found = new HashSet<>(map.keySet(Predicates.sql(sql)));
                    double ms = (System.nanoTime() - t0) / 1e6;
                    if (run >= 0) {
                        times.get(mode.getKey())[run] = ms;
                    }
                    keys.put(mode.getKey(), found);
                }
            }
            Set<Long> reference = keys.get("partial");
            Map<String, Long> results = new LinkedHashMap<>();
            Map<String, Double> millis = new LinkedHashMap<>();
            for (String mode : MODES.keySet()) {
                double[] t = times.get(mode);
                Arrays.sort(t);
                // a mode that finds other entries than partial reads is reported as -1
                results.put(mode, keys.get(mode).equals(reference) ? (long) reference.size() : -1L);
                millis.put(mode, t[t.length / 2]);
            }
            report.queries.add(new DemoReport.QueryRun(q[0], inMode(q[1], "adaptive"), Integer.parseInt(q[2]),
                    results, millis));
        }
        String indexed = "currency1 = 'EUR' and amount1 > 100000000";
        double[] times = new double[queryRuns];
        long count = 0;
        for (int run = 0; run < queryRuns; run++) {
            long t0 = System.nanoTime();
            count = map.keySet(Predicates.sql(indexed)).size();
            times[run] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(times);
        report.indexedQuery = new DemoReport.QueryRun("indexed", indexed, 2, Map.of("adaptive", count),
                Map.of("adaptive", times[times.length / 2]));
    }

    /** The SQL query of the demo: the same trades through Hazelcast SQL, mapped from navpack's schemas. */
    static final String SQL = "SELECT currency1, COUNT(*) AS trades, SUM(amount1) AS amount1 FROM trades "
            + "WHERE tradeDate >= DATE '2014-09-01' AND buySell = 'BUY' GROUP BY currency1 ORDER BY currency1";

    private void runSql(HazelcastInstance hz, DemoReport report) {
        progress.println("Querying with SQL ...");
        SqlTable.execute(hz, "CREATE MAPPING " + MAP + " TYPE NavpackMap", 1);
        SqlTable table = null;
        double[] times = new double[queryRuns];
        for (int run = -1; run < queryRuns; run++) {
            table = SqlTable.execute(hz, SQL, 1_000);
            if (run >= 0) {
                times[run] = table.millis();
            }
        }
        Arrays.sort(times);
        long sqlTrades = 0;
        for (List<Object> row : table.rows()) {
            sqlTrades += (Long) row.get(1);
        }
        // the same filter through the predicate API: the two answers must agree
        long byPredicate = hz.getMap(MAP).keySet(Predicates.sql("tradeDate >= '2014-09-01' and buySell = 'BUY'")).size();
        report.sql = new DemoReport.SqlRun(table, times[times.length / 2], sqlTrades == byPredicate);
    }

    /** A progress bar on one line. */
    static final class Progress {
        private final PrintStream out;
        private final String label;
        private final long total;
        private final long started = System.nanoTime();
        private int lastPercent = -1;

        Progress(PrintStream out, String label, long total) {
            this.out = out;
            this.label = label;
            this.total = Math.max(total, 1);
        }

        void update(long done) {
            int percent = (int) (done * 100 / total);
            if (percent == lastPercent) {
                return;
            }
            lastPercent = percent;
            int width = 30;
            int filled = percent * width / 100;
            out.printf("\r%s [%s%s] %3d%% %,d/%,d  %.1f s", label, "#".repeat(filled), ".".repeat(width - filled), percent,
                    done, total, (System.nanoTime() - started) / 1e9);
            out.flush();
        }

        void done() {
            out.println();
        }
    }
}
