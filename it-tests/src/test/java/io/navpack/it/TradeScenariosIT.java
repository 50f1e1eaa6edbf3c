package io.navpack.it;

import com.acme.trading.Side;
import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.LifecycleEvent;
import com.hazelcast.map.IMap;
import com.hazelcast.query.Predicate;
import com.hazelcast.query.Predicates;
import io.navpack.format.PackedRecord;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.ReadMode;
import io.navpack.it.model.TradeV2;
import io.navpack.sizing.ClusterIndexReport;
import io.navpack.sizing.IndexSizer;
import io.navpack.sizing.MemberIndexReport;
import io.navpack.sizing.MemberStatus;
import io.navpack.sizing.SizingOptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Three members in containers with navpack's jars and agent and none of the user's classes, configured
 * only by member/hazelcast.yaml; the test JVM is a client with the trade classes. The last scenario
 * kills every member, so the cluster it leaves holds only what was written after the restart.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(300)
class TradeScenariosIT {
    private static final int TRADES = 100_000;
    private static final int BULK = 200_000;
    private static final Duration SETTLE = Duration.ofSeconds(90);

    @RegisterExtension
    static final HazelcastClusterExtension CLUSTER = HazelcastClusterExtension.withMembers(3)
            .configure(b -> b.heapMegabytes(384));

    private static HazelcastInstance client;
    private static Map<Long, Trade> all;

    /** Predicates over nav[...] beside the same condition in Java, the in-test oracle. */
    private static final Map<Predicate<Long, Trade>, java.util.function.Predicate<Trade>> QUERIES = new java.util.LinkedHashMap<>();

    static {
        QUERIES.put(Predicates.equal("nav[currency1]", "EUR"), t -> t.currency1().equals("EUR"));
        QUERIES.put(Predicates.sql("nav[currency1] = 'EUR' and nav[amount1] > 100000000"),
                t -> t.currency1().equals("EUR") && t.amount1().compareTo(new BigDecimal("100000000")) > 0);
        QUERIES.put(Predicates.sql("nav[tradeDate] between '2014-08-01' and '2014-08-10'"),
                t -> !t.tradeDate().isBefore(LocalDate.of(2014, 8, 1)) && !t.tradeDate().isAfter(LocalDate.of(2014, 8, 10)));
        QUERIES.put(Predicates.sql("nav[buySell] = 'SELL' and nav[currency2] in ('USD', 'JPY')"),
                t -> t.buySell() == Side.SELL && (t.currency2().equals("USD") || t.currency2().equals("JPY")));
        QUERIES.put(Predicates.sql("nav[exchangeRate] < 0.6 or nav[amount2] > 200000000"),
                t -> t.exchangeRate().compareTo(new BigDecimal("0.6")) < 0 || t.amount2().compareTo(new BigDecimal("200000000")) > 0);
        QUERIES.put(Predicates.sql("not (nav[currency1] like '%D') and nav[settlementDate] < '2014-08-01'"),
                t -> !t.currency1().endsWith("D") && t.settlementDate().isBefore(LocalDate.of(2014, 8, 1)));
    }

    @BeforeAll
    static void load() {
        client = CLUSTER.cluster().newClient(config -> NavpackConfig.of(Trade.class).applyTo(config));
        all = new HashMap<>();
        for (Trade t : TradeGenerator.range(1, TRADES)) {
            all.put(t.id(), t);
        }
        putAll(client.getMap("trades"), all);
        putAll(client.getMap("trades-plain"), all);
    }

    private static void putAll(IMap<Long, Trade> map, Map<Long, Trade> trades) {
        Map<Long, Trade> batch = new HashMap<>();
        for (Map.Entry<Long, Trade> e : trades.entrySet()) {
            batch.put(e.getKey(), e.getValue());
            if (batch.size() == 5_000) {
                map.putAll(batch);
                batch.clear();
            }
        }
        map.putAll(batch);
    }

    private static Set<Long> expected(java.util.function.Predicate<Trade> condition) {
        return all.values().stream().filter(condition).map(Trade::id).collect(Collectors.toSet());
    }

    private static void queriesAgree() {
        queriesAgree(client);
    }

    private static void queriesAgree(HazelcastInstance client) {
        for (Map.Entry<Predicate<Long, Trade>, java.util.function.Predicate<Trade>> q : QUERIES.entrySet()) {
            Set<Long> expected = expected(q.getValue());
            assertThat(expected).as("%s selects something", q.getKey()).isNotEmpty();
            for (String map : List.of("trades", "trades-plain")) {
                IMap<Long, Trade> m = client.getMap(map);
                assertThat(new HashSet<>(m.keySet(q.getKey()))).as("%s on %s", q.getKey(), map).isEqualTo(expected);
            }
        }
    }

