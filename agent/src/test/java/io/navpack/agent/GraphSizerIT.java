package io.navpack.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.lang.instrument.Instrumentation;
import java.lang.ref.WeakReference;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.GraphLayout;

/** Runs with the packaged agent jar as -javaagent. */
class GraphSizerIT {

    private final Instrumentation inst = NavpackAgent.requireInstrumentation();
    private final GraphSizer sizer = GraphSizer.fromAgent();

    static final class Node {
        Node next;
        long value;
    }

    static final class Pair {
        Object left;
        Object right;

        Pair(Object left, Object right) {
            this.left = left;
            this.right = right;
        }
    }

    @Test
    void agentOpenedTheJavaBasePackagesAWalkNeeds() {
        assertThat(NavpackAgent.isInstalled()).isTrue();
        assertThat(NavpackAgent.openedPackages()).contains("java.base/java.lang", "java.base/java.util",
                "java.base/java.util.concurrent", "java.base/java.util.concurrent.atomic",
                "java.base/java.util.concurrent.locks", "java.base/java.time", "java.base/java.math");
        assertThat(NavpackAgent.openFailures()).isEmpty();
    }

    @Test
    void arraysAreSizedByFormulaAsTheJvmMeasuresThem() {
        Instrumentation inst = NavpackAgent.requireInstrumentation();
        for (Class<?> c : List.of(byte[].class, int[].class, long[].class, Object[].class,
                ConcurrentHashMap.class.getDeclaredClasses()[0].arrayType())) {
            for (int n : new int[] {0, 1, 7, 100, 1000}) {
                Object a = java.lang.reflect.Array.newInstance(c.getComponentType(), n);
                assertThat(GraphSizer.arraySize(c, n)).as("%s of %d", c.getSimpleName(), n).isEqualTo(inst.getObjectSize(a));
            }
        }
    }

    @Test
    void stringIsCountedWithItsBackingArray() {
        String s = new String("hello, navpack".toCharArray());
        WalkResult r = sizer.walk(s, WalkOptions.defaults());
        assertThat(r.complete()).isTrue();
        assertThat(r.unreadableFields()).isEmpty();
        assertThat(r.objects()).isEqualTo(2);
        assertThat(r.bytes()).isEqualTo(inst.getObjectSize(s) + GraphLayout.parseInstance(s).totalSize()
                - inst.getObjectSize(s));
        assertThat(r.histogram().of("java.lang.String").count()).isEqualTo(1);
        assertThat(r.histogram().of("[B").count()).isEqualTo(1);
    }

    @Test
    void matchesJolOnJdkCollections() {
        ConcurrentSkipListMap<String, ConcurrentHashMap<Long, BigDecimal>> csl = new ConcurrentSkipListMap<>();
        for (int i = 0; i < 2000; i++) {
            ConcurrentHashMap<Long, BigDecimal> inner = csl.computeIfAbsent("k" + (i % 97), k -> new ConcurrentHashMap<>());
            inner.put((long) i + 1000, new BigDecimal(i).movePointLeft(2));
        }
        HashMap<Object, Object> map = new HashMap<>();
        map.put("csl", csl);
        map.put("adder", new LongAdder());
        map.put("lock", new ReentrantReadWriteLock());
        map.put("ref", new AtomicReference<>(LocalDate.of(2024, 2, 29)));
        map.put("list", new ArrayList<>(List.of(new long[100], new int[3], "x")));
        WalkResult r = sizer.walk(map, WalkOptions.builder().stopRule(StopRule.none()).build());
        assertThat(r.unreadableFields()).isEmpty();
        GraphLayout jol = GraphLayout.parseInstance(map);
        assertThat(r.objects()).isEqualTo(jol.totalCount());
        assertThat(r.bytes()).isEqualTo(jol.totalSize());
    }

