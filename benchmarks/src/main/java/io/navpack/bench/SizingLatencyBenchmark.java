package io.navpack.bench;

import com.hazelcast.config.IndexConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.map.IMap;
import com.hazelcast.query.Predicate;
import com.hazelcast.query.Predicates;
import io.navpack.bench.scan.ScanCluster;
import io.navpack.bench.walk.AgentSupport;
import io.navpack.sizing.IndexSizer;
import io.navpack.sizing.MemberIndexReport;
import io.navpack.sizing.SizingOptions;
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

import java.util.Collection;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Query latency on a member while the index sizer runs on it. One member holds {@code entries} navpack trades
 * with a SORTED index on {@code nav[id]} and a HASH index on {@code nav[currency1]}; one operation is an indexed
 * point query ({@code nav[id] = random id}, one entry back), timed one by one (JMH sample mode: p50, p99, ...).
 * Meanwhile another thread of the same JVM sizes the map over and over:
 *
 * <ul>
 *   <li>{@code none}: no sizing;</li>
 *   <li>{@code uncapped}: sizing with no CPU cap (one core, the sizing thread's);</li>
 *   <li>{@code capped-25}: sizing capped at a quarter of one core ({@code SizingOptions.withCpuShare(0.25)}).</li>
 * </ul>
 * {@link Sizings} counts the sizings that completed during each iteration: one sizing of 500 000 entries takes
 * seconds, so an iteration lasts 10 s.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 1, time = 10)
@Measurement(iterations = 3, time = 10)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-Dhazelcast.phone.home.enabled=false",
    "-Djdk.attach.allowAttachSelf=true",
    "--add-modules", "java.se", "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
    "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens", "java.management/sun.management=ALL-UNNAMED",
    "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED"})
public class SizingLatencyBenchmark {

    @Param({"none", "uncapped", "capped-25"})
    public String sizing;

    @Param({"500000"})
    public int entries;

    private ScanCluster cluster;
    private IMap<Long, Object> map;
    private Thread sizer;
    private final AtomicBoolean stop = new AtomicBoolean();
    final AtomicLong sizings = new AtomicLong();
    private SplittableRandom random;

    @Setup(Level.Trial)
    public void setUp() {
        AgentSupport.sizer();
        cluster = ScanCluster.start(1, c -> c.getMapConfig("navpack")
                .addIndexConfig(new IndexConfig(IndexType.SORTED, "nav[id]"))
                .addIndexConfig(new IndexConfig(IndexType.HASH, "nav[currency1]")));
        SizerScaleBenchmark.load(cluster.map("navpack"), entries);
        map = cluster.map("navpack");
        random = new SplittableRandom(7);
        SizingOptions options = SizingOptions.defaults().withMapNames("navpack").withIncludeBackups(false);
        switch (sizing) {
            case "none":
                return;
            case "uncapped":
                break;
            case "capped-25":
                options = options.withCpuShare(0.25);
                break;
            default:
                throw new IllegalArgumentException("unknown sizing " + sizing + "; none, uncapped or capped-25");
        }
        SizingOptions o = options;
        sizer = new Thread(() -> {
            while (!stop.get()) {
                MemberIndexReport r = IndexSizer.sizeLocalMember(cluster.member(0), o);
                if (!r.map("navpack").complete()) {
                    throw new IllegalStateException("sizing incomplete: " + r.map("navpack").reason());
                }
                sizings.incrementAndGet();
            }
        }, "sizing-loop");
        sizer.setDaemon(true);
        sizer.start();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        stop.set(true);
        if (sizer != null) {
            sizer.join(600_000);
        }
        cluster.close();
    }

    /** Sizings completed while the iteration ran. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Sizings {
        public long sizings;
        private long before;

        @Setup(Level.Iteration)
        public void start(SizingLatencyBenchmark b) {
            before = b.sizings.get();
        }

        @TearDown(Level.Iteration)
        public void record(SizingLatencyBenchmark b) {
            sizings = b.sizings.get() - before;
        }
    }

    @Benchmark
    public int query(Sizings counts) {
        long id = 1 + random.nextLong(entries);
        Predicate<Long, Object> byId = Predicates.equal("nav[id]", id);
        Collection<Object> found = map.values(byId);
        if (found.size() != 1) {
            throw new IllegalStateException("expected one trade with id " + id + ", found " + found.size());
        }
        return found.size();
    }
}