    @Test
    @Order(1)
    void valuesComeBackEqual() {
        IMap<Long, Trade> trades = client.getMap("trades");
        assertThat(trades.size()).isEqualTo(TRADES);
        Set<Long> sample = new HashSet<>();
        for (long id = 1; id <= TRADES; id += 97) {
            sample.add(id);
        }
        Map<Long, Trade> expected = new HashMap<>();
        sample.forEach(id -> expected.put(id, all.get(id)));
        assertThat(trades.getAll(sample)).isEqualTo(expected);
        assertThat(trades.get(12_345L)).isEqualTo(all.get(12_345L));
        Predicate<Long, Trade> eurBig = Predicates.sql("nav[currency1] = 'EUR' and nav[amount1] > 140000000");
        assertThat(new HashSet<>(client.<Long, Trade>getMap("trades").values(eurBig)))
                .isEqualTo(all.values().stream().filter(t -> t.currency1().equals("EUR")
                        && t.amount1().compareTo(new BigDecimal("140000000")) > 0).collect(Collectors.toSet()));
    }

    @Test
    @Order(2)
    void predicatesWithAndWithoutIndexesAgreeWithTheOracle() {
        queriesAgree();
    }

    @Test
    @Order(3)
    void indexSizingCoversAllThreeMembers() {
        ClusterIndexReport report = IndexSizer.forInstance(client).withOptions(SizingOptions.defaults().withMapNames("trades"))
                .size(Duration.ofMinutes(2));
        System.out.println(report.toTable());
        assertThat(report.members()).hasSize(3).allMatch(m -> m.status() == MemberStatus.OK);
        assertThat(report.complete()).isTrue();
        assertThat(report.mapTotal("trades").entries()).isEqualTo(TRADES);
        assertThat(report.indexTotals()).hasSize(4).allMatch(i -> i.entries() == TRADES && i.heapBytes() > 0);
    }

    @Test
    @Order(4)
    void aSecondClientWritesVersion2WhileVersion1Reads() throws Exception {
        HazelcastInstance v2 = CLUSTER.cluster().newClient(config -> NavpackConfig.of(TradeV2.class).applyTo(config));
        IMap<Long, TradeV2> writer = v2.getMap("trades");
        IMap<Long, Trade> reader = client.getMap("trades");
        AtomicReference<Throwable> readerFailure = new AtomicReference<>();
        Thread reading = new Thread(() -> {
            try {
                java.util.SplittableRandom r = new java.util.SplittableRandom(3);
                for (int i = 0; i < 3_000; i++) {
                    long id = 1 + r.nextInt(TRADES + 2_000);
                    Trade t = reader.get(id);
                    Trade expected = id <= TRADES ? all.get(id) : TradeGenerator.trade(id);
                    if (t != null && !t.equals(expected)) {
                        throw new AssertionError("read " + t + " for " + expected);
                    }
                }
            } catch (Throwable e) {
                readerFailure.set(e);
            }
        }, "v1-reader");
        reading.start();
        for (long id = TRADES + 1; id <= TRADES + 2_000; id++) {
            Trade t = TradeGenerator.trade(id);
            writer.put(id, new TradeV2(t.id(), t.tradeDate(), t.buySell(), t.currency1(), t.amount1(), t.exchangeRate(),
                    t.currency2(), t.amount2(), t.settlementDate(), "XLON"));
        }
        reading.join(TimeUnit.MINUTES.toMillis(3));
        assertThat(reading.isAlive()).isFalse();
        assertThat(readerFailure.get()).isNull();
        // version 1 reads version 2 entries without the new field; version 2 reads old entries with null
        assertThat(reader.get(TRADES + 7L)).isEqualTo(TradeGenerator.trade(TRADES + 7L));
        TradeV2 old = writer.get(7L);
        assertThat(old.venue()).isNull();
        assertThat(old.amount1()).isEqualTo(all.get(7L).amount1());
        assertThat(writer.get(TRADES + 7L).venue()).isEqualTo("XLON");
        // members query both versions through the same attribute
        long eur = all.values().stream().filter(t -> t.currency1().equals("EUR")).count()
                + TradeGenerator.range(TRADES + 1, TRADES + 2_000).stream().filter(t -> t.currency1().equals("EUR")).count();
        assertThat(reader.keySet(Predicates.equal("nav[currency1]", "EUR"))).hasSize((int) eur);
        writer.removeAll(Predicates.sql("nav[id] > " + TRADES));
        assertThat(reader.size()).isEqualTo(TRADES);
        v2.shutdown();
    }

