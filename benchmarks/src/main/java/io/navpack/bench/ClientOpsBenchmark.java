package io.navpack.bench;

import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import com.acme.trading.TradeView;
import com.acme.trading.peers.CompactTrade;
import com.acme.trading.peers.IdsTrade;
import com.hazelcast.client.impl.clientside.HazelcastClientProxy;
import com.hazelcast.internal.serialization.SerializationService;
import com.hazelcast.map.EntryProcessor;
import com.hazelcast.map.IMap;
import io.navpack.bench.clientops.ClientNetwork;
import io.navpack.bench.clientops.ClientOpsCluster;
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
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Blackhole;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The cache's everyday work through a client: two members in JVMs of their own on 127.0.0.1, a client in this JVM,
 * {@code entries} seed-style trades ({@link TradeGenerator#trade}, ids 1 to {@code entries}) in the map of one format
 * ({@link ClientOpsCluster}: BINARY, one backup), and one benchmark thread calling
 *
 * <ul>
 *   <li>{@code get}: one trade by a random key, read as the client reads it (the trade, for {@code navpack-view} a
 *       {@link TradeView} over its bytes, the Compact or IDS class);</li>
 *   <li>{@code put}: one trade under its key (the old value comes back and is read too: {@code IMap.put}'s
 *       contract);</li>
 *   <li>{@code getAll}, {@code putAll}: {@code batch} trades of random keys at once;</li>
 *   <li>{@code executeOnKey}: an entry processor that sets {@code amount2} on the members — navpack's own
 *       {@code SetFieldProcessor}, on members without the trade's class; for Compact a generic-record processor
 *       ({@code newBuilderWithClone}), members without the class; for IDS one over the class, which the members must
 *       have ({@link ClientOpsCluster} says what each format's members hold);</li>
 *   <li>{@code set}: one trade into a map under this client's near cache ({@value ClientOpsCluster#NEAR_ENTRIES}
 *       entries, the near cache filled again before each iteration), which the members then invalidate.</li>
 * </ul>
 *
 * <p>Keys and values are drawn before the measurement (4 096 single keys, 32 batches). {@link Wire} counts the bytes
 * the client sent and received per operation ({@link ClientNetwork}); {@code -prof gc} adds the bytes this JVM
 * allocated per operation, the client's I/O threads included. {@code run.sh} runs each format in a JVM of its own
 * without JMH forks, so that the operations share one loaded cluster (loading a million trades takes a while); in a
 * forked run each fork starts and loads its own.
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-Dhazelcast.phone.home.enabled=false",
    // what Hazelcast asks clients and members on JDK 9+ to be started with
    "--add-modules", "java.se", "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
    "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens", "java.management/sun.management=ALL-UNNAMED",
    "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED"})
public class ClientOpsBenchmark {
    private static final int KEYS = 4096;
    private static final int BATCHES = 32;

    @Param({"navpack", "navpack-view", "compact", "ids"})
    public String format;

    @Param({"1000000"})
    public int entries;

    /** Keys per {@code getAll} and {@code putAll}. */
    @Param({"1000"})
    public int batch;

    ClientOpsCluster cluster;
    private IMap<Long, Object> map;
    private IMap<Long, Object> near;
    private Long[] keys;
    private Object[] values;
    private Long[] nearKeys;
    private Object[] nearValues;
    private List<Set<Long>> keySets;
    private List<Map<Long, Object>> batches;
    private EntryProcessor<Long, Object, Object> processor;
    /** Bytes of the {@code Data} of the {@value #KEYS} single values, summed. */
    private long valueBytes;
    private int next;
    private int nextBatch;

