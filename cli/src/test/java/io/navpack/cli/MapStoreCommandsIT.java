package io.navpack.cli;

import com.acme.trading.SeedTrades;
import com.acme.trading.Trade;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.navpack.fixtures.EmbeddedDatabase;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.ReadMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code navpack member} with a map store in its YAML, on the jar the build made, and a real PostgreSQL server: the
 * member writes the trades to the table, {@code navpack schemas --database} lists the schema table beside the cluster's
 * schemas, and a new member started after the first was killed reads the schemas and the trades back with no client.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class MapStoreCommandsIT {
    @TempDir
    Path dir;

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static String yaml(String cluster, int port, EmbeddedDatabase db) {
        return "hazelcast:\n"
                + "  cluster-name: " + cluster + "\n"
                + "  jet:\n    enabled: true\n"
                + "  properties:\n    hazelcast.phone.home.enabled: false\n    hazelcast.socket.bind.any: false\n"
                + "  network:\n    port:\n      port: " + port + "\n      auto-increment: false\n"
                + "    interfaces:\n      enabled: true\n      interfaces:\n        - 127.0.0.1\n"
                + "    join:\n      auto-detection:\n        enabled: false\n      multicast:\n        enabled: false\n"
                + "      tcp-ip:\n        enabled: true\n        member-list:\n          - 127.0.0.1:" + port + "\n"
                + "  data-connection:\n    trades-db:\n      type: JDBC\n      shared: true\n      properties:\n"
                + "        jdbcUrl: " + db.jdbcUrl() + "\n        user: postgres\n        password: \"\"\n"
                + "  map:\n    trades:\n      backup-count: 1\n      map-store:\n        enabled: true\n"
                + "        initial-mode: EAGER\n        class-name: io.navpack.mapstore.NavpackMapStore\n"
                + "        write-delay-seconds: 0\n        properties:\n          data-connection-ref: trades-db\n"
                + "          create-table: true\n          columns: currency1, tradeDate AS trade_date, amount1\n";
    }

    private Process member(Path config, Path log) throws IOException {
        return new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-jar", Path.of("target", "navpack.jar").toAbsolutePath().toString(), "member", "--config", config.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static void await(Path log, String text) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!Files.exists(log) || !Files.readString(log).contains(text)) {
            assertThat(System.nanoTime()).as("'%s' in %s", text, log).isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    private static HazelcastInstance client(String cluster, int port, NavpackConfig navpack) {
        ClientConfig c = navpack.applyTo(new ClientConfig());
        c.setClusterName(cluster);
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.getNetworkConfig().addAddress("127.0.0.1:" + port);
        return HazelcastClient.newHazelcastClient(c);
    }

    @Test
    void aMemberTakesItsMapStoreFromItsYamlAndSchemasListsTheSchemaTable() throws Exception {
        String cluster = "navpack-it-" + UUID.randomUUID().toString().substring(0, 8);
        int port = freePort();
        try (EmbeddedDatabase db = EmbeddedDatabase.start()) {
            Path config = dir.resolve("member.yaml");
            Files.writeString(config, yaml(cluster, port, db));
            Process first = member(config, dir.resolve("first.log"));
            try {
                await(dir.resolve("first.log"), "started; Ctrl-C stops it");
                HazelcastInstance writer = client(cluster, port, NavpackConfig.of(Trade.class));
                try {
                    IMap<Long, Trade> trades = writer.getMap("trades");
                    for (Trade t : SeedTrades.load()) {
                        trades.set(t.id(), t);
                    }
                } finally {
                    writer.shutdown();
                }
                try (Connection c = db.connect(); Statement s = c.createStatement();
                     ResultSet rs = s.executeQuery("SELECT count(*) FROM trades")) {
                    rs.next();
                    assertThat(rs.getInt(1)).isEqualTo(SeedTrades.load().size());
                }
                Object[] r = CommandsTest.run("schemas", "--cluster", "127.0.0.1:" + port, "--cluster-name", cluster,
                        "--database", db.jdbcUrl() + "?user=postgres");
                assertThat(r[0]).as((String) r[2]).isEqualTo(0);
                assertThat((String) r[1]).contains("Trade").contains("# schema table navpack_schemas of "
                        + db.jdbcUrl() + "?user=postgres: 1 schemas, 0 of them not in the cluster");
            } finally {
                first.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }

            Process second = member(config, dir.resolve("second.log"));
            try {
                await(dir.resolve("second.log"), "1 schemas read from schema table navpack_schemas");
                await(dir.resolve("second.log"), "started; Ctrl-C stops it");
                HazelcastInstance reader = client(cluster, port, NavpackConfig.of().readMode(ReadMode.RECORD));
                try {
                    IMap<Long, Object> trades = reader.getMap("trades");
                    assertThat(trades.size()).isEqualTo(SeedTrades.load().size());
                    assertThat(trades.keySet(com.hazelcast.query.Predicates.equal("currency1", "EUR")))
                            .containsExactlyInAnyOrderElementsOf(SeedTrades.load().stream()
                                    .filter(t -> t.currency1().equals("EUR")).map(Trade::id).toList());
                } finally {
                    reader.shutdown();
                }
                Object[] r = CommandsTest.run("schemas", "--cluster", "127.0.0.1:" + port, "--cluster-name", cluster);
                assertThat(r[0]).as((String) r[2]).isEqualTo(0);
                assertThat((String) r[1]).contains("Trade");
            } finally {
                second.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        }
        assertThat(List.of(dir.resolve("first.log"), dir.resolve("second.log"))).allMatch(Files::exists);
    }
}
