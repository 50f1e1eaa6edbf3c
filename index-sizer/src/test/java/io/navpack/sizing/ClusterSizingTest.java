package io.navpack.sizing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.config.IndexConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.CountDownLatch;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Three members in their own JVMs (two with the agent, one without), sized from a client. */
class ClusterSizingTest {

    private static final int N = 30_000;
    private static Children children;
    private static HazelcastInstance client;
    private static ClusterIndexReport report;

    @BeforeAll
    static void start() throws Exception {
        String cluster = "sizing-" + TestConfigs.freePort();
        children = Children.start(cluster, new boolean[] {true, true, false}, List.of(), 0);
        client = HazelcastClient.newHazelcastClient(TestConfigs.client(cluster, children.ports));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (client.getCluster().getMembers().size() < 3) {
            assertThat(System.nanoTime() - deadline).as("3 members joined").isNegative();
            Thread.sleep(100);
        }
        IMap<Long, Trade> trades = client.getMap("trades");
        Map<Long, Trade> batch = new HashMap<>();
        for (long i = 0; i < N; i++) {
            batch.put(i, Trade.of(i));
            if (batch.size() == 1000) {
                trades.putAll(batch);
                batch.clear();
            }
        }
        trades.addIndex(new IndexConfig(IndexType.SORTED, "id").setName("tradesById"));
        trades.addIndex(new IndexConfig(IndexType.HASH, "code8").setName("tradesByCode8"));
        IMap<Long, IdsTrade> ids = client.getMap("idsTrades");
        Map<Long, IdsTrade> idsBatch = new HashMap<>();
        for (long i = 0; i < N; i++) {
            idsBatch.put(i, IdsTrade.of(i));
            if (idsBatch.size() == 1000) {
                ids.putAll(idsBatch);
                idsBatch.clear();
            }
        }
        report = IndexSizer.forInstance(client).withOptions(SizingOptions.defaults().withMapNames("trades"))
                .size(Duration.ofSeconds(90));
    }

    @AfterAll
    static void stop() {
        try {
            if (client != null) {
                client.shutdown();
            }
        } finally {
            if (children != null) {
                children.close();
            }
        }
    }

    private static MemberIndexReport row(int child) {
        String uuid = children.uuids.get(child);
        return report.members().stream().filter(m -> m.memberUuid().equals(uuid)).findFirst().orElseThrow();
    }

    @Test
    void everyMemberHasARowAndTheOneWithoutAgentSaysSo() {
        assertThat(report.members()).hasSize(3);
        assertThat(row(0).status()).isEqualTo(MemberStatus.OK);
        assertThat(row(1).status()).isEqualTo(MemberStatus.OK);
        MemberIndexReport noAgent = row(2);
        assertThat(noAgent.status()).isEqualTo(MemberStatus.NO_AGENT);
        assertThat(noAgent.reason()).contains("-javaagent");
        assertThat(noAgent.maps()).isEmpty();
        assertThat(noAgent.member()).isEqualTo("[127.0.0.1]:" + children.ports.get(2));
        assertThat(report.complete()).isFalse();
    }

    @Test
    void membersWithTheAgentSizeTheirOwnedEntries() {
        long owned = 0;
        for (int child = 0; child < 2; child++) {
            MapReport trades = row(child).map("trades");
            assertThat(trades.complete()).isTrue();
            assertThat(trades.entries()).isPositive();
            assertThat(trades.backupEntries()).isPositive();
            assertThat(trades.backupHeapBytes()).isPositive();
            for (IndexReport index : trades.indexes()) {
                // a global index holds the member's owned entries, not its backups
                assertThat(index.entries()).isEqualTo(trades.entries());
                assertThat(index.heapBytes()).isPositive();
                assertThat(index.hazelcastMemoryCost()).isPositive();
            }
            assertThat(trades.index("tradesByCode8").distinctKeys()).isEqualTo(512);
            owned += trades.entries();
        }
        // the third member owns the rest
        assertThat(owned).isLessThan(N);
        ClusterIndexReport.IndexTotal byId = report.indexTotal("trades", "tradesById");
        assertThat(byId.members()).isEqualTo(2);
        assertThat(byId.entries()).isEqualTo(owned);
        assertThat(byId.heapBytes()).isEqualTo(row(0).map("trades").index("tradesById").heapBytes()
                + row(1).map("trades").index("tradesById").heapBytes());
        assertThat(report.mapTotal("trades").entries()).isEqualTo(owned);
    }

