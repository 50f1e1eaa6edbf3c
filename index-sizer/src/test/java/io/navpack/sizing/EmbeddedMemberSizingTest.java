package io.navpack.sizing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.hazelcast.config.Config;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.IndexConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.query.LocalIndexStats;
import com.hazelcast.query.Predicates;
import io.navpack.agent.NavpackAgent;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** One member in the test JVM, which surefire starts with the agent. */
class EmbeddedMemberSizingTest {

    private static final int N = 20_000;
    private static HazelcastInstance member;

    @BeforeAll
    static void start() {
        assertThat(NavpackAgent.isInstalled()).as("surefire must start the test JVM with -javaagent").isTrue();
        int port = TestConfigs.freePort();
        Config config = TestConfigs.member("embedded-" + port, port, List.of(port));
        config.getMapConfig("objects").setInMemoryFormat(InMemoryFormat.OBJECT);
        config.getMapConfig("nostats").setStatisticsEnabled(false);
        member = Hazelcast.newHazelcastInstance(config);
    }

    @AfterAll
    static void stop() {
        if (member != null) {
            member.shutdown();
        }
    }

    private static IMap<Long, Trade> fill(String name, int n) {
        IMap<Long, Trade> map = member.getMap(name);
        for (long i = 0; i < n; i++) {
            map.set(i, Trade.of(i));
        }
        return map;
    }

    @Test
    void reportsEveryIndexWithCountsAndHazelcastsOwnEstimate() {
        // indexes first: each put then stores one entry object in all four indexes
        IMap<Long, Trade> map = member.getMap("trades");
        map.addIndex(new IndexConfig(IndexType.HASH, "code8").setName("byCode8"));
        map.addIndex(new IndexConfig(IndexType.SORTED, "id").setName("byId"));
        map.addIndex(new IndexConfig(IndexType.BITMAP, "bucket").setName("byBucket"));
        map.addIndex(new IndexConfig(IndexType.SORTED, "code32", "id").setName("composite"));
        fill("trades", N);

        MemberIndexReport report = IndexSizer.sizeLocalMember(member, SizingOptions.defaults().withMapNames("trades"));
        assertThat(report.status()).isEqualTo(MemberStatus.OK);
        MapReport trades = report.map("trades");
        assertThat(trades.walkable()).isTrue();
        assertThat(trades.complete()).isTrue();
        assertThat(trades.entries()).isEqualTo(N);
        assertThat(trades.inMemoryFormat()).isEqualTo("BINARY");
        assertThat(trades.dataHeapBytes()).isGreaterThan(N * 100L);
        assertThat(trades.indexes()).extracting(IndexReport::name)
                .containsExactlyInAnyOrder("byCode8", "byId", "byBucket", "composite");

        Map<String, LocalIndexStats> hz = map.getLocalMapStats().getIndexStats();
        for (IndexReport i : trades.indexes()) {
            assertThat(i.entries()).as(i.name()).isEqualTo(N);
            assertThat(i.heapBytes()).as(i.name()).isPositive();
            assertThat(i.reachableBytes()).as(i.name()).isGreaterThanOrEqualTo(i.heapBytes());
            assertThat(i.hazelcastMemoryCost()).as(i.name()).isEqualTo(hz.get(i.name()).getMemoryCost());
            assertThat(i.complete()).isTrue();
            assertThat(i.topClasses()).isNotEmpty();
        }
        assertThat(trades.index("byCode8").distinctKeys()).isEqualTo(512);
        assertThat(trades.index("byId").distinctKeys()).isEqualTo(N);
        assertThat(trades.index("byBucket").distinctKeys()).isEqualTo(16);
        assertThat(trades.index("composite").distinctKeys()).isEqualTo(N);
        assertThat(trades.index("byCode8").type()).isEqualTo("HASH");
        assertThat(trades.index("byId").type()).isEqualTo("SORTED");
        assertThat(trades.index("byBucket").type()).isEqualTo("BITMAP");
        assertThat(trades.index("composite").attributes()).containsExactly("code32", "id");

        // the indexes share their entry objects: dropping all frees more than the sum of what each alone frees
        long exclusiveSum = trades.indexes().stream().mapToLong(IndexReport::heapBytes).sum();
        assertThat(trades.indexesHeapBytes()).isGreaterThan(exclusiveSum);
        // an index does not own the member: a unique-long index costs tens of bytes per entry, not kilobytes
        assertThat(trades.index("byId").bytesPerEntry()).isBetween(40.0, 400.0);
        assertThat(trades.index("byId").topClasses()).extracting(ClassLine::className)
                .doesNotContain("com.hazelcast.internal.serialization.impl.HeapData");
    }

