package io.navpack.sizing.internal;

import io.navpack.sizing.MemberStatus;
import io.navpack.sizing.MemberWhatIf;
import io.navpack.sizing.SizingOptions;
import io.navpack.sizing.WhatIfOptions;

import com.hazelcast.config.CacheDeserializedValues;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.IndexConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.config.MapConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.instance.impl.HazelcastInstanceImpl;
import com.hazelcast.internal.partition.IPartitionService;
import com.hazelcast.internal.serialization.Data;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.map.impl.MapContainer;
import com.hazelcast.map.impl.MapService;
import com.hazelcast.map.impl.MapServiceContext;
import com.hazelcast.map.impl.record.Record;
import com.hazelcast.map.impl.recordstore.RecordStore;
import com.hazelcast.query.impl.Comparables;
import com.hazelcast.query.impl.CompositeValue;
import com.hazelcast.query.impl.IndexImpl;
import com.hazelcast.query.impl.IndexUtils;
import com.hazelcast.query.impl.QueryableEntry;
import com.hazelcast.query.impl.getters.MultiResult;
import com.hazelcast.spi.impl.NodeEngine;
import io.navpack.agent.SizingPacer;
import io.navpack.agent.GraphSizer;
import io.navpack.agent.NavpackAgent;
import io.navpack.agent.Tally;
import io.navpack.agent.UnitWalker;
import io.navpack.agent.WalkStoppedException;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import io.navpack.hazelcast.internal.ProvenOn;
import com.hazelcast.instance.impl.Node;
import com.hazelcast.query.impl.InternalIndex;

