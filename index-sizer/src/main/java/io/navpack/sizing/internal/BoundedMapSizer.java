package io.navpack.sizing.internal;

import io.navpack.sizing.ClassLine;
import io.navpack.sizing.SizingMode;
import io.navpack.sizing.SizingOptions;

import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.MapConfig;
import com.hazelcast.internal.partition.IPartitionService;
import com.hazelcast.internal.serialization.Data;
import com.hazelcast.map.impl.MapServiceContext;
import com.hazelcast.map.impl.PartitionContainer;
import com.hazelcast.map.impl.record.Record;
import com.hazelcast.map.impl.recordstore.RecordStore;
import com.hazelcast.map.impl.recordstore.Storage;
import com.hazelcast.query.impl.InternalIndex;
import io.navpack.agent.SizingPacer;
import io.navpack.agent.ClassHistogram;
import io.navpack.agent.IdentityObjectSet;
import io.navpack.agent.MapInteriors;
import io.navpack.agent.Tally;
import io.navpack.agent.UnitWalker;
import io.navpack.agent.WalkStoppedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import io.navpack.hazelcast.internal.ProvenOn;
import com.hazelcast.config.CacheDeserializedValues;
import java.util.IdentityHashMap;

/**
 * Sizes one map on the local member in bounded memory ({@link SizingMode#BOUNDED}).
 *
 * <p><b>Data.</b> Each owned partition's storage is taken apart: its hash table and hash entries are counted by
 * their links, and each entry — key, record, value, cached deserialised value — is walked as a unit. The
 * cached value's objects (those its value {@code Data} does not also reach) are the map's values cache.
 *
 * <p><b>Indexes.</b> An index is its own structure — the index object, its store, the store's maps of maps
 * (counted by their links), the attribute values it keys by — plus one entry per map entry. For each entry the
 * sizer finds the map's own key instance and record for that key in the partition's storage and marks what they
 * reach as shared; the entry's key {@code Data}, the entry object and what they reach beyond that belong to the
 * index. An attribute value belongs to the index unless the record of one of the entries it keys reaches it
 * (OBJECT format, or values cached as objects). When a map has several indexes, an entry object (or key
 * {@code Data}) that several of them hold belongs to all of them together: the sizer first records which
 * indexes hold each such object, in an identity set of bounded size, taking the objects in as many slices (by
 * identity hash) as the bound needs, one pass per slice.
 *
 * <p>Nothing is locked; entries that change while they are read are a moment's snapshot.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
final class BoundedMapSizer {

    /** Bytes an entry object takes in the identity set of holders, at worst (reference and mask at 35 % load). */
    private static final long MASK_BYTES_PER_OBJECT = 15;

    /** At least this many slices for maps with several indexes (tests set it to check that slicing changes nothing). */
    static volatile int minSlices = 1;

    private final UnitWalker structure;
    private final UnitWalker entries;
    private final SizingPacer pacer;
    private final SizingOptions options;
    private final MapServiceContext context;
    private final IPartitionService partitions;
    private final Tally discard = new Tally();
    /** The identity set of the current slice: entry objects and keys → the indexes that hold them. */
    private IdentityObjectSet holders;
    /**
     * Objects that several sampled entries reach (a value's schema, a registry, a constant): outside every
     * unit, counted once. Mask bit 0: reached from records; bit i + 1: from index i's entries.
     */
    private IdentityObjectSet common;
    private IdentityObjectSet attributeObjects;
    private IdentityObjectSet attributeObjectsFound;

    BoundedMapSizer(UnitWalker structure, UnitWalker entries, SizingPacer pacer, SizingOptions options,
                    MapServiceContext context, IPartitionService partitions) {
        this.structure = structure;
        this.entries = entries;
        this.pacer = pacer;
        this.options = options;
        this.context = context;
        this.partitions = partitions;
    }

    /** Bytes this sizer's identity sets take now. */
    long setFootprint() {
        long sum = common == null ? 0 : common.footprintBytes();
        if (holders != null) {
            sum += holders.footprintBytes();
        }
        if (attributeObjects != null) {
            sum += attributeObjects.footprintBytes();
        }
        if (attributeObjectsFound != null) {
            sum += attributeObjectsFound.footprintBytes();
        }
        return sum;
    }

    // ------------------------------------------------------------------ objects many entries share

    private static final int SAMPLE_RECORDS = 64;
    /** The source bit, in the common objects' masks, of the records' cached values (bit 0: the records; 1-61: indexes). */
    private static final long CACHE = 1L << 63;
    private static final int SAMPLE_PER_PARTITION = 4;
    private static final int SAMPLE_ENTRIES = 32;

    /**
     * Finds the objects that the records or index entries of a sample of the map's entries have in common and
     * hands them to the walkers as {@linkplain UnitWalker#setCommon common objects}: without this, an object
     * every value refers to (a navpack value's schema and registry, say) would be walked, and counted, once per
     * entry. An object is common when the graphs of two different map entries reach it (an index entry counts
     * as the map entry whose record it refers to). An object shared by only a few entries may escape the
     * sample; it is then counted with each.
     */
    void findCommon(String name, InternalIndex[] indexes) {
        structure.setCommon(null);
        entries.setCommon(null);
        Sample sample = new Sample();
        int taken = 0;
        for (int pid = 0, n = partitions.getPartitionCount(); pid < n && taken < SAMPLE_RECORDS; pid++) {
            RecordStore<?> rs = context.getPartitionContainer(pid).getExistingRecordStore(name);
            if (rs == null || !partitions.isPartitionOwner(pid)) {
                continue;
            }
            taken += RecordStoreInspector.sample(rs.getStorage(), Math.min(SAMPLE_PER_PARTITION, SAMPLE_RECORDS - taken),
                    sample::entry);
        }
        for (int i = 0; i < Math.min(indexes.length, 61); i++) {
            long source = 1L << (i + 1);
            IndexWork iw = new IndexWork(indexes[i], i);
            int[] left = {SAMPLE_ENTRIES};
            if (iw.single != null && iw.single.recordMap() != null) {
                MapInteriors.entries(iw.single.recordMap(), SAMPLE_ENTRIES, (value, inner) -> {
                    if (left[0] > 0 && MapInteriors.supports(inner)) {
                        left[0] -= (int) MapInteriors.entries(inner, Math.min(4, left[0]),
                                (k, q) -> sample.unit(IndexStoreInspector.record(q), source, q));
                    }
                });
            } else if (iw.bitmap != null && iw.bitmap.entries() != null) {
                try {
                    structure.startUnit();
                    structure.walk(iw.bitmap.entries(), discard, o -> {
                        if (!IndexStoreInspector.isEntry(o)) {
                            return false;
                        }
                        if (left[0]-- <= 0) {
                            throw new WalkStoppedException(Sample.ENOUGH);
                        }
                        sample.unit(IndexStoreInspector.record(o), source, o);
                        return true;
                    });
                } catch (WalkStoppedException e) {
                    if (!Sample.ENOUGH.equals(e.getMessage())) {
                        throw e;
                    }
                }
            }
        }
        common = sample.common();
        structure.setCommon(common);
        entries.setCommon(common);
    }

    /** The objects a sample of entries reaches, with the first entry that reached each and where from. */
    private final class Sample {
        static final String ENOUGH = "sample complete";
        /** object → {number of the first map entry that reached it (+1), or -1 once two did; sources} */
        final Map<Object, long[]> seen = new IdentityHashMap<>();
        final Map<Object, Integer> entryNumbers = new IdentityHashMap<>();
        final List<Object> unit = new ArrayList<>();

        /** One sampled entry: {@code record} identifies the map entry (null: an entry of its own). */
        void unit(Object record, long source, Object... roots) {
            int number = record == null ? entryNumbers.size() + 1_000_000
                    : entryNumbers.computeIfAbsent(record, r -> entryNumbers.size() + 1);
            entries.startUnit();
            part(number, source, roots);
        }

        /**
         * One sampled map entry, walked as the data pass walks it: what its value and key reach, then what only its
         * cached value reaches (the values cache's), then its record.
         */
        void entry(Object key, Record<?> record) {
            int number = entryNumbers.computeIfAbsent(record, r -> entryNumbers.size() + 1);
            entries.startUnit();
            part(number, 1L, RecordStoreInspector.value(record), key);
            Object cached = RecordStoreInspector.cachedValue(record);
            if (cached != null) {
                part(number, CACHE, cached);
            }
            part(number, 1L, record);
        }

        private void part(int number, long source, Object... roots) {
            unit.clear();
            for (Object r : roots) {
                entries.collect(r, unit);
            }
            for (Object o : unit) {
                long[] s = seen.get(o);
                if (s == null) {
                    seen.put(o, new long[] {number, source});
                } else {
                    if (s[0] != number) {
                        s[0] = -1;
                    }
                    s[1] |= source;
                }
            }
        }

        IdentityObjectSet common() {
            IdentityObjectSet many = IdentityObjectSet.withMasks(64, 64);
            seen.forEach((o, s) -> {
                if (s[0] == -1) {
                    many.orMask(o, s[1]);
                }
            });
            return many.size() > 0 ? many : null;
        }
    }

    /**
     * Counts the common objects that records reach, once: into {@code data} those that the entries' keys, values or
     * records reach, into {@code cache} those that only their cached values reach (the schemas and registry that
     * cached navpack views refer to, say).
     */
    private void countCommonData(Tally data, Tally cache) {
        if (common == null) {
            return;
        }
        common.forEach(o -> {
            long m = common.maskOf(o);
            if ((m & 1L) != 0) {
                structure.count(o, data);
            } else if ((m & CACHE) != 0) {
                structure.count(o, cache);
            }
        });
    }

    /** Counts the common objects that only index entries reach, once, with the first index that reaches them. */
    private void countCommonIndexes(IndexFigures figures) {
        if (common == null) {
            return;
        }
        common.forEach(o -> {
            long m = common.maskOf(o);
            if ((m & (1L | CACHE)) == 0 && m != 0) {
                structure.count(o, figures.of(m >>> 1));
            }
        });
    }

    // ------------------------------------------------------------------ data

    /** What the data pass found. */
    static final class DataFigures {
        final Tally data = new Tally();
        final Tally cache = new Tally();
        final Tally backup = new Tally();
        long entries;
        long backupEntries;
        long cachedValues;
        long nanos;
        boolean complete = true;
        String reason;
    }

    /** Counts the entries of the map's owned and backup partitions, without sizing them. */
    DataFigures counts(String name) {
        DataFigures f = new DataFigures();
        for (int pid = 0, n = partitions.getPartitionCount(); pid < n; pid++) {
            RecordStore<?> rs = context.getPartitionContainer(pid).getExistingRecordStore(name);
            if (rs == null) {
                continue;
            }
            if (partitions.isPartitionOwner(pid)) {
                f.entries += rs.size();
            } else {
                f.backupEntries += rs.size();
            }
        }
        return f;
    }

    /** Sizes the data of the map's owned (and, if asked, backup) partitions. */
    DataFigures data(String name) {
        DataFigures f = new DataFigures();
        long t0 = System.nanoTime();
        try {
            for (int pid = 0, n = partitions.getPartitionCount(); pid < n; pid++) {
                PartitionContainer pc = context.getPartitionContainer(pid);
                RecordStore<?> rs = pc.getExistingRecordStore(name);
                if (rs == null) {
                    continue;
                }
                if (partitions.isPartitionOwner(pid)) {
                    f.entries += rs.size();
                    storage(rs.getStorage(), f.data, f.cache, f);
                } else {
                    f.backupEntries += rs.size();
                }
            }
            if (options.includeBackups()) {
                for (int pid = 0, n = partitions.getPartitionCount(); pid < n; pid++) {
                    RecordStore<?> rs = context.getPartitionContainer(pid).getExistingRecordStore(name);
                    if (rs != null && !partitions.isPartitionOwner(pid)) {
                        storage(rs.getStorage(), f.backup, f.backup, null);
                    }
                }
            }
            countCommonData(f.data, f.cache);
        } catch (WalkStoppedException e) {
            f.complete = false;
            f.reason = e.getMessage();
        }
        f.nanos = System.nanoTime() - t0;
        return f;
    }

    private void storage(Storage<?, ?> storage, Tally data, Tally cache, DataFigures counts) {
        RecordStoreInspector.Layout layout = RecordStoreInspector.layout(storage);
        if (layout == null) {
            structure.startUnit();
            structure.walk(storage, data);
            return;
        }
        structure.startUnit();
        for (Object table : layout.tables()) {
            structure.markVisited(table);
        }
        structure.markVisited(layout.expiryMap());
        structure.walk(storage, data);
        for (Object table : layout.tables()) {
            if (table == null) {
                continue;
            }
            structure.count(table, data);
            RecordStoreInspector.forEachEntry(table, e -> structure.count(e, data), (key, record) -> {
                entries.startUnit();
                entries.walk(RecordStoreInspector.value(record), data);
                entries.walk(key, data);
                Object cached = RecordStoreInspector.cachedValue(record);
                if (cached != null) {
                    entries.walk(cached, cache);
                    if (counts != null) {
                        counts.cachedValues++;
                    }
                }
                entries.walk(record, data);
            });
        }
        if (layout.expiryMap() != null && MapInteriors.supports(layout.expiryMap())) {
            // keyed by the storage's own key instances, counted above
            MapInteriors.walk(layout.expiryMap(), structure, data, (k, v) -> {
                structure.startUnit();
                structure.markVisited(k);
                structure.walk(v, data);
            });
        }
    }

    // ------------------------------------------------------------------ indexes

    /** One index being sized. */
    static final class IndexWork {
        final InternalIndex index;
        final int position;
        final long bit;
        final Object store;
        final IndexStoreInspector.SingleValue single;
        final IndexStoreInspector.BitmapParts bitmap;
        long nanos;
        /** Entries and distinct attribute values met in the first accounting pass. */
        long entries;
        long distinct;

        IndexWork(InternalIndex index, int position) {
            this.index = index;
            this.position = position;
            this.bit = 1L << position;
            this.store = IndexStoreInspector.store(index);
            this.single = store == null ? null : IndexStoreInspector.singleValue(store);
            this.bitmap = store == null || single != null ? null : IndexStoreInspector.bitmap(store);
        }

        boolean understood() {
            return (single != null && single.recordMap() != null) || (bitmap != null && bitmap.bitSets() != null);
        }

        /** A bitmap index that maps unique key objects (by default the map's keys) to internal ids. */
        boolean hasObjectKeys() {
            return bitmap != null && bitmap.objectKeys() != null;
        }
    }

    /** What the index passes found: a tally per set of indexes holding the objects in it. */
    static final class IndexFigures {
        final long[] masks = new long[64];
        final Tally[] tallies = new Tally[64];
        int used;
        boolean complete = true;
        String reason;
        /** The indexes sized (at most 64), with their counts and times. */
        List<IndexWork> work = List.of();

        Tally of(long mask) {
            for (int i = 0; i < used; i++) {
                if (masks[i] == mask) {
                    return tallies[i];
                }
            }
            if (used == masks.length) {
                // more distinct sets of holders than kept apart: the rest go to the last one
                return tallies[used - 1];
            }
            masks[used] = mask;
            tallies[used] = new Tally();
            return tallies[used++];
        }

        /** What only the index with this bit holds. */
        Tally exclusive(long bit) {
            return of(bit);
        }

        long reachableBytes(long bit) {
            long sum = 0;
            for (int i = 0; i < used; i++) {
                if ((masks[i] & bit) != 0) {
                    sum += tallies[i].bytes();
                }
            }
            return sum;
        }

        long unionBytes() {
            long sum = 0;
            for (int i = 0; i < used; i++) {
                sum += tallies[i].bytes();
            }
            return sum;
        }
    }

    /**
     * Sizes all indexes of a map.
     *
     * @param recordsHoldObjects whether the map's records hold deserialised objects that an attribute value can
     *     be part of (OBJECT format, or cached values)
     */
    IndexFigures indexes(String name, InternalIndex[] indexes, long expectedEntries, boolean recordsHoldObjects) {
        IndexFigures figures = new IndexFigures();
        int n = Math.min(indexes.length, 64);
        List<IndexWork> work = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            work.add(new IndexWork(indexes[i], i));
        }
        Storage<?, ?>[] storages = storages(name);
        // which indexes hold an entry object is needed when several indexes may share it, and for bitmap
        // indexes whose unique keys their entries may hold too
        boolean needsHolders = n >= 2 || work.stream().anyMatch(IndexWork::hasObjectKeys);
        long maskBudget = options.maxSizerHeapBytes() * 3 / 4;
        long candidates = Math.max(1, expectedEntries) * n * 2;
        int slices = !needsHolders ? 1 : (int) Math.max(Math.max(1, minSlices),
                (candidates * MASK_BYTES_PER_OBJECT + maskBudget - 1) / maskBudget);
        try {
            for (int slice = 0; slice < slices; slice++) {
                if (needsHolders) {
                    holders = IdentityObjectSet.withMasks((int) Math.min(Integer.MAX_VALUE / 2,
                            candidates / slices * 11 / 10 + 16), n);
                    for (IndexWork iw : work) {
                        long t0 = System.nanoTime();
                        traverse(iw, new Pass(slice, slices, true, figures, storages, recordsHoldObjects, n));
                        iw.nanos += System.nanoTime() - t0;
                    }
                }
                for (IndexWork iw : work) {
                    long t0 = System.nanoTime();
                    traverse(iw, new Pass(slice, slices, false, figures, storages, recordsHoldObjects, n));
                    iw.nanos += System.nanoTime() - t0;
                }
                holders = null;
            }
            countCommonIndexes(figures);
        } catch (WalkStoppedException e) {
            figures.complete = false;
            figures.reason = e.getMessage();
        } finally {
            holders = null;
            attributeObjects = null;
            attributeObjectsFound = null;
        }
        figures.work = List.copyOf(work);
        return figures;
    }

    /** One traversal of one index. */
    private static final class Pass {
        final int slice;
        final int slices;
        /** Only recording which indexes hold which entry objects. */
        final boolean holdersOnly;
        final IndexFigures figures;
        final Storage<?, ?>[] storages;
        final boolean recordsHoldObjects;
        final int indexCount;
        /** In the first accounting pass the index's own structure and attribute values are counted. */
        final boolean structurePass;

        Pass(int slice, int slices, boolean holdersOnly, IndexFigures figures, Storage<?, ?>[] storages,
             boolean recordsHoldObjects, int indexCount) {
            this.slice = slice;
            this.slices = slices;
            this.holdersOnly = holdersOnly;
            this.figures = figures;
            this.storages = storages;
            this.recordsHoldObjects = recordsHoldObjects;
            this.indexCount = indexCount;
            this.structurePass = !holdersOnly && slice == 0;
        }

        boolean inSlice(Object o) {
            return slices == 1 || IdentityObjectSet.slice(o, slices) == slice;
        }
    }

    /**
     * Where a what-if sizing of a single (private) index puts each part, by what it grows with: the fixed part
     * (index object, store, map shells), what grows with the attribute values (the outer map's nodes, the
     * values' objects, the inner maps' shells, bit set objects), what grows with the entries (inner nodes,
     * entry objects, bitmap storage, unique keys), and the hash tables, which grow in steps by their own rules.
     */
    static final class Breakdown {
        final Tally fixed = new Tally();
        final Tally perKey = new Tally();
        final Tally perEntry = new Tally();
        /** The table of the map keyed by attribute value. */
        final Tally outerTable = new Tally();
        /** The tables of the per-value inner maps. */
        final Tally innerTables = new Tally();
        /** The table of the entries whose attribute is null (HASH). */
        final Tally nullsTable = new Tally();
        /** The tables keyed by entry (a bitmap index's unique keys). */
        final Tally entryTables = new Tally();
        /** Bytes of each entry's own objects, in the order met. */
        final List<Long> entryBytes = new ArrayList<>();
        /** Bytes of each attribute value's objects, in the order met. */
        final List<Long> keyBytes = new ArrayList<>();
        /** The entry objects' values stand for the values their records would cache: shared, not the index's. */
        boolean valuesAreCache;
        /** Entries and distinct values (with the null bucket) of the index sized. */
        long entries;
        long distinct;
        /** Keys of the map keyed by attribute value (HASH, SORTED: the outer map; BITMAP: the bit sets). */
        long outerKeys;
        /** Entries of each per-value inner map. */
        final List<Long> innerCounts = new ArrayList<>();
        /** Entries whose attribute is null, kept in their own map (HASH). */
        long nullEntries;
        /** Class of the per-value inner maps, or null. */
        String innerMapKind;
    }

    /** Set while a what-if sizes a private index. */
    private Breakdown breakdown;

    /** The tallies one traversal counts into. */
    private record Sink(Tally fixed, Tally perKey, Tally perEntry, Tally outerTable, Tally innerTables,
                        Tally nullsTable, Tally entryTables) {
        static Sink of(Tally own) {
            return new Sink(own, own, own, own, own, own, own);
        }

        static Sink of(Breakdown b) {
            return new Sink(b.fixed, b.perKey, b.perEntry, b.outerTable, b.innerTables, b.nullsTable, b.entryTables);
        }
    }

    /**
     * Sizes one index that is not part of any map — a what-if's private index over sampled entries — into
     * {@code breakdown}.
     */
    void sizePrivate(String name, InternalIndex index, Breakdown into) {
        this.breakdown = into;
        try {
            IndexFigures figures = new IndexFigures();
            IndexWork iw = new IndexWork(index, 0);
            Storage<?, ?>[] storages = storages(name);
            if (iw.hasObjectKeys()) {
                // which unique keys the entries hold, so that each is counted once
                holders = IdentityObjectSet.withMasks(1024, 1);
                traverse(iw, new Pass(0, 1, true, figures, storages, true, 1));
            }
            traverse(iw, new Pass(0, 1, false, figures, storages, true, 1));
            holders = null;
            countCommonIndexes(figures);
            into.fixed.add(figures.exclusive(1L));
            into.entries = iw.entries;
            into.distinct = iw.distinct;
        } finally {
            this.breakdown = null;
        }
    }

    private void traverse(IndexWork iw, Pass pass) {
        Tally own = pass.structurePass ? pass.figures.exclusive(iw.bit) : discard;
        Sink sink = !pass.structurePass ? Sink.of(discard) : breakdown != null ? Sink.of(breakdown) : Sink.of(own);
        if (!iw.understood()) {
            if (pass.structurePass) {
                structure.startUnit();
                structure.walk(iw.index, sink.fixed());
            }
            return;
        }
        if (iw.single != null) {
            singleValue(iw, pass, sink);
        } else {
            bitmap(iw, pass, sink);
        }
    }

    private void singleValue(IndexWork iw, Pass pass, Sink sink) {
        IndexStoreInspector.SingleValue sv = iw.single;
        if (pass.structurePass) {
            structure.startUnit();
            structure.markVisited(sv.recordMap());
            structure.markVisited(sv.nulls());
            structure.walk(iw.index, sink.fixed());
        }
        List<Object> attribute = new ArrayList<>();
        MapInteriors.Parts outer = new MapInteriors.Parts(sink.fixed(), sink.perKey(), sink.outerTable());
        MapInteriors.Parts inner = new MapInteriors.Parts(sink.perKey(), sink.perEntry(), sink.innerTables());
        long outerKeys = MapInteriors.walk(sv.recordMap(), structure, outer, (value, innerMap) -> {
            attribute.clear();
            if (!pass.holdersOnly) {
                // the attribute value's objects: counted once, with the index's structure, unless a record
                // reaches them; an entry that reaches them too (an index on __key) does not count them again
                structure.startUnit();
                structure.collect(value, attribute);
            }
            boolean[] found = pass.structurePass ? new boolean[attribute.size()] : null;
            if (pass.structurePass) {
                iw.distinct++;
            }
            long n = innerMap(iw, pass, sink, inner, innerMap, attribute, found);
            if (breakdown != null && pass.structurePass) {
                breakdown.innerCounts.add(n);
                if (breakdown.innerMapKind == null) {
                    breakdown.innerMapKind = innerMap.getClass().getName();
                }
            }
            if (pass.structurePass) {
                long bytes = 0;
                for (int i = 0; i < attribute.size(); i++) {
                    if (!found[i]) {
                        bytes += structure.count(attribute.get(i), sink.perKey());
                    }
                }
                if (breakdown != null) {
                    breakdown.keyBytes.add(bytes);
                }
            }
        });
        if (breakdown != null && pass.structurePass) {
            breakdown.outerKeys = outerKeys;
        }
        if (sv.nulls() != null) {
            if (pass.structurePass && !sv.nulls().isEmpty()) {
                iw.distinct++;
            }
            long nulls = innerMap(iw, pass, sink, new MapInteriors.Parts(sink.fixed(), sink.perEntry(),
                    sink.nullsTable()), sv.nulls(), List.of(), null);
            if (breakdown != null && pass.structurePass) {
                breakdown.nullEntries = nulls;
            }
        }
    }

    /** Walks one per-value inner map; returns its entries. */
    private long innerMap(IndexWork iw, Pass pass, Sink sink, MapInteriors.Parts parts, Object inner,
                          List<Object> attribute, boolean[] found) {
        if (inner instanceof Map<?, ?> && MapInteriors.supports(inner)) {
            return MapInteriors.walk(inner, structure, parts,
                    (key, entry) -> entry(iw, pass, key, entry, attribute, found));
        }
        if (pass.structurePass) {
            structure.startUnit();
            structure.walk(inner, sink.perKey());
        }
        return inner instanceof Map<?, ?> m ? m.size() : 0;
    }

    private void bitmap(IndexWork iw, Pass pass, Sink sink) {
        IndexStoreInspector.BitmapParts bp = iw.bitmap;
        Object[] uniqueKeys = IndexStoreInspector.objectKeysArray(bp.objectKeys());
        if (pass.structurePass) {
            structure.startUnit();
            structure.markVisited(bp.bitSets());
            structure.markVisited(bp.entries());
            Object[] tables = IndexStoreInspector.keyTables(bp);
            for (Object t : tables) {
                structure.markVisited(t);
            }
            structure.walk(iw.index, sink.fixed());
            for (Object t : tables) {
                if (t != null) {
                    structure.count(t, sink.entryTables());
                }
            }
            attributeObjects = null;
            attributeObjectsFound = null;
            List<Object> attribute = new ArrayList<>();
            MapInteriors.Parts parts = new MapInteriors.Parts(sink.fixed(), sink.perKey(), sink.outerTable());
            long keys = MapInteriors.walk(bp.bitSets(), structure, parts, (value, bitSet) -> {
                iw.distinct++;
                attribute.clear();
                structure.startUnit();
                structure.collect(value, attribute);
                long bytes = 0;
                for (Object o : attribute) {
                    if (pass.recordsHoldObjects && attributeObjects(o)) {
                        continue;
                    }
                    bytes += structure.count(o, sink.perKey());
                }
                if (breakdown != null) {
                    breakdown.keyBytes.add(bytes);
                }
                // the bit set object goes with its value; its storage grows with the entries that have the value
                structure.startUnit();
                structure.walkFrom(bitSet, sink.perKey(), sink.perEntry());
            });
            if (breakdown != null) {
                breakdown.outerKeys = keys;
            }
        }
        structure.startUnit();
        structure.walk(bp.entries(), pass.structurePass ? sink.perEntry() : discard, o -> {
            if (!IndexStoreInspector.isEntry(o)) {
                return false;
            }
            entry(iw, pass, null, o, List.of(), null);
            return true;
        });
        if (uniqueKeys != null && !pass.holdersOnly) {
            // a unique key that an entry holds (as its deserialised key) was counted with that entry
            Tally keys = breakdown != null ? breakdown.perEntry : pass.figures.exclusive(iw.bit);
            for (Object k : uniqueKeys) {
                if (k != null && pass.inSlice(k) && (holders == null || holders.maskOf(k) == 0)) {
                    structure.startUnit();
                    structure.walk(k, keys);
                }
            }
        }
        if (pass.structurePass && attributeObjects != null) {
            // attribute values no entry's record reached belong to the index
            IdentityObjectSet set = attributeObjects;
            IdentityObjectSet foundSet = attributeObjectsFound;
            set.forEach(o -> {
                if (!foundSet.contains(o)) {
                    structure.count(o, sink.perKey());
                }
            });
            attributeObjects = null;
            attributeObjectsFound = null;
        }
    }

    /** Adds an attribute value's object to the set checked against the records; false when the set is full. */
    private boolean attributeObjects(Object o) {
        if (attributeObjects == null) {
            attributeObjects = new IdentityObjectSet(1024);
            attributeObjectsFound = new IdentityObjectSet(1024);
        }
        if (attributeObjects.footprintBytes() > options.maxSizerHeapBytes() / 4) {
            return false;
        }
        attributeObjects.add(o);
        return true;
    }

    /**
     * One entry of an index: {@code key} is the inner map's key instance (null for a bitmap index), {@code entry}
     * the index entry object.
     */
    private void entry(IndexWork iw, Pass pass, Object key, Object entry, List<Object> attribute, boolean[] found) {
        Data keyData = IndexStoreInspector.keyData(entry);
        Object first = keyData != key ? keyData : null;
        // the entry's deserialised key, if any: apart from the entry because a bitmap index may hold it as its
        // unique key too
        Object uniqueKey = IndexStoreInspector.keyObject(entry);
        if (uniqueKey == key || uniqueKey == keyData) {
            uniqueKey = null;
        }
        if (pass.structurePass) {
            iw.entries++;
        }
        if (pass.holdersOnly) {
            hold(first, iw, pass);
            hold(key, iw, pass);
            hold(uniqueKey, iw, pass);
            hold(entry, iw, pass);
            return;
        }
        Object[] candidates = {first, key, uniqueKey, entry};
        boolean any = false;
        for (Object c : candidates) {
            any |= c != null && pass.inSlice(c);
        }
        boolean checkAttributes = pass.structurePass && pass.recordsHoldObjects
                && (!attribute.isEmpty() || (attributeObjects != null && attributeObjects.size() > 0));
        if (!any && !checkAttributes) {
            return;
        }
        entries.startUnit();
        Data probe = key instanceof Data d ? d : keyData;
        RecordStoreInspector.Found stored = probe == null ? null : lookup(pass.storages, probe);
        if (stored != null) {
            entries.markShared(stored.key());
            entries.markShared(stored.record());
        }
        if (breakdown != null && breakdown.valuesAreCache) {
            entries.markShared(IndexStoreInspector.valueObject(entry));
        }
        if (checkAttributes) {
            for (int i = 0; i < attribute.size(); i++) {
                if (!found[i] && entries.isShared(attribute.get(i))) {
                    found[i] = true;
                }
            }
            if (attributeObjects != null && attributeObjects.size() > 0) {
                IdentityObjectSet set = attributeObjects;
                IdentityObjectSet foundSet = attributeObjectsFound;
                entries.forEachShared(o -> {
                    if (set.contains(o)) {
                        foundSet.add(o);
                    }
                });
            }
        }
        if (!any) {
            return;
        }
        for (Object a : attribute) {
            entries.markVisited(a);
        }
        // which of the entry's objects are walked here, and into which tally
        Tally[] into = new Tally[candidates.length];
        for (int c = 0; c < candidates.length; c++) {
            Object o = candidates[c];
            if (o == null) {
                continue;
            }
            long mask = holders == null ? iw.bit : holders.maskOf(o);
            if (mask == 0) {
                mask = iw.bit;
            }
            if (pass.inSlice(o) && Long.numberOfTrailingZeros(mask) == iw.position) {
                into[c] = breakdown != null ? breakdown.perEntry : pass.figures.of(mask);
            } else {
                // walked in another slice, or with the first index that holds it
                entries.markVisited(o);
            }
        }
        long bytes = 0;
        for (int c = 0; c < candidates.length; c++) {
            if (into[c] != null) {
                bytes += entries.walk(candidates[c], into[c]);
            }
        }
        if (breakdown != null) {
            breakdown.entryBytes.add(bytes);
        }
    }

    private void hold(Object o, IndexWork iw, Pass pass) {
        if (o != null && pass.inSlice(o)) {
            holders.orMask(o, iw.bit);
        }
    }

    private RecordStoreInspector.Found lookup(Storage<?, ?>[] storages, Data key) {
        int pid = partitions.getPartitionId(key);
        Storage<?, ?> storage = pid >= 0 && pid < storages.length ? storages[pid] : null;
        return storage == null ? null : RecordStoreInspector.lookup(storage, key);
    }

    /** The storage of every partition that has one for this map (owned or not), by partition id. */
    private Storage<?, ?>[] storages(String name) {
        Storage<?, ?>[] storages = new Storage<?, ?>[partitions.getPartitionCount()];
        for (int pid = 0; pid < storages.length; pid++) {
            RecordStore<?> rs = context.getPartitionContainer(pid).getExistingRecordStore(name);
            storages[pid] = rs == null ? null : rs.getStorage();
        }
        return storages;
    }

    static List<ClassLine> top(ClassHistogram histogram, int n) {
        List<ClassLine> lines = new ArrayList<>();
        for (ClassHistogram.Entry e : histogram.top(n)) {
            lines.add(new ClassLine(e.className(), e.count(), e.bytes()));
        }
        return lines;
    }

    /** Whether the map's records may hold deserialised objects an attribute value can be part of. */
    static boolean recordsHoldObjects(MapConfig config) {
        return config.getInMemoryFormat() == InMemoryFormat.OBJECT
                || config.getCacheDeserializedValues() != CacheDeserializedValues.NEVER;
    }
}