    @Test
    void objectFormatAndMissingStatisticsAreReported() {
        IMap<Long, Trade> objects = fill("objects", 2000);
        objects.addIndex(IndexType.HASH, "name");
        IMap<Long, Trade> nostats = fill("nostats", 2000);
        nostats.addIndex(IndexType.SORTED, "id");
        MemberIndexReport report = IndexSizer.sizeLocalMember(member,
                SizingOptions.defaults().withMapNames("objects", "nostats"));
        MapReport o = report.map("objects");
        assertThat(o.inMemoryFormat()).isEqualTo("OBJECT");
        assertThat(o.indexes()).singleElement().satisfies(i -> {
            assertThat(i.entries()).isEqualTo(2000);
            assertThat(i.heapBytes()).isPositive();
            // OBJECT format: the indexed names are the stored values' own strings, which the index must not be charged for
            assertThat(i.topClasses()).extracting(ClassLine::className).doesNotContain("java.lang.String");
        });
        assertThat(report.map("nostats").indexes().get(0).hazelcastMemoryCost()).isEqualTo(-1);
    }

    @Test
    void mapWithoutIndexesStillReportsItsData() {
        fill("plain", 1000);
        MapReport plain = IndexSizer.sizeLocalMember(member, SizingOptions.defaults().withMapNames("plain")).map("plain");
        assertThat(plain.indexes()).isEmpty();
        assertThat(plain.entries()).isEqualTo(1000);
        assertThat(plain.dataHeapBytes()).isPositive();
        assertThat(plain.indexesHeapBytes()).isZero();
    }

    @Test
    void budgetExhaustionMarksWalksPartial() {
        IMap<Long, Trade> map = fill("budget", 5000);
        map.addIndex(IndexType.SORTED, "id");
        MapReport r = IndexSizer.sizeLocalMember(member,
                SizingOptions.defaults().withMapNames("budget").withMaxObjectsPerWalk(1000)).map("budget");
        assertThat(r.dataWalkComplete()).isFalse();
        assertThat(r.complete()).isFalse();
        assertThat(r.reason()).contains("object budget");
        assertThat(r.indexes().get(0).complete()).isFalse();
        assertThat(r.indexes().get(0).incompleteReason()).contains("budget");
    }

    @Test
    void toleratesPutsRemovesAndQueriesDuringTheWalk() throws Exception {
        IMap<Long, Trade> map = fill("busy", 20_000);
        map.addIndex(new IndexConfig(IndexType.SORTED, "id").setName("busyId"));
        map.addIndex(new IndexConfig(IndexType.HASH, "code8").setName("busyCode"));
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong ops = new AtomicLong();
        Thread writer = new Thread(() -> {
            long i = 20_000;
            while (!stop.get()) {
                map.set(i, Trade.of(i));
                map.delete(i - 20_000);
                if (i % 50 == 0) {
                    map.values(Predicates.equal("code8", Trade.of(i).getCode8()));
                }
                i++;
                ops.incrementAndGet();
            }
        });
        writer.start();
        try {
            for (int round = 0; round < 3; round++) {
                long before = ops.get();
                MapReport r = IndexSizer.sizeLocalMember(member, SizingOptions.defaults().withMapNames("busy")).map("busy");
                assertThat(r.complete()).isTrue();
                assertThat(r.index("busyId").heapBytes()).isPositive();
                // the map holds 20,000 entries at any moment; a walk may also count entries put while it runs (and
                // those removed after it passed them), more of them the slower the walk: counted once each, not twice
                assertThat(r.index("busyId").entries()).isBetween(15_000L, 20_000L + (ops.get() - before));
                // puts and queries kept going while the member walked
                assertThat(ops.get()).isGreaterThan(before);
            }
        } finally {
            stop.set(true);
            writer.join(30_000);
        }
    }

