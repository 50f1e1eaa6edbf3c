package io.navpack.sizing;

import java.lang.reflect.Field;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads entry and distinct-key counts from Hazelcast's on-heap index stores without taking their locks.
 * Figures read while the index changes are a moment's snapshot. Anything it does not recognise gives -1.
 */
final class IndexStoreInspector {

    private static final Map<String, Field> FIELDS = new ConcurrentHashMap<>();
    private static final Field MISSING;

    static {
        try {
            MISSING = IndexStoreInspector.class.getDeclaredField("MISSING");
        } catch (NoSuchFieldException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private IndexStoreInspector() {
    }

    /** {entries, distinct keys} of an index, each -1 if unknown. */
    static long[] counts(Object index) {
        Object store = read(index, "indexStore");
        if (store == null) {
            return new long[] {-1, -1};
        }
        try {
            String cls = store.getClass().getName();
            if (cls.endsWith(".BitmapIndexStore")) {
                return bitmapCounts(store);
            }
            Object recordMap = read(store, "recordMap");
            if (!(recordMap instanceof Map<?, ?> byKey)) {
                return new long[] {-1, -1};
            }
            long distinct = 0;
            long entries = 0;
            for (Object inner : byKey.values()) {
                distinct++;
                if (inner instanceof Map<?, ?> m) {
                    entries += m.size();
                }
            }
            Object nulls = read(store, "recordsWithNullValue");
            if (nulls instanceof Map<?, ?> m && !m.isEmpty()) {
                distinct++;
                entries += m.size();
            }
            return new long[] {entries, distinct};
        } catch (RuntimeException e) {
            return new long[] {-1, -1};
        }
    }

    private static long[] bitmapCounts(Object store) {
        long entries = -1;
        for (String keys : new String[] {"internalKeys", "internalObjectKeys"}) {
            Object m = read(store, keys);
            if (m instanceof Map<?, ?> map) {
                entries = map.size();
                break;
            }
        }
        long distinct = -1;
        Object bitmap = read(store, "bitmap");
        if (bitmap != null && read(bitmap, "bitSets") instanceof Map<?, ?> bitSets) {
            distinct = bitSets.size();
        }
        return new long[] {entries, distinct};
    }

    /** The value of the named field of {@code target} (declared in its class or a superclass), or null. */
    static Object read(Object target, String name) {
        if (target == null) {
            return null;
        }
        Field f = field(target.getClass(), name);
        if (f == null) {
            return null;
        }
        try {
            return f.get(target);
        } catch (IllegalAccessException | IllegalArgumentException e) {
            return null;
        }
    }

    private static Field field(Class<?> type, String name) {
        Field f = FIELDS.computeIfAbsent(type.getName() + "#" + name, k -> find(type, name));
        return f == MISSING ? null : f;
    }

    private static Field find(Class<?> type, String name) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField(name);
                f.setAccessible(true);
                return f;
            } catch (NoSuchFieldException e) {
                // look in the superclass
            } catch (RuntimeException e) {
                return MISSING;
            }
        }
        return MISSING;
    }
}