    @Test
    void longChainDoesNotOverflowTheStack() {
        Node head = new Node();
        Node cur = head;
        for (int i = 1; i < 2_000_000; i++) {
            cur.next = new Node();
            cur = cur.next;
        }
        WalkResult r = sizer.walk(head, WalkOptions.defaults());
        assertThat(r.complete()).isTrue();
        assertThat(r.objects()).isEqualTo(2_000_000);
        assertThat(r.bytes()).isEqualTo(2_000_000L * inst.getObjectSize(head));
        assertThat(r.histogram().of(Node.class.getName()).count()).isEqualTo(2_000_000);
    }

    @Test
    void sameObjectIsCountedOnceEqualObjectsEach() {
        String shared = new String(new char[] {'s', 'a', 'm', 'e'});
        Pair p = new Pair(shared, new Pair(shared, new String(new char[] {'s', 'a', 'm', 'e'})));
        WalkResult r = sizer.walk(p, WalkOptions.defaults());
        // two pairs, two strings, two byte arrays
        assertThat(r.objects()).isEqualTo(6);
    }

    @Test
    void sharedObjectsAreNeitherCountedNorFollowed() {
        long[] big = new long[10_000];
        Pair inner = new Pair(big, null);
        Pair root = new Pair(inner, new int[4]);
        IdentityObjectSet shared = new IdentityObjectSet();
        shared.add(inner);
        WalkResult r = sizer.walk(root, WalkOptions.builder().shared(shared).build());
        assertThat(r.objects()).isEqualTo(2);
        assertThat(r.bytes()).isEqualTo(inst.getObjectSize(root) + inst.getObjectSize(new int[4]));
    }

    @Test
    void stopRuleStopsByClassAndByObject() {
        Object stoppedInstance = new int[1000];
        Pair root = new Pair(new Pair(Thread.currentThread(), Pair.class), new Pair(stoppedInstance, new long[2]));
        StopRule rule = StopRule.jvmRuntime().or(new StopRule() {
            @Override
            public boolean stopsClass(Class<?> type) {
                return false;
            }

            @Override
            public boolean stopsObject(Object o) {
                return o == stoppedInstance;
            }
        });
        WalkResult r = sizer.walk(root, WalkOptions.builder().stopRule(rule).build());
        assertThat(r.objects()).isEqualTo(4);
        assertThat(r.histogram().of("java.lang.Thread").count()).isZero();
        assertThat(r.histogram().of("[I").count()).isZero();
    }

    @Test
    void weakReferentsAreNotFollowedButSoftOnesAre() {
        long[] payload = new long[1000];
        WeakReference<long[]> weak = new WeakReference<>(payload);
        WalkResult w = sizer.walk(weak, WalkOptions.defaults());
        assertThat(w.histogram().of("[J").count()).isZero();
        java.lang.ref.SoftReference<long[]> soft = new java.lang.ref.SoftReference<>(payload);
        WalkResult s = sizer.walk(soft, WalkOptions.defaults());
        assertThat(s.histogram().of("[J").count()).isEqualTo(1);
    }

