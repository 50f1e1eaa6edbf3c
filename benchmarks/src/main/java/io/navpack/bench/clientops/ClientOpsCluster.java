package io.navpack.bench.clientops;

import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import com.acme.trading.TradeView;
import com.acme.trading.peers.CompactTrade;
import com.acme.trading.peers.CompactTradeSerializer;
import com.acme.trading.peers.IdsTrade;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.NearCacheConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.navpack.bench.clientops.member.CompactSetAmount;
import io.navpack.bench.clientops.member.IdsSetAmount;
import io.navpack.bench.clientops.member.MemberMain;
import io.navpack.bench.clientops.member.Processors;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.SetFieldProcessor;
import com.hazelcast.map.EntryProcessor;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The cluster of {@link io.navpack.bench.ClientOpsBenchmark}: two members, each in a JVM of its own on 127.0.0.1
 * (interface 127.0.0.1, {@code hazelcast.socket.bind.any=false}, TCP-IP join, multicast and phone-home off, Jet
 * off), and one client in this JVM; the map {@value #MAP} holds the trades of one format (BINARY, one backup,
 * Hazelcast's defaults), the map {@value #NEAR_MAP} {@value #NEAR_ENTRIES} of them under the client's near cache.
 *
 * <p>What each format's members have on their class path, besides Hazelcast and the benchmark's member launcher
 * ({@link MemberMain}, which ends the JVM when the benchmark's does):
 * <ul>
 *   <li>{@code navpack}, {@code navpack-view}: navpack's member jar ({@code navpack-member}), nothing of the trade;
 *       the entry processor is navpack's {@link SetFieldProcessor};</li>
 *   <li>{@code compact}: the benchmark's Compact entry processor ({@link CompactSetAmount}), nothing of the trade:
 *       members read the values as generic records;</li>
 *   <li>{@code ids}: the trade fixtures ({@link IdsTrade} and its factory) and the IDS entry processor
 *       ({@link IdsSetAmount}): an IDS value cannot be read without its class.</li>
 * </ul>
 * Member JVMs: {@code -Xms1g -Xmx1g}, the JDK of this JVM, the options Hazelcast asks for on JDK 9+, and
 * {@code -Dnavpack.bench.member.jvmArgs} (e.g. a flight recording) appended; logs and configuration under
 * {@code target/clientops/}. The members' jars are copied to {@code target/member-lib/} by the module's build.
 *
 * <p>One cluster lives per JVM ({@link #shared}): the benchmark's operations, run one after the other in one JVM
 * (JMH without forks, as {@code run.sh} runs them), share the cluster and its loaded map; a new format or size closes
 * it and starts another.
 */
public final class ClientOpsCluster implements AutoCloseable {
    /** The formats, as the benchmark's parameter names them. */
    public static final List<String> FORMATS = List.of("navpack", "navpack-view", "compact", "ids");
    /** The map of the trades. */
    public static final String MAP = "trades";
    /** The map under the client's near cache. */
    public static final String NEAR_MAP = "near";
    /** Entries of {@value #NEAR_MAP}. */
    public static final int NEAR_ENTRIES = 10_000;
    /** The value entry processors set {@code amount2} to. */
    public static final BigDecimal AMOUNT = new BigDecimal("1234567.89");
    /** The longest a member JVM lives. */
    private static final long MEMBER_MINUTES = 180;
    private static final long START_SECONDS = 180;
    private static final long LOAD_MINUTES = 20;
    private static final int LOAD_BATCH = 5_000;

    private static ClientOpsCluster shared;

    private final String format;
    private final int entries;
    private final List<MemberProcess> members = new ArrayList<>();
    private HazelcastInstance client;
    private double loadSeconds;

    private ClientOpsCluster(String format, int entries) {
        this.format = format;
        this.entries = entries;
    }

    /**
     * The cluster of this JVM for {@code format} with {@code entries} trades loaded, started (and loaded) on first
     * use; a cluster of another format or size is closed first. Closed when the JVM ends.
     */
    public static synchronized ClientOpsCluster shared(String format, int entries) {
        if (shared != null && shared.format.equals(format) && shared.entries == entries) {
            return shared;
        }
        if (shared != null) {
            shared.close();
            shared = null;
        } else {
            Runtime.getRuntime().addShutdownHook(new Thread(ClientOpsCluster::closeShared, "clientops-cluster-close"));
            closeAfterMain();
        }
        ClientOpsCluster c = new ClientOpsCluster(format, entries);
        try {
            c.start();
            c.load();
        } catch (RuntimeException | Error e) {
            c.close();
            throw e;
        }
        shared = c;
        return c;
    }

    /**
     * Closes the cluster when this JVM's main thread ends: JMH without forks returns from its main method when the
     * last operation is done, and the client's threads would keep the JVM alive.
     */
    private static void closeAfterMain() {
        Thread main = Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals("main")).findFirst()
                .orElse(null);
        if (main == null) {
            return;
        }
        Thread closer = new Thread(() -> {
            try {
                main.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            closeShared();
        }, "clientops-cluster-close-after-main");
        closer.setDaemon(true);
        closer.start();
    }

    private static synchronized void closeShared() {
        if (shared != null) {
            shared.close();
            shared = null;
        }
    }

    /** The trade for the map of {@code format}: the record itself for navpack, its Compact or IDS peer otherwise. */
    public static Function<Trade, Object> value(String format) {
        return switch (format) {
            case "navpack", "navpack-view" -> t -> t;
            case "compact" -> CompactTrade::of;
            case "ids" -> IdsTrade::of;
            default -> throw new IllegalArgumentException("unknown format " + format + "; one of " + FORMATS);
        };
    }

    /** The entry processor that sets {@code amount2} to {@link #AMOUNT} in the map of {@code format}. */
    public static EntryProcessor<Long, Object, Object> setAmount(String format) {
        return switch (format) {
            case "navpack", "navpack-view" -> new SetFieldProcessor<>("amount2", AMOUNT);
            case "compact" -> cast(new CompactSetAmount(AMOUNT));
            case "ids" -> cast(new IdsSetAmount(AMOUNT));
            default -> throw new IllegalArgumentException("unknown format " + format + "; one of " + FORMATS);
        };
    }

    @SuppressWarnings("unchecked")
    private static EntryProcessor<Long, Object, Object> cast(EntryProcessor<?, ?, ?> p) {
        return (EntryProcessor<Long, Object, Object>) p;
    }

    public HazelcastInstance client() {
        return client;
    }

    public IMap<Long, Object> map() {
        return client.getMap(MAP);
    }

    public IMap<Long, Object> nearMap() {
        return client.getMap(NEAR_MAP);
    }

    /** Seconds it took to load the map. */
    public double loadSeconds() {
        return loadSeconds;
    }

    private void start() {
        Path home = home();
        Path lib = home.resolve("member-lib");
        if (!Files.isDirectory(lib)) {
            throw new IllegalStateException(lib + " is missing: build the benchmarks with ./mvnw -pl benchmarks -am package,"
                    + " which copies the members' jars there");
        }
        Path work = home.resolve("clientops").resolve(format + "-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
        String cluster = "navpack-clientops-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        int[] ports = {freePort(), freePort()};
        try {
            Files.createDirectories(work);
            String classPath = memberClassPath(lib, work);
            // the first member starts alone and becomes the master, then the second joins it
            for (int i = 0; i < ports.length; i++) {
                Path xml = work.resolve("member-" + (i + 1) + ".xml");
                Files.writeString(xml, memberXml(cluster, ports[i], ports), StandardCharsets.UTF_8);
                members.add(MemberProcess.start("member-" + (i + 1), classPath, xml, MEMBER_MINUTES,
                        work.resolve("member-" + (i + 1) + ".log"), START_SECONDS));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        client = HazelcastClient.newHazelcastClient(clientConfig(cluster, ports));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
        while (client.getCluster().getMembers().size() != ports.length) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the members did not form one cluster of " + ports.length + " within "
                        + START_SECONDS + " s; logs in " + work);
            }
            sleep(100);
        }
    }

    /** The directory that holds the benchmarks' jar (or classes): {@code benchmarks/target}. */
    public static Path home() {
        try {
            Path code = Path.of(ClientOpsCluster.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return code.toAbsolutePath().getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Hazelcast, then what {@code format}'s members need (see the class description), then a directory with the
     * benchmark's member classes that this format's members use, copied out of this JVM's class path.
     */
    String memberClassPath(Path lib, Path work) throws IOException {
        List<String> jars = new ArrayList<>(List.of("hazelcast-\\d.*"));
        List<Class<?>> classes = new ArrayList<>(List.of(MemberMain.class));
        switch (format) {
            case "navpack", "navpack-view" -> jars.add("navpack-member-\\d.*");
            case "compact" -> classes.addAll(List.of(Processors.class, CompactSetAmount.class, IdsSetAmount.class));
            case "ids" -> {
                jars.addAll(List.of("navpack-fixtures-\\d.*", "navpack-format-.*-tests\\.jar"));
                classes.addAll(List.of(Processors.class, CompactSetAmount.class, IdsSetAmount.class));
            }
            default -> throw new IllegalArgumentException("unknown format " + format);
        }
        return memberClassPath(lib, work, jars, classes);
    }

    /**
     * A member class path: the jars of {@code lib} whose names match {@code jarPatterns}, then a directory under
     * {@code work} with {@code classes} copied out of this JVM's class path.
     */
    public static String memberClassPath(Path lib, Path work, List<String> jarPatterns, List<Class<?>> classes)
            throws IOException {
        List<String> entries = new ArrayList<>();
        List<Path> jars;
        try (Stream<Path> s = Files.list(lib)) {
            jars = s.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
        }
        for (String pattern : jarPatterns) {
            entries.add(jar(jars, pattern).toString());
        }
        Path dir = work.resolve("classes");
        for (Class<?> c : classes) {
            String name = c.getName().replace('.', '/') + ".class";
            Path to = dir.resolve(name);
            Files.createDirectories(dir.resolve(c.getPackageName().replace('.', '/')));
            try (InputStream in = ClientOpsCluster.class.getClassLoader().getResourceAsStream(name)) {
                if (in == null) {
                    throw new IllegalStateException("no " + name + " on the class path");
                }
                Files.copy(in, to);
            }
        }
        entries.add(dir.toString());
        return String.join(File.pathSeparator, entries);
    }

    private static Path jar(List<Path> jars, String pattern) {
        return jars.stream().filter(p -> p.getFileName().toString().matches(pattern)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no jar " + pattern + " among " + jars
                        + ": build the benchmarks with ./mvnw -pl benchmarks -am package"));
    }

    /** hazelcast.xml of a member on {@code port}; IDS members also register the trade's and the processors' factories. */
    String memberXml(String cluster, int port, int[] ports) {
        String factories = switch (format) {
            case "compact" -> factory(Processors.FACTORY_ID, Processors.class);
            case "ids" -> factory(IdsTrade.FACTORY_ID, IdsTrade.Factory.class) + factory(Processors.FACTORY_ID, Processors.class);
            default -> "";
        };
        return loopbackMemberXml(cluster, port, ports, "<jet enabled=\"false\"/>"
                + (factories.isEmpty() ? "" : "<serialization><data-serializable-factories>" + factories
                        + "</data-serializable-factories></serialization>")
                + "<map name=\"" + MAP + "\"><in-memory-format>BINARY</in-memory-format><backup-count>1</backup-count></map>"
                + "<map name=\"" + NEAR_MAP + "\"><in-memory-format>BINARY</in-memory-format><backup-count>1</backup-count>"
                + "</map>");
    }

    /**
     * hazelcast.xml of a benchmark member on {@code port} of 127.0.0.1 only (interface 127.0.0.1,
     * {@code hazelcast.socket.bind.any=false}, TCP-IP join to {@code ports}, multicast, auto-detection and phone-home
     * off), with {@code more} (Jet, serialization, maps) after its network.
     */
    public static String loopbackMemberXml(String cluster, int port, int[] ports, String more) {
        StringBuilder join = new StringBuilder();
        for (int p : ports) {
            join.append("<member>127.0.0.1:").append(p).append("</member>");
        }
        return "<hazelcast xmlns=\"http://www.hazelcast.com/schema/config\">"
                + "<cluster-name>" + cluster + "</cluster-name>"
                + "<properties>"
                + "<property name=\"hazelcast.phone.home.enabled\">false</property>"
                + "<property name=\"hazelcast.socket.bind.any\">false</property>"
                + "<property name=\"hazelcast.local.localAddress\">127.0.0.1</property>"
                + "<property name=\"hazelcast.logging.type\">jdk</property>"
                + "</properties>"
                + "<network><port auto-increment=\"false\">" + port + "</port>"
                + "<join><auto-detection enabled=\"false\"/><multicast enabled=\"false\"/>"
                + "<tcp-ip enabled=\"true\">" + join + "</tcp-ip></join>"
                + "<interfaces enabled=\"true\"><interface>127.0.0.1</interface></interfaces></network>"
                + more
                + "</hazelcast>";
    }

    private static String factory(int id, Class<?> c) {
        return "<data-serializable-factory factory-id=\"" + id + "\">" + c.getName() + "</data-serializable-factory>";
    }

    /**
     * The client: 127.0.0.1 only, phone-home off, smart routing (Hazelcast's default); navpack configured for the trade
     * (read as the record, or as a {@link TradeView} for {@code navpack-view}), Compact with its explicit serializer,
     * IDS with its factory; a near cache (Hazelcast's defaults: BINARY, invalidated on change) on {@value #NEAR_MAP}.
     */
    ClientConfig clientConfig(String cluster, int[] ports) {
        ClientConfig c = new ClientConfig();
        switch (format) {
            case "navpack" -> NavpackConfig.of(Trade.class).applyTo(c);
            case "navpack-view" -> NavpackConfig.of(Trade.class).view("Trade", TradeView.class).applyTo(c);
            case "compact" -> {
                c.getSerializationConfig().getCompactSerializationConfig().addSerializer(new CompactTradeSerializer());
                c.getSerializationConfig().addDataSerializableFactory(Processors.FACTORY_ID, new Processors());
            }
            case "ids" -> {
                c.getSerializationConfig().addDataSerializableFactory(IdsTrade.FACTORY_ID, new IdsTrade.Factory());
                c.getSerializationConfig().addDataSerializableFactory(Processors.FACTORY_ID, new Processors());
            }
            default -> throw new IllegalArgumentException("unknown format " + format);
        }
        c.setClusterName(cluster);
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.setProperty("hazelcast.logging.type", "jdk");
        for (int p : ports) {
            c.getNetworkConfig().addAddress("127.0.0.1:" + p);
        }
        c.getConnectionStrategyConfig().getConnectionRetryConfig().setClusterConnectTimeoutMillis(START_SECONDS * 1000);
        c.addNearCacheConfig(new NearCacheConfig(NEAR_MAP));
        return c;
    }

    /** Puts trades 1 to {@code entries} ({@link TradeGenerator#trade}) into {@value #MAP}, and the first into {@value #NEAR_MAP}. */
    private void load() {
        long t0 = System.nanoTime();
        Function<Trade, Object> value = value(format);
        IMap<Long, Object> map = map();
        long deadline = t0 + TimeUnit.MINUTES.toNanos(LOAD_MINUTES);
        List<CompletionStage<Void>> pending = new ArrayList<>();
        for (long from = 1; from <= entries; from += LOAD_BATCH) {
            Map<Long, Object> batch = new HashMap<>();
            for (long id = from; id < from + LOAD_BATCH && id <= entries; id++) {
                batch.put(id, value.apply(TradeGenerator.trade(id)));
            }
            pending.add(map.putAllAsync(batch));
            if (pending.size() == 4) {
                await(pending.remove(0), deadline);
            }
        }
        for (CompletionStage<Void> p : pending) {
            await(p, deadline);
        }
        Map<Long, Object> near = new HashMap<>();
        for (long id = 1; id <= Math.min(NEAR_ENTRIES, entries); id++) {
            near.put(id, value.apply(TradeGenerator.trade(id)));
        }
        nearMap().putAll(near);
        loadSeconds = (System.nanoTime() - t0) / 1e9;
        int size = map.size();
        if (size != entries) {
            throw new IllegalStateException(format + ": " + size + " entries after loading " + entries);
        }
        System.out.printf(Locale.ROOT, "%n# %s: %,d trades loaded in %.1f s%n", format, entries, loadSeconds);
    }

    private static void await(CompletionStage<Void> stage, long deadline) {
        try {
            stage.toCompletableFuture().get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("loading the trades failed or took over " + LOAD_MINUTES + " minutes", e);
        }
    }

    public static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        if (client != null) {
            client.shutdown();
            client = null;
        }
        for (MemberProcess m : members) {
            m.close();
        }
        members.clear();
    }
}
