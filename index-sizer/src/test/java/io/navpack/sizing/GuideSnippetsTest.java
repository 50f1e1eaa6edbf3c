package io.navpack.sizing;

import static org.assertj.core.api.Assertions.assertThat;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.IndexConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.navpack.agent.GraphSizer;
import io.navpack.agent.MapInteriors;
import io.navpack.agent.Tally;
import io.navpack.agent.UnitWalker;
import io.navpack.agent.OwnershipResult;
import io.navpack.agent.StopRule;
import io.navpack.agent.WalkOptions;
import io.navpack.agent.WalkResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The code of docs/index-sizing.md, run as written. */
class GuideSnippetsTest {

    @TempDir
    Path reports;

    @Test
    void sizingACluster() throws Exception {
        int port = TestConfigs.freePort();
        String cluster = "guide-" + port;
        HazelcastInstance member = Hazelcast.newHazelcastInstance(TestConfigs.member(cluster, port, List.of(port)));
        ClientConfig clientConfig = TestConfigs.client(cluster, List.of(port));
        try {
            IMap<Long, Trade> trades = member.getMap("trades");
            for (long i = 0; i < 2_000; i++) {
                trades.set(i, Trade.of(i));
            }
            trades.addIndex(IndexType.SORTED, "id");

            HazelcastInstance hz = HazelcastClient.newHazelcastClient(clientConfig);   // or a member
            ClusterIndexReport report = IndexSizer.forInstance(hz)
                    .withOptions(SizingOptions.defaults().withMapNames("trades"))     // default: all user maps
                    .size(Duration.ofMinutes(2));
            System.out.println(report.toTable());
            Files.writeString(reports.resolve("indexes.json"), report.toJson());
            Files.writeString(reports.resolve("indexes.csv"), report.toCsv());

            assertThat(report.complete()).isTrue();
            assertThat(report.indexTotals()).hasSize(1);
            assertThat(Files.readString(reports.resolve("indexes.csv"))).contains("trades");

            MeterRegistry registry = new SimpleMeterRegistry();
            IndexHeapMetrics metrics = new IndexHeapMetrics(IndexSizer.forInstance(hz), Duration.ofMinutes(2));
            metrics.bindTo(registry);                    // any MeterRegistry, e.g. Prometheus
            metrics.refresh();                           // on demand ...
            metrics.refreshEvery(Duration.ofMinutes(15)); // ... or on a schedule (daemon thread; close() stops it)
            metrics.close();
            assertThat(registry.find(IndexHeapMetrics.INDEX_HEAP_BYTES).gauge().value()).isPositive();

            WhatIfReport w = IndexSizer.forInstance(hz)
                    .whatIf("trades", new IndexConfig(IndexType.HASH, "code8"), Duration.ofMinutes(2));
            w.indexHeapBytes();          // the index's heap, all members (what the sizer would report as heapBytes)
            w.valuesCacheHeapBytes();    // the values cache it would start
            w.costBytes();               // both
            w.members();                 // per member, with 95 % intervals (indexHeapBytesLow/High, ...)
            System.out.println(w.toTable());
            assertThat(w.complete()).isTrue();
            assertThat(w.indexHeapBytes()).isPositive();
            assertThat(w.costBytes()).isEqualTo(w.indexHeapBytes() + w.valuesCacheHeapBytes());
            hz.shutdown();
        } finally {
            member.shutdown();
        }
    }

    @Test
    void walkingAGraph() {
        List<Object> root = new ArrayList<>(List.of("a", "b", new long[100]));
        List<Object> a = new LinkedList<>(List.of(new int[10], root));
        List<Object> b = new LinkedList<>(List.of(new int[20], root));
        WalkResult otherWalk = GraphSizer.fromAgent().walk(List.of("a"), WalkOptions.builder().keepVisited(true).build());

        GraphSizer sizer = GraphSizer.fromAgent();            // AgentNotLoadedException without the agent
        WalkResult r = sizer.walk(root, WalkOptions.builder()
                .stopRule(StopRule.jvmRuntime())              // neither counted nor followed
                .shared(otherWalk.visited())                  // kept alive elsewhere: not counted, not followed
                .maxObjects(10_000_000).maxDuration(Duration.ofMinutes(1))
                .build());
        r.bytes(); r.objects(); r.complete(); r.histogram().top(10);
        OwnershipResult own = sizer.walkOwners(List.of(a, b), WalkOptions.defaults());
        own.exclusive(0).bytes();                             // what only a keeps alive

        assertThat(r.complete()).isTrue();
        assertThat(r.bytes()).isPositive();
        assertThat(own.exclusive(0).bytes()).isPositive().isLessThan(own.exclusive(0).bytes() + r.bytes());

        java.util.Map<String, long[]> bigMap = new java.util.concurrent.ConcurrentHashMap<>();
        for (int i = 0; i < 10_000; i++) {
            bigMap.put("k" + i, new long[i % 4]);
        }
        UnitWalker w = UnitWalker.fromAgent(StopRule.jvmRuntime(), UnitWalker.Pacer.none(), 100_000);
        Tally t = new Tally();
        MapInteriors.walk(bigMap, w, t, (key, value) -> {     // the map's nodes and tables, by their own links
            w.startUnit();                                    // forget the previous entry
            w.walk(key, t);
            w.walk(value, t);
        });
        t.bytes(); t.histogram().top(10);
        assertThat(t.bytes()).isEqualTo(sizer.walk(bigMap, WalkOptions.defaults()).bytes());
    }
}
