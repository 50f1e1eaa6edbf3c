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
import com.hazelcast.config.IndexType;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.MapConfig;
import com.hazelcast.config.MetadataPolicy;
import com.hazelcast.aggregation.Aggregators;
import com.hazelcast.projection.Projections;
import com.hazelcast.query.PagingPredicate;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.query.Predicate;
import com.hazelcast.query.Predicates;
import io.navpack.format.PackedRecord;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.NavpackPredicates;
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
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

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

    /** The queries of the user guide, by plain names: no attribute configuration needed. */
    private static void query(HazelcastInstance client) {
        IMap<Long, Trade> trades = client.getMap("trades");
        Collection<Trade> eur = trades.values(Predicates.equal("currency1", "EUR"));
        Collection<Trade> big = trades.values(Predicates.sql("currency1 = 'EUR' and amount1 > 12000000"));
        Collection<Trade> late = trades.values(Predicates.sql("tradeDate >= '2014-07-25' and buySell = 'BUY'"));
        assertThat(eur).extracting(Trade::id).containsExactlyInAnyOrder(1L, 5L, 10L);
        assertThat(big).extracting(Trade::id).containsExactlyInAnyOrder(1L, 10L);
        assertThat(late).extracting(Trade::id).containsExactlyInAnyOrder(9L, 10L);

        Collection<String> buyers = trades.project(Projections.singleAttribute("currency2"), Predicates.equal("buySell", "BUY"));
        BigDecimal total = trades.aggregate(Aggregators.bigDecimalSum("amount1"), Predicates.equal("currency1", "EUR"));
        PagingPredicate<Long, Trade> page = Predicates.pagingPredicate(Predicates.equal("currency1", "EUR"),
                FieldComparator.byDescending("amount1"), 2);
        Collection<Trade> largestTwo = trades.values(page);
        List<Trade> seed = SeedTrades.load();
        assertThat(buyers).containsExactlyInAnyOrderElementsOf(seed.stream()
                .filter(t -> t.buySell() == com.acme.trading.Side.BUY).map(Trade::currency2).collect(Collectors.toList()));
        assertThat(total).isEqualByComparingTo(seed.stream().filter(t -> t.currency1().equals("EUR"))
                .map(Trade::amount1).reduce(BigDecimal.ZERO, BigDecimal::add));
        assertThat(largestTwo).extracting(Trade::id).containsExactly(seed.stream().filter(t -> t.currency1().equals("EUR"))
                .sorted(Comparator.comparing(Trade::amount1).reversed()).limit(2).map(Trade::id).toArray(Long[]::new));
    }

    /** The guide's queries through the nav attribute, on a member whose map has it. */
    private static void navQuery(HazelcastInstance client) {
        IMap<Long, Trade> trades = client.getMap("trades");
        Collection<Trade> eurByNav = trades.values(Predicates.equal("nav[currency1]", "EUR"));
        Collection<Trade> buys = trades.values(Predicates.sql("nav[buySell] = 'BUY' and nav[amount1] > 12000000"));
        assertThat(eurByNav).extracting(Trade::id).containsExactlyInAnyOrder(1L, 5L, 10L);
        assertThat(buys).extracting(Trade::id).containsExactlyInAnyOrderElementsOf(SeedTrades.load().stream()
                .filter(t -> t.buySell() == com.acme.trading.Side.BUY && t.amount1().compareTo(new BigDecimal("12000000")) > 0)
                .map(Trade::id).collect(Collectors.toList()));
    }

    /** The first query of the guide: no navpack configuration on the member at all. */
    @Test
    void firstQueryOnAMemberWithOnlyTheJars() {
        member(new Config());
        HazelcastInstance client = client(NavpackConfig.of(Trade.class).applyTo(new ClientConfig()));
        for (Trade t : SeedTrades.load()) {
            client.getMap("trades").put(t.id(), t);
        }
        IMap<Long, Trade> trades = client.getMap("trades");
        Collection<Trade> eur = trades.values(Predicates.equal("currency1", "EUR"));
        trades.addIndex(IndexType.SORTED, "amount1");
        Collection<Trade> big = trades.values(Predicates.sql("currency1 = 'EUR' and amount1 > 12000000"));
        assertThat(eur).extracting(Trade::id).containsExactlyInAnyOrder(1L, 5L, 10L);
        assertThat(big).extracting(Trade::id).containsExactlyInAnyOrder(1L, 10L);
    }

    /** The guide's scan with NavpackPredicates: the same answer as the plain predicate. */
    @Test
    void navpackPredicatesOfTheGuide() {
        member(new Config());
        HazelcastInstance client = client(NavpackConfig.of(Trade.class).applyTo(new ClientConfig()));
        for (Trade t : SeedTrades.load()) {
            client.getMap("trades").put(t.id(), t);
        }
        IMap<Long, Trade> trades = client.getMap("trades");
        Predicate<Long, Trade> big = NavpackPredicates.of(Predicates.sql("currency1 = 'EUR' and amount1 > 12000000"));
        Collection<Trade> found = trades.values(big);
        assertThat(found).extracting(Trade::id).containsExactlyInAnyOrder(1L, 10L);
    }

    @Test
    void programmatic() {
        ClientConfig clientConfig = NavpackConfig.of(Trade.class).applyTo(new ClientConfig());
        Config memberConfig = NavpackConfig.of().readMode(ReadMode.RECORD).applyTo(new Config());
        memberConfig.addMapConfig(new MapConfig("trades*").setInMemoryFormat(InMemoryFormat.OBJECT)
                .setMetadataPolicy(MetadataPolicy.OFF));
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
        navQuery(client);
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
