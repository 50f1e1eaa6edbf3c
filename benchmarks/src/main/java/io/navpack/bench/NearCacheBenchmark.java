package io.navpack.bench;

import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import com.acme.trading.TradeView;
import com.acme.trading.peers.CompactTrade;
import com.acme.trading.peers.CompactTradeSerializer;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.EvictionConfig;
import com.hazelcast.config.EvictionPolicy;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.MapConfig;
import com.hazelcast.config.MaxSizePolicy;
import com.hazelcast.config.NearCacheConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.internal.serialization.Data;
import com.hazelcast.internal.serialization.SerializationService;
import com.hazelcast.map.IMap;
import com.hazelcast.spi.impl.SerializationServiceSupport;
import io.navpack.bench.scan.ScanCluster;
import io.navpack.hazelcast.NavpackConfig;
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

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A client near cache holding {@code entries} seed-style trades ({@link TradeGenerator#trades}), one embedded
 * member on 127.0.0.1 holding the map, in each way a client can hold them:
 *
 * <ul>
 *   <li>{@code view}: navpack values read as {@link TradeView}s ({@code navpack.view.Trade}), near cache
 *       in the OBJECT format: one generated view over a copy of the value's bytes per entry;</li>
 *   <li>{@code class}: navpack values read as the {@link Trade} record (read mode {@code object}), near cache
 *       in the OBJECT format: the user's class, every field decoded;</li>
 *   <li>{@code compact}: the same trades as Compact values ({@link CompactTrade}, explicit serializer),
 *       near cache in the OBJECT format: the user's class as Compact builds it;</li>
 *   <li>{@code view-binary}: navpack values, near cache in the BINARY format (Hazelcast's {@code Data}),
 *       read as views: a new view per {@code get}.</li>
 * </ul>
 *
 * <p>{@link Facts} records per entry: {@code nearCacheHeap}, the heap the near cache holds (heap in use
 * after collection after filling it with {@code getAll}, minus before); {@code valueHeap}, the heap of one
 * value as the client's serializer builds it (a million of them held in an array, measured the same way,
 * the array itself subtracted; for {@code view-binary} the {@code Data}). The operation is a near-cache hit:
 * {@code get} of a random key and one accessor ({@code amount1}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-Dhazelcast.phone.home.enabled=false",
    "--add-modules", "java.se", "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
    "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens", "java.management/sun.management=ALL-UNNAMED",
    "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED"})
public class NearCacheBenchmark {
    /** The forms compared, in the order of the report. */
    public static final List<String> FORMS = List.of("view", "class", "compact", "view-binary");
    private static final String NAVPACK_MAP = "nc-navpack";
    private static final String COMPACT_MAP = "nc-compact";
    private static final int BATCH = 5_000;

    @Param({"view", "class", "compact", "view-binary"})
    public String form;

    @Param({"1000000"})
    public int entries;

    private ScanCluster cluster;
    private HazelcastInstance client;
    private IMap<Long, Object> map;
    private long[] keys;
    private int next;
    double nearCacheHeap;
    double valueHeap;
    double fillSeconds;

    @Setup(Level.Trial)
    public void setUp() {
        cluster = ScanCluster.start(1, c -> {
            c.addMapConfig(new MapConfig(NAVPACK_MAP).setInMemoryFormat(InMemoryFormat.BINARY).setBackupCount(0));
            c.addMapConfig(new MapConfig(COMPACT_MAP).setInMemoryFormat(InMemoryFormat.BINARY).setBackupCount(0));
        });
        client = HazelcastClient.newHazelcastClient(clientConfig());
        boolean compact = form.equals("compact");
        map = client.getMap(compact ? COMPACT_MAP : NAVPACK_MAP);
        Function<Trade, Object> stored = compact ? CompactTrade::of : t -> t;
        List<Trade> trades = TradeGenerator.trades(entries, TradeGenerator.SEED);
        Map<Long, Object> batch = new HashMap<>();
        for (Trade t : trades) {
            batch.put(t.id(), stored.apply(t));
            if (batch.size() == BATCH) {
                map.putAll(batch);
                batch.clear();
            }
        }
        map.putAll(batch);
        batch.clear();

        // one value as this client's serializer builds it (for view-binary: the Data the near cache keeps)
        SerializationService ss = ((SerializationServiceSupport) client).getSerializationService();
        Object[] values = new Object[entries];
        long before = ScanCluster.usedHeapAfterGc();
        for (int i = 0; i < entries; i++) {
            Object data = ss.toData(stored.apply(trades.get(i)));
            values[i] = form.equals("view-binary") ? data : ss.toObject(data);
        }
        long after = ScanCluster.usedHeapAfterGc();
        check(values[0], trades.get(0));
        valueHeap = (double) (after - before) / entries;
        values = null;

        // the near cache, filled with getAll in batches
        keys = new long[entries];
        for (int i = 0; i < entries; i++) {
            keys[i] = trades.get(i).id();
        }
        before = ScanCluster.usedHeapAfterGc();
        long t0 = System.nanoTime();
        Set<Long> ask = new HashSet<>();
        for (long k : keys) {
            ask.add(k);
            if (ask.size() == BATCH) {
                map.getAll(ask);
                ask.clear();
            }
        }
        map.getAll(ask);
        ask.clear();
        fillSeconds = (System.nanoTime() - t0) / 1e9;
        after = ScanCluster.usedHeapAfterGc();
        nearCacheHeap = (double) (after - before) / entries;
        long held = map.getLocalMapStats().getNearCacheStats().getOwnedEntryCount();
        if (held != entries) {
            throw new IllegalStateException(form + ": the near cache holds " + held + " entries, not " + entries);
        }
        check(map.get(keys[0]), trades.get(0));
        System.out.printf(Locale.ROOT, "%n# %s: %,d entries, near cache %.1f B per entry, value %.1f B, filled in %.1f s%n",
                form, entries, nearCacheHeap, valueHeap, fillSeconds);
        trades.clear();
        SplittableRandom r = new SplittableRandom(7);
        for (int i = keys.length - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            long x = keys[i];
            keys[i] = keys[j];
            keys[j] = x;
        }
    }

    private ClientConfig clientConfig() {
        ClientConfig c = new ClientConfig();
        switch (form) {
            case "view":
            case "view-binary":
                NavpackConfig.of(Trade.class).view("Trade", TradeView.class).applyTo(c);
                break;
            case "class":
                NavpackConfig.of(Trade.class).applyTo(c);
                break;
            case "compact":
                c.getSerializationConfig().getCompactSerializationConfig().addSerializer(new CompactTradeSerializer());
                break;
            default:
                throw new IllegalArgumentException("unknown form " + form + "; one of " + FORMS);
        }
        HazelcastInstance member = cluster.member(0);
        c.setClusterName(member.getConfig().getClusterName());
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.getNetworkConfig().addAddress("127.0.0.1:" + member.getCluster().getLocalMember().getAddress().getPort());
        c.addNearCacheConfig(new NearCacheConfig(form.equals("compact") ? COMPACT_MAP : NAVPACK_MAP)
                .setInMemoryFormat(form.equals("view-binary") ? InMemoryFormat.BINARY : InMemoryFormat.OBJECT)
                .setEvictionConfig(new EvictionConfig().setEvictionPolicy(EvictionPolicy.NONE)
                        .setMaxSizePolicy(MaxSizePolicy.ENTRY_COUNT).setSize(Integer.MAX_VALUE)));
        return c;
    }

    private void check(Object value, Trade t) {
        if (value instanceof Data) {
            value = ((SerializationServiceSupport) client).getSerializationService().toObject(value);
        }
        if (value == null || !amount1(value).equals(t.amount1())) {
            throw new IllegalStateException(form + ": read " + value + " for " + t);
        }
    }

    private static BigDecimal amount1(Object value) {
        if (value instanceof TradeView) {
            return ((TradeView) value).amount1();
        }
        if (value instanceof Trade) {
            return ((Trade) value).amount1();
        }
        return ((CompactTrade) value).amount1();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (client != null) {
            client.shutdown();
        }
        cluster.close();
    }

    /** Per iteration: heap per entry of the near cache and of one value (bytes), and the fill time (s). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Facts {
        public double nearCacheHeap;
        public double valueHeap;
        public double fillSeconds;

        @TearDown(Level.Iteration)
        public void record(NearCacheBenchmark b) {
            nearCacheHeap = b.nearCacheHeap;
            valueHeap = b.valueHeap;
            fillSeconds = b.fillSeconds;
        }
    }

    /** A near-cache hit and one accessor. */
    @Benchmark
    public BigDecimal getAndRead(Facts facts) {
        int i = next;
        next = i + 1 == keys.length ? 0 : i + 1;
        return amount1(map.get(keys[i]));
    }
}
