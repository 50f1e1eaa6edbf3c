package io.navpack.cli;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.query.Predicates;
import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import io.navpack.hazelcast.NavpackConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code navpack member --config hazelcast.yaml} with the configuration of the user guide (snippet
 * {@code member-start-yaml}, this test's cluster name and port): the member starts with navpack active and the
 * agent present, a client stores and queries trades by plain name, and the command ends when the member shuts down.
 */
class MemberCommandTest {
    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        HazelcastClient.shutdownAll();
        Hazelcast.shutdownAll();
    }

    @Test
    void aMemberStartedByTheCommandAsTheGuideSaysServesQueries() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        String cluster = "member-command-" + port;
        String guide = Files.readString(Path.of("..", "docs", "user-guide.md"), StandardCharsets.UTF_8);
        int marker = guide.indexOf("<!-- snippet: member-start-yaml -->");
        assertThat(marker).isNotNegative();
        int start = guide.indexOf('\n', guide.indexOf("```", marker)) + 1;
        String yaml = guide.substring(start, guide.indexOf("```", start))
                .replace("cluster-name: dev", "cluster-name: " + cluster).replace("port: 5701", "port: " + port)
                .replace("127.0.0.1:5701", "127.0.0.1:" + port).replace("          - 127.0.0.1:5702\n", "");
        assertThat(yaml).contains("cluster-name: " + cluster);
        Path config = dir.resolve("hazelcast.yaml");
        Files.writeString(config, yaml, StandardCharsets.UTF_8);
        assertThat(guide).contains("./navpack member --config hazelcast.yaml");

        ExecutorService runner = Executors.newSingleThreadExecutor();
        try {
            Future<Integer> exit = runner.submit(() -> Main.run("member", "--config", config.toString()));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (Hazelcast.getAllHazelcastInstances().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            HazelcastInstance member = Hazelcast.getAllHazelcastInstances().iterator().next();
            assertThat(member.getConfig().getJetConfig().isEnabled()).isTrue();

            ClientConfig cc = NavpackConfig.of(Trade.class).applyTo(new ClientConfig());
            cc.setClusterName(cluster);
            cc.setProperty("hazelcast.phone.home.enabled", "false");
            cc.getNetworkConfig().addAddress("127.0.0.1:" + port);
            HazelcastInstance client = HazelcastClient.newHazelcastClient(cc);
            IMap<Long, Trade> trades = client.getMap("trades");
            long eur = 0;
            for (long id = 1; id <= 200; id++) {
                Trade t = TradeGenerator.trade(id);
                trades.put(id, t);
                eur += t.currency1().equals("EUR") ? 1 : 0;
            }
            assertThat(trades.values(Predicates.equal("currency1", "EUR"))).hasSize((int) eur);

            member.shutdown();
            assertThat(exit.get(60, TimeUnit.SECONDS)).isEqualTo(Main.OK);
        } finally {
            runner.shutdownNow();
        }
    }
}
