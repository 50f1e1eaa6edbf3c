package io.navpack.bench.coherence;

import com.tangosol.net.AbstractInvocable;
import com.tangosol.net.BackingMapContext;
import com.tangosol.net.CacheFactory;
import com.tangosol.net.DistributedCacheService;
import com.tangosol.net.partition.PartitionSet;
import com.tangosol.util.MapIndex;
import com.tangosol.util.ValueExtractor;

import java.util.Collection;
import java.util.Map;

/**
 * On a storage member: the keys its partitions' indexes of one cache hold, and the entries the member stores, as
 * {@code long[] {indexed keys, entries}} — Coherence builds a new index partition by partition in the background, and
 * a measurement of it waits until every entry is indexed.
 */
final class IndexEntriesProbe extends AbstractInvocable {
    private static final long serialVersionUID = 1L;
    private final String service;
    private final String cache;

    IndexEntriesProbe(String service, String cache) {
        this.service = service;
        this.cache = cache;
    }

    @Override
    @SuppressWarnings({"rawtypes", "deprecation"})
    public void run() {
        DistributedCacheService s = (DistributedCacheService) CacheFactory.getCluster().getService(service);
        BackingMapContext bmc = s.getBackingMapManager().getContext().getBackingMapContext(cache);
        PartitionSet owned = s.getOwnedPartitions(CacheFactory.getCluster().getLocalMember());
        long keys = 0;
        for (int p = owned.next(0); p >= 0; p = owned.next(p + 1)) {
            Map<ValueExtractor, MapIndex> indexes = bmc.getIndexMap(p);
            if (indexes != null) {
                for (MapIndex index : indexes.values()) {
                    for (Object set : index.getIndexContents().values()) {
                        keys += ((Collection<?>) set).size();
                    }
                }
            }
        }
        setResult(new long[] {keys, bmc.getBackingMap().size()});
    }
}