/**
 * Predicts on the local member what an index would cost, without creating it.
 *
 * <ol>
 *   <li><b>Count.</b> Every owned entry is read once: its attribute value is taken with Hazelcast's own
 *       extraction ({@code MapContainer.newQueryEntry(...).getAttributeValue(...)}, so every attribute the map
 *       supports works: plain names, paths, {@code [any]}, custom extractors such as {@code nav[...]}), from the
 *       value the index would see (the record's cached value, or the value it would cache). This gives the
 *       entries, the null values, the records that would start caching, and the distinct values with their
 *       entry counts — exactly up to {@link WhatIfOptions#maxTrackedValues()} values, past that for the values
 *       whose hash falls in a fraction 2<sup>-k</sup> of all hashes, scaled up. A uniform sample of
 *       {@link WhatIfOptions#sampleEntries()} entries is kept on the way.</li>
 *   <li><b>Build.</b> A private index of Hazelcast's own classes, of the type and attributes asked for, is
 *       filled with the sampled entries as {@code AddIndexOperation} fills a real one; it belongs to no map.</li>
 *   <li><b>Size.</b> The bounded sizer takes the private index apart, keeping apart what grows with the
 *       distinct values, with the entries, and the hash tables (which grow in steps).</li>
 *   <li><b>Scale.</b> index = fixed + per-value part × D / d + per-entry part × N / n + the hash tables at the
 *       lengths their growth rules give for D values, N entries and each value's own entry count (checked
 *       first against the private index's own tables; scaled linearly when they do not agree). The values
 *       cache is the sampled values' own objects, on average, times the records that would start caching.</li>
 * </ol>
 *
 * The index's interval adds up what is known to move the prediction: the spread of the sampled entries' and
 * values' sizes and of the distinct-value estimate (normal, 95 %), the spread of the predictions made from each
 * quarter of the sample (for a sample four times as large), and how far the prediction moved between a quarter
 * of the sample and all of it. The values cache's interval is the normal 95 % interval of the sampled values'
 * mean size.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
public final class WhatIfEstimator {

    private static final double Z95 = 1.96;

    private final HazelcastInstanceImpl instance;
    private final String map;
    private final IndexConfig requested;
    private final WhatIfOptions options;
    private final long deadline;

    private WhatIfEstimator(HazelcastInstanceImpl instance, String map, IndexConfig requested, WhatIfOptions options,
                            long deadline) {
        this.instance = instance;
        this.map = map;
        this.requested = requested;
        this.options = options;
        this.deadline = deadline;
    }

    public static MemberWhatIf estimateLocal(HazelcastInstance hz, String map, IndexConfig index, WhatIfOptions options) {
        long deadline = System.nanoTime() + options.memberTimeBudget().toNanos();
        HazelcastInstanceImpl impl = MemberIndexSizer.unwrap(hz);
        String address = impl.node.getThisAddress().toString();
        String uuid = impl.node.getThisUuid().toString();
        try {
            if (!NavpackAgent.isInstalled()) {
                return MemberWhatIf.failed(address, uuid, MemberStatus.NO_AGENT,
                        "navpack agent not loaded on this member: start it with -javaagent:navpack-agent.jar");
            }
        } catch (LinkageError e) {
            return MemberWhatIf.failed(address, uuid, MemberStatus.NO_AGENT,
                    "navpack agent classes are not on this member's class path: " + e);
        }
        try {
            if (!MemberIndexSizer.ONE_AT_A_TIME.tryAcquire(options.memberTimeBudget().toMillis(), TimeUnit.MILLISECONDS)) {
                return MemberWhatIf.failed(address, uuid, MemberStatus.FAILED,
                        "an index sizing kept this member busy for the whole time budget");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return MemberWhatIf.failed(address, uuid, MemberStatus.FAILED, "interrupted while waiting");
        }
        try {
            return new WhatIfEstimator(impl, map, index, options, deadline).run(address, uuid);
        } catch (WalkStoppedException e) {
            return MemberWhatIf.failed(address, uuid, MemberStatus.FAILED, "prediction not finished: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            return MemberWhatIf.failed(address, uuid, MemberStatus.FAILED, e.getMessage());
        } finally {
            MemberIndexSizer.ONE_AT_A_TIME.release();
        }
    }

    /** The sampled entries, and private indexes built from runs of them. */
    private static final class Sample {
        final Node node;
        final MapContainer container;
        final MapServiceContext context;
        final IPartitionService partitions;
        final InternalSerializationService ss;
        final IndexConfig index;
        final CacheDeserializedValues caching;
        final Data[] keys;
        final Record<?>[] records;
        /** The values the sampled records would cache, filled by the first build that covers them. */
        final Object[] fresh;
        final String map;

        Sample(Node node, MapContainer container, MapServiceContext context,
               IPartitionService partitions, InternalSerializationService ss, IndexConfig index,
               CacheDeserializedValues caching, Data[] keys, Record<?>[] records, Object[] fresh) {
            this.node = node;
            this.container = container;
            this.context = context;
            this.partitions = partitions;
            this.ss = ss;
            this.index = index;
            this.caching = caching;
            this.keys = keys;
            this.records = records;
            this.fresh = fresh;
            this.map = container.getName();
        }

        /** A private index of the sampled entries {@code from} to {@code to}, filled as AddIndexOperation does. */
        IndexImpl build(int from, int to) {
            IndexImpl privateIndex = IndexStoreInspector.privateIndex(node, index, ss, container,
                    context.getIndexCopyBehavior(), partitions.getPartitionCount());
            for (int i = from; i < to; i++) {
                Record<?> record = records[i];
                Object value = fresh[i] != null ? fresh[i] : RecordStoreInspector.indexValue(record, caching, ss);
                if (fresh[i] == null && RecordStoreInspector.wouldCache(record, caching)) {
                    fresh[i] = value;
                }
                IndexStoreInspector.add(privateIndex, container, caching, ss, keys[i], value, record);
            }
            return privateIndex;
        }

        BoundedMapSizer.Breakdown size(BoundedMapSizer sizer, IndexImpl privateIndex) {
            BoundedMapSizer.Breakdown b = new BoundedMapSizer.Breakdown();
            b.valuesAreCache = caching != CacheDeserializedValues.NEVER;
            sizer.sizePrivate(map, privateIndex, b);
            return b;
        }
    }

    // ------------------------------------------------------------------ counting

    /**
     * Distinct attribute values and their entry counts, in bounded memory: all of them until there are more
     * than {@code max}, then those whose hash has its top {@code shift} bits clear (a fraction 2^-shift).
     */
    static final class ValueCounter {
        final Map<Object, long[]> counts = new HashMap<>();
        final int max;
        int shift;

        ValueCounter(int max) {
            this.max = max;
        }

        static int mix(int h) {
            h ^= h >>> 16;
            h *= 0x85EBCA6B;
            h ^= h >>> 13;
            h *= 0xC2B2AE35;
            return h ^ (h >>> 16);
        }

        private boolean kept(Object value) {
            return shift == 0 || (mix(value.hashCode()) >>> (32 - shift)) == 0;
        }

        void add(Object value) {
            if (!kept(value)) {
                return;
            }
            counts.computeIfAbsent(value, v -> new long[1])[0]++;
            while (counts.size() > max && shift < 30) {
                shift++;
                counts.keySet().removeIf(v -> !kept(v));
            }
        }

        double fraction() {
            return 1.0 / (1L << shift);
        }

        boolean exact() {
            return shift == 0;
        }

        long estimate() {
            return Math.round(counts.size() / fraction());
        }

        /** Standard deviation of {@link #estimate()} (binomial thinning of the distinct values). */
        double estimateDeviation() {
            double f = fraction();
            return f >= 1 ? 0 : Math.sqrt(counts.size() * (1 - f)) / f;
        }

        /** Rough heap of the counts: a hash map node, a counter and the value per value. */
        long footprintBytes() {
            return counts.size() * 128L;
        }
    }

    private MemberWhatIf run(String address, String uuid) {
        long start = System.nanoTime();
        NodeEngine nodeEngine = instance.node.getNodeEngine();
        MapService service = nodeEngine.getService(MapService.SERVICE_NAME);
        MapServiceContext context = service.getMapServiceContext();
        IPartitionService partitions = nodeEngine.getPartitionService();
        InternalSerializationService ss = (InternalSerializationService) nodeEngine.getSerializationService();
        MapContainer container = context.getExistingMapContainer(map);
        if (container == null) {
            return new MemberWhatIf(address, uuid, MemberStatus.OK, "map '" + map + "' has no entries on this member",
                    0, 0, 0, 0, true, 0, 0, 0, 0, 0, 0, 0, 0, "nothing to count", System.nanoTime() - start, 0);
        }
        MapConfig config = container.getMapConfig();
        if (config.getInMemoryFormat() == InMemoryFormat.NATIVE) {
            return MemberWhatIf.failed(address, uuid, MemberStatus.FAILED, "map '" + map
                    + "' keeps its entries and indexes in NATIVE (off-heap) memory: no heap to predict");
        }
        IndexConfig index;
        try {
            index = IndexUtils.validateAndNormalize(map, requested);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not a valid index for map '" + map + "': " + e.getMessage(), e);
        }
        String[] components = IndexUtils.getComponents(index);
        CacheDeserializedValues caching = config.getCacheDeserializedValues();

        UnitWalker[] walkers = new UnitWalker[2];
        ValueCounter values = new ValueCounter(options.maxTrackedValues());
        BoundedMapSizer[] sizer = {null};
        SizingPacer pacer = new SizingPacer(options.cpuShare(), () -> {
            long sum = values.footprintBytes();
            for (UnitWalker w : walkers) {
                sum += w == null ? 0 : w.footprintBytes();
            }
            return sum + (sizer[0] == null ? 0 : sizer[0].setFootprint());
        });
        pacer.deadline(deadline, "member time budget of " + options.memberTimeBudget() + " used up");
        int maxUnit = MemberIndexSizer.maxUnitObjects(options.maxSizerHeapBytes());
        walkers[0] = UnitWalker.fromAgent(HazelcastStopRule.get(), pacer, maxUnit);
        walkers[1] = UnitWalker.fromAgent(HazelcastStopRule.get(), pacer, maxUnit);

        // 1. count every owned entry, keep a uniform sample
        int m = options.sampleEntries();
        Data[] sampleKeys = new Data[m];
        Record<?>[] sampleRecords = new Record<?>[m];
        SplittableRandom random = new SplittableRandom(0x5EEDL ^ map.hashCode());
        long[] counts = new long[4]; // entries, index entries, nulls, records that would start caching
        String[] failure = {null};
        for (int pid = 0, n = partitions.getPartitionCount(); pid < n; pid++) {
            RecordStore<?> rs = context.getPartitionContainer(pid).getExistingRecordStore(map);
            if (rs == null || !partitions.isPartitionOwner(pid)) {
                continue;
            }
            RecordStoreInspector.Layout layout = RecordStoreInspector.layout(rs.getStorage());
            if (layout == null) {
                continue;
            }
            for (Object table : layout.tables()) {
                RecordStoreInspector.forEachEntry(table, e -> { }, (key, record) -> {
                    long seen = counts[0]++;
                    if ((seen & 63) == 63) {
                        pacer.pace(64);
                    }
                    Object value = RecordStoreInspector.indexValue(record, caching, ss);
                    if (RecordStoreInspector.wouldCache(record, caching)) {
                        counts[3]++;
                    }
                    Object attribute;
                    try {
                        attribute = extract(container.newQueryEntry(key, value), components);
                    } catch (RuntimeException ex) {
                        if (failure[0] == null) {
                            failure[0] = ex.toString();
                        }
                        return;
                    }
                    count(attribute, values, counts);
                    // reservoir sampling (Vitter's algorithm R)
                    if (seen < m) {
                        sampleKeys[(int) seen] = key;
                        sampleRecords[(int) seen] = record;
                    } else {
                        long j = random.nextLong(seen + 1);
                        if (j < m) {
                            sampleKeys[(int) j] = key;
                            sampleRecords[(int) j] = record;
                        }
                    }
                });
            }
        }
        if (failure[0] != null) {
            throw new IllegalArgumentException("attribute " + String.join(",", index.getAttributes())
                    + " cannot be read from every value of map '" + map + "', so creating this index would fail: "
                    + failure[0]);
        }
        long entries = counts[0];
        long indexEntries = counts[1];
        long nulls = counts[2];
        long toCache = counts[3];
        if (entries == 0) {
            return new MemberWhatIf(address, uuid, MemberStatus.OK, "map '" + map + "' has no entries on this member",
                    0, 0, 0, 0, true, 0, 0, 0, 0, 0, 0, 0, 0, "nothing to count", System.nanoTime() - start,
                    pacer.cpuNanos());
        }
        int sampled = (int) Math.min(m, entries);

        // 2. a private index over the sample, filled as AddIndexOperation fills a real one; 3. sized part by part
        SizingOptions sizing = SizingOptions.defaults().withMaxSizerHeapBytes(options.maxSizerHeapBytes())
                .withIncludeBackups(false);
        sizer[0] = new BoundedMapSizer(walkers[0], walkers[1], pacer, sizing, context, partitions);
        Object[] fresh = new Object[sampled];
        Sample sample = new Sample(instance.node, container, context, partitions, ss, index, caching, sampleKeys,
                sampleRecords, fresh);
        IndexImpl privateIndex = sample.build(0, sampled);
        sizer[0].findCommon(map, new InternalIndex[] {privateIndex});
        BoundedMapSizer.Breakdown b = sample.size(sizer[0], privateIndex);
        privateIndex = null;

        // values cache: the sampled values that would be cached, their own objects
        Stats cache = new Stats();
        UnitWalker w = walkers[1];
        Tally cacheTally = new Tally();
        for (int i = 0; i < sampled; i++) {
            if (fresh[i] != null) {
                w.startUnit();
                w.markShared(sampleRecords[i]);
                cache.add(w.walk(fresh[i], cacheTally));
            }
        }

        // 4. scale; and again from each quarter of the sample, whose spread adds to the interval what the
        // sizes of single entries do not show (how the maps' nodes and tables fall)
        Prediction p = predict(index, b, values, entries, indexEntries, nulls, sampled);
        double replicates = 0;
        double drift = 0;
        if (sampled < entries && sampled >= 400) {
            Stats quarters = new Stats();
            for (int q = 0; q < 4; q++) {
                BoundedMapSizer.Breakdown qb = sample.size(sizer[0], sample.build(q * sampled / 4, (q + 1) * sampled / 4));
                quarters.add(predict(index, qb, values, entries, indexEntries, nulls, sampled / 4).bytes);
            }
            // four quarters' spread, for a sample four times as large
            replicates = Z95 * quarters.deviation() / 2;
            // and how far the prediction moved between a quarter of the sample and all of it: structures that
            // grow in steps (arrays inside bitmap storage, say) fill differently in a smaller index
            drift = Math.abs(p.bytes - quarters.mean());
        }
        p = new Prediction(p.bytes, Math.sqrt(p.error * p.error + replicates * replicates) + drift, p.tables);
        long cacheBytes = Math.round(cache.mean() * toCache);
        double cacheError = toCache == 0 || cache.n == 0 ? 0
                : Z95 * cache.deviation() * toCache / Math.sqrt(cache.n) * Math.sqrt(Math.max(0, 1 - (double) cache.n / toCache));
        String method = String.format(Locale.ROOT, "%,d entries counted; %,d distinct values (%s); private %s index"
                        + " of %,d sampled entries sized and scaled; %s; values cache from %,d sampled values",
                entries, values.estimate(), values.exact() ? "exact"
                        : String.format(Locale.ROOT, "counted in 1/%d of the hash space", 1L << values.shift),
                index.getType(), sampled, p.tables, cache.n);
        pacer.sample();
        return new MemberWhatIf(address, uuid, MemberStatus.OK, null, entries, indexEntries, sampled,
                values.estimate() + (nulls > 0 && index.getType() == IndexType.SORTED ? 1 : 0), values.exact(), nulls,
                p.bytes, Math.max(0, Math.round(p.bytes - p.error)), Math.round(p.bytes + p.error), toCache, cacheBytes,
                Math.max(0, Math.round(cacheBytes - cacheError)), Math.round(cacheBytes + cacheError), method,
                System.nanoTime() - start, pacer.cpuNanos());
    }

    /** The attribute value as the index extracts it ({@code AbstractIndex.extractAttributeValue}). */
    private static Object extract(QueryableEntry<?, ?> entry, String[] components) {
        if (components.length == 1) {
            return entry.getAttributeValue(components[0]);
        }
        Comparable<?>[] parts = new Comparable<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            Object v = entry.getAttributeValue(components[i]);
            if (v instanceof MultiResult) {
                throw new IllegalArgumentException("attribute " + components[i]
                        + " has several values per entry ([any]), which a composite index does not take");
            }
            if (v != null && !(v instanceof Comparable)) {
                throw new IllegalArgumentException("attribute " + components[i] + " is a " + v.getClass().getName()
                        + ", which is not Comparable: an index cannot hold it");
            }
            parts[i] = v == null ? null : Comparables.canonicalizeForHashLookup((Comparable<?>) v);
        }
        return new CompositeValue(parts);
    }

    private static void count(Object attribute, ValueCounter values, long[] counts) {
        if (attribute instanceof MultiResult<?> multi) {
            Set<Object> distinct = new HashSet<>();
            for (Object v : multi.getResults()) {
                distinct.add(canonical(v));
            }
            if (distinct.isEmpty()) {
                distinct.add(null);
            }
            for (Object v : distinct) {
                counts[1]++;
                if (v == null) {
                    counts[2]++;
                } else {
                    values.add(v);
                }
            }
            return;
        }
        counts[1]++;
        Object v = attribute instanceof CompositeValue ? attribute : canonical(attribute);
        if (v == null) {
            counts[2]++;
        } else {
            values.add(v);
        }
    }

    private static Object canonical(Object v) {
        if (v == null) {
            return null;
        }
        if (!(v instanceof Comparable<?> c)) {
            throw new IllegalArgumentException("attribute value " + v.getClass().getName()
                    + " is not Comparable: an index cannot hold it");
        }
        return Comparables.canonicalizeForHashLookup(c);
    }

    // ------------------------------------------------------------------ scaling

    /** Mean and spread of a sample of sizes. */
    static final class Stats {
        long n;
        double sum;
        double sumSquares;

        void add(double x) {
            n++;
            sum += x;
            sumSquares += x * x;
        }

        void addAll(List<Long> xs) {
            for (long x : xs) {
                add(x);
            }
        }

        double mean() {
            return n == 0 ? 0 : sum / n;
        }

        double deviation() {
            if (n < 2) {
                return 0;
            }
            double m = mean();
            return Math.sqrt(Math.max(0, (sumSquares - n * m * m) / (n - 1)));
        }
    }

    /** The predicted bytes, the half-width of their 95 % interval, and how the tables were handled. */
    record Prediction(long bytes, double error, String tables) {
    }

    private static final String CHM_NODES = "[Ljava.util.concurrent.ConcurrentHashMap$Node;";
    private static final String HASHMAP_NODES = "[Ljava.util.HashMap$Node;";

    static Prediction predict(IndexConfig index, BoundedMapSizer.Breakdown b, ValueCounter values, long entries,
                              long indexEntries, long nulls, int sampled) {
        long sampleEntries = Math.max(1, b.entries);
        long sampleKeys = Math.max(1, b.distinct);
        long keys = values.estimate() + (nulls > 0 ? 1 : 0);
        double keyScale = (double) keys / sampleKeys;
        double entryScale = (double) indexEntries / sampleEntries;
        if (sampled >= entries) {
            keyScale = 1;
            entryScale = 1;
        }
        double bytes = b.fixed.bytes() + b.perKey.bytes() * keyScale + b.perEntry.bytes() * entryScale;
        List<String> notes = new ArrayList<>();
        IndexType type = index.getType();
        boolean copyOnWrite = b.innerMapKind != null && !b.innerMapKind.equals("java.util.concurrent.ConcurrentHashMap")
                && !b.innerMapKind.equals("java.util.concurrent.ConcurrentSkipListMap");
        if (type == IndexType.HASH && !copyOnWrite) {
            // the attribute-value map and each value's map are ConcurrentHashMaps (16 and 2 slots to start)
            long sampleOuter = tableBytes(CHM_NODES, TableLaws.concurrentHashMap(b.outerKeys, 16));
            long sampleInner = 0;
            for (long c : b.innerCounts) {
                sampleInner += tableBytes(CHM_NODES, TableLaws.concurrentHashMap(c, 2));
            }
            long sampleNulls = tableBytes(CHM_NODES, TableLaws.concurrentHashMap(b.nullEntries, 16));
            if (sampleOuter == b.outerTable.bytes() && sampleInner == b.innerTables.bytes()
                    && sampleNulls == b.nullsTable.bytes()) {
                bytes += tableBytes(CHM_NODES, TableLaws.concurrentHashMap(values.estimate(), 16));
                double inner = 0;
                for (long[] c : values.counts.values()) {
                    inner += tableBytes(CHM_NODES, TableLaws.concurrentHashMap(c[0], 2));
                }
                bytes += inner / values.fraction();
                bytes += tableBytes(CHM_NODES, TableLaws.concurrentHashMap(nulls, 16));
                notes.add("hash tables by their growth rule");
            } else {
                bytes += b.outerTable.bytes() * keyScale + (b.innerTables.bytes() + b.nullsTable.bytes()) * entryScale;
                notes.add("hash tables scaled (their growth rule did not match the sample's tables)");
            }
        } else if (type == IndexType.BITMAP) {
            // the value → bit set map is a HashMap; unique keys → ids an Object2LongHashMap or Long2LongHashMap
            long sampleOuter = tableBytes(HASHMAP_NODES, TableLaws.hashMap(b.outerKeys));
            long sampleEntriesTable = bitmapKeyTables(index, b.entries);
            if (sampleOuter == b.outerTable.bytes() && sampleEntriesTable == b.entryTables.bytes()) {
                bytes += tableBytes(HASHMAP_NODES, TableLaws.hashMap(values.estimate()));
                bytes += bitmapKeyTables(index, indexEntries);
                notes.add("hash tables by their growth rule");
            } else {
                bytes += b.outerTable.bytes() * keyScale + b.entryTables.bytes() * entryScale;
                notes.add("hash tables scaled (their growth rule did not match the sample's tables)");
            }
        } else {
            bytes += b.outerTable.bytes() * keyScale + (b.innerTables.bytes() + b.nullsTable.bytes()
                    + b.entryTables.bytes()) * entryScale;
            notes.add(type == IndexType.SORTED && !copyOnWrite ? "no hash tables" : "tables scaled");
        }
        Stats perEntry = new Stats();
        perEntry.addAll(b.entryBytes);
        Stats perKey = new Stats();
        perKey.addAll(b.keyBytes);
        double varEntries = sampled >= entries ? 0 : square(perEntry.deviation() * indexEntries / Math.sqrt(Math.max(1,
                perEntry.n))) * Math.max(0, 1 - (double) perEntry.n / indexEntries);
        double varKeys = sampled >= entries ? 0 : square(perKey.deviation() * keys / Math.sqrt(Math.max(1, perKey.n)))
                * Math.max(0, 1 - (double) perKey.n / Math.max(1, keys));
        double varDistinct = square((double) b.perKey.bytes() / sampleKeys * values.estimateDeviation());
        double error = Z95 * Math.sqrt(varEntries + varKeys + varDistinct);
        return new Prediction(Math.round(bytes), error, String.join(", ", notes));
    }

    private static double square(double x) {
        return x * x;
    }

    private static long bitmapKeyTables(IndexConfig index, long n) {
        switch (index.getBitmapIndexOptions().getUniqueKeyTransformation()) {
            case OBJECT:
                long cap = TableLaws.hazelcastMap(n, 8, 0.75);
                return tableBytes("[Ljava.lang.Object;", cap) + tableBytes("[J", cap);
            case LONG:
                return tableBytes("[J", 2 * TableLaws.hazelcastMap(n, 8, 0.75));
            default:
                return 0;
        }
    }

    /** The bytes of an array of the named class with {@code length} elements (0 for no array). */
    private static long tableBytes(String arrayClassName, long length) {
        if (length <= 0) {
            return 0;
        }
        try {
            Class<?> c = Class.forName(arrayClassName, false, WhatIfEstimator.class.getClassLoader());
            long size = GraphSizer.arraySize(c, length);
            if (size < 0) {
                Object probe = Array.newInstance(c.getComponentType(), 0);
                throw new IllegalStateException("array sizes unknown on this JVM: " + probe.getClass());
            }
            return size;
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
