package io.navpack.hazelcast.internal;

import com.hazelcast.internal.serialization.DataSerializerHook;
import com.hazelcast.nio.serialization.DataSerializableFactory;
import io.navpack.hazelcast.NavpackPredicates;
import io.navpack.hazelcast.SetFieldProcessor;
import io.navpack.hazelcast.schemas.ForeignSchemaTasks;

/**
 * Registers the factory of navpack's {@code IdentifiedDataSerializable} classes in every member and Java client
 * that has navpack's jar: the schema tasks clients in other languages send ({@link ForeignSchemaTasks}, class ids 1
 * and 2), the entry processor {@link SetFieldProcessor} (3) and the predicates of {@link NavpackPredicates} (4). Hazelcast's hook interface is internal; it is listed
 * in {@code META-INF/services/com.hazelcast.DataSerializerHook}.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
public final class NavpackDataSerializerHook implements DataSerializerHook {
    @Override
    public int getFactoryId() {
        return ForeignSchemaTasks.FACTORY_ID;
    }

    @Override
    public DataSerializableFactory createFactory() {
        DataSerializableFactory tasks = ForeignSchemaTasks.factory();
        return classId -> classId == SetFieldProcessor.CLASS_ID ? new SetFieldProcessor<>()
                : classId == NavpackPredicates.CLASS_ID ? new NavpackPredicates<>() : tasks.create(classId);
    }
}
