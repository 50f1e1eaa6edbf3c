package io.navpack.coherence.member;

import com.tangosol.net.AbstractInvocable;
import com.tangosol.net.CacheFactory;
import io.navpack.format.PackedRecord;

/** On a member: what its own read of one value of a cache gives ("PackedRecord" and its type name, or its class). */
public final class ValueClassTask extends AbstractInvocable {
    private static final long serialVersionUID = 1L;
    private final String cache;
    private final Object key;

    public ValueClassTask(String cache, Object key) {
        this.cache = cache;
        this.key = key;
    }

    @Override
    public void run() {
        Object v = CacheFactory.getCache(cache).get(key);
        setResult(v == null ? "null" : v instanceof PackedRecord p ? "PackedRecord " + p.schema().typeName() : v.getClass().getName());
    }
}
