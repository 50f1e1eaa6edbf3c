package io.navpack.coherence;

import com.tangosol.net.CacheFactory;
import com.tangosol.net.InvocationService;
import com.tangosol.net.NamedCache;
import com.tangosol.util.Filter;
import com.tangosol.util.Filters;
import com.tangosol.util.InvocableMap;
import com.tangosol.util.aggregator.Count;
import com.tangosol.util.aggregator.GroupAggregator;
import com.tangosol.util.processor.UpdaterProcessor;
import io.navpack.coherence.member.ValueClassTask;
import io.navpack.coherence.model.Deal;
import io.navpack.coherence.sizing.CoherenceIndexSizer;
import io.navpack.coherence.sizing.IndexFigure;
import io.navpack.coherence.sizing.WhatIfTask;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static io.navpack.coherence.NavpackExtractor.of;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * navpack values in a Coherence CE cluster of two storage members in JVMs of their own, which have neither the
 * {@link Deal} class nor any test class: values round-trip through the cache, queries by plain names and nested
 * paths (with {@code [any]}) answer exactly what the same predicates answer over the same values in memory (with
 * and without indexes), aggregators and an updater work on the members' binary values — and the members deserialise
 * none of it — and every index is sized on every member.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CoherenceClusterTest {
    private static final int N = 3000;
    private static CoherenceCluster cluster;
    private static NamedCache<Long, Deal> deals;
    private static final Map<Long, Deal> ORACLE = new LinkedHashMap<>();

    @BeforeAll
    static void start() {
        cluster = CoherenceCluster.start("cluster", 2);
        cluster.joinAsApplication(Deal.class.getName());
        deals = CacheFactory.getCache("deals");
        Random r = new Random(42);
        Map<Long, Deal> batch = new HashMap<>();
        for (long id = 0; id < N; id++) {
            Deal d = deal(r, id);
            ORACLE.put(id, d);
            batch.put(id, d);
            if (batch.size() == 500) {
                deals.putAll(batch);
                batch.clear();
            }
        }
        deals.putAll(batch);
    }

    @AfterAll
    static void stop() {
        CacheFactory.shutdown();
        if (cluster != null) {
            cluster.close();
        }
    }

    static Deal deal(Random r, long id) {
        List<Deal.Leg> legs = new ArrayList<>();
        for (int i = 0, n = 1 + r.nextInt(3); i < n; i++) {
            legs.add(new Deal.Leg("P" + r.nextInt(12), Math.round(r.nextDouble() * 1e6) / 100.0));
        }
        return new Deal(id, "B" + r.nextInt(20), List.of("EUR", "USD", "GBP", "JPY", "CHF", "SEK").get(r.nextInt(6)),
                BigDecimal.valueOf(r.nextInt(10_000_000), 2), LocalDate.of(2024, 1, 1).plusDays(r.nextInt(700)),
                r.nextBoolean() ? Deal.Side.BUY : Deal.Side.SELL,
                r.nextInt(10) == 0 ? null : new Deal.Party("C" + r.nextInt(50), List.of("DE", "FR", "GB", "US").get(r.nextInt(4))),
                legs, r.nextInt(1000));
    }

    @Test
    @Order(1)
    void valuesRoundTripThroughTheCacheAndStorageMembersHoldThemWithoutTheClass() {
        assertThat(deals.size()).isEqualTo(N);
        for (long id : new long[] {0, 1, 17, N - 1}) {
            assertThat(deals.get(id)).isEqualTo(ORACLE.get(id));
        }
        Map<Long, Deal> all = deals.getAll(ORACLE.keySet());
        assertThat(all).isEqualTo(ORACLE);
        // the members lack the class: their own read of a value is a record
        @SuppressWarnings("unchecked")
        Map<Object, Object> seen = (Map<Object, Object>) service().query(new ValueClassTask("deals", 1L), storageMembers());
        assertThat(seen).hasSize(2);
        assertThat(seen.values()).allSatisfy(v -> assertThat(v).asString().contains("PackedRecord")
                .doesNotContain(Deal.class.getName()));
    }

    private static Map<Object, Map<String, Long>> countersBefore;

    @Test
    @Order(2)
    void queriesByPlainNamesAndPathsAnswerAsTheOracle() {
        // Coherence's own extractor by name reflects on the value, which the members hold without its class
        assertThatThrownBy(() -> deals.keySet(Filters.equal("currency", "EUR"))).hasStackTraceContaining("currency");
        countersBefore = counters();
        checkQueries("no index");
    }

    @SuppressWarnings("unchecked")
    private static Map<Object, Map<String, Long>> counters() {
        return (Map<Object, Map<String, Long>>) service().query(new NavpackCounters(), storageMembers());
    }

    @Test
    @Order(3)
    void queriesWithIndexesAnswerAsTheOracleAndAggregatorsAndUpdatersWork() {
        deals.addIndex(of("currency"), false, null);
        deals.addIndex(of("rank"), true, null);
        deals.addIndex(of("legs[any].payer"), false, null);
        deals.addIndex(of("counterparty.country"), true, null);
        checkQueries("indexes");

        BigDecimal sum = deals.aggregate(Filters.equal(of("currency"), "EUR"),
                new com.tangosol.util.aggregator.BigDecimalSum<Object>(NavpackExtractor.<Object, BigDecimal>of("amount")));
        assertThat(sum).isEqualByComparingTo(ORACLE.values().stream().filter(d -> d.currency().equals("EUR"))
                .map(Deal::amount).reduce(BigDecimal.ZERO, BigDecimal::add));
        @SuppressWarnings({"unchecked", "rawtypes"})
        Map<Object, Integer> byBook = (Map<Object, Integer>) deals.aggregate(Filters.always(),
                (InvocableMap.EntryAggregator) GroupAggregator.createInstance(of("book"), new Count<>()));
        assertThat(new TreeMap<>(byBook)).isEqualTo(new TreeMap<>(ORACLE.values().stream()
                .collect(Collectors.groupingBy(Deal::book, Collectors.summingInt(d -> 1)))));

        Filter<?> b3 = Filters.equal(of("book"), "B3");
        @SuppressWarnings({"unchecked", "rawtypes"})
        Set<Long> updated = deals.invokeAll((Filter) b3, (InvocableMap.EntryProcessor) new UpdaterProcessor<Long, Object, Integer>(
                NavpackUpdater.of("rank"), 1234)).keySet();
        Set<Long> expected = ORACLE.values().stream().filter(d -> d.book().equals("B3")).map(Deal::id).collect(Collectors.toSet());
        assertThat(updated).isEqualTo(expected);
        for (long id : expected) {
            Deal d = ORACLE.get(id);
            Deal u = new Deal(d.id(), d.book(), d.currency(), d.amount(), d.tradeDate(), d.side(), d.counterparty(),
                    d.legs(), 1234);
            ORACLE.put(id, u);
            assertThat(deals.get(id)).isEqualTo(u);
        }
        // the index on rank followed the updates
        assertThat(keys(Filters.equal(of("rank"), 1234))).containsAll(expected);
        checkQueries("after updates");

        // the storage members read every field from the stored bytes: none of these values was deserialised there
        Map<Object, Map<String, Long>> counters = counters();
        assertThat(counters).hasSize(2);
        counters.forEach((member, c) -> {
            assertThat(c.get("values.read") - countersBefore.get(member).get("values.read"))
                    .as("values deserialised on a storage member by the queries").isZero();
            assertThat(c.get("extract.single.reads") + c.get("extract.full.decodes")).isPositive();
            assertThat(c.get("binary.copies")).isZero();
            assertThat(c.get("extract.unreadable")).isZero();
        });
    }

    @Test
    @Order(5)
    void aDamagedValueIsLeftOutOfQueriesAndIndexesLoggedAndCountedWithoutFailingThem() {
        @SuppressWarnings({"unchecked", "rawtypes"})
        Boolean damaged = (Boolean) ((NamedCache) deals).invoke(42L, new io.navpack.coherence.member.CorruptValue());
        assertThat(damaged).isTrue();
        ORACLE.remove(42L);
        Map<Object, Map<String, Long>> before = counters();
        // a scan, and an index that must take the damaged value in
        assertThat(keys(Filters.greater(of("rank"), -1))).isEqualTo(ORACLE.keySet());
        deals.addIndex(of("side"), false, null);
        assertThat(keys(Filters.equal(of("side"), "SELL"))).isEqualTo(ORACLE.values().stream()
                .filter(d -> d.side() == Deal.Side.SELL).map(Deal::id).collect(Collectors.toSet()));
        long unreadable = 0;
        for (Map.Entry<Object, Map<String, Long>> m : counters().entrySet()) {
            unreadable += m.getValue().get("extract.unreadable") - before.get(m.getKey()).get("extract.unreadable");
        }
        assertThat(unreadable).as("damaged values met by the extractors").isPositive();
    }

    @Test
    @Order(4)
    void everyIndexIsSizedOnEveryStorageMemberAndAWhatIfPredictsOneBeforeItExists() {
        List<WhatIfTask.Result> predicted = CoherenceIndexSizer.whatIf(service(), "deals", of("book"), false, null, 64);
        assertThat(predicted).hasSize(2).allSatisfy(p -> {
            assertThat(p.failure()).isNull();
            assertThat(p.sampledEntries()).isPositive();
        });
        assertThat(predicted.stream().mapToLong(WhatIfTask.Result::entries).sum()).isEqualTo(N);
        deals.addIndex(of("book"), false, null);

        List<IndexFigure> figures = sizedOnceBuilt(5);
        Set<String> members = figures.stream().map(IndexFigure::member).collect(Collectors.toSet());
        assertThat(members).hasSize(2);
        Map<String, List<IndexFigure>> byIndex = figures.stream().filter(f -> f.cache().equals("deals"))
                .collect(Collectors.groupingBy(IndexFigure::index));
        assertThat(byIndex.keySet()).containsExactlyInAnyOrder("NavpackExtractor(currency)", "NavpackExtractor(rank)",
                "NavpackExtractor(legs[any].payer)", "NavpackExtractor(counterparty.country)", "NavpackExtractor(book)");
        // the prediction, from a quarter of the partitions, against the index once created: within 15 % per member
        for (WhatIfTask.Result p : predicted) {
            IndexFigure real = byIndex.get("NavpackExtractor(book)").stream().filter(f -> f.member().equals(p.member()))
                    .findFirst().orElseThrow();
            assertThat((double) p.bytes()).as("what-if on " + p.member()).isCloseTo(real.bytes(), org.assertj.core.data.Percentage.withPercentage(15));
            assertThat((double) p.footprint()).isCloseTo(real.footprint(), org.assertj.core.data.Percentage.withPercentage(15));
        }
        for (List<IndexFigure> perMember : byIndex.values()) {
            assertThat(perMember).hasSize(2);
            long entries = perMember.stream().mapToLong(IndexFigure::entries).sum();
            long bytes = perMember.stream().mapToLong(IndexFigure::bytes).sum();
            IndexFigure f = perMember.get(0);
            assertThat(f.exactKeys()).isTrue();
            assertThat(f.footprint()).isPositive();
            if (f.index().contains("[any]")) {
                // one key per distinct payer of a deal
                assertThat(entries).isGreaterThanOrEqualTo(N);
            } else if (f.index().contains("country")) {
                assertThat(entries).isEqualTo(N); // deals without a counterparty are indexed under null
            } else {
                assertThat(entries).isEqualTo(N);
            }
            // at least the index's own entry objects and key references, at most what a deal's bytes and key would take
            assertThat(bytes).isBetween(N * 24L, N * 600L);
        }
    }

    /**
     * The figures of the cache's {@code indexes} indexes once Coherence has built them (it builds a new index partition
     * by partition in the background): every entry indexed, at least one key per entry for {@code [any]}.
     */
    private static List<IndexFigure> sizedOnceBuilt(int indexes) {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (true) {
            CoherenceIndexSizer.Report report = CoherenceIndexSizer.size();
            assertThat(report.failures()).as("members without figures").isEmpty();
            Map<String, Long> entries = report.figures().stream().filter(f -> f.cache().equals("deals"))
                    .collect(Collectors.groupingBy(IndexFigure::index, Collectors.summingLong(IndexFigure::entries)));
            if (entries.size() == indexes && entries.entrySet().stream()
                    .allMatch(e -> e.getKey().contains("[any]") ? e.getValue() >= N : e.getValue() == N)) {
                return report.figures();
            }
            assertThat(System.nanoTime()).as("indexes built: " + entries).isLessThan(deadline);
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /** Random and fixed filters, checked key set by key set against the same predicates over the values in memory. */
    private void checkQueries(String label) {
        List<Query> queries = new ArrayList<>();
        queries.add(new Query(Filters.equal(of("currency"), "EUR"), d -> d.currency().equals("EUR")));
        queries.add(new Query(Filters.greater(of("rank"), 700), d -> d.rank() > 700));
        queries.add(new Query(Filters.between(of("amount"), new BigDecimal("10000.00"), new BigDecimal("30000.00")),
                d -> d.amount().compareTo(new BigDecimal("10000.00")) >= 0 && d.amount().compareTo(new BigDecimal("30000.00")) <= 0));
        queries.add(new Query(Filters.equal(of("counterparty.country"), "DE"),
                d -> d.counterparty() != null && d.counterparty().country().equals("DE")));
        queries.add(new Query(Filters.contains(of("legs[any].payer"), "P3"),
                d -> d.legs().stream().anyMatch(l -> l.payer().equals("P3"))));
        queries.add(new Query(Filters.equal(of("side"), "BUY"), d -> d.side() == Deal.Side.BUY));
        queries.add(new Query(Filters.greater(of("legs[0].notional"), 5000.0), d -> d.legs().get(0).notional() > 5000.0));
        queries.add(new Query(Filters.less(of("tradeDate"), LocalDate.of(2024, 6, 1)),
                d -> d.tradeDate().isBefore(LocalDate.of(2024, 6, 1))));
        Random r = new Random(label.hashCode());
        for (int i = 0; i < 30; i++) {
            Query a = queries.get(r.nextInt(8));
            Query b = queries.get(r.nextInt(8));
            queries.add(r.nextBoolean()
                    ? new Query(Filters.all(a.filter, b.filter), d -> a.oracle.test(d) && b.oracle.test(d))
                    : new Query(Filters.any(a.filter, Filters.not(b.filter)), d -> a.oracle.test(d) || !b.oracle.test(d)));
        }
        for (Query q : queries) {
            Set<Long> expected = new HashSet<>();
            ORACLE.forEach((id, d) -> {
                if (q.oracle.test(d)) {
                    expected.add(id);
                }
            });
            assertThat(keys(q.filter)).as(label + ": " + q.filter).isEqualTo(expected);
        }
        // values() returns the values themselves
        @SuppressWarnings({"unchecked", "rawtypes"})
        Set<Deal> eur = new HashSet<>(deals.values((Filter) Filters.equal(of("currency"), "EUR")));
        assertThat(eur).isEqualTo(ORACLE.values().stream().filter(d -> d.currency().equals("EUR")).collect(Collectors.toSet()));
    }

    private record Query(Filter<?> filter, Predicate<Deal> oracle) {
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Set<Long> keys(Filter<?> f) {
        return new HashSet<>(deals.keySet((Filter) f));
    }

    private static InvocationService service() {
        return NavpackCoherence.get().schemas().invocation();
    }

    @SuppressWarnings("unchecked")
    private static Set<com.tangosol.net.Member> storageMembers() {
        return ((com.tangosol.net.DistributedCacheService) deals.getCacheService()).getOwnershipEnabledMembers();
    }
}
