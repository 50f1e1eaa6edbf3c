package io.navpack.mapstore;

import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.navpack.fixtures.EmbeddedDatabase;
import io.navpack.format.Navpack;
import io.navpack.format.PackedRecord;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.MemberJvm;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.ReadMode;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The map store on a member of every supported Hazelcast version (5.5 and 5.6 from their own jars): its JDBC data
 * connection (the adapter {@code JdbcConnections}), rows written through, and a new member that reads the schemas and
 * the rows back with no client.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class MapStoreVersionsTest {
    private static final EmbeddedDatabase db = StoreConfigs.database();

    private static List<Path> hazelcastJars(String version) {
        if (version.equals(com.hazelcast.instance.GeneratedBuildProperties.VERSION)) {
            return List.of();
        }
        Path jar = Path.of(System.getProperty("navpack.hazelcast.versions", "target/hazelcast-versions"),
                "hazelcast-" + version + ".jar");
        assertThat(jar).as("the build copies Hazelcast %s for this test", version).exists();
        return List.of(jar);
    }

    @ParameterizedTest
    @ValueSource(strings = {"5.5.0", "5.6.0", "5.7.0"})
    void rowsWrittenAndReadBackOnAMemberOfThisVersion(String version) throws Exception {
        String cluster = Loopback.clusterName();
        int port = Loopback.freePort();
        String map = "trades_" + version.replace('.', '_');
        String xml = Loopback.memberXml(cluster, port, new int[] {port}, "<jet enabled=\"false\"/>"
                + StoreConfigs.xml(db, map, Map.of("create-table", "true", "key-type", "long", "columns",
                StoreConfigs.TRADE_COLUMNS), 0, "EAGER").replace("<jet enabled=\"true\"/>", ""));
        Path work = Path.of("target", "mapstore-versions", version + "-" + cluster);
        Map<Long, Trade> trades = new LinkedHashMap<>();
        for (Trade t : TradeGenerator.trades(200, 5)) {
            trades.put(t.id(), t);
        }
        try (MemberJvm first = MemberJvm.start("first", xml, hazelcastJars(version), MapStoreFaultsTest.jdbcJars(),
                List.of(), work)) {
            HazelcastInstance client = HazelcastClient.newHazelcastClient(
                    Loopback.client(NavpackConfig.of(Trade.class).applyTo(new ClientConfig()), cluster, port));
            try {
                client.<Long, Trade>getMap(map).putAll(trades);
            } finally {
                client.shutdown();
            }
            assertThat(first.logText()).contains("[" + version + "]");
        }
        try (Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM " + map)) {
            rs.next();
            assertThat(rs.getInt(1)).isEqualTo(trades.size());
        }
        try (MemberJvm second = MemberJvm.start("second", xml, hazelcastJars(version), MapStoreFaultsTest.jdbcJars(),
                List.of(), work)) {
            second.awaitLog("schemas read from schema table navpack_schemas", Duration.ofSeconds(30));
            HazelcastInstance client = HazelcastClient.newHazelcastClient(Loopback.client(
                    NavpackConfig.of().readMode(ReadMode.RECORD).applyTo(new ClientConfig()), cluster, port));
            try {
                IMap<Long, Object> back = client.getMap(map);
                assertThat(back.size()).isEqualTo(trades.size());
                Navpack navpack = Navpack.of(Trade.class);
                Map<Long, Object> all = back.getAll(trades.keySet());
                trades.forEach((k, t) -> assertThat(PackedRecord.ofView(all.get(k)).bytes()).isEqualTo(navpack.encode(t)));
            } finally {
                client.shutdown();
            }
        }
    }
}