    @Test
    void objectBudgetMarksResultPartial() {
        List<Object> list = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            list.add(new Object());
        }
        WalkResult r = sizer.walk(list, WalkOptions.builder().maxObjects(500).build());
        assertThat(r.complete()).isFalse();
        assertThat(r.incompleteReason()).contains("object budget");
        assertThat(r.objects()).isEqualTo(500);
    }

    @Test
    void interruptedWalkStopsPartial() {
        Node head = new Node();
        Node cur = head;
        for (int i = 1; i < 100_000; i++) {
            cur.next = new Node();
            cur = cur.next;
        }
        Thread.currentThread().interrupt();
        try {
            WalkResult r = sizer.walk(head, WalkOptions.defaults());
            assertThat(r.complete()).isFalse();
            assertThat(r.incompleteReason()).isEqualTo("interrupted");
            assertThat(r.objects()).isLessThan(100_000);
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void timeBudgetMarksResultPartial() {
        List<Object> list = new ArrayList<>();
        for (int i = 0; i < 400_000; i++) {
            list.add(new Object[] {new Object()});
        }
        WalkResult r = sizer.walk(list, WalkOptions.builder().maxDuration(Duration.ofNanos(1)).build());
        assertThat(r.complete()).isFalse();
        assertThat(r.incompleteReason()).contains("time budget");
    }

    @Test
    void ownersAreToldApart() {
        long[] common = new long[500];
        long[] onlyA = new long[100];
        long[] onlyB = new long[200];
        Pair a = new Pair(common, onlyA);
        Pair b = new Pair(common, onlyB);
        OwnershipResult r = sizer.walkOwners(List.of(a, b), WalkOptions.defaults());
        long pair = inst.getObjectSize(a);
        assertThat(r.exclusive(0).bytes()).isEqualTo(pair + inst.getObjectSize(onlyA));
        assertThat(r.exclusive(1).bytes()).isEqualTo(pair + inst.getObjectSize(onlyB));
        assertThat(r.sharedBetweenOwnersBytes()).isEqualTo(inst.getObjectSize(common));
        assertThat(r.reachableBytes(0)).isEqualTo(pair + inst.getObjectSize(onlyA) + inst.getObjectSize(common));
        assertThat(r.union().bytes()).isEqualTo(2 * pair + inst.getObjectSize(onlyA) + inst.getObjectSize(onlyB)
                + inst.getObjectSize(common));
    }

    @Test
    void keptVisitedSetServesAsSharedSetOfALaterWalk() {
        Map<String, String> data = new HashMap<>();
        for (int i = 0; i < 1000; i++) {
            data.put("key" + i, "value" + i);
        }
        WalkResult dataWalk = sizer.walk(data, WalkOptions.builder().keepVisited(true).build());
        // an "index" over the same strings: only its own structure counts
        ConcurrentSkipListMap<String, String> index = new ConcurrentSkipListMap<>();
        data.forEach((k, v) -> index.put(v, k));
        WalkResult alone = sizer.walk(index, WalkOptions.defaults());
        WalkResult own = sizer.walk(index, WalkOptions.builder().shared(dataWalk.visited()).build());
        assertThat(own.histogram().of("java.lang.String").count()).isZero();
        assertThat(alone.histogram().of("java.lang.String").count()).isEqualTo(2000);
        long strings = 0;
        for (Map.Entry<String, String> e : data.entrySet()) {
            strings += GraphLayout.parseInstance(e.getKey()).totalSize() + GraphLayout.parseInstance(e.getValue()).totalSize();
        }
        assertThat(own.bytes()).isEqualTo(GraphLayout.parseInstance(index).totalSize() - strings);
    }

    @Test
    void toleratesAStructureChangingUnderIt() throws Exception {
        ConcurrentSkipListMap<Long, Long> map = new ConcurrentSkipListMap<>();
        for (long i = 0; i < 200_000; i++) {
            map.put(i, i);
        }
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch started = new CountDownLatch(1);
        Thread writer = new Thread(() -> {
            long i = 200_000;
            started.countDown();
            while (!stop.get()) {
                map.put(i, i);
                map.remove(i - 200_000);
                i++;
                if (i % 64 == 0) {
                    java.util.concurrent.locks.LockSupport.parkNanos(50_000);
                }
            }
        });
        writer.start();
        try {
            started.await();
            for (int round = 0; round < 5; round++) {
                WalkResult r = sizer.walk(map, WalkOptions.builder().maxObjects(5_000_000).build());
                assertThat(r.complete()).isTrue();
                assertThat(r.objects()).isBetween(400_000L, 5_000_000L);
            }
        } finally {
            stop.set(true);
            writer.join(10_000);
        }
    }

    @Test
    void walksAtAUsefulRate() {
        List<Object> list = new ArrayList<>();
        for (int i = 0; i < 300_000; i++) {
            list.add(Long.valueOf(i + 1_000_000L));
        }
        WalkResult r = sizer.walk(list, WalkOptions.defaults());
        assertThat(r.objectsWalked()).isEqualTo(300_002);
        assertThat(r.objectsPerSecond()).isPositive();
        assertThat(r.bytes()).isCloseTo(GraphLayout.parseInstance(list).totalSize(), within(0L));
    }
}