    @Test
    void rendersAsJsonCsvAndTable() throws Exception {
        JsonNode json = new ObjectMapper().readTree(report.toJson());
        assertThat(json.get("members")).hasSize(3);
        List<String> statuses = new ArrayList<>();
        json.get("members").forEach(m -> statuses.add(m.get("status").asText()));
        assertThat(statuses).containsExactlyInAnyOrder("OK", "OK", "NO_AGENT");
        for (JsonNode m : json.get("members")) {
            if (m.get("status").asText().equals("OK")) {
                JsonNode index = m.get("maps").get(0).get("indexes").get(0);
                assertThat(index.get("heapBytes").asLong()).isPositive();
                assertThat(index.get("attributes").get(0).asText()).isIn("id", "code8");
            } else {
                assertThat(m.get("reason").asText()).contains("-javaagent");
                assertThat(m.get("maps")).isEmpty();
            }
        }
        assertThat(json.get("indexTotals")).hasSize(2);

        String[] lines = report.toCsv().split("\r\n");
        assertThat(lines[0]).isEqualTo(String.join(",", ClusterIndexReport.CSV_COLUMNS));
        // two indexes on each of two members, one line for the member without agent
        assertThat(lines).hasSize(1 + 4 + 1);
        for (String line : lines) {
            assertThat(line.split(",", -1)).hasSize(ClusterIndexReport.CSV_COLUMNS.size());
        }
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("NO_AGENT"));

