package io.navpack.cli;

import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.navpack.hazelcast.NavpackConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code navpack sql} against a running member: tables, JSON, writes, and the error of a member without Jet. */
class SqlCommandTest {
    static final List<HazelcastInstance> members = new ArrayList<>();
    static String address;
    static String cluster;
    static String noJetAddress;
    static String noJetCluster;
    static final List<Trade> trades = new ArrayList<>();

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static HazelcastInstance member(String name, int port, boolean jet) {
        Config c = new Config();
        c.setClusterName(name);
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.setProperty("hazelcast.socket.bind.any", "false");
        c.getJetConfig().setEnabled(jet);
        c.getNetworkConfig().setPort(port).setPortAutoIncrement(false);
        c.getNetworkConfig().getInterfaces().setEnabled(true).addInterface("127.0.0.1");
        c.getNetworkConfig().getJoin().getMulticastConfig().setEnabled(false);
        c.getNetworkConfig().getJoin().getAutoDetectionConfig().setEnabled(false);
        c.getNetworkConfig().getJoin().getTcpIpConfig().setEnabled(true).addMember("127.0.0.1:" + port);
        HazelcastInstance m = Hazelcast.newHazelcastInstance(c);
        members.add(m);
        return m;
    }

    @BeforeAll
    static void start() throws Exception {
        int port = freePort();
        cluster = "cli-sql-" + port;
        address = "127.0.0.1:" + port;
        member(cluster, port, true);
        int other = freePort();
        noJetCluster = "cli-sql-nojet-" + other;
        noJetAddress = "127.0.0.1:" + other;
        member(noJetCluster, other, false);
        ClientConfig cc = NavpackConfig.of(Trade.class).applyTo(new ClientConfig());
        cc.setClusterName(cluster);
        cc.getNetworkConfig().addAddress(address);
        HazelcastInstance client = HazelcastClient.newHazelcastClient(cc);
        IMap<Long, Trade> map = client.getMap("trades");
        for (long id = 1; id <= 300; id++) {
            Trade t = TradeGenerator.trade(id);
            trades.add(t);
            map.put(id, t);
        }
        client.shutdown();
    }

    @AfterAll
    static void stop() {
        members.forEach(HazelcastInstance::shutdown);
    }

    private static Object[] run(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            int code = Main.run(args);
            return new Object[] {code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8)};
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }

    @Test
    void mapsQueriesAndPrintsATableOrJson() {
        Object[] r = run("sql", "--cluster", address, "--cluster-name", cluster, "CREATE MAPPING trades TYPE NavpackMap",
                "SELECT currency1, COUNT(*) AS n FROM trades GROUP BY currency1 ORDER BY currency1");
        assertThat(r[0]).as((String) r[2]).isEqualTo(0);
        Map<String, Long> expected = trades.stream().collect(Collectors.groupingBy(Trade::currency1, TreeMap::new, Collectors.counting()));
        String out = (String) r[1];
        assertThat(out).startsWith("OK\n").contains("currency1 | n").contains("(" + expected.size() + " rows)");
        expected.forEach((currency, n) -> assertThat(out).containsPattern("(?m)^" + currency + "\\s+\\| " + n + "$"));

        Trade t = trades.get(4);
        Object[] json = run("sql", "--cluster", address, "--cluster-name", cluster, "--json",
                "SELECT id, currency1, amount1, buySell, tradeDate FROM trades WHERE id = 5");
        assertThat(json[0]).as((String) json[2]).isEqualTo(0);
        assertThat(((String) json[1]).trim()).startsWith("[").endsWith("]").contains("\"id\": 5",
                "\"currency1\": \"" + t.currency1() + "\"", "\"amount1\": " + t.amount1(), "\"buySell\": \"" + t.buySell() + "\"",
                "\"tradeDate\": \"" + t.tradeDate() + "\"");

        Object[] update = run("sql", "--cluster", address, "--cluster-name", cluster,
                "UPDATE trades SET amount1 = 1.5 WHERE id = 7", "SELECT amount1 FROM trades WHERE id = 7");
        assertThat(update[0]).as((String) update[2]).isEqualTo(0);
        assertThat((String) update[1]).startsWith("OK\n").contains("1.5");
        assertThat(new BigDecimal("1.5")).isNotEqualTo(trades.get(6).amount1());
    }

    @Test
    void aBadStatementAndAMemberWithoutJetAreOneLineErrors() {
        Object[] bad = run("sql", "--cluster", address, "--cluster-name", cluster, "SELECT nope FROM nowhere");
        assertThat(bad[0]).isEqualTo(Main.FAILED);
        assertThat(((String) bad[2]).trim()).startsWith("navpack: ").contains("nowhere").doesNotContain("\n");

        Object[] noJet = run("sql", "--cluster", noJetAddress, "--cluster-name", noJetCluster, "SELECT 1");
        assertThat(noJet[0]).isEqualTo(Main.FAILED);
        assertThat(((String) noJet[2]).trim()).contains("Jet engine is disabled").contains("jet enabled").doesNotContain("\n");
        assertThat(run("sql", "--help")[1]).asString().contains("--json", "NavpackMap");
    }
}
