package io.navpack.coherence.internal;

import com.tangosol.util.SafeHashMap;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;

/**
 * Whether a backing map stores a key instance itself: an index holds the cache's keys, which the backing map keeps
 * alive too, and a sizing must tell them apart from copies the index holds alone. Coherence's {@code SafeHashMap}
 * family ({@code local-scheme} backing maps) finds its own entry for a key with the protected
 * {@code getEntryInternal}, which, unlike {@code LocalCache.getEntry}, neither counts a hit nor evicts nor loads;
 * reached on the class path. Proven on Coherence CE 25.03.2.
 */
public final class StoredKeys {
    private static final MethodHandle ENTRY_INTERNAL = entryInternal();

    private StoredKeys() {
    }

    /**
     * True if {@code map} stores {@code key} itself (by identity); for a map navpack cannot look into, whether it holds
     * an equal key, and {@code exact[0]} is set false.
     */
    public static boolean stores(Map<?, ?> map, Object key, boolean[] exact) {
        if (map instanceof SafeHashMap && ENTRY_INTERNAL != null) {
            try {
                Map.Entry<?, ?> stored = (Map.Entry<?, ?>) ENTRY_INTERNAL.invoke((SafeHashMap<?, ?>) map, key);
                return stored != null && stored.getKey() == key;
            } catch (Throwable t) {
                // fall through to equality
            }
        }
        exact[0] = false;
        return map.containsKey(key);
    }

    private static MethodHandle entryInternal() {
        try {
            MethodHandles.Lookup l = MethodHandles.privateLookupIn(SafeHashMap.class, MethodHandles.lookup());
            Class<?> entry = Class.forName("com.tangosol.util.SafeHashMap$Entry", false, SafeHashMap.class.getClassLoader());
            return l.findVirtual(SafeHashMap.class, "getEntryInternal", MethodType.methodType(entry, Object.class))
                    .asType(MethodType.methodType(Map.Entry.class, SafeHashMap.class, Object.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
