package io.navpack.mapstore;

import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.ConfigXmlGenerator;
import com.hazelcast.config.MapStoreConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.query.Predicates;
import com.hazelcast.sql.SqlResult;
import com.hazelcast.sql.SqlRow;
import io.navpack.fixtures.EmbeddedDatabase;
import io.navpack.format.Navpack;
import io.navpack.format.PackedRecord;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.MemberJvm;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.ReadMode;
import io.navpack.hazelcast.schemas.SchemaService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.File;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Faults with members in their own JVMs and a real PostgreSQL server, each against an oracle of what the client was
 * told: a member killed (kill -9) during write-through and during write-behind; PostgreSQL stopped for 30 s under
 * load, then started; every member killed and new ones started with no client, reading everything back from the
 * database.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class MapStoreFaultsTest {
    private static final EmbeddedDatabase db = StoreConfigs.database();
    private final String cluster = Loopback.clusterName();
    private final int[] ports = {Loopback.freePort(), Loopback.freePort(), Loopback.freePort()};
    private final Path work = Path.of("target", "mapstore-faults", cluster);
    private final List<MemberJvm> members = new ArrayList<>();
    private final List<HazelcastInstance> clients = new ArrayList<>();
    private static final Navpack NAVPACK = Navpack.of(Trade.class);

    @AfterEach
    void stop() {
        clients.forEach(HazelcastInstance::shutdown);
        members.forEach(MemberJvm::close);
    }

    /** A member JVM with the maps {@code maps} (name to write delay), each stored in its own table. */
    private MemberJvm member(String name, int port, int[] ports, Map<String, Integer> maps) {
        Config c = Loopback.member(NavpackConfig.of().applyTo(new Config()), cluster, port, ports);
        c.getJetConfig().setEnabled(true);
        c.addDataConnectionConfig(StoreConfigs.dataConnection(db));
        maps.forEach((map, delay) -> c.addMapConfig(StoreConfigs.map(map,
                Map.of("create-table", "true", "key-type", "long", "columns", StoreConfigs.TRADE_COLUMNS), delay,
                MapStoreConfig.InitialLoadMode.EAGER)));
        MemberJvm m = MemberJvm.start(name, new ConfigXmlGenerator(true, false).generate(c), jdbcJars(),
                List.of(), work);
        members.add(m);
        return m;
    }

    /** What a member needs besides Hazelcast and navpack for a JDBC data connection: the driver and slf4j-api. */
    static List<Path> jdbcJars() {
        List<Path> out = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> Path.of(e).getFileName().toString().matches("(postgresql|slf4j-api)-[0-9.]+\\.jar"))
                .map(Path::of).collect(Collectors.toList());
        assertThat(out).hasSize(2);
        return out;
    }

    private HazelcastInstance client(NavpackConfig navpack) {
        ClientConfig config = Loopback.client(navpack.applyTo(new ClientConfig()), cluster, ports);
        config.getConnectionStrategyConfig().getConnectionRetryConfig().setClusterConnectTimeoutMillis(120_000)
                .setMaxBackoffMillis(1_000);
        HazelcastInstance c = HazelcastClient.newHazelcastClient(config);
        clients.add(c);
        return c;
    }

    /** The bytes of every row of {@code table}, by key. */
    private static Map<Long, byte[]> rows(String table) throws SQLException {
        Map<Long, byte[]> out = new HashMap<>();
        try (Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT id, value FROM " + table)) {
            while (rs.next()) {
                out.put(rs.getLong(1), rs.getBytes(2));
            }
        }
        return out;
    }

    /** The keys of {@code oracle} whose row is missing or holds other bytes than the acknowledged value's. */
    private static Set<Long> notInTable(String table, Map<Long, Trade> oracle) throws SQLException {
        Map<Long, byte[]> rows = rows(table);
        Set<Long> out = new TreeSet<>();
        oracle.forEach((k, t) -> {
            if (!Arrays.equals(rows.get(k), NAVPACK.encode(t))) {
                out.add(k);
            }
        });
        return out;
    }

    private static Set<Long> awaitInTable(String table, Map<Long, Trade> oracle, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        Set<Long> missing = notInTable(table, oracle);
        while (!missing.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(500);
            missing = notInTable(table, oracle);
        }
        return missing;
    }

    /** Sets trades of ids {@code from..} until {@code stop}, one at a time (no old value to load); what was acknowledged goes to {@code acked}. */
    private static Thread writer(IMap<Long, Trade> map, long from, int max, AtomicBoolean stop, Map<Long, Trade> acked,
                                 List<String> failures) {
        Thread t = new Thread(() -> {
            for (long id = from; id < from + max && !stop.get(); id++) {
                Trade trade = TradeGenerator.trade(id);
                try {
                    map.set(id, trade);
                    acked.put(id, trade);
                } catch (RuntimeException e) {
                    failures.add(String.valueOf(e.getMessage()));
                }
            }
        }, "writer-" + map.getName());
        t.start();
        return t;
    }

    @Test
    void aMemberKilledDuringWriteThroughAndWriteBehindLosesNothingAcknowledged() throws Exception {
        Map<String, Integer> maps = Map.of("wt_kill", 0, "wb_kill", 1);
        for (int i = 0; i < 3; i++) {
            member("member-" + (i + 1), ports[i], ports, maps);
        }
        HazelcastInstance client = client(NavpackConfig.of(Trade.class));
        Map<Long, Trade> wtAcked = new ConcurrentHashMap<>();
        Map<Long, Trade> wbAcked = new ConcurrentHashMap<>();
        List<String> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
        AtomicBoolean stop = new AtomicBoolean();
        Thread wt = writer(client.getMap("wt_kill"), 1, 4000, stop, wtAcked, failures);
        Thread wb = writer(client.getMap("wb_kill"), 1, 4000, stop, wbAcked, failures);
        while (wtAcked.size() < 500 || wbAcked.size() < 500) {
            Thread.sleep(20);
        }
        members.get(2).kill(); // kill -9: no goodbye, its write-behind queues only in the backups
        Thread.sleep(3000);
        stop.set(true);
        wt.join(60_000);
        wb.join(60_000);
        assertThat(wtAcked.size()).isGreaterThan(500);
        // write-through: a put is acknowledged after its row is committed
        assertThat(notInTable("wt_kill", wtAcked)).isEmpty();
        // write-behind: the killed member's queued entries were backed up on the others, which write them; Hazelcast's
        // backup of the queues is best effort (hazelcast/hazelcast#5757), so an entry the killed member held at the
        // kill may be lost: at most 1 % of those acknowledged, and every other one is in the table
        Set<Long> lost = awaitInTable("wb_kill", wbAcked, Duration.ofSeconds(60));
        System.out.printf("write-behind, a member killed: %d of %d acknowledged entries not in the table %s%n",
                lost.size(), wbAcked.size(), lost);
        assertThat(lost.size()).as("acknowledged entries lost: %s", lost).isLessThanOrEqualTo(wbAcked.size() / 100);
        assertThat(client.getCluster().getMembers()).hasSize(2);
    }

    @Test
    void postgresqlStoppedUnderLoadFailsWriteThroughPutsClearlyAndWriteBehindCatchesUp() throws Exception {
        Map<String, Integer> maps = Map.of("wt_down", 0, "wb_down", 1);
        for (int i = 0; i < 2; i++) {
            member("member-" + (i + 1), ports[i], Arrays.copyOf(ports, 2), maps);
        }
        HazelcastInstance client = client(NavpackConfig.of(Trade.class));
        Map<Long, Trade> wtAcked = new ConcurrentHashMap<>();
        Map<Long, Trade> wbAcked = new ConcurrentHashMap<>();
        List<String> wtFailures = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<String> wbFailures = new java.util.concurrent.CopyOnWriteArrayList<>();
        AtomicBoolean stop = new AtomicBoolean();
        Thread wt = writer(client.getMap("wt_down"), 1, 1_000_000, stop, wtAcked, wtFailures);
        Thread wb = writer(client.getMap("wb_down"), 1, 20_000, stop, wbAcked, wbFailures);
        Thread.sleep(3000);
        db.stop();
        long down = System.nanoTime();
        int ackedBefore = wtAcked.size();
        Thread.sleep(30_000);
        int ackedWhileDown = wtAcked.size() - ackedBefore;
        db.restart();
        long downFor = System.nanoTime() - down;
        Thread.sleep(5000);
        stop.set(true);
        wt.join(60_000);
        wb.join(60_000);

        assertThat(TimeUnit.NANOSECONDS.toSeconds(downFor)).isGreaterThanOrEqualTo(30);
        // write-through: puts failed while the database was down, each saying why; none was acknowledged then
        assertThat(wtFailures).isNotEmpty();
        assertThat(wtFailures).allMatch(m -> m.contains("navpack's map store of map 'wt_down' could not write 1 entry"
                + " in table wt_down (data connection 'pg')"));
        assertThat(ackedWhileDown).isLessThanOrEqualTo(2);
        assertThat(notInTable("wt_down", wtAcked)).isEmpty();
        // a failed put left the map and the table agreeing: neither has it — or, when the database committed its row
        // and went down before answering (the put's outcome cannot be known then), the table has it and the map reads
        // it from there; never a value in one and not the other
        IMap<Long, Trade> wtMap = client.getMap("wt_down");
        Map<Long, byte[]> wtRows = rows("wt_down");
        Set<Long> failedKeys = new TreeSet<>();
        for (long id = 1; id <= wtAcked.size() + wtFailures.size(); id++) {
            if (!wtAcked.containsKey(id)) {
                failedKeys.add(id);
            }
        }
        int committedUnanswered = 0;
        for (Long k : failedKeys) {
            Trade inMap = wtMap.get(k);
            if (wtRows.containsKey(k)) {
                committedUnanswered++;
                assertThat(wtRows.get(k)).as("failed put %s: the row committed", k).isEqualTo(NAVPACK.encode(TradeGenerator.trade(k)));
                assertThat(inMap).as("failed put %s: the map reads the committed row", k).isEqualTo(TradeGenerator.trade(k));
            } else {
                assertThat(inMap).as("failed put %s", k).isNull();
            }
        }
        assertThat(committedUnanswered).as("puts whose row committed as the database went down").isLessThanOrEqualTo(2);
        // write-behind: every put was acknowledged, queued, and written once the database was back
        assertThat(wbFailures).isEmpty();
        assertThat(awaitInTable("wb_down", wbAcked, Duration.ofSeconds(90))).isEmpty();
        assertThat(client.getCluster().getMembers()).hasSize(2);
        members.forEach(m -> assertThat(m.isAlive()).isTrue());
    }

    @Test
    void everyMemberKilledAndNewOnesStartedReadEverythingBackFromTheDatabase() throws Exception {
        int[] two = Arrays.copyOf(ports, 2);
        Map<String, Integer> maps = Map.of("restart", 0);
        member("old-1", ports[0], two, maps);
        member("old-2", ports[1], two, maps);
        Map<Long, Trade> trades = new LinkedHashMap<>();
        for (Trade t : TradeGenerator.trades(3000, 7)) {
            trades.put(t.id(), t);
        }
        HazelcastInstance writer = client(NavpackConfig.of(Trade.class));
        writer.<Long, Trade>getMap("restart").putAll(trades);
        writer.shutdown();
        clients.clear();
        for (MemberJvm m : members) {
            m.kill();
        }
        members.clear();

        MemberJvm first = member("new-1", ports[0], two, maps);
        MemberJvm second = member("new-2", ports[1], two, maps);
        // no client is alive: the members read the schemas from the database and load the map themselves
        first.awaitLog("schemas read from schema table navpack_schemas", Duration.ofSeconds(30));
        second.awaitLog("schemas read from schema table navpack_schemas", Duration.ofSeconds(30));

        HazelcastInstance reader = client(NavpackConfig.of().readMode(ReadMode.RECORD));
        assertThat(SchemaService.readCatalog(reader).get(1, 1)).isNotNull();
        IMap<Long, Object> map = reader.getMap("restart");
        assertThat(map.size()).isEqualTo(trades.size());
        Map<Long, Object> all = map.getAll(trades.keySet());
        for (Map.Entry<Long, Trade> e : trades.entrySet()) {
            PackedRecord r = PackedRecord.ofView(all.get(e.getKey()));
            assertThat(r).as("key %s", e.getKey()).isNotNull();
            assertThat(r.bytes()).as("key %s", e.getKey()).isEqualTo(NAVPACK.encode(e.getValue()));
        }
        // queries by plain names and SQL, against the same values filtered here
        Set<Long> eurBig = trades.values().stream()
                .filter(t -> t.currency1().equals("EUR") && t.amount1().compareTo(new BigDecimal("50000000")) > 0)
                .map(Trade::id).collect(Collectors.toCollection(TreeSet::new));
        assertThat(new TreeSet<>(map.keySet(Predicates.sql("currency1 = 'EUR' and amount1 > 50000000"))))
                .isEqualTo(eurBig);
        reader.getSql().execute("CREATE MAPPING restart TYPE NavpackMap").close();
        Set<Long> sql = new TreeSet<>();
        try (SqlResult r = reader.getSql().execute("SELECT __key FROM restart WHERE currency1 = 'EUR' AND amount1 > 50000000")) {
            for (SqlRow row : r) {
                sql.add(row.getObject(0));
            }
        }
        assertThat(sql).isEqualTo(eurBig);
        Map<String, Long> byCurrency = new HashMap<>();
        try (SqlResult r = reader.getSql().execute("SELECT currency1, COUNT(*) FROM restart GROUP BY currency1")) {
            for (SqlRow row : r) {
                byCurrency.put(row.getObject(0), row.getObject(1));
            }
        }
        assertThat(byCurrency).isEqualTo(trades.values().stream()
                .collect(Collectors.groupingBy(Trade::currency1, Collectors.counting())));
    }
}
