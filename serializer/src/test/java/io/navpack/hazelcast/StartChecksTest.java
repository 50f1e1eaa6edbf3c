package io.navpack.hazelcast;

import com.acme.trading.SeedTrades;
import com.acme.trading.Trade;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.cluster.Member;
import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.config.AttributeConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.MapConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import io.navpack.hazelcast.schemas.SchemaService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Mistakes in the configuration fail when the instance starts, with a message that names the property
 * (or map) and the fix; an instance that starts says once that navpack is active and how; a member
 * without navpack's jars is named as such.
 */
class StartChecksTest {
    /** Held here: the logging framework keeps loggers only weakly, and with them their handlers. */
    private final Logger log = Logger.getLogger(NavpackContext.class.getName());
    private final Logger schemaLog = Logger.getLogger(SchemaService.class.getName());
    private final List<String> logged = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord r) {
            logged.add(r.getMessage());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    StartChecksTest() {
        log.addHandler(handler);
        schemaLog.addHandler(handler);
    }

    @AfterEach
    void stop() {
        log.removeHandler(handler);
        schemaLog.removeHandler(handler);
        HazelcastClient.shutdownAll();
        Hazelcast.shutdownAll();
    }

    private static Config member(Config config) {
        int port = Loopback.freePort();
        return Loopback.member(config, Loopback.clusterName(), port, port);
    }

    @Test
    void aStartedMemberSaysOnceThatNavpackIsActiveAndHow() {
        HazelcastInstance hz = Hazelcast.newHazelcastInstance(member(NavpackConfig.of().applyTo(new Config())));
        assertThat(logged).filteredOn(m -> m.contains("active on this member")).singleElement().satisfies(m ->
                assertThat(m).startsWith("navpack ").contains("read mode record").contains("query path: plain field names")
                        .contains("adaptive reads: off").contains("agent: absent").contains("-javaagent"));
        hz.getMap("m").put(1L, SeedTrades.load().get(0).id());
        assertThat(logged).filteredOn(m -> m.contains("active on this")).hasSize(1);
    }

    @Test
    void aMemberWhoseMapNamesTheExtractorWithoutItsJarDoesNotStart() {
        Config c = member(NavpackConfig.of().applyTo(new Config()));
        c.addMapConfig(new MapConfig("trades").addAttributeConfig(new AttributeConfig("nav", NavpackConfig.EXTRACTOR)));
        assertThatThrownBy(() -> Hazelcast.newHazelcastInstance(c)).hasMessageContaining("navpack cannot start on this member")
                .hasMessageContaining("map 'trades' gives attribute 'nav' the extractor " + NavpackConfig.EXTRACTOR)
                .hasMessageContaining("put navpack-member-").hasMessageContaining("it holds navpack-extractors");
        assertThat(Hazelcast.getAllHazelcastInstances()).isEmpty();
    }

    @Test
    void aPropertyThatDoesNotParseStopsTheMemberAtStart() {
        Config c = member(NavpackConfig.of().applyTo(new Config()));
        c.setProperty(NavpackSettings.READ_MODE, "objekt");
        assertThatThrownBy(() -> Hazelcast.newHazelcastInstance(c)).hasMessageContaining(NavpackSettings.READ_MODE)
                .hasMessageContaining("'record', 'object' or 'view'").hasMessageContaining("objekt");
        assertThat(Hazelcast.getAllHazelcastInstances()).isEmpty();
    }

    /**
     * A member whose navpack property does not parse stops before it joins: the running member never has it in its
     * member list. A good member started after it is seen joining, so a join of the bad one would have been seen
     * first.
     */
    @Test
    void aMemberWithABadPropertyStopsBeforeItJoinsTheRunningMember() throws InterruptedException {
        String cluster = Loopback.clusterName();
        int[] ports = {Loopback.freePort(), Loopback.freePort(), Loopback.freePort()};
        HazelcastInstance running = Hazelcast.newHazelcastInstance(
                Loopback.member(NavpackConfig.of().applyTo(new Config()), cluster, ports[0], ports));
        BlockingQueue<Member> joined = new LinkedBlockingQueue<>();
        running.getCluster().addMembershipListener(new MembershipListener() {
            @Override
            public void memberAdded(MembershipEvent e) {
                joined.add(e.getMember());
            }

            @Override
            public void memberRemoved(MembershipEvent e) {
                // only joins are recorded
            }
        });
        Config bad = Loopback.member(NavpackConfig.of().applyTo(new Config()), cluster, ports[1], ports);
        bad.setProperty(NavpackSettings.MAPS, "trades*");
        bad.setProperty(NavpackSettings.OTHER_FORMATS, "reject");
        assertThatThrownBy(() -> Hazelcast.newHazelcastInstance(bad))
                .hasMessageContaining(NavpackSettings.OTHER_FORMATS + " must be 'refuse' or 'warn', not 'reject'");
        assertThat(Hazelcast.getAllHazelcastInstances()).containsExactly(running);

        HazelcastInstance good = Hazelcast.newHazelcastInstance(
                Loopback.member(NavpackConfig.of().applyTo(new Config()), cluster, ports[2], ports));
        Member first = joined.poll(60, TimeUnit.SECONDS);
        assertThat(first).as("the first join the running member saw").isNotNull();
        assertThat(first.getUuid()).isEqualTo(good.getCluster().getLocalMember().getUuid());
        assertThat(running.getCluster().getMembers()).extracting(m -> m.getAddress().getPort())
                .containsExactlyInAnyOrder(ports[0], ports[2]);
    }

    @Test
    void aClientWithAMisspeltClassFailsAtStartNamingThePropertyAndTheClass() {
        ClientConfig cc = Loopback.client(NavpackConfig.of().applyTo(new ClientConfig()), Loopback.clusterName(), Loopback.freePort());
        cc.setProperty(NavpackSettings.CLASSES, Trade.class.getName() + ",com.acme.trading.Trad");
        assertThatThrownBy(() -> HazelcastClient.newHazelcastClient(cc))
                .hasMessageContaining("navpack.classes names com.acme.trading.Trad, which is not on this client's class path")
                .hasMessageContaining("correct the name");
    }

    @Test
    void aMemberWithoutNavpackIsNamedWhenASchemaIsShared() {
        String cluster = Loopback.clusterName();
        int port = Loopback.freePort();
        Config plain = Loopback.member(new Config(), cluster, port, port);
        try (MemberJvm bare = MemberJvm.startWithoutNavpack("bare", plain, Path.of("target", "start-checks", cluster))) {
            HazelcastInstance client = HazelcastClient.newHazelcastClient(
                    Loopback.client(NavpackConfig.of(Trade.class).applyTo(new ClientConfig()), cluster, port));
            // Hazelcast wraps whatever a serializer throws in "Failed to serialize '<class>'": navpack's message is the
            // first cause, in one line that names the member and the fix
            assertThatThrownBy(() -> client.getMap("trades").put(1L, SeedTrades.load().get(0)))
                    .hasMessageContaining(Trade.class.getName())
                    .cause().hasMessageStartingWith("navpack cannot write a " + Trade.class.getName())
                    .hasMessageContaining("navpack-serializer is not on member")
                    .hasMessageContaining("127.0.0.1]:" + port + "'s class path")
                    .hasMessageContaining("navpack-member-").hasMessageContaining("to the class path of every member");
        }
    }

    @Test
    void aMemberWithAnExtractorSettingThatDoesNotParseDoesNotStartAndNamesWhatItMayBe() {
        String[][] bad = {
                {NavpackSettings.EXTRACT_MODE, "fast", "[adaptive, partial, full]"},
                {NavpackSettings.CALIBRATION, "sometimes", "'on' or 'off'"},
                {NavpackSettings.BREAK_EVEN + ".Trade", "many", "a whole number of fields >= 1"}};
        for (String[] b : bad) {
            Config c = member(NavpackConfig.of().applyTo(new Config()));
            c.setProperty(b[0], b[1]);
            assertThatThrownBy(() -> Hazelcast.newHazelcastInstance(c)).as(b[0])
                    .hasMessageContaining(b[0]).hasMessageContaining("'" + b[1] + "'").hasMessageContaining(b[2]);
            assertThat(Hazelcast.getAllHazelcastInstances()).isEmpty();
        }
    }

    @Test
    void unknownNavpackPropertiesAreReportedAtStartWithTheNearestKnownName() {
        Config c = member(NavpackConfig.of().applyTo(new Config()));
        c.setProperty("navpack.readmode", "record");
        c.setProperty("navpack.veiw.Trade", "com.acme.trading.TradeView");
        c.setProperty("navpack.extract.mod", "full");
        Hazelcast.newHazelcastInstance(c);
        assertThat(logged).anyMatch(m -> m.contains("unknown property navpack.readmode (did you mean navpack.read-mode?)"));
        assertThat(logged).anyMatch(m -> m.contains("navpack.veiw.Trade (did you mean navpack.view.Trade?)"));
        assertThat(logged).anyMatch(m -> m.contains("navpack.extract.mod (did you mean navpack.extract.mode?)"));
        assertThat(logged).noneMatch(m -> m.contains("unknown property navpack.classes"));
    }

    @Test
    void systemPropertiesOfNavpacksOwnToolsAreNotReportedButMisspelledSettingsAre() {
        String[] tools = {"navpack.soak", "navpack.soak.minutes", "navpack.it.requireDocker", "navpack.fuzz.seed",
                "navpack.hazelcast.versions", "navpack.member.jar"};
        for (String t : tools) {
            System.setProperty(t, "x");
        }
        System.setProperty("navpack.readmod", "record");
        try {
            List<String> unknown = NavpackSettings.unknownNames(new Properties());
            assertThat(unknown).containsExactly("navpack.readmod (did you mean navpack.read-mode?)");
        } finally {
            for (String t : tools) {
                System.clearProperty(t);
            }
            System.clearProperty("navpack.readmod");
        }
    }

    /** A view of the trade whose currency cannot be an int: it does not match the trade's schema. */
    public interface WrongTradeView {
        int currency1();
    }

    @Test
    void aClientWhoseViewIsMissingOrDoesNotMatchItsSchemaFailsAtStart() {
        int port = Loopback.freePort();
        ClientConfig missing = Loopback.client(NavpackConfig.of(Trade.class).applyTo(new ClientConfig()), Loopback.clusterName(), port);
        missing.setProperty(NavpackSettings.VIEW + ".Trade", "com.acme.trading.NoSuchView");
        assertThatThrownBy(() -> HazelcastClient.newHazelcastClient(missing))
                .hasMessageContaining("navpack.view.Trade names com.acme.trading.NoSuchView, which is not on this client's class path");
        ClientConfig wrong = Loopback.client(NavpackConfig.of(Trade.class).view("Trade", WrongTradeView.class)
                .applyTo(new ClientConfig()), Loopback.clusterName(), port);
        assertThatThrownBy(() -> HazelcastClient.newHazelcastClient(wrong))
                .hasMessageContaining("navpack.view.Trade names " + WrongTradeView.class.getName())
                .hasMessageContaining("does not match the schema of " + Trade.class.getName())
                .hasMessageContaining("currency1");
    }

    @Test
    void aClientWithTheJarButNoNavpackConfigurationIsToldItsObjectsAreNotWrittenByNavpack() {
        String cluster = Loopback.clusterName();
        int port = Loopback.freePort();
        Hazelcast.newHazelcastInstance(Loopback.member(NavpackConfig.of().applyTo(new Config()), cluster, port, port));
        logged.clear();
        HazelcastClient.newHazelcastClient(Loopback.client(new ClientConfig(), cluster, port));
        assertThat(logged).anyMatch(m -> m.contains("navpack is not configured on it")
                && m.contains("NavpackConfig.of(YourClass.class)"));
        assertThat(logged).noneMatch(m -> m.contains("active on this client"));
        logged.clear();
        HazelcastClient.newHazelcastClient(Loopback.client(NavpackConfig.of(Trade.class).applyTo(new ClientConfig()), cluster, port));
        assertThat(logged).noneMatch(m -> m.contains("navpack is not configured"));
    }

    @Test
    void aMemberWithoutNavpackThatJoinsIsNamedInOneLine() throws InterruptedException {
        String cluster = Loopback.clusterName();
        int port = Loopback.freePort();
        int barePort = Loopback.freePort();
        Hazelcast.newHazelcastInstance(Loopback.member(NavpackConfig.of().applyTo(new Config()), cluster, port, port, barePort));
        Config plain = Loopback.member(new Config(), cluster, barePort, port, barePort);
        try (MemberJvm bare = MemberJvm.startWithoutNavpack("bare-joiner", plain, Path.of("target", "start-checks", cluster))) {
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (System.nanoTime() < deadline && logged.stream().noneMatch(m -> m.contains("has joined without navpack"))) {
                Thread.sleep(100);
            }
            Thread.sleep(1_000); // a second line would come now
            assertThat(logged).filteredOn(m -> m.contains("has joined without navpack")).singleElement().satisfies(m ->
                    assertThat(m).contains("member [127.0.0.1]:" + barePort).contains("type id 20048")
                            .contains("There is no suitable de-serializer for type 20048")
                            .contains("navpack-member-").contains("restart it"));
        }
    }
}
