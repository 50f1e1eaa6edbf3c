package io.navpack.sizing.internal;

import com.hazelcast.config.CacheDeserializedValues;
import com.hazelcast.config.IndexConfig;
import com.hazelcast.instance.impl.Node;
import com.hazelcast.internal.monitor.impl.PerIndexStats;
import com.hazelcast.internal.serialization.Data;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.map.impl.MapContainer;
import com.hazelcast.query.impl.Index;
import com.hazelcast.query.impl.IndexCopyBehavior;
import com.hazelcast.query.impl.IndexImpl;
import com.hazelcast.map.impl.record.Record;
import com.hazelcast.query.impl.AbstractIndex;
import com.hazelcast.query.impl.BitmapIndexStore;
import com.hazelcast.query.impl.CachedQueryEntry;
import com.hazelcast.query.impl.OrderedIndexStore;
import com.hazelcast.query.impl.QueryableEntry;
import com.hazelcast.query.impl.UnorderedIndexStore;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Map;
import io.navpack.hazelcast.internal.ProvenOn;

/**
 * Reads Hazelcast's on-heap index stores without their locks: the one place that knows how an index keeps
 * its entries (checked identical in Hazelcast 5.5, 5.6 and 5.7). Figures read while an index changes are a
 * moment's snapshot.
 *
 * <pre>
 * AbstractIndex.indexStore:
 *   OrderedIndexStore.recordMap    ConcurrentSkipListMap&lt;attribute value, ConcurrentSkipListMap&lt;key Data, entry&gt;&gt;
 *   UnorderedIndexStore.recordMap  ConcurrentHashMap&lt;attribute value, ConcurrentHashMap&lt;key Data, entry&gt;&gt;
 *                     .recordsWithNullValue  ConcurrentHashMap&lt;key Data, entry&gt;
 *     (with index copy behaviour COPY_ON_WRITE the inner maps are TreeMap / HashMap)
 *   BitmapIndexStore.bitmap: Bitmap{bitSets: HashMap&lt;attribute value, SparseBitSet&gt;, entries: SparseArray&lt;entry&gt;}
 *                   .internalObjectKeys (Object2LongHashMap) or .internalKeys (Long2LongHashMap)
 * entry: CachedQueryEntry{keyData, valueData, keyObject, valueObject, record, serializationService, extractors}
 * </pre>
 *
 * It also builds private indexes of Hazelcast's own classes, filled as {@code AddIndexOperation} fills a map's
 * index, for what-if predictions.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
public final class IndexStoreInspector {

    private static final VarHandle INDEX_STORE = field(AbstractIndex.class, "indexStore");
    private static final VarHandle ORDERED_MAP = field(OrderedIndexStore.class, "recordMap");
    private static final VarHandle UNORDERED_MAP = field(UnorderedIndexStore.class, "recordMap");
    private static final VarHandle UNORDERED_NULLS = field(UnorderedIndexStore.class, "recordsWithNullValue");
    private static final VarHandle BITMAP = field(BitmapIndexStore.class, "bitmap");
    private static final VarHandle BITMAP_OBJECT_KEYS = field(BitmapIndexStore.class, "internalObjectKeys");
    private static final VarHandle BITMAP_LONG_KEYS = field(BitmapIndexStore.class, "internalKeys");
    private static final Class<?> BITMAP_CLASS = load("com.hazelcast.query.impl.bitmap.Bitmap");
    private static final VarHandle BIT_SETS = field(BITMAP_CLASS, "bitSets");
    private static final VarHandle BITMAP_ENTRIES = field(BITMAP_CLASS, "entries");
    private static final VarHandle KEY_DATA = field(CachedQueryEntry.class, "keyData");
    private static final VarHandle KEY_OBJECT = field(CachedQueryEntry.class, "keyObject");
    private static final VarHandle RECORD = field(QueryableEntry.class, "record");
    private static final Class<?> OBJECT2LONG = load("com.hazelcast.internal.util.collection.Object2LongHashMap");
    private static final Class<?> LONG2LONG = load("com.hazelcast.internal.util.collection.Long2LongHashMap");
    private static final VarHandle OBJECT_KEYS_ARRAY = field(OBJECT2LONG, "keys");
    private static final VarHandle OBJECT_KEYS_VALUES = field(OBJECT2LONG, "values");
    private static final VarHandle LONG_KEYS_ENTRIES = field(LONG2LONG, "entries");
    private static final VarHandle VALUE_OBJECT = field(CachedQueryEntry.class, "valueObject");

    private IndexStoreInspector() {
    }

    /**
     * The parts of a single-value (HASH or SORTED) index store.
     *
     * @param recordMap attribute value → map of key Data → entry
     * @param nulls entries whose attribute is null, when the store keeps them apart (HASH); else null
     */
    public record SingleValue(Object store, Map<?, ?> recordMap, Map<?, ?> nulls) {
    }

    /**
     * The parts of a BITMAP index store.
     *
     * @param bitSets attribute value → bit set of internal ids
     * @param entries internal id → entry (a sparse array)
     */
    record BitmapParts(Object store, Object bitmap, Map<?, ?> bitSets, Object entries, Object objectKeys,
                       Object longKeys) {
    }

    /** The index's store object, or null. */
    public static Object store(Object index) {
        return index instanceof AbstractIndex ai ? INDEX_STORE.get(ai) : null;
    }

    /** The parts of a HASH or SORTED store, or null if {@code store} is neither. */
    public static SingleValue singleValue(Object store) {
        if (store instanceof OrderedIndexStore o) {
            return new SingleValue(store, (Map<?, ?>) ORDERED_MAP.get(o), null);
        }
        if (store instanceof UnorderedIndexStore u) {
            return new SingleValue(store, (Map<?, ?>) UNORDERED_MAP.get(u), (Map<?, ?>) UNORDERED_NULLS.get(u));
        }
        return null;
    }

    /** The parts of a BITMAP store, or null if {@code store} is not one. */
    static BitmapParts bitmap(Object store) {
        if (!(store instanceof BitmapIndexStore b)) {
            return null;
        }
        Object bitmap = BITMAP.get(b);
        return new BitmapParts(store, bitmap, (Map<?, ?>) BIT_SETS.get(bitmap), BITMAP_ENTRIES.get(bitmap),
                BITMAP_OBJECT_KEYS.get(b), BITMAP_LONG_KEYS.get(b));
    }

    static boolean isEntry(Object o) {
        return o instanceof QueryableEntry;
    }

    /** The entry's key as it keeps it (a {@code Data}), or null. */
    static Data keyData(Object entry) {
        return entry instanceof CachedQueryEntry<?, ?> e ? (Data) KEY_DATA.get(e) : null;
    }

    /** The entry's value as an object (deserialised, or the stored object), if it has one, or null. */
    static Object valueObject(Object entry) {
        return entry instanceof CachedQueryEntry<?, ?> e ? VALUE_OBJECT.get(e) : null;
    }

    /**
     * The hash table arrays of a bitmap index's map from unique key to internal id (they grow with the
     * entries), each possibly null.
     */
    static Object[] keyTables(BitmapParts parts) {
        if (parts.objectKeys() != null && OBJECT2LONG.isInstance(parts.objectKeys())) {
            return new Object[] {OBJECT_KEYS_ARRAY.get(parts.objectKeys()), OBJECT_KEYS_VALUES.get(parts.objectKeys())};
        }
        if (parts.longKeys() != null && LONG2LONG.isInstance(parts.longKeys())) {
            return new Object[] {LONG_KEYS_ENTRIES.get(parts.longKeys())};
        }
        return new Object[0];
    }

    /** The entry's deserialised key, if it has deserialised it, or null. */
    static Object keyObject(Object entry) {
        return entry instanceof CachedQueryEntry<?, ?> e ? KEY_OBJECT.get(e) : null;
    }

    /**
     * The array of a bitmap index's unique keys (its {@code Object2LongHashMap} from unique key to internal
     * id), or null.
     */
    static Object[] objectKeysArray(Object objectKeys) {
        return objectKeys == null ? null : (Object[]) OBJECT_KEYS_ARRAY.get(objectKeys);
    }

    /** The record an index entry refers to, or null. */
    static Record<?> record(Object entry) {
        return entry instanceof QueryableEntry<?, ?> e ? (Record<?>) RECORD.get(e) : null;
    }

    /**
     * A global on-heap index of Hazelcast's own classes that belongs to no map (a what-if's private index):
     * built as a map's index registry builds one, with no statistics.
     */
    static IndexImpl privateIndex(Node node, IndexConfig normalized, InternalSerializationService ss,
                                  MapContainer container, IndexCopyBehavior copyBehavior, int partitionCount) {
        return new IndexImpl(node, normalized, ss, container.getExtractors(), copyBehavior, PerIndexStats.EMPTY,
                partitionCount, container.getName());
    }

    /**
     * Adds one map entry to a private index as {@code AddIndexOperation} adds it to a real one: a query entry of
     * the key and the value the index sees, pointing at the record; with {@code cache-deserialized-values: NEVER}
     * the attribute is read from a scratch entry and the stored entry keeps the record's value.
     */
    static void add(IndexImpl index, MapContainer container, CacheDeserializedValues caching,
                    InternalSerializationService ss, Data key, Object value, Record<?> record) {
        QueryableEntry<?, ?> entry = container.newQueryEntry(key, value);
        entry.setRecord(record);
        CachedQueryEntry<?, ?> newEntry = caching == CacheDeserializedValues.NEVER
                ? new CachedQueryEntry<>(ss, key, value, container.getExtractors()) : (CachedQueryEntry<?, ?>) entry;
        index.putEntry(newEntry, null, entry, Index.OperationSource.SYSTEM);
    }

    /** {entries, distinct keys} of an index, each -1 if unknown. */
    static long[] counts(Object index) {
        Object store = store(index);
        if (store == null) {
            return new long[] {-1, -1};
        }
        try {
            BitmapParts bitmap = bitmap(store);
            if (bitmap != null) {
                Object keys = bitmap.objectKeys() != null ? bitmap.objectKeys() : bitmap.longKeys();
                long entries = keys instanceof Map<?, ?> m ? m.size() : -1;
                return new long[] {entries, bitmap.bitSets() == null ? -1 : bitmap.bitSets().size()};
            }
            SingleValue sv = singleValue(store);
            if (sv == null || sv.recordMap() == null) {
                return new long[] {-1, -1};
            }
            long distinct = 0;
            long entries = 0;
            for (Object inner : sv.recordMap().values()) {
                distinct++;
                if (inner instanceof Map<?, ?> m) {
                    entries += m.size();
                }
            }
            if (sv.nulls() != null && !sv.nulls().isEmpty()) {
                distinct++;
                entries += sv.nulls().size();
            }
            return new long[] {entries, distinct};
        } catch (RuntimeException e) {
            return new long[] {-1, -1};
        }
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, AbstractIndex.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static VarHandle field(Class<?> owner, String name) {
        try {
            return MethodHandles.privateLookupIn(owner, MethodHandles.lookup())
                    .findVarHandle(owner, name, owner.getDeclaredField(name).getType());
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
