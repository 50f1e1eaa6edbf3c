package io.navpack.bench.scan;

import com.acme.trading.Trade;
import com.acme.trading.peers.CompactTrade;
import com.acme.trading.peers.CompactTradeSerializer;
import com.acme.trading.peers.IdsTrade;
import com.hazelcast.config.AttributeConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.MapConfig;
import com.hazelcast.config.MetadataPolicy;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.query.Predicate;
import com.hazelcast.query.Predicates;
import io.navpack.hazelcast.NavpackPredicates;
import io.navpack.bench.codec.ids.IdsFactory;
import io.navpack.extract.NavpackExtractor;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.ReadMode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import com.hazelcast.cluster.Member;

/**
 * An embedded Hazelcast cluster for the scan-query benchmark: members in this JVM on 127.0.0.1, TCP-IP
 * join, multicast off, phone-home and Jet off, and four maps holding the same trades in four ways
 * (no backups, no indexes):
 *
 * <ul>
 *   <li>{@code navpack}: BINARY, navpack values read as {@code PackedRecord} views on the members
 *       (read mode {@code record}), queried through the attribute {@code nav} ({@link NavpackExtractor});</li>
 *   <li>{@code navpack-plain}: the same map queried by plain field names;</li>
 *   <li>{@code navpack-object}: OBJECT in-memory format holding the views, no JSON metadata
 *       ({@code metadata-policy: OFF}), queried by plain field names: the configuration the user guide
 *       recommends for navpack maps that are scanned;</li>
 *   <li>{@code navpack-predicate}: the same as {@code navpack-object}, queried with the same predicate wrapped in
 *       {@link NavpackPredicates#of}: navpack reads the attributes instead of Hazelcast's getters;</li>
 *   <li>{@code ids}: BINARY, the hand-written {@link IdsTrade};</li>
 *   <li>{@code compact}: BINARY, {@link CompactTrade} with its explicit Compact serializer;</li>
 *   <li>{@code compact-nometa}: the same with {@code metadata-policy: OFF}, navpack's setting, for comparison;</li>
 *   <li>{@code object}: OBJECT in-memory format, {@link IdsTrade} objects.</li>
 * </ul>
 */
public final class ScanCluster implements AutoCloseable {
    /** Map names, one per format. */
    public static final List<String> FORMATS = List.of("navpack", "navpack-plain", "navpack-object", "navpack-predicate", "ids",
            "compact", "compact-nometa", "object");
    /** The query's amount threshold. */
    public static final BigDecimal AMOUNT = new BigDecimal("100000000");
    /** The query's currency. */
    public static final String CURRENCY = "EUR";

    private static final Logger HAZELCAST_LOG = Logger.getLogger("com.hazelcast");

    private final List<HazelcastInstance> members = new ArrayList<>();

    private ScanCluster() {
    }

    /** Starts {@code count} members and waits until they form one cluster. */
    public static ScanCluster start(int count) {
        return start(count, c -> { });
    }

    /** Starts {@code count} members, each configured by {@link #memberConfig} and then {@code customizer}. */
    public static ScanCluster start(int count, Consumer<Config> customizer) {
        HAZELCAST_LOG.setLevel(Level.WARNING);
        ScanCluster c = new ScanCluster();
        int[] ports = new int[count];
        for (int i = 0; i < count; i++) {
            ports[i] = freePort();
        }
        String name = "navpack-scan-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        // the first member starts alone and becomes the master, the others then join it together: members
        // that all start at once can each elect themselves and form separate clusters
        ExecutorService starters = Executors.newFixedThreadPool(count);
        try {
            Config first = memberConfig(name, ports[0], ports);
            customizer.accept(first);
            c.members.add(Hazelcast.newHazelcastInstance(first));
            List<Future<HazelcastInstance>> started = new ArrayList<>();
            for (int i = 1; i < count; i++) {
                int port = ports[i];
                started.add(starters.submit(() -> {
                    Config config = memberConfig(name, port, ports);
                    customizer.accept(config);
                    return Hazelcast.newHazelcastInstance(config);
                }));
            }
            for (Future<HazelcastInstance> f : started) {
                c.members.add(f.get());
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (c.members.stream().anyMatch(m -> m.getCluster().getMembers().size() != count)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("members did not form one cluster of " + count + " within 60 s");
                }
                Thread.sleep(50);
            }
        } catch (Exception e) {
            c.close();
            throw e instanceof IllegalStateException ise ? ise : new IllegalStateException("cluster did not start", e);
        } finally {
            starters.shutdown();
        }
        return c;
    }

