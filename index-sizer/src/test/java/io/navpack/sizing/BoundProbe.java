package io.navpack.sizing;

import com.hazelcast.config.Config;
import com.hazelcast.config.IndexConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs in a JVM with the agent: one member holds a map of {@code entries} trades with a HASH and a SORTED index
 * (created first, so that the two share their entry objects), and the probe sizes it in each mode while another
 * thread collects garbage and samples the heap left after each collection. The highest sample minus the heap
 * before the sizing is what the sizing itself held. Prints one {@code BOUND|...} line per run, then {@code DONE}.
 *
 * <p>Arguments: entries, then runs as {@code MODE:MiB} (e.g. {@code BOUNDED:64 BOUNDED:8 FULL_GRAPH:64}).
 */
public final class BoundProbe {

    private BoundProbe() {
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        int port = TestConfigs.freePort();
        Config config = TestConfigs.member("bound-" + port, port, List.of(port));
        config.getMapConfig("big").setBackupCount(0);
        HazelcastInstance hz = Hazelcast.newHazelcastInstance(config);
        try {
            IMap<Long, Trade> map = hz.getMap("big");
            map.addIndex(new IndexConfig(IndexType.HASH, "code8").setName("byCode8"));
            map.addIndex(new IndexConfig(IndexType.SORTED, "id").setName("byId"));
            Map<Long, Trade> batch = new HashMap<>();
            for (long i = 0; i < n; i++) {
                batch.put(i, Trade.of(i));
                if (batch.size() == 5_000) {
                    map.putAll(batch);
                    batch.clear();
                }
            }
            map.putAll(batch);
            System.out.println("LOADED|" + map.size());
            for (int i = 1; i < args.length; i++) {
                String[] run = args[i].split(":");
                SizingMode mode = SizingMode.valueOf(run[0]);
                long limit = Long.parseLong(run[1]) << 20;
                System.out.println(run(hz, mode, limit));
                System.out.flush();
            }
        } finally {
            hz.shutdown();
        }
        System.out.println("DONE");
        System.out.flush();
        System.exit(0);
    }

    /** Sum of the heap pools' usage after their last collection. */
    private static long usedAfterCollection() {
        long used = 0;
        for (java.lang.management.MemoryPoolMXBean pool : java.lang.management.ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == java.lang.management.MemoryType.HEAP && pool.getCollectionUsage() != null) {
                used += pool.getCollectionUsage().getUsed();
            }
        }
        return used;
    }

    private static String run(HazelcastInstance hz, SizingMode mode, long limit) throws Exception {
        SizingOptions options = SizingOptions.defaults().withMapNames("big").withIncludeBackups(false).withMode(mode)
                .withMaxSizerHeapBytes(limit);
        long baseline = Math.min(AccuracyProbe.usedAfterGc(), AccuracyProbe.usedAfterGc());
        AtomicLong peak = new AtomicLong(baseline);
        AtomicLong samples = new AtomicLong();
        AtomicBoolean done = new AtomicBoolean();
        Thread sampler = new Thread(() -> {
            while (!done.get()) {
                System.gc();
                long used = usedAfterCollection();
                samples.incrementAndGet();
                peak.accumulateAndGet(used, Math::max);
                try {
                    Thread.sleep(300);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "heap-sampler");
        sampler.start();
        MemberIndexReport report;
        try {
            report = IndexSizer.sizeLocalMember(hz, options);
        } finally {
            done.set(true);
            sampler.join();
        }
        MapReport big = report.map("big");
        return String.format(Locale.ROOT, "BOUND|%s|%d|%d|%d|%d|%d|%d|%d|%d|%s", mode, limit, peak.get() - baseline,
                report.sizerPeakHeapBytes(), samples.get(), big.index("byCode8").heapBytes(), big.index("byId").heapBytes(),
                big.indexesHeapBytes(), report.walkDuration().toMillis(), big.complete());
    }
}
