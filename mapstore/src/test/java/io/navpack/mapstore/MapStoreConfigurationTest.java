package io.navpack.mapstore;

import com.acme.trading.SeedTrades;
import com.acme.trading.Trade;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.DataConnectionConfig;
import com.hazelcast.config.InMemoryXmlConfig;
import com.hazelcast.config.InMemoryYamlConfig;
import com.hazelcast.config.MapConfig;
import com.hazelcast.config.MapStoreConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.navpack.fixtures.EmbeddedDatabase;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.NavpackConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The user guide's map store configuration in its three forms — hazelcast.xml, hazelcast.yaml and programmatic — read
 * from the guide and run on a member against a real PostgreSQL server (the guide's JDBC URL replaced by the test
 * server's), and the errors of properties that are wrong.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class MapStoreConfigurationTest {
    /** The JDBC URL the guide's snippets name. */
    private static final String GUIDE_URL = "jdbc:postgresql://127.0.0.1:5432/postgres";
    private static final EmbeddedDatabase db = StoreConfigs.database();
    private final String cluster = Loopback.clusterName();
    private final int port = Loopback.freePort();
    private final List<HazelcastInstance> instances = new ArrayList<>();

    @AfterEach
    void stop() throws SQLException {
        for (int i = instances.size() - 1; i >= 0; i--) {
            instances.get(i).shutdown();
        }
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS trades");
        }
    }

    static String snippet(String id) {
        try {
            String doc = Files.readString(Path.of(System.getProperty("basedir", "."), "..", "docs", "user-guide.md"));
            int marker = doc.indexOf("<!-- snippet: " + id + " -->");
            assertThat(marker).as("snippet %s in user-guide.md", id).isNotNegative();
            int open = doc.indexOf("```", marker);
            int start = doc.indexOf('\n', open) + 1;
            return doc.substring(start, doc.indexOf("```", start));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The programmatic configuration of the guide. */
    static Config programmatic() {
        Config config = new Config();
        config.addDataConnectionConfig(new DataConnectionConfig("trades-db").setType("JDBC")
                .setProperty("jdbcUrl", "jdbc:postgresql://127.0.0.1:5432/postgres")
                .setProperty("user", "postgres").setProperty("password", ""));
        MapStoreConfig store = new MapStoreConfig().setEnabled(true)
                .setClassName("io.navpack.mapstore.NavpackMapStore")
                .setInitialLoadMode(MapStoreConfig.InitialLoadMode.EAGER)
                .setWriteDelaySeconds(0)
                .setProperty("data-connection-ref", "trades-db")
                .setProperty("create-table", "true")
                .setProperty("columns", "currency1, tradeDate AS trade_date, amount1");
        config.addMapConfig(new MapConfig("trades").setBackupCount(1).setMapStoreConfig(store));
        return config;
    }

    /** Starts a member with {@code config} and a client of it, and sets the seed trades in {@code map}. */
    private void setSeedTrades(Config config, String map) {
        instances.add(Hazelcast.newHazelcastInstance(Loopback.member(config, cluster, port, port)));
        HazelcastInstance client = HazelcastClient.newHazelcastClient(
                Loopback.client(NavpackConfig.of(Trade.class).applyTo(new ClientConfig()), cluster, port));
        instances.add(client);
        IMap<Long, Trade> trades = client.getMap(map);
        for (Trade t : SeedTrades.load()) {
            trades.set(t.id(), t);
        }
    }

    /** Starts a member with {@code config} on the test database, writes the seed trades and checks their rows. */
    private void writesRows(Config config) throws SQLException {
        config.getDataConnectionConfig("trades-db").setProperty("jdbcUrl", db.jdbcUrl());
        setSeedTrades(config, "trades");
        try (Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*), count(DISTINCT currency1), min(trade_date) FROM trades")) {
            rs.next();
            assertThat(rs.getInt(1)).isEqualTo(SeedTrades.load().size());
            assertThat(rs.getInt(2)).isEqualTo((int) SeedTrades.load().stream().map(Trade::currency1).distinct().count());
            assertThat(rs.getObject(3, java.time.LocalDate.class)).isEqualTo(SeedTrades.load().stream()
                    .map(Trade::tradeDate).min(java.util.Comparator.naturalOrder()).orElseThrow());
        }
    }

    @Test
    void xml() throws SQLException {
        Config config = new InMemoryXmlConfig(snippet("mapstore-xml"));
        assertThat(config.getDataConnectionConfig("trades-db").getProperty("jdbcUrl")).isEqualTo(GUIDE_URL);
        writesRows(config);
    }

    @Test
    void yaml() throws SQLException {
        Config config = new InMemoryYamlConfig(snippet("mapstore-yaml"));
        assertThat(config.getDataConnectionConfig("trades-db").getProperty("jdbcUrl")).isEqualTo(GUIDE_URL);
        writesRows(config);
    }

    /** The distribution's config/member-mapstore.yaml: its map 'orders' written through to the database. */
    @Test
    void theDistributionsExample() throws IOException, SQLException {
        Path file = Path.of(System.getProperty("basedir", "."), "..", "dist", "src", "bundle", "config",
                "member-mapstore.yaml");
        Config config = new InMemoryYamlConfig(Files.readString(file));
        assertThat(config.getDataConnectionConfig("orders-db").getProperty("jdbcUrl")).isEqualTo(GUIDE_URL);
        config.getDataConnectionConfig("orders-db").setProperty("jdbcUrl", db.jdbcUrl());
        // a table of its own: the test database is shared with the other tests of this JVM
        config.getMapConfig("orders").getMapStoreConfig().setProperty("table-name", "bundle_orders");
        setSeedTrades(config, "orders");
        try (Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM bundle_orders")) {
            rs.next();
            assertThat(rs.getInt(1)).isEqualTo(SeedTrades.load().size());
        } finally {
            try (Connection c = db.connect(); Statement s = c.createStatement()) {
                s.execute("DROP TABLE IF EXISTS bundle_orders");
            }
        }
    }

    @Test
    void inJava() throws SQLException {
        writesRows(programmatic());
    }

    @Test
    void wrongPropertiesNameTheFix() {
        java.util.Properties p = new java.util.Properties();
        assertThatThrownBy(() -> StoreSettings.of(p, "trades")).hasMessageContaining("needs the property data-connection-ref");
        p.setProperty("data-connection-ref", "db");
        p.setProperty("colums", "currency1");
        assertThatThrownBy(() -> StoreSettings.of(p, "trades")).hasMessageContaining("unknown map store properties [colums]");
        p.remove("colums");
        p.setProperty("columns", "legs[any].notional");
        assertThatThrownBy(() -> StoreSettings.of(p, "trades")).hasMessageContaining("a column holds one value");
        p.setProperty("columns", "currency1, id");
        assertThatThrownBy(() -> StoreSettings.of(p, "trades")).hasMessageContaining("has the name of another column");
        p.setProperty("columns", "currency1, trade.tradeHeader.tradeDate AS trade_date, party[0].partyName");
        assertThat(StoreSettings.of(p, "trades").promoted).extracting(StoreSettings.Promoted::column)
                .containsExactly("currency1", "trade_date", "party_0_partyname");
        p.setProperty("json", "maybe");
        assertThatThrownBy(() -> StoreSettings.of(p, "trades")).hasMessageContaining("use off, beside or instead");
    }
}
