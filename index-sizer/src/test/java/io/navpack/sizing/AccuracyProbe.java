package io.navpack.sizing;

import com.hazelcast.instance.impl.HazelcastInstanceImpl;
import com.hazelcast.instance.impl.HazelcastInstanceProxy;
import io.navpack.sizing.internal.IndexStoreInspector;

import com.hazelcast.config.Config;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.IndexConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.map.impl.MapService;
import com.hazelcast.map.impl.MapServiceContext;
import com.hazelcast.map.impl.record.Record;
import com.hazelcast.map.impl.record.Records;
import com.hazelcast.map.impl.recordstore.RecordStore;
import com.hazelcast.query.Predicate;
import com.hazelcast.query.Predicates;
import com.hazelcast.query.impl.IndexRegistry;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs in a JVM with the agent: for each index shape, in a fresh map, predicts what the index would cost before
 * creating it, creates it and sizes it, then compares the sizer's figure with the heap freed when the index is
 * dropped, and the values cache figure with the heap freed when the records' cached values are cleared (sums of
 * the heap pools' usage after collection, before and after). Prints one {@code SHAPE|...} line per shape and
 * {@code DONE} at the end.
 *
 * <p>Arguments: entries per map, then optionally shape names to run (all if none).
 */
public final class AccuracyProbe {

    record Shape(String name, InMemoryFormat format, IndexType type, String[] attributes, Predicate<Long, Trade> query) {
    }

    private AccuracyProbe() {
    }

    static List<Shape> shapes() {
        List<Shape> shapes = new ArrayList<>();
        String[][] attrs = {{"id"}, {"code8"}, {"code32"}, {"name"}};
        String[] labels = {"unique-long", "512x8-char", "512x32-char", "unique-string"};
        for (InMemoryFormat f : new InMemoryFormat[] {InMemoryFormat.BINARY, InMemoryFormat.OBJECT}) {
            for (int a = 0; a < attrs.length; a++) {
                for (IndexType t : new IndexType[] {IndexType.HASH, IndexType.SORTED, IndexType.BITMAP}) {
                    shapes.add(new Shape(labels[a] + "/" + t + "/" + f, f, t, attrs[a], null));
                }
            }
            shapes.add(new Shape("composite(code8,id)/SORTED/" + f, f, IndexType.SORTED, new String[] {"code8", "id"}, null));
            shapes.add(new Shape("unique-long+values()/SORTED/" + f, f, IndexType.SORTED, new String[] {"id"},
                    Predicates.greaterEqual("id", 0L)));
            shapes.add(new Shape("512x8-char+values()/HASH/" + f, f, IndexType.HASH, new String[] {"code8"},
                    Predicates.in("code8", allCode8())));
        }
        return shapes;
    }

    private static String[] allCode8() {
        String[] codes = new String[512];
        for (int i = 0; i < 512; i++) {
            codes[i] = Trade.of(i).getCode8();
        }
        return codes;
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        List<String> only = List.of(args).subList(1, args.length);
        int port = TestConfigs.freePort();
        Config config = TestConfigs.member("accuracy-" + port, port, List.of(port));
        config.getMapConfig("default").setBackupCount(0);
        for (Shape s : shapes()) {
            config.getMapConfig(mapName(s)).setInMemoryFormat(s.format()).setBackupCount(0);
        }
        HazelcastInstance hz = Hazelcast.newHazelcastInstance(config);
        try {
            // a small map with indexes on the attributes the value queries use: running the same queries on it
            // moves the query threads' index trackers off a dropped index
            IMap<Long, Trade> refresh = hz.getMap("refresh");
            for (long i = 0; i < 16; i++) {
                refresh.set(i, Trade.of(i));
            }
            refresh.addIndex(IndexType.SORTED, "id");
            refresh.addIndex(IndexType.HASH, "code8");
            System.out.println("JAVA|" + Runtime.version());
            for (Shape s : shapes()) {
                if (!only.isEmpty() && !only.contains(s.name())) {
                    continue;
                }
                System.out.println(run(hz, s, n, refresh));
                System.out.flush();
            }
        } finally {
            hz.shutdown();
        }
        System.out.println("DONE");
        System.out.flush();
        System.exit(0);
    }

    static String mapName(Shape s) {
        return "shape-" + s.name().replaceAll("[^A-Za-z0-9]+", "-");
    }

