package io.navpack.extract;

import com.acme.trading.SeedTrades;
import com.acme.trading.Trade;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.client.config.XmlClientConfigBuilder;
import com.hazelcast.client.config.YamlClientConfigBuilder;
import com.hazelcast.config.Config;
import com.hazelcast.config.InMemoryXmlConfig;
import com.hazelcast.config.InMemoryYamlConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.query.Predicates;
import io.navpack.format.PackedRecord;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.NavpackSettings;
import io.navpack.hazelcast.ReadMode;
import io.navpack.hazelcast.model.Unregistered;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The configuration snippets of docs/user-guide.md, loaded from the document and run on a member and a client, queries included. */
class ConfigurationTest {
    private final List<HazelcastInstance> instances = new ArrayList<>();
    private final String cluster = Loopback.clusterName();
    private final int port = Loopback.freePort();
    private final Trade trade = SeedTrades.load().get(0);

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

    private static ByteArrayInputStream stream(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    private HazelcastInstance member(Config config) {
        HazelcastInstance hz = Hazelcast.newHazelcastInstance(Loopback.member(config, cluster, port, port));
        instances.add(hz);
        return hz;
    }

    private HazelcastInstance client(ClientConfig config) {
        HazelcastInstance hz = HazelcastClient.newHazelcastClient(Loopback.client(config, cluster, port));
        instances.add(hz);
        return hz;
    }

    @AfterEach
    void shutdown() {
        for (int i = instances.size() - 1; i >= 0; i--) {
            instances.get(i).shutdown();
        }
    }

    /** Writes and reads the seed trades through the client; the member holds views. */
    private void roundTrip(HazelcastInstance member, HazelcastInstance client) {
        IMap<Long, Trade> map = client.getMap("trades");
        for (Trade t : SeedTrades.load()) {
            map.put(t.id(), t);
        }
        assertThat(map.get(trade.id())).isEqualTo(trade);
        Object stored = member.getMap("trades").get(trade.id());
        assertThat(stored).isInstanceOf(PackedRecord.class);
        assertThat(((PackedRecord) stored).getDecimal("amount1")).isEqualTo(trade.amount1());
    }

    /** The queries of the user guide, on a member configured with the nav attribute. */
    private static void query(HazelcastInstance client) {
        IMap<Long, Trade> trades = client.getMap("trades");
        Collection<Trade> eur = trades.values(Predicates.equal("nav[currency1]", "EUR"));
        Collection<Trade> big = trades.values(Predicates.sql("nav[currency1] = 'EUR' and nav[amount1] > 12000000"));
        Collection<Trade> late = trades.values(Predicates.sql("nav[tradeDate] >= '2014-07-25' and nav[buySell] = 'BUY'"));
        assertThat(eur).extracting(Trade::id).containsExactlyInAnyOrder(1L, 5L, 10L);
        assertThat(big).extracting(Trade::id).containsExactlyInAnyOrder(1L, 10L);
        assertThat(late).extracting(Trade::id).containsExactlyInAnyOrder(9L, 10L);
    }

    @Test
    void programmatic() {
        ClientConfig clientConfig = NavpackConfig.of(Trade.class).applyTo(new ClientConfig());
        Config memberConfig = NavpackConfig.of().readMode(ReadMode.RECORD).queryable("trades*").applyTo(new Config());
        HazelcastInstance member = member(memberConfig);
        HazelcastInstance client = client(clientConfig);
        roundTrip(member, client);
        query(client);

        PackedRecord record = (PackedRecord) member.getMap("trades").get(1L);
        String currency = record.getString("currency1");
        Trade trade = record.toObject(Trade.class);
        assertThat(currency).isEqualTo("EUR");
        assertThat(trade).isEqualTo(this.trade);
    }

    @Test
    void theAttributeCanHaveAnotherName() {
        Config memberConfig = NavpackConfig.of().attribute("np").queryable("trades*").applyTo(new Config());
        assertThat(memberConfig.getMapConfig("trades*").getAttributeConfigs())
                .extracting(com.hazelcast.config.AttributeConfig::getName).containsExactly("np");
        member(memberConfig);
        HazelcastInstance client = client(NavpackConfig.of(Trade.class).applyTo(new ClientConfig()));
        IMap<Long, Trade> trades = client.getMap("trades");
        for (Trade t : SeedTrades.load()) {
            trades.put(t.id(), t);
        }
        assertThat(trades.values(Predicates.equal("np[currency1]", "EUR"))).extracting(Trade::id)
                .containsExactlyInAnyOrder(1L, 5L, 10L);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> trades.values(Predicates.equal("nav[currency1]", "EUR")))
                .hasMessageContaining("nav");
        for (String bad : new String[] {"", " ", "nav[x]", "a.b"}) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> NavpackConfig.of().attribute(bad))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void xml() {
        HazelcastInstance member = member(new InMemoryXmlConfig(snippet("member-xml")));
        ClientConfig clientConfig = new XmlClientConfigBuilder(stream(snippet("client-xml"))).build();
        assertThat(clientConfig.getProperty(NavpackSettings.READ_MODE)).isEqualTo("object");
        HazelcastInstance client = client(clientConfig);
        roundTrip(member, client);
        query(client);
        assertThat(member.getConfig().getProperty(NavpackSettings.TIMEOUT)).isEqualTo("30");
        assertThat(member.getMap("trades").getLocalMapStats().getIndexStats()).hasSize(2);
    }

    @Test
    void yamlWithTheGlobalSerializer() {
        HazelcastInstance member = member(new InMemoryYamlConfig(snippet("member-yaml")));
        HazelcastInstance client = client(new YamlClientConfigBuilder(stream(snippet("client-yaml"))).build());
        roundTrip(member, client);
        query(client);
        assertThat(member.getMap("trades").getLocalMapStats().getIndexStats()).hasSize(2);
        assertThatThrownBy(() -> client.getMap("trades").put(2L, new Unregistered()))
                .hasStackTraceContaining("is not registered with navpack");
    }

    @Test
    void serializerHookWithoutAnyConfiguration() {
        // TradeHook is listed in META-INF/services/com.hazelcast.SerializerHook of the test class path
        HazelcastInstance member = member(new Config());
        HazelcastInstance writer = client(new ClientConfig());
        roundTrip(member, writer);
        HazelcastInstance reader = client(new ClientConfig());
        assertThat(reader.getMap("trades").get(trade.id())).isEqualTo(trade);
    }

    @Test
    void packagesRegisterTheirAnnotatedClassesForTheGlobalSerializer() {
        HazelcastInstance member = member(NavpackConfig.of().applyTo(new Config()));
        // com.acme.trading is read from the serializer's test jar: the scan lists jar entries
        HazelcastInstance writer = client(NavpackConfig.of().asGlobalSerializer(false).packages("com.acme.trading")
                .applyTo(new ClientConfig()));
        com.acme.trading.Leg leg = new com.acme.trading.Leg("ACME", java.math.BigDecimal.TEN, java.util.List.of(), null);
        writer.getMap("legs").put(1L, leg);
        HazelcastInstance reader = client(NavpackConfig.of().packages("com.acme.trading").applyTo(new ClientConfig()));
        assertThat(reader.getMap("legs").get(1L)).isEqualTo(leg);
        assertThat(member.getMap("legs").get(1L)).isInstanceOf(PackedRecord.class);
        assertThatThrownBy(() -> writer.getMap("legs").put(2L, new Unregistered()))
                .hasStackTraceContaining("is not registered with navpack");
    }
}
