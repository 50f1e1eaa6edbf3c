package io.navpack.coherence.sizing;

import io.navpack.agent.StopRule;

/**
 * What a walk of an index on a Coherence member must neither count nor follow: the member's services and what they
 * hold (backing map contexts, the cluster, serializers, class loaders, converters, the index's unit calculator),
 * the extractors and comparators an index is built with (one instance serves every partition; they are the index's
 * definition, not its content; an ordered index's per-partition comparator wrapper, 16 bytes, goes with them), on top of {@link StopRule#jvmRuntime()}. Without it a walk escapes through
 * {@code SimpleMapIndex.m_ctx} into the whole storage of the cache.
 */
final class CoherenceStopRule {
    private static final StopRule RULE = StopRule.jvmRuntime()
            .or(StopRule.assignableToNamed(
                    "com.tangosol.net.BackingMapContext",
                    "com.tangosol.net.BackingMapManagerContext",
                    "com.tangosol.net.BackingMapManager",
                    "com.tangosol.net.Service",
                    "com.tangosol.net.Cluster",
                    "com.tangosol.net.Member",
                    "com.tangosol.io.Serializer",
                    "com.tangosol.util.Converter",
                    "com.tangosol.util.ValueExtractor",
                    "com.tangosol.util.ValueUpdater",
                    "java.util.Comparator",
                    "com.tangosol.net.cache.ConfigurableCacheMap$UnitCalculator",
                    "com.tangosol.util.ObservableMap",
                    "com.tangosol.util.MapListener",
                    "com.tangosol.coherence.component.util.Daemon",
                    "com.tangosol.coherence.component.Component",
                    "com.tangosol.net.ConfigurableCacheFactory",
                    "com.tangosol.util.ResourceRegistry"))
            .or(StopRule.namePrefixes("com.oracle.coherence.common.base.Logger"));

    private CoherenceStopRule() {
    }

    static StopRule get() {
        return RULE;
    }
}