    private static String run(HazelcastInstance hz, Shape s, int n, IMap<Long, Trade> refresh) {
        String mapName = mapName(s);
        IMap<Long, Trade> map = hz.getMap(mapName);
        for (long i = 0; i < n; i++) {
            map.set(i, Trade.of(i));
        }
        MapServiceContext ctx = ((MapService) ((HazelcastInstanceImpl) (hz instanceof HazelcastInstanceProxy p ? p.getOriginal() : hz)).node.getNodeEngine()
                .getService(MapService.SERVICE_NAME)).getMapServiceContext();

        // what the index would cost, before it exists
        IndexConfig config = new IndexConfig(s.type(), s.attributes()).setName("idx");
        MemberWhatIf whatIf = IndexSizer.whatIfLocalMember(hz, mapName, config, WhatIfOptions.defaults());
        boolean untouched = ctx.getMapContainer(mapName).getGlobalIndexRegistry().getIndexes().length == 0
                && cachedValues(ctx, mapName) == 0;

        map.addIndex(config);
        SizingOptions options = SizingOptions.defaults().withMapNames(mapName).withIncludeBackups(false);
        MapReport created = IndexSizer.sizeLocalMember(hz, options).map(mapName);
        if (s.query() != null) {
            int size = map.values(s.query()).size();
            if (size != n) {
                throw new IllegalStateException("query returned " + size);
            }
        }
        refreshTrackers(refresh);

        MemberIndexReport report = IndexSizer.sizeLocalMember(hz, options);
        MapReport mapReport = report.map(mapName);
        IndexReport index = mapReport.index("idx");

        IndexRegistry registry = ctx.getMapContainer(mapName).getGlobalIndexRegistry();
        WeakReference<Object> dropped = new WeakReference<>(registry.getIndexes()[0]);
        // an inner map of the index: a query's result set can keep it after the index itself is gone
        WeakReference<Object> droppedInner = firstInnerMap(registry.getIndexes()[0]);

        long before = usedAfterGc();
        registry.destroyIndexes();
        refreshTrackers(refresh);
        for (int round = 0; round < 20 && (dropped.get() != null || droppedInner.get() != null); round++) {
            // the query threads that still hold the dropped index's last results have not run a query since
            refreshTrackers(refresh);
            usedAfterGc();
        }
        long after = usedAfterGc();
        boolean collected = dropped.get() == null && droppedInner.get() == null;
        long freed = before - after;
        // then the values cache the index started: cleared record by record
        clearCachedValues(ctx, mapName);
        long cacheFreed = after - usedAfterGc();
        String line = String.format(Locale.ROOT, "SHAPE|%s|%s|%s|%s|%d|%d|%d|%d|%d|%d|%d|%s|%.0f|%d|%d|%d|%d|%d|%d|%d|%s",
                s.name(), s.format(), s.type(), String.join("+", s.attributes()), index.entries(),
                index.distinctKeys(), index.heapBytes(), freed, index.hazelcastMemoryCost(),
                index.walkDuration().toMillis(), index.objects(), collected && index.complete(),
                report.objectsPerSecond(), mapReport.cachedValuesHeapBytes(), cacheFreed,
                created.index("idx").heapBytes(), created.cachedValuesHeapBytes(), whatIf.indexHeapBytes(),
                whatIf.indexHeapBytesHigh() - whatIf.indexHeapBytes(), whatIf.valuesCacheHeapBytes(),
                whatIf.status() == MemberStatus.OK && untouched);
        map.destroy();
        return line;
    }

    /** A weak reference to one of a HASH or SORTED index's per-value maps (to nothing for a bitmap index). */
    private static WeakReference<Object> firstInnerMap(Object index) {
        IndexStoreInspector.SingleValue sv = IndexStoreInspector.singleValue(IndexStoreInspector.store(index));
        Object[] inner = {null};
        if (sv != null) {
            io.navpack.agent.MapInteriors.entries(sv.recordMap(), 1, (k, v) -> inner[0] = v);
        }
        return new WeakReference<>(inner[0]);
    }

    /** Records of the map (owned partitions) that hold a cached deserialised value. */
    static long cachedValues(MapServiceContext ctx, String mapName) {
        long[] n = {0};
        forEachRecord(ctx, mapName, r -> {
            if (Records.getCachedValue(r) != null && Records.getCachedValue(r) != Record.NOT_CACHED) {
                n[0]++;
            }
        });
        return n[0];
    }

    static void clearCachedValues(MapServiceContext ctx, String mapName) {
        forEachRecord(ctx, mapName, r -> {
            Object cached = Records.getCachedValue(r);
            if (cached != null && cached != Record.NOT_CACHED) {
                r.casCachedValue(cached, null);
            }
        });
    }

    private static void forEachRecord(MapServiceContext ctx, String mapName, java.util.function.Consumer<Record> action) {
        for (int pid = 0; pid < ctx.getNodeEngine().getPartitionService().getPartitionCount(); pid++) {
            RecordStore<?> rs = ctx.getPartitionContainer(pid).getExistingRecordStore(mapName);
            if (rs != null) {
                rs.forEach((k, r) -> action.accept(r), false);
            }
        }
    }

    private static void refreshTrackers(IMap<Long, Trade> refresh) {
        for (int i = 0; i < 64; i++) {
            refresh.values(Predicates.greaterEqual("id", 0L));
            refresh.values(Predicates.in("code8", allCode8()));
        }
    }

    static long usedAfterGc() {
        long used = 0;
        for (int i = 0; i < 4; i++) {
            System.gc();
        }
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                MemoryUsage u = pool.getCollectionUsage();
                if (u != null) {
                    used += u.getUsed();
                }
            }
        }
        return used;
    }
}
