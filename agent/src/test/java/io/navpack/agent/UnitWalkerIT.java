package io.navpack.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.GraphLayout;

/**
 * The unit walker and the map interiors against whole-graph walks (the navpack walker and JOL) of the same
 * structures: taken apart, they must count the same bytes. Runs with the packaged agent jar as -javaagent.
 */
class UnitWalkerIT {

    private final GraphSizer graph = GraphSizer.fromAgent();

    private static UnitWalker walker() {
        return UnitWalker.fromAgent(StopRule.jvmRuntime(), UnitWalker.Pacer.none(), 100_000);
    }

    /** Interior plus every entry's key and value walked as units. */
    private static long takenApart(Map<?, ?> map, UnitWalker w, Tally tally) {
        w.startUnit();
        MapInteriors.walk(map, w, tally, (k, v) -> {
            w.startUnit();
            w.walk(k, tally);
            w.walk(v, tally);
        });
        return tally.bytes();
    }

    private static <M extends Map<Object, Object>> M fill(Supplier<M> maps, int n) {
        M m = maps.get();
        for (int i = 0; i < n; i++) {
            m.put("key-" + i, new BigDecimal(i).movePointLeft(2));
        }
        return m;
    }

    @Test
    void everyMapKindTakenApartCountsWhatAWholeWalkCounts() {
        List<Supplier<Map<Object, Object>>> kinds = List.of(ConcurrentSkipListMap::new, ConcurrentHashMap::new,
                HashMap::new, LinkedHashMap::new, TreeMap::new);
        for (Supplier<Map<Object, Object>> kind : kinds) {
            for (int n : new int[] {0, 1, 7, 5000}) {
                Map<Object, Object> map = fill(kind, n);
                // views and counters are part of the interior too
                map.keySet().size();
                map.values().size();
                map.entrySet().size();
                UnitWalker w = walker();
                Tally tally = new Tally();
                long apart = takenApart(map, w, tally);
                WalkResult whole = graph.walk(map, WalkOptions.defaults());
                assertThat(apart).as("%s of %d", map.getClass().getSimpleName(), n).isEqualTo(whole.bytes());
                assertThat(tally.objects()).isEqualTo(whole.objects());
                assertThat(apart).isEqualTo(GraphLayout.parseInstance(map).totalSize());
                assertThat(tally.histogram().totalBytes()).isEqualTo(apart);
            }
        }
    }

    @Test
    void nestedMapsTakenApartLevelByLevel() {
        ConcurrentSkipListMap<String, ConcurrentHashMap<Long, long[]>> outer = new ConcurrentSkipListMap<>();
        for (int i = 0; i < 20_000; i++) {
            outer.computeIfAbsent("k" + (i % 97), k -> new ConcurrentHashMap<>(1, 0.75f, 1)).put((long) i, new long[i % 5]);
        }
        UnitWalker w = walker();
        Tally tally = new Tally();
        w.startUnit();
        MapInteriors.walk(outer, w, tally, (k, inner) -> {
            w.startUnit();
            w.walk(k, tally);
            w.startUnit();
            MapInteriors.walk(inner, w, tally, (ik, v) -> {
                w.startUnit();
                w.walk(ik, tally);
                w.walk(v, tally);
            });
        });
        assertThat(tally.bytes()).isEqualTo(graph.walk(outer, WalkOptions.defaults()).bytes());
        // nothing but the current unit is ever remembered
        assertThat(w.footprintBytes()).isLessThan(64 * 1024);
    }

    @Test
    void comparatorOfASortedMapIsNotCounted() {
        TreeMap<String, String> map = new TreeMap<>(java.util.Comparator.reverseOrder());
        map.put("a", "b");
        UnitWalker w = walker();
        Tally tally = new Tally();
        long apart = takenApart(map, w, tally);
        long comparator = graph.walk(java.util.Comparator.reverseOrder(), WalkOptions.defaults()).bytes();
        assertThat(apart).isEqualTo(graph.walk(map, WalkOptions.defaults()).bytes() - comparator);
    }

    @Test
    void largeArraysAreWalkedAnElementAtATimeAndCountTheSame() {
        Object[] big = new Object[50_000];
        for (int i = 0; i < big.length; i++) {
            big[i] = new Object[] {"e" + i, new int[i % 3]};
        }
        UnitWalker w = UnitWalker.fromAgent(StopRule.jvmRuntime(), UnitWalker.Pacer.none(), 1_000);
        Tally tally = new Tally();
        w.startUnit();
        // 200 000 objects in all, in a walker that may hold 1 000 per unit
        w.walk(big, tally);
        assertThat(tally.bytes()).isEqualTo(GraphLayout.parseInstance((Object) big).totalSize());
    }

