package io.navpack.it.soak.member;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import com.hazelcast.map.LocalMapStats;
import io.navpack.extract.BreakEven;
import io.navpack.hazelcast.UnknownFields;
import io.navpack.hazelcast.UnreadableValues;
import java.io.Serial;
import java.io.Serializable;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.concurrent.Callable;

/**
 * Runs on a member and answers what the soak watches there: the old generation after the last collection
 * (after collecting first, when asked to), the maps' entries and Hazelcast's heap cost, and navpack's own
 * figures (each schema's break-even and how it was reached, values queries could not read, unknown fields).
 */
public final class MemberProbe implements Callable<TreeMap<String, String>>, Serializable, HazelcastInstanceAware {
    @Serial
    private static final long serialVersionUID = 1L;

    private final boolean collect;
    private final ArrayList<String> maps;
    private transient HazelcastInstance hz;

    public MemberProbe(boolean collect, List<String> maps) {
        this.collect = collect;
        this.maps = new ArrayList<>(maps);
    }

    @Override
    public void setHazelcastInstance(HazelcastInstance hazelcastInstance) {
        this.hz = hazelcastInstance;
    }

    @Override
    public TreeMap<String, String> call() throws InterruptedException {
        if (collect) {
            for (int i = 0; i < 3; i++) {
                System.gc();
                Thread.sleep(100);
            }
        }
        TreeMap<String, String> out = new TreeMap<>();
        out.put("member", String.valueOf(hz.getCluster().getLocalMember().getAddress()));
        out.put("uptime.ms", Long.toString(ManagementFactory.getRuntimeMXBean().getUptime()));
        long old = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            String name = pool.getName();
            if (pool.getType() == MemoryType.HEAP && (name.contains("Old") || name.contains("Tenured"))) {
                MemoryUsage afterGc = pool.getCollectionUsage();
                old += afterGc == null ? pool.getUsage().getUsed() : afterGc.getUsed();
            }
        }
        out.put("heap.old.after.gc", Long.toString(old));
        out.put("heap.used", Long.toString(ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed()));
        for (String map : maps) {
            LocalMapStats stats = hz.getMap(map).getLocalMapStats();
            out.put("map." + map + ".owned", Long.toString(stats.getOwnedEntryCount()));
            out.put("map." + map + ".backup", Long.toString(stats.getBackupEntryCount()));
            out.put("map." + map + ".heapCost", Long.toString(stats.getHeapCost()));
            out.put("map." + map + ".indexCost", Long.toString(stats.getIndexStats().values().stream()
                    .mapToLong(s -> s.getMemoryCost()).sum()));
            out.put("unreadable." + map, Long.toString(UnreadableValues.count(map)));
        }
        out.put("unreadable.all", Long.toString(UnreadableValues.count()));
        out.put("unknownFields", Long.toString(UnknownFields.count()));
        for (BreakEven b : BreakEven.all()) {
            String schema = b.schema().typeName() + " v" + b.schema().version();
            out.put("breakeven." + schema, String.format(Locale.ROOT, "%d%s calibrations=%d settled=%s single=%d full=%d switches=%d",
                    b.value(), b.isPinned() ? " (pinned)" : "", b.calibrations(), b.isSettled(), b.singleReads(), b.fullDecodes(),
                    b.switches()));
        }
        return out;
    }
}
