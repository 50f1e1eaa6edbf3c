package io.navpack.mapstore;

import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.DataConnectionConfig;
import com.hazelcast.config.MapStoreConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.query.Predicates;
import io.navpack.format.Navpack;
import io.navpack.format.PackedRecord;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.ReadMode;
import org.h2.tools.Server;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The map store on H2 in server mode (TCP, 127.0.0.1 only): H2's own statements (MERGE, keys listed with IN), rows
 * typed from the schema, deletes, and a cluster started cold loading everything back with no client.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class H2ServerTest {
    private final String cluster = Loopback.clusterName();
    private final int[] ports = {Loopback.freePort(), Loopback.freePort()};
    private final List<HazelcastInstance> instances = new ArrayList<>();
    private Server server;

    @AfterEach
    void stop() {
        for (int i = instances.size() - 1; i >= 0; i--) {
            instances.get(i).shutdown();
        }
        instances.clear();
        if (server != null) {
            server.stop();
        }
    }

    private String url() {
        return "jdbc:h2:tcp://127.0.0.1:" + server.getPort() + "/mem:navpack;DB_CLOSE_DELAY=-1";
    }

    private void startMembers() {
        for (int port : ports) {
            Config c = Loopback.member(NavpackConfig.of().applyTo(new Config()), cluster, port, ports);
            c.addDataConnectionConfig(new DataConnectionConfig(StoreConfigs.DATA_CONNECTION).setType("JDBC")
                    .setProperty("jdbcUrl", url()).setProperty("user", "sa").setProperty("password", ""));
            c.addMapConfig(StoreConfigs.map("trades", Map.of("create-table", "true", "key-type", "long",
                    "columns", StoreConfigs.TRADE_COLUMNS), 0, MapStoreConfig.InitialLoadMode.EAGER));
            instances.add(Hazelcast.newHazelcastInstance(c));
        }
    }

    @Test
    void writesLoadsAndDeletesOnH2InServerMode() throws Exception {
        // H2 listens on every interface unless told otherwise
        System.setProperty("h2.bindAddress", "127.0.0.1");
        server = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
        startMembers();
        HazelcastInstance writer = HazelcastClient.newHazelcastClient(
                Loopback.client(NavpackConfig.of(Trade.class).applyTo(new ClientConfig()), cluster, ports));
        instances.add(writer);
        Map<Long, Trade> trades = new LinkedHashMap<>();
        for (Trade t : TradeGenerator.trades(500, 3)) {
            trades.put(t.id(), t);
        }
        IMap<Long, Trade> map = writer.getMap("trades");
        map.putAll(trades);
        map.set(1L, trades.get(1L));
        map.delete(2L);
        trades.remove(2L);
        try (Connection c = DriverManager.getConnection(url(), "sa", ""); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT count(*), count(DISTINCT currency1) FROM trades")) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(trades.size());
            }
            try (ResultSet rs = s.executeQuery("SELECT DATA_TYPE FROM INFORMATION_SCHEMA.COLUMNS WHERE TABLE_NAME ="
                    + " 'TRADES' AND COLUMN_NAME = 'TRADE_DATE'")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("DATE");
            }
        }
        for (HazelcastInstance i : instances) {
            i.shutdown();
        }
        instances.clear();

        startMembers();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (instances.get(0).getMap("trades").size() < trades.size() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        HazelcastInstance reader = HazelcastClient.newHazelcastClient(Loopback.client(
                NavpackConfig.of().readMode(ReadMode.RECORD).applyTo(new ClientConfig()), cluster, ports));
        instances.add(reader);
        IMap<Long, Object> back = reader.getMap("trades");
        assertThat(back.size()).isEqualTo(trades.size());
        Navpack navpack = Navpack.of(Trade.class);
        Map<Long, Object> all = back.getAll(trades.keySet());
        trades.forEach((k, t) -> assertThat(PackedRecord.ofView(all.get(k)).bytes()).isEqualTo(navpack.encode(t)));
        assertThat(back.keySet(Predicates.equal("currency1", "EUR"))).hasSize(
                (int) trades.values().stream().filter(t -> t.currency1().equals("EUR")).count());
    }
}
