package io.navpack.coherence.sizing;

import com.tangosol.net.BackingMapContext;
import com.tangosol.net.BackingMapManagerContext;
import com.tangosol.net.CacheFactory;
import com.tangosol.net.Cluster;
import com.tangosol.net.DistributedCacheService;
import com.tangosol.net.Member;
import com.tangosol.net.Service;
import com.tangosol.net.partition.PartitionAwareBackingMap;
import com.tangosol.net.partition.PartitionSet;
import com.tangosol.util.Binary;
import com.tangosol.util.MapIndex;
import com.tangosol.util.ValueExtractor;
import io.navpack.agent.SizingPacer;
import io.navpack.agent.Tally;
import io.navpack.agent.UnitWalker;
import io.navpack.coherence.internal.StoredKeys;

import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Sizes every index of every cache on this storage member, with the navpack agent, in bounded memory.
 *
 * <p>Coherence keeps an index per partition ({@code BackingMapContext.getIndexMap(partition)}): a
 * {@code SimpleMapIndex} with a forward map (key to extracted value) and an inverse map (extracted value to the set
 * of keys). Each partition's index is walked as one unit ({@link UnitWalker}): what it reaches is counted once, and
 * forgotten before the next partition, so the sizing's own memory follows the largest partition's index, not the
 * cache. The index holds the cache's keys, which the backing map holds too: a key instance the backing map stores is
 * neither counted nor followed (matched by identity, {@link StoredKeys}; by equality for a backing map navpack
 * cannot look into, and said so in the figure). Services, contexts, extractors and comparators are outside every
 * walk ({@link CoherenceStopRule}). What the instances of one index in several partitions share is found on a sample
 * of partitions and counted once ({@link #findCommon}).
 *
 * <p>Coherence's own figure, the {@code IndexInfo} footprint, is the sum of the partitions' index units, and is
 * reported beside the measured one.
 */
final class MemberIndexSizer {
    /** Most objects one partition's index may hold before the walk stops (a 16-million-object unit is ~300 MB of heap). */
    static final int MAX_UNIT_OBJECTS = 16 * 1024 * 1024;
    /** Classes listed per index in {@link IndexFigure#classes()}. */
    static final int TOP_CLASSES = 8;

    private UnitWalker walker;
    private final SizingPacer pacer;

    MemberIndexSizer(double cpuShare, long timeLimitNanos) {
        this.pacer = new SizingPacer(cpuShare, () -> 0L);
        if (timeLimitNanos > 0) {
            pacer.deadline(System.nanoTime() + timeLimitNanos, "the sizing took longer than "
                    + TimeUnit.NANOSECONDS.toSeconds(timeLimitNanos) + " s");
        }
    }

    /** The walker, created at the first index: a member without indexes needs no agent. */
    private UnitWalker walker() {
        if (walker == null) {
            walker = UnitWalker.fromAgent(CoherenceStopRule.get(), pacer, MAX_UNIT_OBJECTS);
        }
        return walker;
    }

    /** Every index of every cache this member stores, one figure per index; {@code cacheFilter} null for all. */
    List<IndexFigure> sizeAll(String cacheFilter) {
        Cluster cluster = CacheFactory.getCluster();
        Member self = cluster.getLocalMember();
        String me = describe(self);
        List<IndexFigure> out = new ArrayList<>();
        for (Enumeration<?> names = cluster.getServiceNames(); names.hasMoreElements(); ) {
            Service service = cluster.getService((String) names.nextElement());
            if (!(service instanceof DistributedCacheService dcs) || !dcs.isRunning() || !dcs.isLocalStorageEnabled()) {
                continue;
            }
            BackingMapManagerContext ctx = dcs.getBackingMapManager().getContext();
            PartitionSet owned = dcs.getOwnedPartitions(self);
            for (Enumeration<?> caches = dcs.getCacheNames(); caches.hasMoreElements(); ) {
                String cache = (String) caches.nextElement();
                if (cacheFilter != null && !cacheFilter.equals(cache)) {
                    continue;
                }
                BackingMapContext bmc = ctx.getBackingMapContext(cache);
                if (bmc != null) {
                    out.addAll(sizeCache(me, dcs.getInfo().getServiceName(), cache, bmc, owned));
                }
            }
        }
        return out;
    }

    @SuppressWarnings("rawtypes")
    private List<IndexFigure> sizeCache(String me, String service, String cache, BackingMapContext bmc, PartitionSet owned) {
        @SuppressWarnings("deprecation")
        Map<?, ?> backing = bmc.getBackingMap();
        // each index's instance per partition, in partition order
        Map<ValueExtractor, List<MapIndex>> byIndex = new LinkedHashMap<>();
        Map<MapIndex, Map<?, ?>> keysOf = new java.util.IdentityHashMap<>();
        for (int p = owned.next(0); p >= 0; p = owned.next(p + 1)) {
            Map<ValueExtractor, MapIndex> indexes = bmc.getIndexMap(p);
            if (indexes == null || indexes.isEmpty()) {
                continue;
            }
            Map<?, ?> keys = backing instanceof PartitionAwareBackingMap pabm ? pabm.getPartitionMap(p) : backing;
            for (Map.Entry<ValueExtractor, MapIndex> e : indexes.entrySet()) {
                if (e.getValue() != null) {
                    byIndex.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(e.getValue());
                    keysOf.put(e.getValue(), keys);
                }
            }
        }
        List<IndexFigure> out = new ArrayList<>();
        boolean[] exact = {true};
        Tally tally = new Tally();
        for (Map.Entry<ValueExtractor, List<MapIndex>> e : byIndex.entrySet()) {
            List<MapIndex> parts = e.getValue();
            Tally made = new Tally();
            long units = 0;
            long entries = 0;
            findCommon(parts);
            for (MapIndex index : parts) {
                walk(index, keysOf.get(index), exact, tally);
                made.add(tally);
                units += index.getUnits();
                entries += countKeys(index);
            }
            made.add(countCommon());
            out.add(new IndexFigure(me, service, cache, String.valueOf(e.getKey()), parts.get(0).isOrdered(), made.bytes(),
                    units, entries, parts.size(), made.objects(), exact[0], new ArrayList<>(made.histogram().top(TOP_CLASSES))));
        }
        return out;
    }

    /** Most partitions whose indexes are compared for objects they share ({@link #findCommon}). */
    static final int COMMON_SAMPLE = 16;

    /**
     * Finds the objects that the instances of one index in several partitions share — strings that the format
     * remembers by content when it decodes them (a field's few distinct values), a constant — and has the walker
     * neither count nor follow them within a partition: without this, one would be counted once per partition. They
     * are counted once for the index ({@link #countCommon}). Up to {@value #COMMON_SAMPLE} partitions, spread over
     * the given ones, are compared; an object that only partitions outside the sample share is counted with each.
     */
    void findCommon(List<MapIndex> parts) {
        UnitWalker w = walker();
        w.setCommon(null);
        java.util.IdentityHashMap<Object, Integer> seen = new java.util.IdentityHashMap<>();
        io.navpack.agent.IdentityObjectSet many = new io.navpack.agent.IdentityObjectSet();
        List<Object> unit = new ArrayList<>();
        int step = Math.max(1, parts.size() / COMMON_SAMPLE);
        for (int i = 0, n = 0; i < parts.size() && n < COMMON_SAMPLE; i += step, n++) {
            w.startUnit();
            unit.clear();
            w.collect(parts.get(i), unit);
            for (Object o : unit) {
                Integer first = seen.putIfAbsent(o, n);
                if (first != null && first != n) {
                    many.add(o);
                }
            }
        }
        w.startUnit();
        common = many.size() > 0 ? many : null;
        w.setCommon(common);
    }

    /** The objects {@link #findCommon} found, counted once; empty when there are none. */
    Tally countCommon() {
        Tally t = new Tally();
        if (common != null) {
            UnitWalker w = walker();
            common.forEach(o -> w.count(o, t));
        }
        return t;
    }

    private io.navpack.agent.IdentityObjectSet common;

    /**
     * Counts into {@code tally} (cleared first) what {@code index}, one partition's, alone keeps alive: the keys that
     * {@code keys} (the partition's backing map) stores are neither counted nor followed.
     */
    void walk(MapIndex index, Map<?, ?> keys, boolean[] exact, Tally tally) {
        tally.clear();
        UnitWalker walker = walker();
        walker.startUnit();
        UnitWalker.Interceptor stored = o -> isStoredKey(o, keys, exact);
        // the inverse map first: the extracted values it keys by are then visited at the unit's top level, and
        // a forward map large enough to be walked a slot at a time does not count them again
        walker.walk(index.getIndexContents(), tally, stored);
        walker.walk(index, tally, stored);
        walker.startUnit();
    }

    /** A member as the figures name it: {@code address:port (member id)}. */
    static String describe(Member m) {
        return m.getAddress().getHostAddress() + ":" + m.getPort() + " (member " + m.getId() + ")";
    }

    /** Keys of the index's entries: the sizes of its inverse map's key sets. */
    static long countKeys(MapIndex index) {
        long n = 0;
        for (Object keys : index.getIndexContents().values()) {
            if (keys instanceof java.util.Collection<?> c) {
                n += c.size();
            }
        }
        return n;
    }

    /** Whether {@code o} is a key that the backing map stores (and so not the index's to count). */
    private static boolean isStoredKey(Object o, Map<?, ?> keys, boolean[] exact) {
        return o instanceof Binary && keys != null && StoredKeys.stores(keys, o, exact);
    }

    long cpuNanos() {
        return pacer.cpuNanos();
    }

    long objects() {
        return pacer.objects();
    }
}