    @Test
    @Order(5)
    void aMemberKilledDuringSizingGivesTwoSizedMembersAndOneFailedRow(HazelcastCluster cluster) throws Exception {
        IMap<Long, Trade> bulk = client.getMap("bulk");
        Map<Long, Trade> batch = new HashMap<>();
        for (long id = 1; id <= BULK; id++) {
            batch.put(id, TradeGenerator.trade(id));
            if (batch.size() == 10_000) {
                bulk.putAll(batch);
                batch.clear();
            }
        }
        cluster.awaitSettled(SETTLE);
        ClusterMember victim = cluster.member(2);
        Duration timeout = Duration.ofSeconds(90);
        AtomicReference<ClusterIndexReport> result = new AtomicReference<>();
        AtomicReference<Throwable> error = new AtomicReference<>();
        Thread caller = new Thread(() -> {
            try {
                result.set(IndexSizer.forInstance(client).withOptions(SizingOptions.defaults().withMapNames("trades", "bulk"))
                        .size(timeout));
            } catch (Throwable t) {
                error.set(t);
            }
        }, "sizing-caller");
        long started = System.nanoTime();
        caller.start();
        Thread.sleep(300);
        victim.kill();
        caller.join(timeout.toMillis() + 30_000);
        assertThat(caller.isAlive()).as("the sizing call returned").isFalse();
        assertThat(Duration.ofNanos(System.nanoTime() - started)).as("returned within its timeout").isLessThan(timeout);
        assertThat(error.get()).isNull();
        ClusterIndexReport report = result.get();
        System.out.println(report.toTable());
        List<MemberIndexReport> ok = report.members().stream().filter(m -> m.status() == MemberStatus.OK).toList();
        List<MemberIndexReport> failed = report.members().stream().filter(m -> m.status() != MemberStatus.OK).toList();
        assertThat(ok).hasSize(2);
        assertThat(failed).hasSize(1);
        assertThat(failed.get(0).member()).contains(victim.ip());
        assertThat(failed.get(0).status()).as("a dead member is a failed row, not a timeout").isEqualTo(MemberStatus.FAILED);
        assertThat(failed.get(0).reason()).isNotBlank();
    }

    @Test
    @Order(6)
    void noEntryIsLostAfterAMemberIsKilled(HazelcastCluster cluster) {
        cluster.awaitSettled(SETTLE);
        assertThat(client.getCluster().getMembers()).hasSize(2);
        IMap<Long, Trade> trades = client.getMap("trades");
        assertThat(trades.size()).isEqualTo(TRADES);
        assertThat(client.getMap("trades-plain").size()).isEqualTo(TRADES);
        assertThat(client.getMap("bulk").size()).isEqualTo(BULK);
        assertThat(trades.getAll(all.keySet())).isEqualTo(all);
        queriesAgree();
    }

    @Test
    @Order(7)
    void aMemberPausedDuringQueriesThenAnswersAreCorrectOnceTheClusterSettles(HazelcastCluster cluster) throws Exception {
        cluster.heal(SETTLE);
        assertThat(client.getCluster().getMembers()).hasSize(3);
        // each attempt below is bounded by this client's invocation timeout, so a query that waits on the paused
        // member (until the members drop it and the client closes its connection) leaves room for the next attempt
        HazelcastInstance attempts = cluster.newClient(config -> {
            NavpackConfig.of(Trade.class).applyTo(config);
            config.setProperty("hazelcast.client.invocation.timeout.seconds", "15");
        });
        ClusterMember paused = cluster.member(3);
        paused.pause();
        // queries while the member is paused may fail or wait; once it is declared gone and partitions are
        // promoted, answers must be complete and right
        long deadline = System.nanoTime() + SETTLE.toNanos();
        boolean correct = false;
        RuntimeException lastFailure = null;
        AssertionError lastWrong = null;
        while (!correct && System.nanoTime() < deadline) {
            try {
                if (attempts.getCluster().getMembers().size() == 2) {
                    queriesAgree(attempts);
                    correct = attempts.getCluster().getMembers().size() == 2;
                } else {
                    Thread.sleep(500);
                }
            } catch (AssertionError e) {
                lastWrong = e;
                Thread.sleep(1_000);
            } catch (RuntimeException e) {
                lastFailure = e;
                Thread.sleep(1_000);
            }
        }
        assertThat(correct).as("queries right after the paused member was dropped (members seen: %d; last wrong answer:"
                        + " %s; last failure: %s)", attempts.getCluster().getMembers().size(), lastWrong, lastFailure)
                .isTrue();
        attempts.shutdown();
        paused.unpause();
        cluster.heal(SETTLE);
        queriesAgree();
        assertThat(client.<Long, Trade>getMap("trades").getAll(all.keySet())).isEqualTo(all);
    }

