package io.navpack.sizing.internal;

import io.navpack.sizing.IndexReport;
import io.navpack.sizing.IndexSizer;
import io.navpack.sizing.MapReport;
import io.navpack.sizing.MemberStatus;
import io.navpack.sizing.MemberIndexReport;
import io.navpack.sizing.SizingMode;
import io.navpack.sizing.SizingOptions;
import io.navpack.sizing.TestConfigs;
import io.navpack.sizing.Trade;

import static org.assertj.core.api.Assertions.assertThat;

import com.hazelcast.config.Config;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.IndexConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.query.Predicates;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The bounded mode against the full-graph mode on the same maps in one member: both must find the same
 * bytes for every index, for all of a map's indexes together, and for the map's data.
 */
class BoundedModeTest {

    private static HazelcastInstance member;

    @BeforeAll
    static void start() {
        int port = TestConfigs.freePort();
        Config config = TestConfigs.member("bounded-" + port, port, List.of(port));
        config.getMapConfig("obj*").setInMemoryFormat(InMemoryFormat.OBJECT);
        config.getMapConfig("nocache*").setCacheDeserializedValues(com.hazelcast.config.CacheDeserializedValues.NEVER);
        member = Hazelcast.newHazelcastInstance(config);
    }

    @AfterAll
    static void stop() {
        if (member != null) {
            member.shutdown();
        }
    }

    private static IMap<Long, Trade> fill(String name, int n) {
        IMap<Long, Trade> map = member.getMap(name);
        for (long i = 0; i < n; i++) {
            map.set(i, Trade.of(i));
        }
        return map;
    }

    private static MapReport size(String map, SizingMode mode) {
        MemberIndexReport r = IndexSizer.sizeLocalMember(member,
                SizingOptions.defaults().withMapNames(map).withIncludeBackups(false).withMode(mode));
        assertThat(r.status()).isEqualTo(MemberStatus.OK);
        return r.map(map);
    }

    /** Bounded and full-graph figures of one map agree within {@code tolerance} (relative) per figure. */
    private static void sameFigures(String map, double tolerance) {
        MapReport full = size(map, SizingMode.FULL_GRAPH);
        MapReport bounded = size(map, SizingMode.BOUNDED);
        assertThat(bounded.complete()).as(bounded.reason()).isTrue();
        StringBuilder table = new StringBuilder(map + "\n");
        for (IndexReport f : full.indexes()) {
            IndexReport b = bounded.index(f.name());
            table.append(String.format("  %-12s exclusive %,d / %,d   reachable %,d / %,d%n", f.name(), b.heapBytes(),
                    f.heapBytes(), b.reachableBytes(), f.reachableBytes()));
        }
        table.append(String.format("  all indexes %,d / %,d   data %,d / %,d%n", bounded.indexesHeapBytes(),
                full.indexesHeapBytes(), bounded.dataHeapBytes(), full.dataHeapBytes()));
        System.out.print(table);
        for (IndexReport f : full.indexes()) {
            IndexReport b = bounded.index(f.name());
            assertThat((double) b.heapBytes()).as(table.toString()).isCloseTo(f.heapBytes(),
                    org.assertj.core.data.Offset.offset(f.heapBytes() * tolerance + 64));
            assertThat((double) b.reachableBytes()).as(table.toString()).isCloseTo(f.reachableBytes(),
                    org.assertj.core.data.Offset.offset(f.reachableBytes() * tolerance + 64));
        }
        assertThat((double) bounded.indexesHeapBytes()).as(table.toString()).isCloseTo(full.indexesHeapBytes(),
                org.assertj.core.data.Offset.offset(full.indexesHeapBytes() * tolerance + 64));
        assertThat((double) bounded.dataHeapBytes()).as(table.toString()).isCloseTo(full.dataHeapBytes(),
                org.assertj.core.data.Offset.offset(full.dataHeapBytes() * tolerance + 4096));
    }

    @Test
    void oneIndexOfEachType() {
        for (IndexType type : IndexType.values()) {
            String name = "one-" + type;
            IMap<Long, Trade> map = fill(name, 5_000);
            map.addIndex(new IndexConfig(type, "code8").setName("idx"));
            sameFigures(name, 0.001);
        }
    }

    @Test
    void severalIndexesSharingTheirEntries() {
        IMap<Long, Trade> map = member.getMap("shared");
        // indexes first: every put then stores one entry object in all of them
        map.addIndex(new IndexConfig(IndexType.HASH, "code8").setName("byCode8"));
        map.addIndex(new IndexConfig(IndexType.SORTED, "id").setName("byId"));
        map.addIndex(new IndexConfig(IndexType.BITMAP, "bucket").setName("byBucket"));
        map.addIndex(new IndexConfig(IndexType.SORTED, "code32", "id").setName("composite"));
        for (long i = 0; i < 5_000; i++) {
            map.set(i, Trade.of(i));
        }
        // updates with unchanged attributes, removals, and a query that leaves values in the entries
        for (long i = 0; i < 1_000; i++) {
            map.set(i, Trade.of(i));
        }
        for (long i = 4_000; i < 4_200; i++) {
            map.delete(i);
        }
        map.values(Predicates.equal("code8", Trade.of(3).getCode8()));
        sameFigures("shared", 0.001);
    }

    @Test
    void indexesAddedToAFilledMap() {
        IMap<Long, Trade> map = fill("added", 5_000);
        map.addIndex(new IndexConfig(IndexType.HASH, "code8").setName("byCode8"));
        map.addIndex(new IndexConfig(IndexType.SORTED, "name").setName("byName"));
        sameFigures("added", 0.001);
    }

    @Test
    void objectFormatWhoseIndexKeysAreTheValuesOwnStrings() {
        IMap<Long, Trade> map = fill("obj-format", 5_000);
        map.addIndex(new IndexConfig(IndexType.SORTED, "name").setName("byName"));
        map.addIndex(new IndexConfig(IndexType.BITMAP, "code8").setName("byCode8"));
        sameFigures("obj-format", 0.001);
    }

    @Test
    void mapThatNeverCachesValues() {
        IMap<Long, Trade> map = fill("nocache", 5_000);
        map.addIndex(new IndexConfig(IndexType.SORTED, "id").setName("byId"));
        map.values(Predicates.greaterEqual("id", 0L));
        sameFigures("nocache", 0.001);
    }

    @Test
    void manySlicesGiveTheSameFiguresAsOne() {
        IMap<Long, Trade> map = member.getMap("sliced");
        map.addIndex(new IndexConfig(IndexType.HASH, "code8").setName("a"));
        map.addIndex(new IndexConfig(IndexType.SORTED, "id").setName("b"));
        for (long i = 0; i < 20_000; i++) {
            map.set(i, Trade.of(i));
        }
        SizingOptions one = SizingOptions.defaults().withMapNames("sliced").withIncludeBackups(false);
        MapReport wide = IndexSizer.sizeLocalMember(member, one).map("sliced");
        MapReport narrow;
        BoundedMapSizer.minSlices = 7;
        try {
            narrow = IndexSizer.sizeLocalMember(member, one).map("sliced");
        } finally {
            BoundedMapSizer.minSlices = 1;
        }
        assertThat(narrow.complete()).isTrue();
        for (IndexReport w : wide.indexes()) {
            assertThat(narrow.index(w.name()).heapBytes()).isEqualTo(w.heapBytes());
            assertThat(narrow.index(w.name()).reachableBytes()).isEqualTo(w.reachableBytes());
        }
        assertThat(narrow.indexesHeapBytes()).isEqualTo(wide.indexesHeapBytes());
    }
}
