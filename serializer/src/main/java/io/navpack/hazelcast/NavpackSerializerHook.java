package io.navpack.hazelcast;

import com.hazelcast.nio.serialization.Serializer;
import com.hazelcast.nio.serialization.SerializerHook;
import io.navpack.format.PackedRecord;

/**
 * Registers {@link NavpackSerializer} for {@link PackedRecord} in every Hazelcast member and client
 * that has the navpack jar: listed in {@code META-INF/services/com.hazelcast.SerializerHook}, so no
 * configuration is needed for members to store, query and return views.
 */
public final class NavpackSerializerHook implements SerializerHook<PackedRecord> {
    @Override
    public Class<PackedRecord> getSerializationType() {
        return PackedRecord.class;
    }

    @Override
    public Serializer createSerializer() {
        return new NavpackSerializer();
    }

    @Override
    public boolean isOverwritable() {
        return true;
    }
}