    @Test
    @Order(8)
    void everyMemberKilledWhileAClientKeepsWritingThenEverythingItWroteAfterwardsIsDescribedAndQueried(
            HazelcastCluster cluster) throws Exception {
        cluster.heal(SETTLE);
        AtomicLong downAt = new AtomicLong(Long.MAX_VALUE);
        java.util.concurrent.CountDownLatch reconnected = new java.util.concurrent.CountDownLatch(1);
        UUID listener = client.getLifecycleService().addLifecycleListener(e -> {
            if (e.getState() == LifecycleEvent.LifecycleState.CLIENT_DISCONNECTED) {
                downAt.compareAndSet(Long.MAX_VALUE, System.nanoTime());
            } else if (e.getState() == LifecycleEvent.LifecycleState.CLIENT_CONNECTED && downAt.get() != Long.MAX_VALUE) {
                reconnected.countDown();
            }
        });
        // "trades" has indexes, so members read every value at put; "trades-plain" stores it unread
        IMap<Long, Trade> indexed = client.getMap("trades");
        IMap<Long, Trade> plain = client.getMap("trades-plain");
        Set<Long> written = ConcurrentHashMap.newKeySet();
        List<String> refused = new java.util.concurrent.CopyOnWriteArrayList<>();
        AtomicLong attempts = new AtomicLong();
        AtomicBoolean stop = new AtomicBoolean();
        Thread writer = new Thread(() -> {
            for (long id = 1_000_001; !stop.get(); id++) {
                attempts.incrementAndGet();
                // a put started well after the client saw the cluster go waits until the client has published its
                // schemas to the new cluster; the one in flight at the kill may reach it first
                boolean mustBeDescribed = System.nanoTime() - downAt.get() > TimeUnit.MILLISECONDS.toNanos(50);
                try {
                    indexed.put(id, TradeGenerator.trade(id));
                    plain.put(id, TradeGenerator.trade(id));
                    if (mustBeDescribed) {
                        written.add(id);
                    }
                } catch (RuntimeException e) {
                    java.io.StringWriter trace = new java.io.StringWriter();
                    e.printStackTrace(new java.io.PrintWriter(trace));
                    if (mustBeDescribed && trace.toString().contains("unknown schema")) {
                        refused.add(id + ": " + e);
                    }
                    try {
                        Thread.sleep(100);
                    } catch (InterruptedException ie) {
                        return;
                    }
                }
            }
        }, "writer");
        writer.start();
        try {
            Await.until("some writes", Duration.ofSeconds(60), () -> attempts.get() > 200);
            for (ClusterMember m : cluster.members()) {
                m.kill();
            }
            Await.until("the client to see the cluster gone", Duration.ofSeconds(60), () -> downAt.get() != Long.MAX_VALUE);
            cluster.heal(SETTLE);
            assertThat(reconnected.await(90, TimeUnit.SECONDS)).as("the client reconnected").isTrue();
            Await.until("writes to the new cluster", Duration.ofSeconds(120), () -> written.size() >= 2_000);
        } finally {
            stop.set(true);
            writer.join(TimeUnit.SECONDS.toMillis(60));
            client.getLifecycleService().removeLifecycleListener(listener);
        }
        assertThat(writer.isAlive()).isFalse();
        assertThat(refused).as("puts refused by a member that could not describe them").isEmpty();

        // the new cluster holds only what was written after the restart
        Set<Long> present = new HashSet<>(plain.keySet());
        assertThat(present).containsAll(written);
        assertThat(new HashSet<>(indexed.keySet())).containsAll(written);
        Map<Long, Trade> expected = new HashMap<>();
        present.forEach(id -> expected.put(id, TradeGenerator.trade(id)));
        assertThat(plain.getAll(present)).isEqualTo(expected);
        // members read every value again for each predicate: scans on the plain map, indexes on the other
        for (Map.Entry<Predicate<Long, Trade>, java.util.function.Predicate<Trade>> q : QUERIES.entrySet()) {
            Set<Long> oracle = expected.values().stream().filter(q.getValue()).map(Trade::id).collect(Collectors.toSet());
            assertThat(new HashSet<>(plain.keySet(q.getKey()))).as("%s on trades-plain", q.getKey()).isEqualTo(oracle);
            Set<Long> indexedOracle = new HashSet<>(indexed.keySet());
            indexedOracle.removeIf(id -> !q.getValue().test(TradeGenerator.trade(id)));
            assertThat(new HashSet<>(indexed.keySet(q.getKey()))).as("%s on trades", q.getKey()).isEqualTo(indexedOracle);
        }
        // a client without the trade classes reads the values through the cluster's schemas
        HazelcastInstance classless = cluster.newClient(config -> NavpackConfig.of().readMode(ReadMode.RECORD).applyTo(config));
        long sample = written.iterator().next();
        PackedRecord record = (PackedRecord) classless.getMap("trades-plain").get(sample);
        assertThat(record.getString("currency1")).isEqualTo(TradeGenerator.trade(sample).currency1());
        System.out.printf("[navpack-it] restart: %d writes attempted, %d described after the restart%n", attempts.get(),
                written.size());
    }
}
