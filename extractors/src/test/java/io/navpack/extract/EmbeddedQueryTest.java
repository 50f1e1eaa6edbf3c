package io.navpack.extract;

import com.acme.trading.Leg;
import com.acme.trading.SeedTrades;
import com.acme.trading.Side;
import com.acme.trading.Trade;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.AttributeConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.IndexType;
import com.hazelcast.config.MapConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.query.Predicates;
import io.navpack.extract.model.Deal;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.NavpackConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** Ordinary Hazelcast predicates over nav[...] on one embedded member and a client, with and without indexes. */
class EmbeddedQueryTest {
    static HazelcastInstance member;
    static HazelcastInstance client;
    static final List<Trade> SEED = SeedTrades.load();

    @BeforeAll
    static void start() {
        String cluster = Loopback.clusterName();
        int port = Loopback.freePort();
        Config config = NavpackConfig.of().applyTo(new Config());
        config.addMapConfig(new MapConfig("*").addAttributeConfig(new AttributeConfig("nav", NavpackExtractor.class.getName())));
        member = Hazelcast.newHazelcastInstance(Loopback.member(config, cluster, port, port));
        client = HazelcastClient.newHazelcastClient(Loopback.client(
                NavpackConfig.of(Trade.class, Deal.class).applyTo(new ClientConfig()), cluster, port));
        IMap<Long, Trade> plain = client.getMap("trades");
        IMap<Long, Trade> indexed = client.getMap("trades-indexed");
        indexed.addIndex(IndexType.HASH, "nav[currency1]");
        indexed.addIndex(IndexType.SORTED, "nav[amount1]");
        indexed.addIndex(IndexType.SORTED, "nav[tradeDate]");
        indexed.addIndex(IndexType.BITMAP, "nav[buySell]");
        for (Trade t : SEED) {
            plain.put(t.id(), t);
            indexed.put(t.id(), t);
        }
    }

    @AfterAll
    static void stop() {
        if (client != null) client.shutdown();
        if (member != null) member.shutdown();
    }

