package io.navpack.hazelcast;

import com.acme.trading.SeedTrades;
import com.acme.trading.Trade;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A member without navpack's jars that tries to join members with navpack-only maps ({@value NavpackSettings#MAPS}):
 * it is refused, and says so in the one line it logs — the class it cannot load names the navpack-member jar — and
 * the oldest navpack member says so in one line naming the jar and the fix; a member with the jars joins the same
 * cluster and its maps' interceptors arrive whole. Real member JVMs.
 */
class JoinWithoutJarsTest {
    @Test
    void aMemberWithoutTheJarsIsRefusedWithOneLineOnEachSide() throws Exception {
        String cluster = Loopback.clusterName();
        int port = Loopback.freePort();
        int barePort = Loopback.freePort();
        int secondPort = Loopback.freePort();
        Path work = Path.of("target", "join-without-jars", cluster);
        Config nav = Loopback.member(new Config(), cluster, port, port, barePort, secondPort);
        nav.setProperty(NavpackSettings.MAPS, "trades");
        try (MemberJvm navpack = MemberJvm.start("navpack", nav, work)) {
            HazelcastInstance client = HazelcastClient.newHazelcastClient(Loopback.client(
                    NavpackConfig.of(Trade.class).applyTo(new ClientConfig()), cluster, port));
            try {
                IMap<Long, Trade> trades = client.getMap("trades");
                Trade t = SeedTrades.load().get(0);
                trades.put(1L, t);

                Config plain = Loopback.member(new Config(), cluster, barePort, port, barePort);
                try (MemberJvm bare = MemberJvm.launchWithoutNavpack("bare", plain, work)) {
                    bare.awaitLog("Could not join cluster", Duration.ofSeconds(90));
                    String refused = "navpack: member [127.0.0.1]:" + barePort + " was refused";
                    long deadline = System.nanoTime() + 30_000_000_000L;
                    while (!navpack.logText().contains(refused) && System.nanoTime() < deadline) {
                        Thread.sleep(200);
                    }
                    // the joining member's own line names what it lacks
                    assertThat(bare.logText()).contains("Node could not join cluster")
                            .contains("ClassNotFoundException: io.navpack.hazelcast.NavpackMemberJarRequired");
                    List<String> lines = Arrays.stream(navpack.logText().split("\n"))
                            .filter(l -> l.contains("was refused")).toList();
                    assertThat(lines).singleElement().satisfies(l -> assertThat(l).contains(refused)
                            .contains("without navpack's jars").contains(NavpackSettings.MAPS)
                            .contains("NavpackMemberJarRequired").contains("Add navpack-member-").contains("class path"));
                    assertThat(navpack.logText()).doesNotContain("could not send the schemas");
                }

                // a member with the jars joins: the maps' interceptors come with the join and are read back whole
                Config second = Loopback.member(new Config(), cluster, secondPort, port, secondPort);
                second.setProperty(NavpackSettings.MAPS, "trades");
                try (MemberJvm withJars = MemberJvm.start("second", second, work)) {
                    long deadline = System.nanoTime() + 30_000_000_000L;
                    while (client.getCluster().getMembers().size() < 2 && System.nanoTime() < deadline) {
                        Thread.sleep(100);
                    }
                    assertThat(client.getCluster().getMembers()).hasSize(2);
                    for (long k = 2; k < 40; k++) {
                        trades.put(k, t);
                    }
                    assertThat(trades.size()).isEqualTo(39);
                    assertThat(withJars.logText()).doesNotContain("ClassNotFoundException");
                    assertThat(navpack.logText().split("was refused", -1)).hasSize(2);
                }
            } finally {
                client.shutdown();
            }
        }
    }
}
