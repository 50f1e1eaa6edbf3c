package io.navpack.mapstore;

import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.MapStoreConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.query.Predicates;
import io.navpack.fixtures.EmbeddedDatabase;
import io.navpack.format.Navpack;
import io.navpack.format.PackedRecord;
import io.navpack.format.Schema;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.ReadMode;
import io.navpack.hazelcast.schemas.SchemaService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The map store on members in this JVM and a real PostgreSQL server: the rows it writes (bytes as stored, type,
 * promoted columns typed from the schema, the schema table), a cold start that reads the catalog back from the
 * database with no client alive, tables it refuses, rows written by something else, read-through, deletes.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class MapStoreTest {
    private static final EmbeddedDatabase db = StoreConfigs.database();
    private final String cluster = Loopback.clusterName();
    private final int[] ports = {Loopback.freePort(), Loopback.freePort()};
    private final List<HazelcastInstance> members = new ArrayList<>();
    private final List<HazelcastInstance> clients = new ArrayList<>();

    @AfterEach
    void stop() {
        clients.forEach(HazelcastInstance::shutdown);
        members.forEach(HazelcastInstance::shutdown);
    }

    private void startMembers(String map, Map<String, String> props, int delay, MapStoreConfig.InitialLoadMode mode) {
        for (int port : ports) {
            Config c = StoreConfigs.member(cluster, port, ports, db, map, props, delay, mode);
            members.add(Hazelcast.newHazelcastInstance(c));
        }
    }

    private void stopCluster() {
        stop();
        clients.clear();
        members.clear();
    }

    private HazelcastInstance client(Class<?>... classes) {
        HazelcastInstance c = HazelcastClient.newHazelcastClient(
                Loopback.client(NavpackConfig.of(classes).applyTo(new ClientConfig()), cluster, ports));
        clients.add(c);
        return c;
    }

    private static Map<String, String> props(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    private static Map<Long, Trade> trades(int n) {
        Map<Long, Trade> out = new LinkedHashMap<>();
        for (Trade t : TradeGenerator.trades(n, 42)) {
            out.put(t.id(), t);
        }
        return out;
    }

    @Test
    void rowsHoldTheStoredBytesTheTypeAndTypedPromotedColumns() throws SQLException {
        startMembers("rows", props("create-table", "true", "columns", StoreConfigs.TRADE_COLUMNS), 0,
                MapStoreConfig.InitialLoadMode.EAGER);
        IMap<Long, Trade> map = client(Trade.class).getMap("rows");
        Map<Long, Trade> trades = trades(300);
        map.putAll(trades);
        map.put(-1L, trades.values().iterator().next());

        Navpack navpack = Navpack.of(Trade.class);
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT id, type_id, version, value, currency1, trade_date, amount1 FROM rows")) {
                int n = 0;
                while (rs.next()) {
                    n++;
                    long id = rs.getLong(1);
                    Trade t = id == -1 ? trades.values().iterator().next() : trades.get(id);
                    assertThat(rs.getInt(2)).isEqualTo(1);
                    assertThat(rs.getInt(3)).isEqualTo(1);
                    assertThat(rs.getBytes(4)).isEqualTo(navpack.encode(t));
                    assertThat(rs.getString(5)).isEqualTo(t.currency1());
                    assertThat(rs.getObject(6, java.time.LocalDate.class)).isEqualTo(t.tradeDate());
                    assertThat(rs.getBigDecimal(7)).isEqualByComparingTo(t.amount1());
                }
                assertThat(n).isEqualTo(301);
            }
            Map<String, String> types = new HashMap<>();
            try (ResultSet rs = s.executeQuery("SELECT column_name, data_type FROM information_schema.columns"
                    + " WHERE table_name = 'rows'")) {
                while (rs.next()) {
                    types.put(rs.getString(1), rs.getString(2));
                }
            }
            assertThat(types).containsExactlyInAnyOrderEntriesOf(Map.of("id", "bigint", "type_id", "integer",
                    "version", "integer", "value", "bytea", "currency1", "text", "trade_date", "date",
                    "amount1", "numeric"));
            try (ResultSet rs = s.executeQuery("SELECT type_name, schema_bytes FROM navpack_schemas WHERE type_id = 1"
                    + " AND version = 1")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("Trade");
                assertThat(Schema.fromBytes(rs.getBytes(2))).isEqualTo(navpack.registry().binding(Trade.class).schema());
            }
        }
        map.delete(-1L);
        map.removeAll(Predicates.sql("id < 10"));
        try (Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM rows")) {
            rs.next();
            assertThat(rs.getInt(1)).isEqualTo(300 - (int) trades.keySet().stream().filter(k -> k < 10).count());
        }
        map.clear(); // deleteAll of every key
        try (Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM rows")) {
            rs.next();
            assertThat(rs.getInt(1)).isZero();
        }
    }

    @Test
    void everyKeyIsReadAndTheConnectionGoesBackAtTheEnd() throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE streamed (id BIGINT PRIMARY KEY, type_id INTEGER, version INTEGER, value BYTEA)");
            s.execute("INSERT INTO streamed SELECT g, 1, 1, NULL FROM generate_series(1, 5000) g");
        }
        java.util.Properties p = new java.util.Properties();
        p.setProperty("data-connection-ref", "pg");
        StoreSettings settings = StoreSettings.of(p, "streamed");
        Connection c = db.connect();
        StoreTable t = new StoreTable(settings, Dialect.POSTGRESQL);
        t.prepare(c);
        KeyStream keys = new KeyStream(t, c, 100);
        java.util.Set<Object> seen = new java.util.HashSet<>();
        for (Object k : keys) {
            seen.add(k);
        }
        assertThat(seen).hasSize(5000).contains(1L, 5000L);
        assertThat(c.isClosed()).isTrue();
    }

    @Test
    void aClusterStartedColdReadsItsCatalogFromTheDatabaseAndLoadsEveryEntry() throws Exception {
        Map<String, String> props = props("create-table", "true", "columns", StoreConfigs.TRADE_COLUMNS);
        startMembers("cold", props, 0, MapStoreConfig.InitialLoadMode.EAGER);
        Map<Long, Trade> trades = trades(1000);
        client(Trade.class).<Long, Trade>getMap("cold").putAll(trades);
        stopCluster();

        startMembers("cold", props, 0, MapStoreConfig.InitialLoadMode.EAGER);
        // no client: the members restore the catalog from the schema table and load the map themselves
        HazelcastInstance m = members.get(0);
        assertThat(SchemaService.readCatalog(m).get(1, 1)).isNotNull();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (m.getMap("cold").size() < trades.size() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(m.getMap("cold").size()).isEqualTo(trades.size());

        // a client without the classes reads every value, byte for byte, and queries by plain names
        HazelcastInstance records = HazelcastClient.newHazelcastClient(Loopback.client(
                NavpackConfig.of().readMode(ReadMode.RECORD).applyTo(new ClientConfig()), cluster, ports));
        clients.add(records);
        IMap<Long, Object> map = records.getMap("cold");
        Navpack navpack = Navpack.of(Trade.class);
        for (Map.Entry<Long, Trade> e : trades.entrySet()) {
            PackedRecord r = PackedRecord.ofView(map.get(e.getKey()));
            assertThat(r).as("key %s", e.getKey()).isNotNull();
            assertThat(r.bytes()).isEqualTo(navpack.encode(e.getValue()));
        }
        long eur = trades.values().stream().filter(t -> t.currency1().equals("EUR")).count();
        assertThat(map.keySet(Predicates.sql("currency1 = 'EUR'"))).hasSize((int) eur);
    }

    @Test
    void aTableWithOtherColumnsIsRefusedNamingTheDifference() throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE refused (id BIGINT PRIMARY KEY, type_id INTEGER, version INTEGER, value BYTEA,"
                    + " currency1 TEXT, note TEXT)");
        }
        startMembers("refused", props("columns", StoreConfigs.TRADE_COLUMNS), 0, MapStoreConfig.InitialLoadMode.LAZY);
        IMap<Long, Trade> map = client(Trade.class).getMap("refused");
        assertThatThrownBy(() -> map.put(1L, TradeGenerator.trade(1)))
                .hasMessageContaining("table refused exists with other columns")
                .hasMessageContaining("it lacks [amount1, trade_date]")
                .hasMessageContaining("it has [note] besides");
        assertThatThrownBy(() -> map.get(1L)).hasMessageContaining("table refused exists with other columns");
    }

    @Test
    void rowsWrittenBySomethingElseAreNamedCountedAndSkipped() throws Exception {
        Map<String, String> props = props("create-table", "true", "columns", StoreConfigs.TRADE_COLUMNS);
        startMembers("foreign_rows", props, 0, MapStoreConfig.InitialLoadMode.EAGER);
        Map<Long, Trade> trades = trades(200);
        client(Trade.class).<Long, Trade>getMap("foreign_rows").putAll(trades);
        stopCluster();

        byte[] good = Navpack.of(Trade.class).encode(TradeGenerator.trade(7));
        byte[] unknownType = good.clone();
        unknownType[0] = 0x3F; // type id 63, which nobody has a schema for
        byte[] truncated = java.util.Arrays.copyOf(good, good.length - 3);
        try (Connection c = db.connect(); PreparedStatement ps = c.prepareStatement("INSERT INTO foreign_rows"
                + " (id, type_id, version, value, currency1, trade_date, amount1) VALUES (?, ?, 1, ?, ?, ?, ?)")) {
            Object[][] rows = {
                    {1001L, truncated, "EUR", 1},
                    {1002L, unknownType, "EUR", 1},
                    {1003L, null, "EUR", 1},
                    {1004L, good, "XXX", 1},  // currency1 disagrees with the bytes
                    {1005L, good, "AUD", 2}}; // type_id disagrees with the bytes
            for (Object[] r : rows) {
                ps.setLong(1, (Long) r[0]);
                ps.setInt(2, (Integer) r[3]);
                ps.setBytes(3, (byte[]) r[1]);
                ps.setString(4, (String) r[2]);
                ps.setObject(5, TradeGenerator.trade(7).tradeDate());
                ps.setBigDecimal(6, TradeGenerator.trade(7).amount1());
                ps.executeUpdate();
            }
        }
        List<String> log = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Handler handler = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord r) {
                log.add(r.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        java.util.logging.Logger jul = java.util.logging.Logger.getLogger(NavpackMapStore.class.getName());
        jul.addHandler(handler);
        try {
            startMembers("foreign_rows", props, 0, MapStoreConfig.InitialLoadMode.EAGER);
            IMap<Long, Object> map = client().getMap("foreign_rows");
            assertThat(map.size()).isEqualTo(trades.size() + 2);
        } finally {
            jul.removeHandler(handler);
        }
        assertThat(log).anyMatch(l -> l.contains("table foreign_rows, key 1001: row skipped, corrupt bytes"));
        assertThat(log).anyMatch(l -> l.contains("table foreign_rows, key 1002: row skipped, unknown type: type id 63"));
        assertThat(log).anyMatch(l -> l.contains("table foreign_rows, key 1003: row skipped, NULL in column value"));
        assertThat(log).anyMatch(l -> l.contains("table foreign_rows, key 1004: column currency1 holds 'XXX' but the"
                + " bytes hold"));
        assertThat(log).anyMatch(l -> l.contains("table foreign_rows, key 1005: columns type_id/version say 2/1 but the"
                + " bytes are a"));
        IMap<Long, Object> map = clients.get(0).getMap("foreign_rows");
        assertThat(map.containsKey(1004L) && map.containsKey(1005L)).isTrue();
        assertThat(map.containsKey(1001L) || map.containsKey(1002L) || map.containsKey(1003L)).isFalse();
        long skipped = 0;
        long disagreeing = 0;
        for (HazelcastInstance m : members) {
            NavpackMapStore store = NavpackMapStore.of(m, "foreign_rows");
            if (store != null) { // a member whose partitions loaded nothing may not have made its store yet
                skipped += store.skippedRows();
                disagreeing += store.disagreeingRows();
            }
        }
        // counted each time they are met: a member that joins while the map loads may load some keys again
        assertThat(skipped).isGreaterThanOrEqualTo(3);
        assertThat(disagreeing).isGreaterThanOrEqualTo(2);
    }

    @Test
    void lazyMapsReadThroughOnAMiss() throws SQLException {
        Map<String, String> props = props("create-table", "true", "key-type", "long");
        startMembers("lazy", props, 0, MapStoreConfig.InitialLoadMode.LAZY);
        IMap<Long, Trade> map = client(Trade.class).getMap("lazy");
        map.putAll(trades(50));
        map.evictAll();
        assertThat(map.size()).isZero();
        Trade t = trades(50).values().iterator().next();
        assertThat(map.get(t.id())).isEqualTo(t);
        assertThat(map.get(-5L)).isNull();
        try (Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM lazy")) {
            rs.next();
            assertThat(rs.getInt(1)).isEqualTo(50);
        }
    }
}