    @Test
    void sharedObjectsAreNeitherCountedNorFollowed() {
        long[] payload = new long[1000];
        Object[] record = {payload, "r"};
        Object[] entry = {record, new int[4]};
        UnitWalker w = walker();
        w.startUnit();
        w.markShared(record);
        assertThat(w.isShared(payload)).isTrue();
        Tally tally = new Tally();
        w.walk(entry, tally);
        assertThat(tally.objects()).isEqualTo(2);
        w.startUnit();
        assertThat(w.isShared(payload)).isFalse();
        Tally again = new Tally();
        w.walk(entry, again);
        assertThat(again.bytes()).isEqualTo(GraphLayout.parseInstance((Object) entry).totalSize());
    }

    @Test
    void visitedObjectsAreSkippedUntilTheNextUnit() {
        String s = new String(new char[] {'x', 'y'});
        Object[] holder = {s, s};
        UnitWalker w = walker();
        Tally tally = new Tally();
        w.startUnit();
        w.markVisited(s);
        w.walk(holder, tally);
        assertThat(tally.objects()).isEqualTo(1);
        w.walk(s, tally);
        assertThat(tally.objects()).isEqualTo(1);
    }

    @Test
    void interceptedObjectsAreLeftToTheCaller() {
        List<Object> taken = new ArrayList<>();
        StringBuilder marker = new StringBuilder("m");
        Object[] root = {marker, new long[3]};
        UnitWalker w = walker();
        Tally tally = new Tally();
        w.startUnit();
        w.walk(root, tally, o -> o instanceof StringBuilder && taken.add(o));
        assertThat(taken).containsExactly(marker);
        assertThat(tally.objects()).isEqualTo(2);
    }

    @Test
    void aUnitTooLargeStopsTheWalkAndTheWalkerStaysUsable() {
        List<Object> list = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            list.add(new Object());
        }
        UnitWalker w = UnitWalker.fromAgent(StopRule.jvmRuntime(), UnitWalker.Pacer.none(), 100);
        w.startUnit();
        assertThatThrownBy(() -> w.walk(list, new Tally())).isInstanceOf(WalkStoppedException.class)
                .hasMessageContaining("100 objects");
        w.startUnit();
        Tally tally = new Tally();
        w.walk(new Object[] {"a"}, tally);
        assertThat(tally.objects()).isEqualTo(3);
    }

    @Test
    void thePacerSeesEveryObjectAndCanStopTheWalk() {
        List<Object> list = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            list.add(new Object());
        }
        AtomicLong paced = new AtomicLong();
        UnitWalker counting = UnitWalker.fromAgent(StopRule.jvmRuntime(), paced::addAndGet, 1_000_000);
        counting.startUnit();
        counting.walk(list, new Tally());
        counting.flushPace();
        assertThat(paced.get()).isEqualTo(counting.objectsVisited()).isGreaterThanOrEqualTo(10_002);

        UnitWalker stopping = UnitWalker.fromAgent(StopRule.jvmRuntime(), n -> {
            throw new WalkStoppedException("time budget spent");
        }, 1_000_000);
        stopping.startUnit();
        assertThatThrownBy(() -> stopping.walk(list, new Tally())).hasMessage("time budget spent");
    }

    @Test
    void aMapChangingWhileItsInteriorIsCountedIsReadWithoutFailing() throws Exception {
        ConcurrentHashMap<Long, Long> chm = new ConcurrentHashMap<>();
        ConcurrentSkipListMap<Long, Long> cslm = new ConcurrentSkipListMap<>();
        for (long i = 0; i < 100_000; i++) {
            chm.put(i, i);
            cslm.put(i, i);
        }
        AtomicBoolean stop = new AtomicBoolean();
        Thread writer = new Thread(() -> {
            long i = 100_000;
            while (!stop.get()) {
                chm.put(i, i);
                chm.remove(i - 100_000);
                cslm.put(i, i);
                cslm.remove(i - 100_000);
                i++;
            }
        });
        writer.start();
        try {
            for (int round = 0; round < 5; round++) {
                UnitWalker w = walker();
                Tally t = new Tally();
                assertThat(takenApart(chm, w, t)).isPositive();
                assertThat(takenApart(cslm, w, new Tally())).isPositive();
            }
        } finally {
            stop.set(true);
            writer.join(10_000);
        }
    }
}
