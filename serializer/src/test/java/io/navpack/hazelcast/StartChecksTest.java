package io.navpack.hazelcast;

import com.acme.trading.SeedTrades;
import com.acme.trading.Trade;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.AttributeConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.MapConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
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
    }

    @AfterEach
    void stop() {
        log.removeHandler(handler);
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
                .hasMessageContaining("add navpack-extractors-");
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
            assertThatThrownBy(() -> client.getMap("trades").put(1L, SeedTrades.load().get(0)))
                    .hasStackTraceContaining("navpack-serializer is not on member")
                    .hasStackTraceContaining("127.0.0.1]:" + port + "'s class path")
                    .hasStackTraceContaining("to the class path of every member");
        }
    }
}