    private static Set<Long> ids(Collection<Trade> trades) {
        return trades.stream().map(Trade::id).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<Long> expected(java.util.function.Predicate<Trade> p) {
        return SEED.stream().filter(p).map(Trade::id).collect(Collectors.toCollection(TreeSet::new));
    }

    private void check(com.hazelcast.query.Predicate<Long, Trade> predicate, java.util.function.Predicate<Trade> oracle) {
        for (String map : List.of("trades", "trades-indexed")) {
            IMap<Long, Trade> m = client.getMap(map);
            assertThat(ids(m.values(predicate))).as("%s on %s", predicate, map).isEqualTo(expected(oracle)).isNotEmpty();
        }
    }

    @Test
    void equalityRangesInLikeAndBooleanLogic() {
        check(Predicates.equal("nav[currency1]", "EUR"), t -> t.currency1().equals("EUR"));
        check(Predicates.greaterThan("nav[amount1]", new BigDecimal("10000000")), t -> t.amount1().compareTo(new BigDecimal("10000000")) > 0);
        check(Predicates.lessEqual("nav[exchangeRate]", new BigDecimal("0.9408")), t -> t.exchangeRate().compareTo(new BigDecimal("0.9408")) <= 0);
        check(Predicates.between("nav[tradeDate]", LocalDate.of(2014, 7, 22), LocalDate.of(2014, 7, 24)),
                t -> !t.tradeDate().isBefore(LocalDate.of(2014, 7, 22)) && !t.tradeDate().isAfter(LocalDate.of(2014, 7, 24)));
        check(Predicates.in("nav[currency2]", "USD", "GBP"), t -> t.currency2().equals("USD") || t.currency2().equals("GBP"));
        check(Predicates.like("nav[currency1]", "%U%"), t -> t.currency1().contains("U"));
        check(Predicates.equal("nav[buySell]", "SELL"), t -> t.buySell() == Side.SELL);
        check(Predicates.and(Predicates.equal("nav[currency1]", "EUR"), Predicates.greaterThan("nav[amount1]", new BigDecimal("12000000"))),
                t -> t.currency1().equals("EUR") && t.amount1().compareTo(new BigDecimal("12000000")) > 0);
        check(Predicates.or(Predicates.equal("nav[currency1]", "JPY"), Predicates.not(Predicates.equal("nav[buySell]", "BUY"))),
                t -> t.currency1().equals("JPY") || t.buySell() != Side.BUY);
    }

    @Test
    void sqlPredicatesWithDecimalDateAndEnumLiterals() {
        check(Predicates.sql("nav[currency1] = 'EUR' and nav[amount1] > 12000000"),
                t -> t.currency1().equals("EUR") && t.amount1().compareTo(new BigDecimal("12000000")) > 0);
        check(Predicates.sql("nav[tradeDate] >= '2014-07-25' and nav[buySell] = 'BUY'"),
                t -> !t.tradeDate().isBefore(LocalDate.of(2014, 7, 25)) && t.buySell() == Side.BUY);
        check(Predicates.sql("nav[exchangeRate] between 0.7 and 1.0"),
                t -> t.exchangeRate().compareTo(new BigDecimal("0.7")) >= 0 && t.exchangeRate().compareTo(BigDecimal.ONE) <= 0);
        check(Predicates.sql("nav[settlementDate] < '2014-08-01' or nav[currency2] in ('CHF', 'CAD')"),
                t -> t.settlementDate().isBefore(LocalDate.of(2014, 8, 1)) || List.of("CHF", "CAD").contains(t.currency2()));
        check(Predicates.sql("not (nav[currency1] like 'E%')"), t -> !t.currency1().startsWith("E"));
        check(Predicates.sql("nav[id] > 7"), t -> t.id() > 7);
    }

    private static long hits(String index) {
        return member.getMap("trades-indexed").getLocalMapStats().getIndexStats().get("trades-indexed_" + index).getHitCount();
    }

    @Test
    void indexesAreUsed() {
        IMap<Long, Trade> indexed = client.getMap("trades-indexed");
        long hash = hits("hash_nav[currency1]");
        long sorted = hits("sorted_nav[amount1]");
        long bitmap = hits("bitmap_nav[buySell]");
        long queries = member.getMap("trades-indexed").getLocalMapStats().getIndexedQueryCount();
        assertThat(indexed.values(Predicates.equal("nav[currency1]", "EUR"))).hasSize(3);
        assertThat(indexed.values(Predicates.sql("nav[amount1] > 10000000"))).hasSize(7);
        assertThat(indexed.values(Predicates.equal("nav[buySell]", "SELL"))).hasSize(4);
        assertThat(hits("hash_nav[currency1]")).isEqualTo(hash + 1);
        assertThat(hits("sorted_nav[amount1]")).isEqualTo(sorted + 1);
        assertThat(hits("bitmap_nav[buySell]")).isEqualTo(bitmap + 1);
        assertThat(member.getMap("trades-indexed").getLocalMapStats().getIndexedQueryCount()).isEqualTo(queries + 3);
    }

    @Test
    void nestedPathsListElementsAndAny() {
        Leg.Period p = new Leg.Period(LocalDate.of(2024, 1, 1), LocalDate.of(2024, 7, 1), 0.03);
        IMap<Long, Deal> deals = client.getMap("deals");
        deals.put(1L, new Deal(1, new Deal.Counterparty("ACME", "GB", 3),
                List.of(new Leg("ACME", new BigDecimal("1000000"), List.of(p), null), new Leg("BANK", new BigDecimal("2500000"), List.of(), null)),
                List.of("fx", "spot"), Side.BUY, LocalDate.of(2024, 1, 2)));
        deals.put(2L, new Deal(2, new Deal.Counterparty("Globex", "US", 5),
                List.of(new Leg("Globex", new BigDecimal("500000"), List.of(), null)), List.of("swap"), Side.SELL, LocalDate.of(2024, 2, 3)));
        deals.put(3L, new Deal(3, null, List.of(), List.of(), Side.SELL, null));
        assertThat(deals.keySet(Predicates.equal("nav[counterparty.name]", "ACME"))).containsExactly(1L);
        assertThat(deals.keySet(Predicates.sql("nav[counterparty.rating] > 4"))).containsExactly(2L);
        assertThat(deals.keySet(Predicates.equal("nav[legs.1.payer]", "BANK"))).containsExactly(1L);
        assertThat(deals.keySet(Predicates.sql("nav[legs.any.notional] > 2000000"))).containsExactly(1L);
        assertThat(deals.keySet(Predicates.equal("nav[legs.any.payer]", "Globex"))).containsExactly(2L);
        assertThat(deals.keySet(Predicates.equal("nav[tags.any]", "spot"))).containsExactly(1L);
        assertThat(deals.keySet(Predicates.equal("nav[legs.0.periods.0.rate]", 0.03))).containsExactly(1L);
        assertThat(deals.keySet(Predicates.sql("nav[counterparty.name] = null"))).containsExactly(3L);
        assertThat(deals.keySet(Predicates.equal("nav[tradeDate]", null))).containsExactly(3L);
    }
}
