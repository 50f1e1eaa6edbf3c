package io.navpack.bench;

import com.acme.trading.TradeGenerator;
import com.hazelcast.config.IndexConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.instance.impl.HazelcastInstanceImpl;
import com.hazelcast.instance.impl.HazelcastInstanceProxy;
import com.hazelcast.map.impl.MapContainer;
import com.hazelcast.map.impl.MapService;
import com.hazelcast.query.impl.InternalIndex;
import io.navpack.agent.GraphSizer;
import io.navpack.agent.StopRule;
import io.navpack.agent.WalkOptions;
import io.navpack.agent.WalkResult;
import io.navpack.bench.scan.ScanCluster;
import io.navpack.bench.walk.AgentSupport;
import io.navpack.bench.walk.StoppingJolWalkers;
import io.navpack.sizing.internal.HazelcastStopRule;
import io.navpack.sizing.IndexReport;
import io.navpack.sizing.IndexSizer;
import io.navpack.sizing.MemberIndexReport;
import io.navpack.sizing.SizingOptions;
import org.openjdk.jol.info.GraphLayout;
import org.openjdk.jol.info.GraphStats;
import org.openjdk.jol.vm.VM;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * How fast the index sizer walks an index, against JOL over the same graph. An embedded member holds
 * {@code entries} trades in a navpack map with a SORTED index on {@code nav[id]} (unique keys); the
 * root handed to every graph walker is that index (Hazelcast's {@code InternalIndex}, as the member's sizer
 * reaches it), and every walker applies the sizer's stop rule ({@link HazelcastStopRule}: the
 * member's services, classes, threads, ...), without which a walk from an index entry escapes into the
 * whole JVM:
 *
 * <ul>
 *   <li>{@code navpack}: what a member runs: {@code IndexSizer.sizeLocalMember} on the map, indexes only, in the
 *       default bounded mode, which takes the index apart by its structure and walks each entry (with its
 *       record, to tell what the index shares with the map) as a small unit; objects = the objects it visits;</li>
 *   <li>{@code navpack-graph}: {@link GraphSizer#walk} of the navpack agent, one walk over the whole graph
 *       remembering every object (the full-graph mode's walker);</li>
 *   <li>{@code jol-layout}: JOL's {@code GraphWalker}, what {@code GraphLayout.parseInstance} runs,
 *       then its totals;</li>
 *   <li>{@code jol-stats}: JOL's {@code GraphStatsWalker}, what {@code GraphStats.parseInstance} runs
 *       (counts and sizes only).</li>
 * </ul>
 *
 * One operation is one complete walk (for {@code navpack}: one sizing). {@link Walked} records the objects
 * and bytes each walker found ({@code navpack}: objects visited, bytes the index alone holds); objects per
 * second = objects / time per walk.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-Dhazelcast.phone.home.enabled=false",
    // JOL attaches its own agent for object sizes; without -javaagent the navpack agent is attached the same way
    "-Djdk.attach.allowAttachSelf=true",
    // what Hazelcast asks members on JDK 9+ to be started with
    "--add-modules", "java.se", "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
    "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens", "java.management/sun.management=ALL-UNNAMED",
    "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED"})
public class SizerWalkBenchmark {
    @Param({"navpack", "navpack-graph", "jol-layout", "jol-stats"})
    public String walker;

    @Param({"200000"})
    public int entries;

    /** The member's sizing as {@code navpack} runs it: the map's indexes, default (bounded) mode. */
    private static final SizingOptions SIZING = SizingOptions.defaults().withMapNames("navpack").withIncludeData(false)
            .withIncludeBackups(false);

    private ScanCluster cluster;
    private InternalIndex index;
    private StopRule rule;
    private GraphSizer sizer;
    private WalkOptions options;
    long objects;
    long bytes;
    /** In the navpack fork: what each JOL walker finds in the same graph (this JVM's index), walked once. */
    long[] sameGraph = new long[4];

