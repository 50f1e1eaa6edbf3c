package io.navpack.sizing;

import com.hazelcast.config.Config;
import com.hazelcast.config.IndexConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Manual benchmark, not part of the build: walk rate over a 1 M-entry index on one member.
 *
 * <pre>
 * java -Xmx3g -XX:+UseSerialGC -javaagent:agent/target/navpack-agent-0.1.0-SNAPSHOT.jar \
 *   -cp index-sizer/target/test-classes:index-sizer/target/classes:CLASSPATH io.navpack.sizing.WalkRateBenchmark 1000000
 * </pre>
 */
public final class WalkRateBenchmark {

    private WalkRateBenchmark() {
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int port = TestConfigs.freePort();
        Config config = TestConfigs.member("walk-rate-" + port, port, List.of(port));
        config.getMapConfig("bench").setBackupCount(0);
        HazelcastInstance hz = Hazelcast.newHazelcastInstance(config);
        try {
            IMap<Long, Trade> map = hz.getMap("bench");
            Map<Long, Trade> batch = new HashMap<>();
            for (long i = 0; i < n; i++) {
                batch.put(i, Trade.of(i));
                if (batch.size() == 10_000) {
                    map.putAll(batch);
                    batch.clear();
                }
            }
            map.putAll(batch);
            map.addIndex(new IndexConfig(IndexType.SORTED, "id").setName("byId"));
            map.addIndex(new IndexConfig(IndexType.HASH, "code8").setName("byCode8"));
            for (int round = 0; round < 3; round++) {
                MemberIndexReport r = IndexSizer.sizeLocalMember(hz, SizingOptions.defaults().withMapNames("bench"));
                MapReport m = r.map("bench");
                System.out.printf(Locale.ROOT, "round %d: member walked %,d objects in %,d ms = %,.0f objects/s "
                                + "(data %,d B in %,d ms)%n", round, r.objectsWalked(), r.walkDuration().toMillis(),
                        r.objectsPerSecond(), m.dataHeapBytes(), m.dataWalkNanos() / 1_000_000);
                for (IndexReport i : m.indexes()) {
                    System.out.printf(Locale.ROOT, "  %-8s %-6s entries %,d  heap %,d B (%.1f B/entry)  own objects %,d"
                                    + "  walk %,d ms = %,.0f objects/s  complete %s%n", i.name(), i.type(), i.entries(),
                            i.heapBytes(), i.bytesPerEntry(), i.objects(), i.walkDuration().toMillis(),
                            i.objects() * 1e9 / Math.max(1, i.walkNanos()), i.complete());
                }
            }
        } finally {
            hz.shutdown();
        }
    }
}