    @Test
    void aCpuCapKeepsTheSizingThreadToItsShareAndChangesNoFigure() {
        IMap<Long, Trade> map = fill("capped", 60_000);
        map.addIndex(new IndexConfig(IndexType.SORTED, "id").setName("cappedId"));
        map.addIndex(new IndexConfig(IndexType.HASH, "code8").setName("cappedCode"));
        SizingOptions options = SizingOptions.defaults().withMapNames("capped");
        MemberIndexReport free = IndexSizer.sizeLocalMember(member, options);
        MemberIndexReport capped = IndexSizer.sizeLocalMember(member, options.withCpuShare(0.25));
        assertThat(capped.cpuShare()).isEqualTo(0.25);
        assertThat(free.cpuShare()).isEqualTo(1.0);
        // the thread sleeps whenever its CPU time runs ahead of a quarter of the time since it started
        double share = (double) capped.cpuNanos() / capped.walkNanos();
        assertThat(share).as("CPU %d ns in %d ns", capped.cpuNanos(), capped.walkNanos()).isLessThanOrEqualTo(0.30);
        assertThat(capped.cpuNanos()).isPositive();
        MapReport a = free.map("capped");
        MapReport b = capped.map("capped");
        for (IndexReport i : a.indexes()) {
            assertThat(b.index(i.name()).heapBytes()).isEqualTo(i.heapBytes());
        }
        assertThat(b.dataHeapBytes()).isEqualTo(a.dataHeapBytes());
        assertThat(b.cachedValuesHeapBytes()).isEqualTo(a.cachedValuesHeapBytes()).isPositive();
        assertThatThrownBy(() -> options.withCpuShare(0)).hasMessageContaining("cpuShare must be in (0, 1]");
        assertThatThrownBy(() -> options.withCpuShare(1.5)).hasMessageContaining("e.g. 0.25");
    }

    @Test
    void valuesCacheIsReportedBesideTheIndexesAsTheCostOfIndexing() {
        IMap<Long, Trade> plain = fill("notIndexed", 3_000);
        IMap<Long, Trade> indexed = fill("indexed", 3_000);
        indexed.addIndex(new IndexConfig(IndexType.HASH, "code8").setName("byCode"));
        MemberIndexReport r = IndexSizer.sizeLocalMember(member, SizingOptions.defaults().withMapNames("notIndexed", "indexed"));
        MapReport without = r.map("notIndexed");
        MapReport with = r.map("indexed");
        // records cache their deserialised value once the map has an index (cache-deserialized-values INDEX_ONLY)
        assertThat(without.cachedValues()).isZero();
        assertThat(without.cachedValuesHeapBytes()).isZero();
        assertThat(without.indexingCostBytes()).isZero();
        assertThat(with.cachedValues()).isEqualTo(3_000);
        assertThat(with.cachedValuesHeapBytes()).isGreaterThan(3_000L * 100);
        // the cache is its own figure, not part of the data's: the two maps' entries hold the same
        assertThat(with.dataHeapBytes()).isBetween(without.dataHeapBytes() - 4096, without.dataHeapBytes() + 32 * 271 + 4096);
        assertThat(with.indexingCostBytes()).isEqualTo(with.indexesHeapBytes() + with.cachedValuesHeapBytes());
        assertThat(plain.size()).isEqualTo(3_000);
        // sizing only the indexes leaves the data figures unknown
        MapReport indexesOnly = IndexSizer.sizeLocalMember(member,
                SizingOptions.defaults().withMapNames("indexed").withIncludeData(false)).map("indexed");
        assertThat(indexesOnly.dataHeapBytes()).isEqualTo(-1);
        assertThat(indexesOnly.cachedValuesHeapBytes()).isEqualTo(-1);
        assertThat(indexesOnly.indexingCostBytes()).isEqualTo(-1);
        assertThat(indexesOnly.index("byCode").heapBytes()).isEqualTo(with.index("byCode").heapBytes());
        assertThat(indexesOnly.complete()).isTrue();
    }

    @Test
    void sizerFromAMemberSizesTheClusterThroughTheExecutor() {
        IMap<Long, Trade> map = fill("viaExecutor", 3000);
        map.addIndex(IndexType.HASH, "code32");
        ClusterIndexReport report = IndexSizer.forInstance(member)
                .withOptions(SizingOptions.defaults().withMapNames("viaExecutor"))
                .size(Duration.ofSeconds(60));
        assertThat(report.members()).singleElement().satisfies(m -> {
            assertThat(m.status()).isEqualTo(MemberStatus.OK);
            assertThat(m.member()).isEqualTo(member.getCluster().getLocalMember().getAddress().toString());
        });
        assertThat(report.indexTotals()).singleElement().satisfies(t -> {
            assertThat(t.entries()).isEqualTo(3000);
            assertThat(t.heapBytes()).isPositive();
        });
    }
}
