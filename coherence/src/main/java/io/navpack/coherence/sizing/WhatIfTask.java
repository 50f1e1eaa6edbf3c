package io.navpack.coherence.sizing;

import com.tangosol.net.AbstractInvocable;
import com.tangosol.net.BackingMapContext;
import com.tangosol.net.BackingMapManagerContext;
import com.tangosol.net.CacheFactory;
import com.tangosol.net.Cluster;
import com.tangosol.net.DistributedCacheService;
import com.tangosol.net.Member;
import com.tangosol.net.Service;
import com.tangosol.net.cache.BackingMapBinaryEntry;
import com.tangosol.net.partition.PartitionSet;
import com.tangosol.util.Binary;
import com.tangosol.util.SimpleMapIndex;
import com.tangosol.util.ValueExtractor;
import io.navpack.agent.Tally;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What an index not yet created would hold on one storage member: Coherence keeps one index per partition, so a
 * sample of the member's partitions is indexed in private ({@code SimpleMapIndex}, as Coherence creates it, over the
 * entries as the storage holds them), each sized like a real one ({@link MemberIndexSizer#walk}) and dropped, and the
 * sample's heap per entry is scaled to the member's entries. Nothing is created in the cache. The result is a
 * {@link Result}, also when the prediction failed there.
 */
public final class WhatIfTask extends AbstractInvocable {
    private static final long serialVersionUID = 1L;
    private final String cache;
    private final ValueExtractor<?, ?> extractor;
    private final boolean ordered;
    private final Comparator<?> comparator;
    private final int samplePartitions;

    /**
     * @param cache            the cache
     * @param extractor        the index's extractor
     * @param ordered          whether the index would be sorted
     * @param comparator       its comparator (null: natural order)
     * @param samplePartitions how many of each member's partitions to index in private
     */
    public WhatIfTask(String cache, ValueExtractor<?, ?> extractor, boolean ordered, Comparator<?> comparator,
                      int samplePartitions) {
        if (samplePartitions < 1) {
            throw new IllegalArgumentException("samplePartitions must be at least 1");
        }
        this.cache = cache;
        this.extractor = extractor;
        this.ordered = ordered;
        this.comparator = comparator;
        this.samplePartitions = samplePartitions;
    }

    /**
     * One member's prediction: the heap the index would hold ({@code bytes}) and Coherence's footprint of it, scaled
     * from {@code sampledEntries} of the member's {@code entries} in {@code sampledPartitions} partitions.
     */
    public record Result(String member, String cache, long bytes, long footprint, long entries, long sampledEntries,
                         int sampledPartitions, String failure) implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    @Override
    public void run() {
        Cluster cluster = CacheFactory.getCluster();
        Member self = cluster.getLocalMember();
        String me = MemberIndexSizer.describe(self);
        try {
            setResult(predict(cluster, self, me));
        } catch (RuntimeException | LinkageError e) {
            setResult(new Result(me, cache, 0, 0, 0, 0, 0, String.valueOf(e)));
        }
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private Result predict(Cluster cluster, Member self, String me) {
        for (Enumeration<?> names = cluster.getServiceNames(); names.hasMoreElements(); ) {
            Service service = cluster.getService((String) names.nextElement());
            if (!(service instanceof DistributedCacheService dcs) || !dcs.isRunning() || !dcs.isLocalStorageEnabled()
                    || !contains(dcs.getCacheNames(), cache)) {
                continue;
            }
            BackingMapManagerContext ctx = dcs.getBackingMapManager().getContext();
            BackingMapContext bmc = ctx.getBackingMapContext(cache);
            PartitionSet owned = dcs.getOwnedPartitions(self);
            // evenly spread partitions of the member's, then one pass over its entries
            List<Integer> all = new ArrayList<>();
            for (int p = owned.next(0); p >= 0; p = owned.next(p + 1)) {
                all.add(p);
            }
            Map<Integer, List<Map.Entry<Binary, Binary>>> sample = new HashMap<>();
            int step = Math.max(1, all.size() / samplePartitions);
            for (int i = 0; i < all.size() && sample.size() < samplePartitions; i += step) {
                sample.put(all.get(i), new ArrayList<>());
            }
            @SuppressWarnings("deprecation")
            Map<Object, Object> backing = bmc.getBackingMap();
            long entries = 0;
            for (Map.Entry<Object, Object> e : backing.entrySet()) {
                Binary key = (Binary) e.getKey();
                List<Map.Entry<Binary, Binary>> list = sample.get(ctx.getKeyPartition(key));
                entries++;
                if (list != null) {
                    list.add(Map.entry(key, (Binary) e.getValue()));
                }
            }
            MemberIndexSizer sizer = new MemberIndexSizer(1.0, 0);
            Tally tally = new Tally();
            boolean[] exact = {true};
            long bytes = 0;
            long units = 0;
            long sampled = 0;
            List<com.tangosol.util.MapIndex> indexes = new ArrayList<>();
            for (List<Map.Entry<Binary, Binary>> part : sample.values()) {
                SimpleMapIndex index = new SimpleMapIndex((ValueExtractor) extractor, ordered, (Comparator) comparator, bmc);
                for (Map.Entry<Binary, Binary> e : part) {
                    index.insert(new BackingMapBinaryEntry(e.getKey(), e.getValue(), null, ctx));
                }
                indexes.add(index);
                units += index.getUnits();
                sampled += part.size();
            }
            sizer.findCommon(indexes);
            for (com.tangosol.util.MapIndex index : indexes) {
                sizer.walk(index, backing, exact, tally);
                bytes += tally.bytes();
            }
            // what the partitions share is counted once, not scaled
            long shared = sizer.countCommon().bytes();
            double scale = sampled == 0 ? 0 : (double) entries / sampled;
            return new Result(me, cache, Math.round(bytes * scale) + shared, Math.round(units * scale), entries, sampled,
                    sample.size(), null);
        }
        return new Result(me, cache, 0, 0, 0, 0, 0, null);
    }

    private static boolean contains(Enumeration<?> names, String name) {
        while (names.hasMoreElements()) {
            if (name.equals(names.nextElement())) {
                return true;
            }
        }
        return false;
    }
}