    static Config memberConfig(String clusterName, int port, int[] ports) {
        Config c = NavpackConfig.of(Trade.class).readMode(ReadMode.RECORD).applyTo(new Config());
        c.setClusterName(clusterName);
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.setProperty("hazelcast.logging.type", "jdk");
        c.getJetConfig().setEnabled(false);
        c.getNetworkConfig().setPort(port).setPortAutoIncrement(false);
        c.getNetworkConfig().getInterfaces().setEnabled(true).addInterface("127.0.0.1");
        c.setProperty("hazelcast.local.localAddress", "127.0.0.1");
        c.setProperty("hazelcast.socket.bind.any", "false");
        JoinConfig join = c.getNetworkConfig().getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true);
        for (int p : ports) {
            join.getTcpIpConfig().addMember("127.0.0.1:" + p);
        }
        c.getSerializationConfig().addDataSerializableFactory(IdsFactory.FACTORY_ID, new IdsFactory());
        c.getSerializationConfig().getCompactSerializationConfig().addSerializer(new CompactTradeSerializer());
        c.addMapConfig(new MapConfig("navpack").setInMemoryFormat(InMemoryFormat.BINARY).setBackupCount(0)
                .addAttributeConfig(new AttributeConfig("nav", NavpackExtractor.class.getName())));
        c.addMapConfig(new MapConfig("navpack-plain").setInMemoryFormat(InMemoryFormat.BINARY).setBackupCount(0));
        c.addMapConfig(new MapConfig("navpack-object").setInMemoryFormat(InMemoryFormat.OBJECT).setBackupCount(0)
                .setMetadataPolicy(MetadataPolicy.OFF));
        c.addMapConfig(new MapConfig("navpack-predicate").setInMemoryFormat(InMemoryFormat.OBJECT).setBackupCount(0)
                .setMetadataPolicy(MetadataPolicy.OFF));
        c.addMapConfig(new MapConfig("ids").setInMemoryFormat(InMemoryFormat.BINARY).setBackupCount(0));
        c.addMapConfig(new MapConfig("compact").setInMemoryFormat(InMemoryFormat.BINARY).setBackupCount(0));
        c.addMapConfig(new MapConfig("compact-nometa").setInMemoryFormat(InMemoryFormat.BINARY).setBackupCount(0)
                .setMetadataPolicy(MetadataPolicy.OFF));
        c.addMapConfig(new MapConfig("object").setInMemoryFormat(InMemoryFormat.OBJECT).setBackupCount(0));
        return c;
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public HazelcastInstance member(int i) {
        return members.get(i);
    }

    /**
     * The map of {@code format}, through the youngest member. A query issued on a member runs that
     * member's part in the calling thread when the member's turn comes in the member list (oldest
     * first), and only then sends the request to the members after it: from the oldest member the parts
     * would run one after the other, from the youngest they run in parallel, as from a client.
     */
    public IMap<Long, Object> map(String format) {
        if (!FORMATS.contains(format)) {
            throw new IllegalArgumentException("unknown format " + format + "; one of " + FORMATS);
        }
        return youngest().getMap(format);
    }

    /** The member that joined the cluster last. */
    public HazelcastInstance youngest() {
        Member last = null;
        for (Member m : members.get(0).getCluster().getMembers()) {
            last = m;
        }
        for (HazelcastInstance hz : members) {
            if (hz.getCluster().getLocalMember().getUuid().equals(last.getUuid())) {
                return hz;
            }
        }
        throw new IllegalStateException("no member of this JVM is the cluster's youngest");
    }

    /** The value stored for {@code trade} in the map of {@code format}. */
    public static Function<Trade, Object> value(String format) {
        switch (format) {
            case "navpack":
            case "navpack-plain":
            case "navpack-object":
            case "navpack-predicate": return t -> t;
            case "compact":
            case "compact-nometa": return CompactTrade::of;
            default: return IdsTrade::of;
        }
    }

    /**
     * {@code currency1 = 'EUR' and amount1 > 100000000} over the map of {@code format}: on
     * {@code nav[...]} for the map {@code navpack}, on the plain field names for the others, wrapped in
     * {@link NavpackPredicates#of} for {@code navpack-predicate}.
     */
    public static Predicate<Long, Object> query(String format) {
        String prefix = format.equals("navpack") ? "nav[" : "";
        String suffix = format.equals("navpack") ? "]" : "";
        Predicate<Long, Object> p = Predicates.and(Predicates.equal(prefix + "currency1" + suffix, CURRENCY),
                Predicates.greaterThan(prefix + "amount1" + suffix, AMOUNT));
        return format.equals("navpack-predicate") ? NavpackPredicates.of(p) : p;
    }

    /** How many of {@code trades} the query matches. */
    public static int expected(List<Trade> trades) {
        int n = 0;
        for (Trade t : trades) {
            if (t.currency1().equals(CURRENCY) && t.amount1().compareTo(AMOUNT) > 0) {
                n++;
            }
        }
        return n;
    }

    /** Puts {@code trades} into the map of {@code format} (keys: the trade ids), in batches. */
    public void load(String format, List<Trade> trades) {
        IMap<Long, Object> map = map(format);
        Function<Trade, Object> value = value(format);
        Map<Long, Object> batch = new HashMap<>();
        for (Trade t : trades) {
            batch.put(t.id(), value.apply(t));
            if (batch.size() == 5_000) {
                map.putAll(batch);
                batch.clear();
            }
        }
        if (!batch.isEmpty()) {
            map.putAll(batch);
        }
    }

    /**
     * Heap in use after collection: every heap pool's usage after the last collection, following four
     * {@code System.gc()} calls (as the index sizer's accuracy test measures it).
     */
    public static long usedHeapAfterGc() {
        for (int i = 0; i < 4; i++) {
            System.gc();
        }
        long used = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                MemoryUsage u = pool.getCollectionUsage();
                if (u != null) {
                    used += u.getUsed();
                }
            }
        }
        return used;
    }

    @Override
    public void close() {
        for (HazelcastInstance m : members) {
            m.getLifecycleService().terminate();
        }
        members.clear();
    }
}