    @Setup(Level.Trial)
    public void setUp() {
        cluster = ClientOpsCluster.shared(format, entries);
        map = cluster.map();
        near = cluster.nearMap();
        Function<Trade, Object> value = ClientOpsCluster.value(format);
        SplittableRandom random = new SplittableRandom(20140721L);
        keys = new Long[KEYS];
        values = new Object[KEYS];
        nearKeys = new Long[KEYS];
        nearValues = new Object[KEYS];
        int nearEntries = Math.min(ClientOpsCluster.NEAR_ENTRIES, entries);
        for (int i = 0; i < KEYS; i++) {
            keys[i] = random.nextLong(1, entries + 1L);
            values[i] = value.apply(TradeGenerator.trade(keys[i]));
            nearKeys[i] = random.nextLong(1, nearEntries + 1L);
            nearValues[i] = value.apply(TradeGenerator.trade(nearKeys[i]));
        }
        int perBatch = Math.min(batch, entries);
        keySets = new ArrayList<>();
        batches = new ArrayList<>();
        for (int b = 0; b < BATCHES; b++) {
            Set<Long> set = new LinkedHashSet<>();
            while (set.size() < perBatch) {
                set.add(random.nextLong(1, entries + 1L));
            }
            Map<Long, Object> m = new HashMap<>();
            for (Long k : set) {
                m.put(k, value.apply(TradeGenerator.trade(k)));
            }
            keySets.add(new HashSet<>(set));
            batches.add(m);
        }
        processor = ClientOpsCluster.setAmount(format);
        SerializationService serialization = ((HazelcastClientProxy) cluster.client()).getSerializationService();
        valueBytes = 0;
        for (Object v : values) {
            valueBytes += serialization.toData(v).totalSize();
        }
        Object v = map.get(keys[0]);
        if (idOf(v) != keys[0]) {
            throw new IllegalStateException(format + ": get(" + keys[0] + ") returned " + v);
        }
    }

    /** The trade id of a value as this format's client reads it. */
    static long idOf(Object v) {
        if (v instanceof Trade t) {
            return t.id();
        }
        if (v instanceof TradeView t) {
            return t.id();
        }
        if (v instanceof CompactTrade t) {
            return t.id();
        }
        if (v instanceof IdsTrade t) {
            return t.toRecord().id();
        }
        throw new IllegalStateException("not a trade: " + v);
    }

    /**
     * Per iteration: the bytes the client sent and received on its member connections and the operations called,
     * and the bytes of the values' {@code Data} (what one value takes in a message: the serialized form Hazelcast
     * sends); before an iteration of {@code set}, the near cache filled again with the near map's entries. JMH sums
     * counters of this kind over the measured iterations: the report divides the sums ({@code bytesSent / ops},
     * {@code valueBytes / values}).
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Wire {
        public long bytesSent;
        public long bytesReceived;
        public long ops;
        public long valueBytes;
        public long values;
        private long valueBytes0;
        private long sent0;
        private long received0;
        private ClientNetwork network;

        @Setup(Level.Iteration)
        public void start(ClientOpsBenchmark b, BenchmarkParams params) {
            if (params.getBenchmark().endsWith(".set")) {
                List<Long> all = new ArrayList<>();
                for (long k = 1; k <= Math.min(ClientOpsCluster.NEAR_ENTRIES, b.entries); k++) {
                    all.add(k);
                }
                for (int from = 0; from < all.size(); from += 1000) {
                    b.near.getAll(new HashSet<>(all.subList(from, Math.min(all.size(), from + 1000))));
                }
            }
            network = new ClientNetwork(b.cluster.client());
            valueBytes0 = b.valueBytes;
            sent0 = network.sent();
            received0 = network.received();
        }

        /** Sets the counters, which JMH zeroes after the setup of an iteration and reads after its teardown. */
        @TearDown(Level.Iteration)
        public void stop() {
            valueBytes = valueBytes0;
            values = KEYS;
            bytesSent = network.sent() - sent0;
            bytesReceived = network.received() - received0;
        }
    }

    private int next() {
        int i = next;
        next = (i + 1) & (KEYS - 1);
        return i;
    }

    private int nextBatch() {
        int i = nextBatch;
        nextBatch = i + 1 == BATCHES ? 0 : i + 1;
        return i;
    }

    @Benchmark
    public Object get(Wire w) {
        w.ops++;
        return map.get(keys[next()]);
    }

    @Benchmark
    public Object put(Wire w) {
        w.ops++;
        int i = next();
        return map.put(keys[i], values[i]);
    }

    @Benchmark
    public void getAll(Wire w, Blackhole bh) {
        w.ops++;
        for (Object v : map.getAll(keySets.get(nextBatch())).values()) {
            bh.consume(v);
        }
    }

    @Benchmark
    public void putAll(Wire w) {
        w.ops++;
        map.putAll(batches.get(nextBatch()));
    }

    @Benchmark
    public Object executeOnKey(Wire w) {
        w.ops++;
        return map.executeOnKey(keys[next()], processor);
    }

    @Benchmark
    public void set(Wire w) {
        w.ops++;
        int i = next();
        near.set(nearKeys[i], nearValues[i]);
    }

    /** The cluster stays for the next operation of the same format in this JVM; it is closed when the JVM ends. */
    @TearDown(Level.Trial)
    public void tearDown() {
        map = null;
        near = null;
    }
}