        String table = report.toTable();
        assertThat(table).contains("tradesById", "tradesByCode8", "NO_AGENT", "Totals per index");
    }

    @Test
    void whatIfPredictsEveryMemberAndTheTotalAndTheIndexOnceCreatedAgrees() {
        // a POJO map that has indexes (its records already cache values), and an IDS map that has none
        checkWhatIf("trades", new IndexConfig(IndexType.SORTED, "name").setName("tradesByName"), false);
        checkWhatIf("idsTrades", new IndexConfig(IndexType.HASH, "code8").setName("idsByCode8"), true);
    }

    private static void checkWhatIf(String map, IndexConfig index, boolean startsTheCache) {
        IndexSizer sizer = IndexSizer.forInstance(client).withOptions(SizingOptions.defaults().withMapNames(map));
        ClusterIndexReport before = sizer.size(Duration.ofSeconds(90));
        WhatIfReport w = sizer.whatIf(map, index, WhatIfOptions.defaults().withSampleEntries(4_000),
                Duration.ofSeconds(90));
        assertThat(w.members()).hasSize(3);
        assertThat(w.complete()).isFalse();
        assertThat(w.members().stream().filter(m -> m.memberUuid().equals(children.uuids.get(2))).findFirst()
                .orElseThrow().status()).isEqualTo(MemberStatus.NO_AGENT);
        assertThat(w.toTable()).contains("NO_AGENT", "total", map);
        // predicting created nothing and cached nothing
        ClusterIndexReport still = sizer.size(Duration.ofSeconds(90));
        assertThat(still.indexTotal(map, index.getName())).isNull();
        assertThat(still.mapTotal(map).cachedValuesHeapBytes()).isEqualTo(before.mapTotal(map).cachedValuesHeapBytes());

        client.getMap(map).addIndex(index);
        ClusterIndexReport after = sizer.size(Duration.ofSeconds(90));
        long measuredTotal = 0;
        for (int child = 0; child < 2; child++) {
            String uuid = children.uuids.get(child);
            MemberWhatIf predicted = w.members().stream().filter(m -> m.memberUuid().equals(uuid)).findFirst()
                    .orElseThrow();
            MapReport measured = after.members().stream().filter(m -> m.memberUuid().equals(uuid)).findFirst()
                    .orElseThrow().map(map);
            assertThat(predicted.status()).isEqualTo(MemberStatus.OK);
            assertThat(predicted.entries()).isEqualTo(measured.entries());
            long heap = measured.index(index.getName()).heapBytes();
            measuredTotal += heap;
            assertThat((double) predicted.indexHeapBytes()).as("%s on %s: predicted %d, measured %d", map, uuid,
                    predicted.indexHeapBytes(), heap).isCloseTo(heap, org.assertj.core.data.Offset.offset(heap * 0.05));
            assertThat(predicted.indexHeapBytesLow()).isLessThanOrEqualTo(predicted.indexHeapBytes());
            assertThat(predicted.indexHeapBytesHigh()).isGreaterThanOrEqualTo(predicted.indexHeapBytes());
        }
        assertThat((double) w.indexHeapBytes()).isCloseTo(measuredTotal,
                org.assertj.core.data.Offset.offset(measuredTotal * 0.05));
        long cacheGrowth = after.mapTotal(map).cachedValuesHeapBytes() - before.mapTotal(map).cachedValuesHeapBytes();
        if (startsTheCache) {
            assertThat(cacheGrowth).isPositive();
            assertThat((double) w.valuesCacheHeapBytes()).as("cache predicted %d, grew %d", w.valuesCacheHeapBytes(),
                    cacheGrowth).isCloseTo(cacheGrowth, org.assertj.core.data.Offset.offset(cacheGrowth * 0.05));
        } else {
            assertThat(cacheGrowth).isZero();
            assertThat(w.valuesCacheHeapBytes()).isZero();
        }
        assertThat(w.costBytes()).isEqualTo(w.indexHeapBytes() + w.valuesCacheHeapBytes());
    }

    @Test
    void micrometerGaugesFollowTheCluster() throws Exception {
        IMap<Long, Trade> metered = client.getMap("metered");
        for (long i = 0; i < 2000; i++) {
            metered.set(i, Trade.of(i));
        }
        metered.addIndex(new IndexConfig(IndexType.SORTED, "name").setName("meteredByName"));
        SimpleMeterRegistry simple = new SimpleMeterRegistry();
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        IndexSizer sizer = IndexSizer.forInstance(client).withOptions(SizingOptions.defaults().withMapNames("metered"));
        try (IndexHeapMetrics metrics = new IndexHeapMetrics(sizer, Duration.ofSeconds(60))) {
            metrics.bindTo(simple);
            metrics.bindTo(prometheus);
            assertThat(simple.find(IndexHeapMetrics.INDEX_HEAP_BYTES).gauges()).isEmpty();

            ClusterIndexReport r = metrics.refresh();
            List<Gauge> gauges = new ArrayList<>(simple.find(IndexHeapMetrics.INDEX_HEAP_BYTES)
                    .tag("map", "metered").tag("index", "meteredByName").gauges());
            assertThat(gauges).hasSize(2);
            double sum = gauges.stream().mapToDouble(Gauge::value).sum();
            assertThat(sum).isEqualTo((double) r.indexTotal("metered", "meteredByName").heapBytes());
            String noAgentMember = row(2).member();
            assertThat(simple.find(IndexHeapMetrics.INDEX_HEAP_BYTES).tag("member", noAgentMember).gauges()).isEmpty();
            assertThat(simple.find(IndexHeapMetrics.MAP_HEAP_BYTES).tag("map", "metered").gauges()).hasSize(2)
                    .allSatisfy(g -> assertThat(g.value()).isPositive());
            // the index made the records cache their values: the cache and what indexing costs, per member
            assertThat(simple.find(IndexHeapMetrics.MAP_CACHE_HEAP_BYTES).tag("map", "metered").gauges()).hasSize(2)
                    .allSatisfy(g -> assertThat(g.value()).isPositive());
            double cost = simple.find(IndexHeapMetrics.MAP_INDEXING_COST_BYTES).tag("map", "metered").gauges().stream()
                    .mapToDouble(Gauge::value).sum();
            ClusterIndexReport.MapTotal total = r.mapTotal("metered");
            assertThat(cost).isEqualTo((double) total.indexesHeapBytes() + total.cachedValuesHeapBytes());
            assertThat(simple.find(IndexHeapMetrics.SIZER_HEAP_PEAK_BYTES).gauges()).hasSize(2)
                    .allSatisfy(g -> assertThat(g.value()).isPositive().isLessThanOrEqualTo(64.0 * 1024 * 1024));

            String scrape = prometheus.scrape();
            assertThat(scrape).containsPattern(
                    "navpack_index_heap_bytes\\{index=\"meteredByName\",map=\"metered\",member=\"\\[127\\.0\\.0\\.1\\]:\\d+\"\\} [0-9.E]+");
            assertThat(scrape).contains("navpack_map_heap_bytes{map=\"metered\"", "navpack_map_cache_heap_bytes{map=\"metered\"",
                    "navpack_map_indexing_cost_bytes{map=\"metered\"", "navpack_sizer_heap_peak_bytes{member=");

            metered.destroy();
            metrics.refresh();
            assertThat(simple.find(IndexHeapMetrics.INDEX_HEAP_BYTES).tag("map", "metered").gauges()).isEmpty();
            assertThat(prometheus.scrape()).doesNotContain("meteredByName");
        }
    }

    @Test
    void aScheduledSizingThatCloseInterruptsLeavesTheGaugesAsTheyWere() throws Exception {
        SimpleMeterRegistry simple = new SimpleMeterRegistry();
        IndexSizer sizer = IndexSizer.forInstance(client).withOptions(SizingOptions.defaults().withMapNames("trades"));
        CountDownLatch sizing = new CountDownLatch(1);
        CountDownLatch returned = new CountDownLatch(1);
        AtomicInteger calls = new AtomicInteger();
        IndexHeapMetrics metrics = new IndexHeapMetrics(() -> {
            if (calls.incrementAndGet() == 1) {
                return sizer.size(Duration.ofSeconds(60));
            }
            // the scheduled sizing: still running when close() stops the schedule, it ends with nothing found
            sizing.countDown();
            try {
                Thread.sleep(TimeUnit.MINUTES.toMillis(1));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            returned.countDown();
            return new ClusterIndexReport(List.of(), Instant.now(), Duration.ZERO);
        });
        metrics.bindTo(simple);
        metrics.refresh();
        assertThat(simple.find(IndexHeapMetrics.INDEX_HEAP_BYTES).tag("index", "tradesById").gauges()).hasSize(2);
        metrics.refreshEvery(Duration.ofHours(1));
        assertThat(sizing.await(60, TimeUnit.SECONDS)).isTrue();
        metrics.close();
        assertThat(returned.await(60, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(200); // the scheduled task's end, after its sizing returned
        assertThat(simple.find(IndexHeapMetrics.INDEX_HEAP_BYTES).tag("index", "tradesById").gauges()).hasSize(2);
        assertThat(metrics.lastReport().members()).isNotEmpty();
    }

    @Test
    void scheduledRefreshPublishes() throws Exception {
        SimpleMeterRegistry simple = new SimpleMeterRegistry();
        IndexSizer sizer = IndexSizer.forInstance(client).withOptions(SizingOptions.defaults().withMapNames("trades"));
        try (IndexHeapMetrics metrics = new IndexHeapMetrics(sizer, Duration.ofSeconds(60))) {
            metrics.bindTo(simple);
            metrics.refreshEvery(Duration.ofHours(1));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (metrics.lastReport() == null) {
                assertThat(System.nanoTime() - deadline).as("first scheduled refresh").isNegative();
                Thread.sleep(50);
            }
            assertThat(simple.find(IndexHeapMetrics.INDEX_HEAP_BYTES).tag("index", "tradesById").gauges()).hasSize(2);
        }
    }
}
