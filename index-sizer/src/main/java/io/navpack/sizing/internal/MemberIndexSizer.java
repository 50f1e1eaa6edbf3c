package io.navpack.sizing.internal;

import io.navpack.sizing.ClassLine;
import io.navpack.sizing.IndexReport;
import io.navpack.sizing.IndexSizer;
import io.navpack.sizing.MapReport;
import io.navpack.sizing.MemberIndexReport;
import io.navpack.sizing.MemberStatus;
import io.navpack.sizing.SizingMode;
import io.navpack.sizing.SizingOptions;

import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.IndexConfig;
import com.hazelcast.config.MapConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.instance.impl.HazelcastInstanceImpl;
import com.hazelcast.instance.impl.HazelcastInstanceProxy;
import com.hazelcast.instance.impl.Node;
import com.hazelcast.internal.partition.IPartitionService;
import com.hazelcast.map.impl.MapContainer;
import com.hazelcast.map.impl.MapService;
import com.hazelcast.map.impl.MapServiceContext;
import com.hazelcast.map.impl.PartitionContainer;
import com.hazelcast.map.impl.recordstore.RecordStore;
import com.hazelcast.map.impl.recordstore.Storage;
import com.hazelcast.query.impl.IndexRegistry;
import com.hazelcast.query.impl.InternalIndex;
import com.hazelcast.spi.impl.NodeEngine;
import io.navpack.agent.SizingPacer;
import io.navpack.agent.ClassHistogram;
import io.navpack.agent.GraphSizer;
import io.navpack.agent.IdentityObjectSet;
import io.navpack.agent.Tally;
import io.navpack.agent.UnitWalker;
import io.navpack.agent.WalkStoppedException;
import io.navpack.agent.NavpackAgent;
import io.navpack.agent.OwnershipResult;
import io.navpack.agent.StopRule;
import io.navpack.agent.WalkOptions;
import io.navpack.agent.WalkResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import io.navpack.hazelcast.internal.ProvenOn;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Sizes every index of every map on the local member, in the {@link SizingMode} of the options.
 *
 * <p>{@link SizingMode#BOUNDED}: {@link BoundedMapSizer} takes the map's storage and indexes apart by their
 * structure, one entry at a time, in memory that does not grow with the map.
 *
 * <p>{@link SizingMode#FULL_GRAPH}: per map it first walks the owned entries' data (the record stores'
 * storage: records, keys, values, cached values) and keeps the visited objects; that set is the shared set of
 * the index walk, so an index is charged only for what dropping it would free. All indexes of a map are walked
 * in one ownership walk: an index's figure is what it alone keeps alive, and the map's
 * {@code indexesHeapBytes} is what dropping all of them frees.
 *
 * <p>Either way an index's figure is what it alone keeps alive, and the map's {@code indexesHeapBytes} what
 * dropping all of them frees. Nothing is locked; the walks read the structures as they are while puts and
 * queries go on.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
public final class MemberIndexSizer {

    /** One sizing at a time per JVM: each holds its own bookkeeping (bounded, or the map's objects in full-graph mode). */
    static final Semaphore ONE_AT_A_TIME = new Semaphore(1);

    private final HazelcastInstanceImpl instance;
    private final SizingOptions options;
    private final GraphSizer sizer;
    private final long deadline;

    private MemberIndexSizer(HazelcastInstanceImpl instance, SizingOptions options, GraphSizer sizer, long deadline) {
        this.instance = instance;
        this.options = options;
        this.sizer = sizer;
        this.deadline = deadline;
    }

    /** Sizes the local member; never throws for a missing agent (gives a NO_AGENT report instead). */
    public static MemberIndexReport sizeLocal(HazelcastInstance hz, SizingOptions options) {
        long deadline = System.nanoTime() + options.memberTimeBudget().toNanos();
        HazelcastInstanceImpl impl = unwrap(hz);
        String address = impl.node.getThisAddress().toString();
        String uuid = impl.node.getThisUuid().toString();
        GraphSizer sizer;
        try {
            if (!NavpackAgent.isInstalled()) {
                return MemberIndexReport.failed(address, uuid, MemberStatus.NO_AGENT,
                        "navpack agent not loaded on this member: start it with -javaagent:navpack-agent.jar");
            }
            sizer = GraphSizer.fromAgent();
        } catch (LinkageError e) {
            return MemberIndexReport.failed(address, uuid, MemberStatus.NO_AGENT,
                    "navpack agent classes are not on this member's class path: " + e);
        }
        try {
            if (!ONE_AT_A_TIME.tryAcquire(options.memberTimeBudget().toMillis(), TimeUnit.MILLISECONDS)) {
                return MemberIndexReport.failed(address, uuid, MemberStatus.FAILED,
                        "another index sizing kept this member busy for the whole time budget");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return MemberIndexReport.failed(address, uuid, MemberStatus.FAILED, "interrupted while waiting");
        }
        try {
            return new MemberIndexSizer(impl, options, sizer, deadline).run(address, uuid);
        } finally {
            ONE_AT_A_TIME.release();
        }
    }

    static HazelcastInstanceImpl unwrap(HazelcastInstance hz) {
        if (hz instanceof HazelcastInstanceImpl impl) {
            return impl;
        }
        if (hz instanceof HazelcastInstanceProxy proxy) {
            return proxy.getOriginal();
        }
        throw new IllegalArgumentException("not a Hazelcast member: " + hz.getClass().getName()
                + " (size a cluster from a client with IndexSizer)");
    }

    private MemberIndexReport run(String address, String uuid) {
        long start = System.nanoTime();
        Node node = instance.node;
        NodeEngine nodeEngine = node.getNodeEngine();
        MapService mapService = nodeEngine.getService(MapService.SERVICE_NAME);
        MapServiceContext context = mapService.getMapServiceContext();
        IPartitionService partitions = nodeEngine.getPartitionService();
        Map<String, MapContainer> containers = new TreeMap<>(context.getMapContainers());
        List<MapReport> maps = new ArrayList<>();
        long objects = 0;
        boolean bounded = options.mode() == SizingMode.BOUNDED;
        long[] fullGraphPeak = {0};
        BoundedMapSizer[] current = {null};
        int maxUnit = maxUnitObjects(options.maxSizerHeapBytes());
        UnitWalker[] walkers = new UnitWalker[2];
        SizingPacer pacer = new SizingPacer(options.cpuShare(), () -> {
            long sum = fullGraphPeak[0];
            for (UnitWalker w : walkers) {
                sum += w == null ? 0 : w.footprintBytes();
            }
            BoundedMapSizer b = current[0];
            return sum + (b == null ? 0 : b.setFootprint());
        });
        walkers[0] = UnitWalker.fromAgent(HazelcastStopRule.get(), pacer, maxUnit);
        walkers[1] = UnitWalker.fromAgent(HazelcastStopRule.get(), pacer, maxUnit);
        for (Map.Entry<String, MapContainer> e : containers.entrySet()) {
            if (!options.includes(e.getKey())) {
                continue;
            }
            MapReport report;
            long[] walked = {0};
            long before = walkers[0].objectsVisited() + walkers[1].objectsVisited();
            try {
                if (bounded) {
                    current[0] = new BoundedMapSizer(walkers[0], walkers[1], pacer, options, context, partitions);
                    report = sizeMapBounded(e.getKey(), e.getValue(), current[0], pacer);
                } else {
                    report = sizeMap(e.getKey(), e.getValue(), context, partitions, walked, fullGraphPeak);
                }
            } catch (RuntimeException ex) {
                report = new MapReport(e.getKey(), "?", -1, -1, -1, -1, false, 0, -1, -1, -1, false,
                        "sizing failed: " + ex, List.of());
            } finally {
                current[0] = null;
            }
            walkers[0].flushPace();
            objects += walked[0] + walkers[0].objectsVisited() + walkers[1].objectsVisited() - before;
            maps.add(report);
        }
        return new MemberIndexReport(address, uuid, MemberStatus.OK, null, Runtime.version().toString(),
                System.nanoTime() - start, objects, options.mode().name(), pacer.cpuNanos(), options.cpuShare(),
                pacer.peakFootprint(), maps);
    }

    /** Objects one unit may hold: the two walkers' five sets each (16 B per object at most) in a quarter of the limit. */
    static int maxUnitObjects(long maxSizerHeapBytes) {
        long n = maxSizerHeapBytes / 4 / (10 * 16);
        return (int) Math.max(16_384, Math.min(4_000_000, n));
    }

    private MapReport sizeMapBounded(String name, MapContainer container, BoundedMapSizer bounded,
                                     SizingPacer pacer) {
        MapConfig config = container.getMapConfig();
        InMemoryFormat format = config.getInMemoryFormat();
        IndexRegistry registry = container.getGlobalIndexRegistry();
        if (format == InMemoryFormat.NATIVE || registry == null) {
            return notWalkable(name, container, format);
        }
        long mapStart = System.nanoTime();
        long mapDeadline = mapStart + Math.min(options.maxWalkTime().toNanos(), Long.MAX_VALUE / 4);
        if (deadline - System.nanoTime() <= 0) {
            return budgetUsedUp(name, format, -1, -1, registry, "member time budget used up");
        }
        if (mapDeadline - deadline < 0) {
            pacer.deadline(mapDeadline, "time budget of " + options.maxWalkTime() + " reached");
        } else {
            pacer.deadline(deadline, "member time budget used up");
        }
        pacer.objectBudget(options.maxObjectsPerWalk(), 0);

        boolean withData = options.includeData();
        InternalIndex[] indexes = registry.getIndexes();
        try {
            bounded.findCommon(name, indexes);
        } catch (WalkStoppedException e) {
            return budgetUsedUp(name, format, -1, -1, registry, e.getMessage());
        }
        BoundedMapSizer.DataFigures data = withData ? bounded.data(name) : bounded.counts(name);
        String reason = data.complete ? null : "map data walk partial: " + data.reason;
        List<IndexReport> reports = new ArrayList<>();
        long allIndexes = 0;
        if (indexes.length > 0) {
            BoundedMapSizer.IndexFigures figures = bounded.indexes(name, indexes, data.entries,
                    BoundedMapSizer.recordsHoldObjects(config));
            allIndexes = figures.unionBytes();
            for (BoundedMapSizer.IndexWork iw : figures.work) {
                InternalIndex index = iw.index;
                // counted while walking: asking the maps for their sizes would create their view objects
                long[] counts = iw.understood() && figures.complete ? new long[] {iw.entries, iw.distinct}
                        : IndexStoreInspector.counts(index);
                Tally own = figures.exclusive(iw.bit);
                String why = !figures.complete ? figures.reason
                        : !iw.understood() ? "index store not recognised: walked as one unit" : null;
                reports.add(new IndexReport(index.getName(), index.getConfig().getType().name(),
                        List.of(index.getComponents()), counts[0], counts[1], own.bytes(), figures.reachableBytes(iw.bit),
                        memoryCost(index, config), iw.nanos, own.objects(), figures.complete,
                        why, BoundedMapSizer.top(own.histogram(), options.topClasses())));
            }
            for (int i = figures.work.size(); i < indexes.length; i++) {
                reports.add(notWalked(indexes[i], config, "more than 64 indexes on one map: not walked"));
            }
            if (!figures.complete && reason == null) {
                reason = "index walk partial: " + figures.reason;
            }
        }
        Tally dataTally = data.data;
        long dataBytes = withData ? dataTally.bytes() : -1;
        long backupBytes = withData && options.includeBackups() ? data.backup.bytes()
                : (data.backupEntries == 0 ? 0 : -1);
        return new MapReport(name, format.name(), data.entries, data.backupEntries, dataBytes, backupBytes,
                data.complete, data.nanos, allIndexes, withData ? data.cachedValues : -1,
                withData && data.complete ? data.cache.bytes() : -1, true, reason, reports);
    }

    private MapReport notWalkable(String name, MapContainer container, InMemoryFormat format) {
        List<IndexReport> listed = new ArrayList<>();
        for (IndexConfig ic : container.getIndexDefinitions().values()) {
            listed.add(new IndexReport(ic.getName(), ic.getType().name(), ic.getAttributes(), -1, -1, -1, -1,
                    -1, 0, 0, false, "not walked", List.of()));
        }
        String reason = format == InMemoryFormat.NATIVE
                ? "NATIVE (High-Density) memory: entries and partitioned indexes live off the Java heap"
                : "indexes are partitioned (one registry per partition), not a global on-heap index";
        return new MapReport(name, format.name(), -1, -1, -1, -1, false, 0, -1, -1, -1, false, reason, listed);
    }

    private MapReport sizeMap(String name, MapContainer container, MapServiceContext context,
                              IPartitionService partitions, long[] walked, long[] peak) {
        MapConfig config = container.getMapConfig();
        InMemoryFormat format = config.getInMemoryFormat();
        IndexRegistry registry = container.getGlobalIndexRegistry();
        if (format == InMemoryFormat.NATIVE || registry == null) {
            return notWalkable(name, container, format);
        }

        List<Object> primary = new ArrayList<>();
        List<Object> backup = new ArrayList<>();
        long entries = 0;
        long backupEntries = 0;
        for (int pid = 0, n = partitions.getPartitionCount(); pid < n; pid++) {
            PartitionContainer pc = context.getPartitionContainer(pid);
            RecordStore<?> rs = pc.getExistingRecordStore(name);
            if (rs == null) {
                continue;
            }
            if (partitions.isPartitionOwner(pid)) {
                primary.add(rs.getStorage());
                entries += rs.size();
            } else {
                backup.add(rs.getStorage());
                backupEntries += rs.size();
            }
        }

        String reason = null;
        WalkOptions base = walkOptions((int) Math.min(Integer.MAX_VALUE / 2, Math.max(1024, entries * 6)));
        if (base == null) {
            return budgetUsedUp(name, format, entries, backupEntries, registry, "member time budget used up");
        }
        WalkResult data = sizer.walkAll(primary, base.toBuilder().keepVisited(true).build());
        walked[0] += data.objectsWalked();
        long dataSet = data.visited() instanceof IdentityObjectSet v ? v.footprintBytes() : 0;
        peak[0] = Math.max(peak[0], dataSet);
        long backupBytes = -1;
        if (options.includeBackups() && !backup.isEmpty()) {
            WalkOptions b = walkOptions((int) Math.min(Integer.MAX_VALUE / 2, Math.max(1024, backupEntries * 6)));
            if (b != null) {
                WalkResult backupWalk = sizer.walkAll(backup, b);
                walked[0] += backupWalk.objectsWalked();
                backupBytes = backupWalk.bytes();
            }
        } else if (backup.isEmpty()) {
            backupBytes = 0;
        }
        if (!data.complete()) {
            reason = "map data walk partial: " + data.incompleteReason();
        }
        // the values cache: what the walk reached only through the records' cached values
        long[] cached = {0};
        Map<Object, Boolean> cachedValues = new IdentityHashMap<>();
        Set<Class<?>> cachedClasses = new HashSet<>();
        for (Object storage : primary) {
            RecordStoreInspector.Layout layout = RecordStoreInspector.layout((Storage<?, ?>) storage);
            if (layout == null) {
                continue;
            }
            for (Object table : layout.tables()) {
                RecordStoreInspector.forEachEntry(table, e -> { }, (key, record) -> {
                    Object v = RecordStoreInspector.cachedValue(record);
                    if (v != null) {
                        cached[0]++;
                        cachedValues.put(v, Boolean.TRUE);
                        cachedClasses.add(v.getClass());
                    }
                });
            }
        }
        long dataBytes = data.bytes();
        long cacheBytes = 0;
        if (!cachedValues.isEmpty()) {
            WalkOptions without = walkOptions((int) Math.min(Integer.MAX_VALUE / 2, Math.max(1024, entries * 6)));
            if (without == null) {
                dataBytes = -1;
                cacheBytes = -1;
            } else {
                StopRule atCachedValues = new StopRule() {
                    @Override
                    public boolean stopsClass(Class<?> type) {
                        return false;
                    }

                    @Override
                    public boolean stopsObject(Object o) {
                        return cachedValues.containsKey(o);
                    }

                    @Override
                    public boolean checksObjectsOf(Class<?> type) {
                        return cachedClasses.contains(type);
                    }
                };
                WalkResult entriesAlone = sizer.walkAll(primary,
                        without.toBuilder().stopRule(HazelcastStopRule.get().or(atCachedValues)).build());
                walked[0] += entriesAlone.objectsWalked();
                dataBytes = entriesAlone.bytes();
                cacheBytes = data.bytes() - dataBytes;
            }
        }

        InternalIndex[] indexes = registry.getIndexes();
        List<IndexReport> reports = new ArrayList<>();
        long allIndexes = 0;
        for (int from = 0; from < indexes.length; from += GraphSizer.MAX_OWNERS) {
            int to = Math.min(indexes.length, from + GraphSizer.MAX_OWNERS);
            List<Object> owners = new ArrayList<>(List.of(indexes).subList(from, to));
            WalkOptions io = walkOptions((int) Math.min(Integer.MAX_VALUE / 2, Math.max(1024, entries * 4)));
            if (io == null) {
                for (int i = from; i < to; i++) {
                    reports.add(notWalked(indexes[i], config, "member time budget used up"));
                }
                reason = "member time budget used up";
                continue;
            }
            OwnershipResult own = sizer.walkOwners(owners, io.toBuilder().shared(data.visited()).build());
            walked[0] += own.union().objectsWalked();
            // the ownership walk's set: a reference and a mask byte per object, at a load between 0.35 and 0.7
            peak[0] = Math.max(peak[0], dataSet + (long) (own.union().objectsWalked() * 5 / 0.5));
            allIndexes += own.union().bytes();
            for (int i = from; i < to; i++) {
                reports.add(indexReport(indexes[i], config, own, i - from, data));
            }
            if (!own.union().complete() && reason == null) {
                reason = "index walk partial: " + own.union().incompleteReason();
            }
        }
        return new MapReport(name, format.name(), entries, backupEntries, dataBytes, backupBytes, data.complete(),
                data.duration().toNanos(), allIndexes, cached[0], data.complete() ? cacheBytes : -1, true, reason, reports);
    }

    private MapReport budgetUsedUp(String name, InMemoryFormat format, long entries, long backupEntries,
                                   IndexRegistry registry, String why) {
        List<IndexReport> listed = new ArrayList<>();
        for (InternalIndex index : registry.getIndexes()) {
            listed.add(notWalked(index, null, why));
        }
        return new MapReport(name, format.name(), entries, backupEntries, -1, -1, false, 0, -1, -1, -1, true,
                why, listed);
    }

    private IndexReport indexReport(InternalIndex index, MapConfig config, OwnershipResult own, int k,
                                    WalkResult data) {
        WalkResult r = own.exclusive(k);
        long[] counts = IndexStoreInspector.counts(index);
        boolean complete = r.complete() && data.complete();
        String why = !r.complete() ? r.incompleteReason()
                : !data.complete() ? "map data walk partial: " + data.incompleteReason() : null;
        IndexConfig ic = index.getConfig();
        return new IndexReport(index.getName(), ic.getType().name(), List.of(index.getComponents()), counts[0],
                counts[1], r.bytes(), own.reachableBytes(k), memoryCost(index, config), r.duration().toNanos(),
                r.objects(), complete, why, top(r.histogram()));
    }

    private IndexReport notWalked(InternalIndex index, MapConfig config, String why) {
        long[] counts = IndexStoreInspector.counts(index);
        return new IndexReport(index.getName(), index.getConfig().getType().name(), List.of(index.getComponents()),
                counts[0], counts[1], -1, -1, config == null ? -1 : memoryCost(index, config), 0, 0, false, why,
                List.of());
    }

    private static long memoryCost(InternalIndex index, MapConfig config) {
        if (!config.isStatisticsEnabled()) {
            return -1;
        }
        return index.getPerIndexStats().getMemoryCost();
    }

    private List<ClassLine> top(ClassHistogram histogram) {
        List<ClassLine> lines = new ArrayList<>();
        for (ClassHistogram.Entry e : histogram.top(options.topClasses())) {
            lines.add(new ClassLine(e.className(), e.count(), e.bytes()));
        }
        return lines;
    }

    /** Options for the next walk, or null if the member's time budget is used up. */
    private WalkOptions walkOptions(int expectedObjects) {
        long remaining = deadline - System.nanoTime();
        if (remaining <= 0) {
            return null;
        }
        Duration time = Duration.ofNanos(Math.min(remaining, options.maxWalkTime().toNanos()));
        return WalkOptions.builder()
                .stopRule(HazelcastStopRule.get())
                .maxObjects(options.fullGraphMaxObjects())
                .maxDuration(time)
                .expectedObjects(expectedObjects)
                .build();
    }
}
