package io.navpack.bench;

import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import com.hazelcast.config.IndexConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.instance.impl.HazelcastInstanceImpl;
import com.hazelcast.instance.impl.HazelcastInstanceProxy;
import com.hazelcast.map.IMap;
import com.hazelcast.map.impl.MapService;
import com.hazelcast.map.impl.MapServiceContext;
import com.hazelcast.map.impl.record.Record;
import com.hazelcast.map.impl.record.Records;
import com.hazelcast.map.impl.recordstore.RecordStore;
import io.navpack.bench.scan.ScanCluster;
import io.navpack.bench.walk.AgentSupport;
import io.navpack.sizing.IndexSizer;
import io.navpack.sizing.MapReport;
import io.navpack.sizing.MemberIndexReport;
import io.navpack.sizing.MemberWhatIf;
import io.navpack.sizing.SizingOptions;
import io.navpack.sizing.WhatIfOptions;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.time.Duration;

/**
 * The index sizer at production scale: one member holds {@code entries} navpack trades (10 million by default)
 * with a SORTED index on {@code nav[id]} (unique keys) and a HASH index on {@code nav[currency1]} (8 values),
 * which share their entry objects. One operation is one sizing of the map on the member, data and indexes, in
 * the default bounded mode (64 MiB for the sizer's own bookkeeping, no CPU cap).
 *
 * <p>Before the measured sizings, once, in the same JVM ({@link Figures}):
 * <ul>
 *   <li>what-if: before the HASH index exists, the member predicts its heap from a sample of 20 000 entries;</li>
 *   <li>heap overhead: a sizing while another thread collects garbage and samples the heap left after each
 *       collection, pausing 200 ms or three times as long as the collection took, whichever is longer (a full
 *       collection of a 10-million-entry heap takes seconds and stops the sizing too); the highest sample minus
 *       the heap before is what the sizing held for itself;</li>
 *   <li>accuracy: the sizer's figure for both indexes together against the heap freed when they are dropped
 *       ({@code IndexRegistry.destroyIndexes()}), and its values cache figure against the heap freed when the
 *       records' cached values are cleared; then the indexes are created again for the measured sizings.</li>
 * </ul>
 *
 * Not part of the default suite: {@code benchmarks/run.sh --only SizerScale} (a 14 GiB heap at 10 million
 * entries; run.sh runs the setup and one measured sizing, with a 60 minute timeout).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xms14g", "-Xmx14g", "-XX:+UseSerialGC", "-Dhazelcast.phone.home.enabled=false",
    "-Djdk.attach.allowAttachSelf=true",
    "--add-modules", "java.se", "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
    "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens", "java.management/sun.management=ALL-UNNAMED",
    "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED"})
public class SizerScaleBenchmark {

    @Param({"10000000"})
    public int entries;

    private static final String MAP = "navpack";
    private static final IndexConfig BY_ID = new IndexConfig(IndexType.SORTED, "nav[id]").setName("byId");
    private static final IndexConfig BY_CURRENCY = new IndexConfig(IndexType.HASH, "nav[currency1]").setName("byCurrency");

    private ScanCluster cluster;
    private HazelcastInstance member;
    private SizingOptions options;
    final Figures figures = new Figures();
    long objects;

    /** What the setup measured once, reported with every iteration. */
    static final class Figures {
        long loadMillis;
        long predictedIndex;
        long predictedLow;
        long predictedHigh;
        long predictMillis;
        long createdIndex;
        long overheadMeasured;
        long overheadReported;
        long overheadSamples;
        long sizingMillisSampled;
        long indexesSizer;
        long indexesFreed;
        long cacheSizer;
        long cacheFreed;
        long dataBytes;
        long objectsVisited;
    }

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        AgentSupport.sizer();
        long t0 = System.nanoTime();
        cluster = ScanCluster.start(1, c -> c.getMapConfig(MAP).addIndexConfig(BY_ID));
        member = cluster.member(0);
        load(cluster.map(MAP), entries);
        figures.loadMillis = (System.nanoTime() - t0) / 1_000_000;
        // at 10 million entries one sizing visits over 500 million objects: more than the default 10 minutes on a
        // busy two-core machine, so the time budgets are raised (the figure recorded is the time it took)
        options = SizingOptions.defaults().withMapNames(MAP).withIncludeBackups(false)
                .withMaxWalkTime(Duration.ofMinutes(45)).withMemberTimeBudget(Duration.ofMinutes(50));

        // what the HASH index would cost, before it exists
        long p0 = System.nanoTime();
        MemberWhatIf whatIf = IndexSizer.whatIfLocalMember(member, MAP, BY_CURRENCY, WhatIfOptions.defaults());
        figures.predictMillis = (System.nanoTime() - p0) / 1_000_000;
        figures.predictedIndex = whatIf.indexHeapBytes();
        figures.predictedLow = whatIf.indexHeapBytesLow();
        figures.predictedHigh = whatIf.indexHeapBytesHigh();
        cluster.map(MAP).addIndex(BY_CURRENCY);

        // a sizing with the heap sampled from another thread
        long baseline = ScanCluster.usedHeapAfterGc();
        AtomicLong peak = new AtomicLong(baseline);
        AtomicLong samples = new AtomicLong();
        AtomicBoolean done = new AtomicBoolean();
        Thread sampler = new Thread(() -> {
            while (!done.get()) {
                long g0 = System.nanoTime();
                System.gc();
                long gcMillis = (System.nanoTime() - g0) / 1_000_000;
                peak.accumulateAndGet(usedAfterCollection(), Math::max);
                samples.incrementAndGet();
                try {
                    // a full collection of a large heap stops the sizing too: leave it at least 3/4 of the time
                    Thread.sleep(Math.max(200, 3 * gcMillis));
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "heap-sampler");
        sampler.setDaemon(true);
        sampler.start();
        MemberIndexReport sampled;
        long s0 = System.nanoTime();
        try {
            sampled = IndexSizer.sizeLocalMember(member, options);
        } finally {
            done.set(true);
            sampler.join();
        }
        figures.sizingMillisSampled = (System.nanoTime() - s0) / 1_000_000;
        figures.overheadMeasured = peak.get() - baseline;
        figures.overheadReported = sampled.sizerPeakHeapBytes();
        figures.overheadSamples = samples.get();
        figures.objectsVisited = sampled.objectsWalked();
        MapReport map = sampled.map(MAP);
        if (!map.complete()) {
            throw new IllegalStateException("sizing incomplete: " + map.reason());
        }
        figures.createdIndex = map.index("byCurrency").heapBytes();
        figures.indexesSizer = map.indexesHeapBytes();
        figures.cacheSizer = map.cachedValuesHeapBytes();
        figures.dataBytes = map.dataHeapBytes();

        // the heap freed by dropping both indexes, then by clearing the values cache
        MapServiceContext context = context(member);
        long before = ScanCluster.usedHeapAfterGc();
        context.getMapContainer(MAP).getGlobalIndexRegistry().destroyIndexes();
        long afterIndexes = ScanCluster.usedHeapAfterGc();
        clearCachedValues(context);
        long afterCache = ScanCluster.usedHeapAfterGc();
        figures.indexesFreed = before - afterIndexes;
        figures.cacheFreed = afterIndexes - afterCache;

        // the indexes again, for the measured sizings
        cluster.map(MAP).addIndex(BY_ID);
        cluster.map(MAP).addIndex(BY_CURRENCY);
        System.out.printf(Locale.ROOT, "%n# %,d entries loaded in %,d ms; what-if HASH nav[currency1]: %,d B [%,d, %,d] in %,d ms,"
                        + " created %,d B; sizing held %,d B measured (%d samples), %,d B by its own account, %,d ms;"
                        + " both indexes %,d B sized, %,d B freed on drop; values cache %,d B sized, %,d B freed on"
                        + " clear; data %,d B; %,d objects visited%n",
                entries, figures.loadMillis, figures.predictedIndex, figures.predictedLow, figures.predictedHigh,
                figures.predictMillis, figures.createdIndex, figures.overheadMeasured, figures.overheadSamples,
                figures.overheadReported, figures.sizingMillisSampled, figures.indexesSizer, figures.indexesFreed,
                figures.cacheSizer, figures.cacheFreed, figures.dataBytes, figures.objectsVisited);
    }

    /** Puts {@code n} trades with ids 1 to n, generated in runs of 100 000. */
    static void load(IMap<Long, Object> map, int n) {
        int run = 100_000;
        Map<Long, Object> batch = new HashMap<>();
        for (int from = 0; from < n; from += run) {
            List<Trade> trades = TradeGenerator.trades(Math.min(run, n - from), TradeGenerator.SEED + from);
            for (Trade t : trades) {
                long id = from + t.id();
                batch.put(id, new Trade(id, t.tradeDate(), t.buySell(), t.currency1(), t.amount1(), t.exchangeRate(),
                        t.currency2(), t.amount2(), t.settlementDate()));
                if (batch.size() == 5_000) {
                    map.putAll(batch);
                    batch.clear();
                }
            }
        }
        map.putAll(batch);
    }

    private static MapServiceContext context(HazelcastInstance hz) {
        HazelcastInstanceImpl impl = hz instanceof HazelcastInstanceProxy p ? p.getOriginal() : (HazelcastInstanceImpl) hz;
        MapService service = impl.node.getNodeEngine().getService(MapService.SERVICE_NAME);
        return service.getMapServiceContext();
    }

    private static void clearCachedValues(MapServiceContext context) {
        int partitions = context.getNodeEngine().getPartitionService().getPartitionCount();
        for (int pid = 0; pid < partitions; pid++) {
            RecordStore<?> rs = context.getPartitionContainer(pid).getExistingRecordStore(MAP);
            if (rs != null) {
                rs.forEach((k, r) -> clear(r), false);
            }
        }
    }

    private static void clear(Record<?> record) {
        Object cached = Records.getCachedValue(record);
        if (cached != null && cached != Record.NOT_CACHED) {
            record.casCachedValue(cached, null);
        }
    }

    private static long usedAfterCollection() {
        long used = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.getCollectionUsage() != null) {
                used += pool.getCollectionUsage().getUsed();
            }
        }
        return used;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        cluster.close();
    }

    /** Per iteration: objects visited, and what the setup measured once. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Scale {
        public long objects;
        public long loadMillis;
        public long predictedIndexBytes;
        public long predictedLowBytes;
        public long predictedHighBytes;
        public long predictMillis;
        public long createdIndexBytes;
        public long overheadMeasuredBytes;
        public long overheadReportedBytes;
        public long overheadSamples;
        public long sampledSizingMillis;
        public long indexesSizerBytes;
        public long indexesFreedBytes;
        public long cacheSizerBytes;
        public long cacheFreedBytes;
        public long dataBytes;

        @TearDown(Level.Iteration)
        public void record(SizerScaleBenchmark b) {
            Figures f = b.figures;
            objects = b.objects;
            loadMillis = f.loadMillis;
            predictedIndexBytes = f.predictedIndex;
            predictedLowBytes = f.predictedLow;
            predictedHighBytes = f.predictedHigh;
            predictMillis = f.predictMillis;
            createdIndexBytes = f.createdIndex;
            overheadMeasuredBytes = f.overheadMeasured;
            overheadReportedBytes = f.overheadReported;
            overheadSamples = f.overheadSamples;
            sampledSizingMillis = f.sizingMillisSampled;
            indexesSizerBytes = f.indexesSizer;
            indexesFreedBytes = f.indexesFreed;
            cacheSizerBytes = f.cacheSizer;
            cacheFreedBytes = f.cacheFreed;
            dataBytes = f.dataBytes;
        }
    }

    @Benchmark
    public long size(Scale scale) {
        MemberIndexReport r = IndexSizer.sizeLocalMember(member, options);
        if (!r.map(MAP).complete()) {
            throw new IllegalStateException("sizing incomplete: " + r.map(MAP).reason());
        }
        objects = r.objectsWalked();
        return r.map(MAP).indexesHeapBytes();
    }
}
