package io.navpack.sizing.internal;

import com.hazelcast.config.CacheDeserializedValues;
import com.hazelcast.internal.serialization.Data;
import com.hazelcast.internal.serialization.SerializationService;
import com.hazelcast.internal.util.ConcurrentReferenceHashMap;
import com.hazelcast.map.impl.record.Record;
import com.hazelcast.map.impl.record.Records;
import com.hazelcast.map.impl.recordstore.Storage;
import com.hazelcast.map.impl.recordstore.StorageImpl;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.lang.ref.Reference;
import java.util.Map;
import io.navpack.hazelcast.internal.ProvenOn;
import java.util.function.Consumer;

/**
 * Reads Hazelcast's on-heap record stores without their locks: the one place that knows how a partition's
 * entries are kept (checked identical in Hazelcast 5.5, 5.6 and 5.7).
 *
 * <pre>
 * StorageImpl.records: StorageSCHM (a ConcurrentReferenceHashMap, strong references)
 *   .segments[]: Segment (a ReentrantLock) .table[]: HashEntry{keyRef = key Data, valueRef = Record, next}
 *   .expirySystem: ExpirySystemImpl.expireTimeByKey: Map&lt;Data, ExpiryMetadata&gt; (entries with a TTL)
 * Record: value (Data in BINARY, the object in OBJECT), cachedValue (CachedSimpleRecord: the deserialised value)
 * </pre>
 *
 * Lookups find the key instance the storage holds, which an index entry may or may not share.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
final class RecordStoreInspector {

    private static final Class<?> SEGMENT = nested("Segment");
    private static final Class<?> HASH_ENTRY = nested("HashEntry");
    private static final VarHandle RECORDS = field(StorageImpl.class, "records", null);
    private static final VarHandle SEGMENTS = field(ConcurrentReferenceHashMap.class, "segments", null);
    private static final VarHandle SEGMENT_SHIFT = field(ConcurrentReferenceHashMap.class, "segmentShift", int.class);
    private static final VarHandle SEGMENT_MASK = field(ConcurrentReferenceHashMap.class, "segmentMask", int.class);
    private static final VarHandle TABLE = field(SEGMENT, "table", null);
    private static final VarHandle KEY_REF = field(HASH_ENTRY, "keyRef", Object.class);
    private static final VarHandle VALUE_REF = field(HASH_ENTRY, "valueRef", Object.class);
    private static final VarHandle HASH = field(HASH_ENTRY, "hash", int.class);
    private static final VarHandle NEXT = field(HASH_ENTRY, "next", null);
    private static final VarHandle EXPIRY_SYSTEM = field(
            load("com.hazelcast.map.impl.recordstore.StorageSCHM"), "expirySystem", null);
    private static final Class<?> EXPIRY_SYSTEM_IMPL = load("com.hazelcast.map.impl.recordstore.expiry.ExpirySystemImpl");
    private static final VarHandle EXPIRE_TIME_BY_KEY = field(EXPIRY_SYSTEM_IMPL, "expireTimeByKey", null);
    private static final MethodHandle HASH_OF;

    static {
        try {
            HASH_OF = MethodHandles.privateLookupIn(ConcurrentReferenceHashMap.class, MethodHandles.lookup())
                    .findVirtual(ConcurrentReferenceHashMap.class, "hashOf",
                            MethodType.methodType(int.class, Object.class))
                    .asType(MethodType.methodType(int.class, Object.class, Object.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private RecordStoreInspector() {
    }

    /** What one partition's storage keeps: the objects a walk needs to take it apart. */
    record Layout(Object records, Object[] tables, Object expiryMap) {
    }

    /** Receives a storage's entries: the key instance it holds and its record. */
    interface EntryVisitor {
        void entry(Data key, Record<?> record);
    }

    /** A key's entry in a storage: the key instance the storage holds, and the record. */
    record Found(Data key, Record<?> record) {
    }

    /** The storage's parts, or null if it is not Hazelcast's on-heap storage. */
    static Layout layout(Storage<?, ?> storage) {
        if (!(storage instanceof StorageImpl)) {
            return null;
        }
        Object records = RECORDS.get((StorageImpl<?>) storage);
        Object[] segments = (Object[]) SEGMENTS.get((ConcurrentReferenceHashMap<?, ?>) records);
        Object[] tables = new Object[segments.length];
        for (int i = 0; i < segments.length; i++) {
            tables[i] = segments[i] == null ? null : TABLE.get(segments[i]);
        }
        Object expirySystem = EXPIRY_SYSTEM.get(records);
        Object expiryMap = expirySystem == null || !EXPIRY_SYSTEM_IMPL.isInstance(expirySystem)
                ? null : EXPIRE_TIME_BY_KEY.get(expirySystem);
        return new Layout(records, tables, expiryMap instanceof Map<?, ?> ? expiryMap : null);
    }

    /**
     * Calls {@code visitor} for every entry of one segment table, counting each hash entry object through
     * {@code counter} first.
     */
    static void forEachEntry(Object table, Consumer<Object> counter, EntryVisitor visitor) {
        if (table == null) {
            return;
        }
        for (Object bin : (Object[]) table) {
            for (Object e = bin; e != null; e = NEXT.get(e)) {
                counter.accept(e);
                Object key = deref(KEY_REF.get(e));
                Object value = deref(VALUE_REF.get(e));
                if (key instanceof Data k && value instanceof Record<?> r) {
                    visitor.entry(k, r);
                }
            }
        }
    }

    /** Calls {@code visitor} for at most {@code max} entries of a storage (from its first bins); returns how many. */
    static int sample(Storage<?, ?> storage, int max, EntryVisitor visitor) {
        Layout layout = layout(storage);
        if (layout == null) {
            return 0;
        }
        int n = 0;
        for (Object table : layout.tables()) {
            if (table == null) {
                continue;
            }
            for (Object bin : (Object[]) table) {
                for (Object e = bin; e != null && n < max; e = NEXT.get(e)) {
                    Object key = deref(KEY_REF.get(e));
                    Object value = deref(VALUE_REF.get(e));
                    if (key instanceof Data k && value instanceof Record<?> r) {
                        visitor.entry(k, r);
                        n++;
                    }
                }
                if (n >= max) {
                    return n;
                }
            }
        }
        return n;
    }

    /** The key instance and record the storage holds for {@code key}, or null. */
    static Found lookup(Storage<?, ?> storage, Data key) {
        if (!(storage instanceof StorageImpl)) {
            return null;
        }
        Object records = RECORDS.get((StorageImpl<?>) storage);
        int hash;
        try {
            hash = (int) HASH_OF.invokeExact(records, (Object) key);
        } catch (Throwable t) {
            return null;
        }
        ConcurrentReferenceHashMap<?, ?> map = (ConcurrentReferenceHashMap<?, ?>) records;
        Object[] segments = (Object[]) SEGMENTS.get(map);
        int shift = (int) SEGMENT_SHIFT.get(map);
        int mask = (int) SEGMENT_MASK.get(map);
        Object segment = segments[(hash >>> shift) & mask];
        Object[] table = (Object[]) TABLE.get(segment);
        if (table == null) {
            return null;
        }
        for (Object e = table[hash & (table.length - 1)]; e != null; e = NEXT.get(e)) {
            if ((int) HASH.get(e) != hash) {
                continue;
            }
            Object k = deref(KEY_REF.get(e));
            if (k == key || key.equals(k)) {
                Object v = deref(VALUE_REF.get(e));
                return v instanceof Record<?> r ? new Found((Data) k, r) : null;
            }
        }
        return null;
    }

    /** The record's value: {@code Data} in BINARY format, the object in OBJECT format. */
    static Object value(Record<?> record) {
        return record.getValue();
    }

    /** The deserialised value the record caches, or null (also when the record cannot cache). */
    static Object cachedValue(Record<?> record) {
        Object cached = record.getCachedValueUnsafe();
        if (cached == null || cached == Record.NOT_CACHED) {
            return null;
        }
        if (cached instanceof Thread) {
            // another thread is deserialising into the cache right now
            cached = Records.getCachedValue(record);
        }
        return cached == Record.NOT_CACHED || cached instanceof Thread ? null : cached;
    }

    /**
     * The value an index created now would see for this record: its cached value, else the value it would
     * cache (deserialised here, not stored in the record), else its stored value.
     */
    static Object indexValue(Record<?> record, CacheDeserializedValues caching, SerializationService ss) {
        Object cached = cachedValue(record);
        if (cached != null) {
            return cached;
        }
        Object value = record.getValue();
        return wouldCache(record, caching) ? ss.toObject(value) : value;
    }

    /**
     * True if creating an index would make this record cache its deserialised value: it can cache, does not
     * yet, and its value is one Hazelcast caches ({@code Records.getValueOrCachedValue}: not Portable, JSON or
     * Compact, which are read without deserialising).
     */
    static boolean wouldCache(Record<?> record, CacheDeserializedValues caching) {
        if (caching == CacheDeserializedValues.NEVER || cachedValue(record) != null
                || record.getCachedValueUnsafe() == Record.NOT_CACHED) {
            return false;
        }
        return record.getValue() instanceof Data d && !(d.isPortable() || d.isJson() || d.isCompact());
    }

    private static Object deref(Object ref) {
        return ref instanceof Reference<?> r ? r.get() : ref;
    }

    private static Class<?> nested(String simpleName) {
        return load(ConcurrentReferenceHashMap.class.getName() + "$" + simpleName);
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, ConcurrentReferenceHashMap.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A handle on a field; {@code type} null for a reference field whose type is not named here. */
    private static VarHandle field(Class<?> owner, String name, Class<?> type) {
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(owner, MethodHandles.lookup());
            Class<?> t = type != null ? type : owner.getDeclaredField(name).getType();
            return lookup.findVarHandle(owner, name, t);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
