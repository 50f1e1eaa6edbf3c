package io.navpack.hazelcast.internal;

import com.hazelcast.internal.serialization.DataSerializerHook;
import com.hazelcast.nio.serialization.DataSerializableFactory;
import io.navpack.hazelcast.schemas.ForeignSchemaTasks;

/**
 * Registers the factory of navpack's {@code IdentifiedDataSerializable} schema tasks in every member and Java client
 * that has navpack's jar — the tasks clients in other languages send ({@link ForeignSchemaTasks}). Hazelcast's hook
 * interface is internal; it is listed in {@code META-INF/services/com.hazelcast.DataSerializerHook}.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
public final class NavpackDataSerializerHook implements DataSerializerHook {
    @Override
    public int getFactoryId() {
        return ForeignSchemaTasks.FACTORY_ID;
    }

    @Override
    public DataSerializableFactory createFactory() {
        return ForeignSchemaTasks.factory();
    }
}
