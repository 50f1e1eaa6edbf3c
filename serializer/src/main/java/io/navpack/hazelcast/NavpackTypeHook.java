package io.navpack.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import com.hazelcast.nio.serialization.Serializer;
import com.hazelcast.nio.serialization.SerializerHook;

/**
 * Base for registering a class of yours with navpack through Hazelcast's service loader, with no
 * configuration file: subclass it once per class and list the subclass in your jar's
 * {@code META-INF/services/com.hazelcast.SerializerHook}.
 *
 * <pre>{@code
 * public final class TradeHook extends NavpackTypeHook<Trade> {
 *     public TradeHook() { super(Trade.class); }
 * }
 * }</pre>
 */
public abstract class NavpackTypeHook<T> implements SerializerHook<T>, HazelcastInstanceAware {
    private final NavpackSerializer serializer = new NavpackSerializer();
    private final Class<T> type;

    protected NavpackTypeHook(Class<T> type) {
        this.type = type;
    }

    @Override
    public Class<T> getSerializationType() {
        return type;
    }

    @Override
    public Serializer createSerializer() {
        return serializer;
    }

    /** Hazelcast gives its instance to the hook, not to the serializer the hook created: pass it on. */
    @Override
    public void setHazelcastInstance(HazelcastInstance hz) {
        serializer.setHazelcastInstance(hz);
    }

    /** True: a serializer configured for the class explicitly replaces the hook's. */
    @Override
    public boolean isOverwritable() {
        return true;
    }
}
