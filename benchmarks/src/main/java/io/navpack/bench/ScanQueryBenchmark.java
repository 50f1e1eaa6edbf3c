package io.navpack.bench;

import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import com.hazelcast.map.IMap;
import com.hazelcast.query.Predicate;
import io.navpack.bench.scan.ScanCluster;
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

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A query without indexes over a 2-member embedded cluster: {@code currency1 = 'EUR' and
 * amount1 > 100000000} with {@code map.keySet(predicate)} over {@code entries} trades
 * ({@link TradeGenerator#trades}, the same for every map) stored in one of four ways ({@link ScanCluster}):
 * navpack views with the {@code nav} attribute, hand-written IDS, explicit Compact (all BINARY), and
 * IDS objects in the OBJECT in-memory format. One map per fork, loaded in {@code @Setup}; each
 * operation is one query (every entry of both members scanned, about 6 % of them returned).
 *
 * <p>{@link Facts} records the heap per entry of the map: heap in use after collection (four
 * {@code System.gc()}, every heap pool's collection usage) after loading minus before, divided by
 * the entries. It includes the key, the record and the storage's entry as well as the value.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 4, time = 3)
@Measurement(iterations = 4, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-Dhazelcast.phone.home.enabled=false",
    // what Hazelcast asks members on JDK 9+ to be started with
    "--add-modules", "java.se", "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
    "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens", "java.management/sun.management=ALL-UNNAMED",
    "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED"})
public class ScanQueryBenchmark {
    @Param({"navpack", "navpack-plain", "navpack-object", "navpack-predicate", "ids", "compact", "compact-nometa", "object"})
    public String format;

    @Param({"1000000"})
    public int entries;

    ScanCluster cluster;
    IMap<Long, Object> map;
    Predicate<Long, Object> predicate;
    int expected;
    double heapPerEntry;
    double loadSeconds;

    @Setup(Level.Trial)
    public void setUp() {
        cluster = ScanCluster.start(2);
        List<Trade> trades = TradeGenerator.trades(entries, TradeGenerator.SEED);
        expected = ScanCluster.expected(trades);
        // the trades stay reachable across both measurements, so only what the map holds is counted
        long before = ScanCluster.usedHeapAfterGc();
        long t0 = System.nanoTime();
        cluster.load(format, trades);
        loadSeconds = (System.nanoTime() - t0) / 1e9;
        long after = ScanCluster.usedHeapAfterGc();
        heapPerEntry = (double) (after - before) / entries;
        map = cluster.map(format);
        predicate = ScanCluster.query(format);
        int found = map.keySet(predicate).size();
        if (map.size() != entries || found != expected) {
            throw new IllegalStateException(format + ": " + map.size() + " entries, query found " + found
                    + ", expected " + expected);
        }
        System.out.printf(Locale.ROOT, "%n# %s: %,d entries loaded in %.1f s, heap %.1f B per entry, query finds %,d;"
                + " entries owned by the members: %,d / %,d%n", format, entries, loadSeconds, heapPerEntry, found,
                cluster.member(0).getMap(format).getLocalMapStats().getOwnedEntryCount(),
                cluster.member(1).getMap(format).getLocalMapStats().getOwnedEntryCount());
        trades.clear();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        cluster.close();
    }

    /** Per iteration: the map's heap per entry (bytes), its load time (s) and the query's result size. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Facts {
        public double heapBytesPerEntry;
        public double loadSeconds;
        public int results;

        @TearDown(Level.Iteration)
        public void record(ScanQueryBenchmark b) {
            heapBytesPerEntry = b.heapPerEntry;
            loadSeconds = b.loadSeconds;
            results = b.expected;
        }
    }

    @Benchmark
    public Set<Long> query(Facts facts) {
        return map.keySet(predicate);
    }
}
