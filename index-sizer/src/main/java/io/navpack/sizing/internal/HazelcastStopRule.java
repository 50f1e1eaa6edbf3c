package io.navpack.sizing.internal;

import io.navpack.agent.StopRule;
import io.navpack.hazelcast.internal.ProvenOn;

/**
 * What an index or record-store walk on a member must neither count nor follow: the member's services and
 * everything they hold (serialization, extractors, node engine, containers, partition service, logging,
 * type converters, configuration), on top of {@link StopRule#jvmRuntime()}. Without it a walk escapes
 * through {@code CachedQueryEntry.serializationService} into the whole JVM.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
public final class HazelcastStopRule {

    private static final StopRule RULE = StopRule.jvmRuntime()
            .or(StopRule.assignableToNamed(
                    "com.hazelcast.internal.serialization.SerializationService",
                    "com.hazelcast.internal.serialization.impl.compact.SchemaService",
                    "com.hazelcast.query.impl.getters.Extractors",
                    "com.hazelcast.spi.impl.NodeEngine",
                    "com.hazelcast.instance.impl.Node",
                    "com.hazelcast.instance.impl.NodeExtension",
                    "com.hazelcast.core.HazelcastInstance",
                    "com.hazelcast.map.impl.MapContainer",
                    "com.hazelcast.map.impl.MapServiceContext",
                    "com.hazelcast.map.impl.MapService",
                    "com.hazelcast.map.impl.recordstore.RecordStore",
                    "com.hazelcast.map.impl.PartitionContainer",
                    "com.hazelcast.query.impl.IndexRegistry",
                    "com.hazelcast.internal.partition.IPartitionService",
                    "com.hazelcast.spi.impl.operationservice.OperationService",
                    "com.hazelcast.internal.metrics.MetricsRegistry",
                    "com.hazelcast.spi.properties.HazelcastProperties",
                    "com.hazelcast.logging.ILogger",
                    "com.hazelcast.logging.LoggingService",
                    "com.hazelcast.core.TypeConverter",
                    "com.hazelcast.cluster.Member",
                    "com.hazelcast.cluster.Address",
                    "com.hazelcast.core.ManagedContext",
                    "com.hazelcast.internal.memory.MemoryAllocator",
                    // one task of the member that every record store's expiry system points to
                    "com.hazelcast.internal.eviction.ClearExpiredRecordsTask"))
            .or(StopRule.namePrefixes("com.hazelcast.config."));

    private HazelcastStopRule() {
    }

    /** The rule. */
    public static StopRule get() {
        return RULE;
    }
}