    @Setup(Level.Trial)
    public void setUp() {
        rule = HazelcastStopRule.get();
        if (walker.equals("navpack") || walker.equals("navpack-graph")) {
            sizer = AgentSupport.sizer();
            // as the member's full-graph sizer sets up an index walk
            options = WalkOptions.builder().stopRule(rule).expectedObjects(Math.max(1024, entries * 4)).build();
        } else if (walker.startsWith("jol")) {
            System.out.println("# " + VM.current().details().replace("\n", "\n# "));
        } else {
            throw new IllegalArgumentException("unknown walker " + walker
                    + "; navpack, navpack-graph, jol-layout or jol-stats");
        }
        // the index is configured before the map is loaded, so it is complete and quiet when the walks start
        cluster = ScanCluster.start(1, c -> c.getMapConfig("navpack").addIndexConfig(new IndexConfig(IndexType.SORTED, "nav[id]")));
        cluster.load("navpack", TradeGenerator.trades(entries, TradeGenerator.SEED));
        index = index(cluster.member(0), "navpack");
        if (walker.equals("navpack")) {
            // the index's skip list is laid out at random in each JVM: compare the walkers on one graph here
            GraphLayout l = StoppingJolWalkers.layout(rule).walk(index);
            GraphStats st = StoppingJolWalkers.stats(rule).walk(index);
            sameGraph = new long[] {l.totalCount(), l.totalSize(), st.totalCount(), st.totalSize()};
        }
        walk();
        System.out.printf(Locale.ROOT, "%n# %s: %,d objects, %,d bytes in the index graph of %,d entries%n", walker,
                objects, bytes, entries);
        if (walker.equals("navpack")) {
            System.out.printf(Locale.ROOT, "# same graph: JOL GraphLayout %,d objects, %,d bytes; JOL GraphStats %,d objects, %,d bytes%n",
                    sameGraph[0], sameGraph[1], sameGraph[2], sameGraph[3]);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        cluster.close();
    }

    /** The one global index of the map, as the sizer reaches it. */
    static InternalIndex index(HazelcastInstance hz, String map) {
        HazelcastInstanceImpl impl = hz instanceof HazelcastInstanceProxy
                ? ((HazelcastInstanceProxy) hz).getOriginal() : (HazelcastInstanceImpl) hz;
        MapService service = impl.node.getNodeEngine().getService(MapService.SERVICE_NAME);
        MapContainer container = service.getMapServiceContext().getMapContainer(map);
        InternalIndex[] indexes = container.getGlobalIndexRegistry().getIndexes();
        if (indexes.length != 1) {
            throw new IllegalStateException("expected one index on " + map + ", found " + indexes.length);
        }
        return indexes[0];
    }

    /** One complete walk; keeps what it found. */
    long walk() {
        switch (walker) {
            case "navpack": {
                MemberIndexReport r = IndexSizer.sizeLocalMember(cluster.member(0), SIZING);
                IndexReport i = r.map("navpack").indexes().get(0);
                if (!i.complete()) {
                    throw new IllegalStateException("sizing incomplete: " + i.incompleteReason());
                }
                objects = r.objectsWalked();
                bytes = i.heapBytes();
                break;
            }
            case "navpack-graph": {
                WalkResult r = sizer.walk(index, options);
                if (!r.complete()) {
                    throw new IllegalStateException("walk incomplete: " + r.incompleteReason());
                }
                objects = r.objects();
                bytes = r.bytes();
                break;
            }
            case "jol-layout": {
                GraphLayout l = StoppingJolWalkers.layout(rule).walk(index);
                objects = l.totalCount();
                bytes = l.totalSize();
                break;
            }
            default: {
                GraphStats s = StoppingJolWalkers.stats(rule).walk(index);
                objects = s.totalCount();
                bytes = s.totalSize();
                break;
            }
        }
        return objects;
    }

    /**
     * Per iteration: objects and bytes the walker found in the graph; in the navpack fork also what the
     * JOL walkers found in the same graph (0 in the JOL forks).
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Walked {
        public long objects;
        public long bytes;
        public long sameGraphJolLayoutObjects;
        public long sameGraphJolLayoutBytes;
        public long sameGraphJolStatsObjects;
        public long sameGraphJolStatsBytes;

        @TearDown(Level.Iteration)
        public void record(SizerWalkBenchmark b) {
            objects = b.objects;
            bytes = b.bytes;
            sameGraphJolLayoutObjects = b.sameGraph[0];
            sameGraphJolLayoutBytes = b.sameGraph[1];
            sameGraphJolStatsObjects = b.sameGraph[2];
            sameGraphJolStatsBytes = b.sameGraph[3];
        }
    }

    @Benchmark
    public long walk(Walked walked) {
        return walk();
    }
}
