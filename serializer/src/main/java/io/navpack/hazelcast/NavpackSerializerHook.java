package io.navpack.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import com.hazelcast.nio.serialization.Serializer;
import com.hazelcast.nio.serialization.SerializerHook;
import io.navpack.format.PackedRecord;

/**
 * Registers {@link NavpackSerializer} for {@link PackedRecord} in every Hazelcast member and client
 * that has the navpack jar: listed in {@code META-INF/services/com.hazelcast.SerializerHook}, so no
 * configuration is needed for members to store, query and return views.
 */
public final class NavpackSerializerHook implements SerializerHook<PackedRecord>, HazelcastInstanceAware {
    private final NavpackSerializer serializer = new NavpackSerializer();

    @Override
    public Class<PackedRecord> getSerializationType() {
        return PackedRecord.class;
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

    @Override
    public boolean isOverwritable() {
        return true;
    }
}
