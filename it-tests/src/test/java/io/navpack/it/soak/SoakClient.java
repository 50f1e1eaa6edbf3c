package io.navpack.it.soak;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.core.HazelcastInstance;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * A soak client in its own JVM: connects to the cluster with version 1 or 2 of the value classes of both formats,
 * writes its owners' keys once (first generation), then runs the load on command. It takes commands on standard
 * input ({@code run}, {@code pause}, {@code resume}, {@code check N}, {@code stop}) and answers on standard output
 * with lines that start with {@value #PREFIX}; Hazelcast's log and samples of failures go to standard error.
 *
 * <p>Files in {@code out}: each owner's write log ({@link AckLog}), {@code latency-NAME-gG.hlog} (every second,
 * per format and operation, an HdrHistogram of the latencies in microseconds) and {@code counts-NAME-gG.csv}
 * (every second, per format and operation, the outcomes).
 */
public final class SoakClient {
    static final String PREFIX = "soak> ";

    /** What a client is told on its command line. */
    record Settings(String name, int slot, int generation, boolean v2, String clusterName, List<String> members, Path out,
                    int keys, int owners, int threads, long seed, long queryCacheWaitMillis) {

        static Settings parse(String[] args) {
            Map<String, String> a = new LinkedHashMap<>();
            for (String arg : args) {
                int eq = arg.indexOf('=');
                a.put(arg.substring(0, eq), arg.substring(eq + 1));
            }
            return new Settings(a.get("name"), Integer.parseInt(a.get("slot")), Integer.parseInt(a.get("generation")),
                    Boolean.parseBoolean(a.get("v2")), a.get("cluster"), Arrays.asList(a.get("members").split(",")), Path.of(a.get("out")),
                    Integer.parseInt(a.get("keys")), Integer.parseInt(a.get("owners")), Integer.parseInt(a.get("threads")),
                    Long.parseLong(a.get("seed")), Long.parseLong(a.get("queryCacheWaitMillis")));
        }

        List<String> toArgs() {
            return List.of("name=" + name, "slot=" + slot, "generation=" + generation, "v2=" + v2, "cluster=" + clusterName,
                    "members=" + String.join(",", members), "out=" + out, "keys=" + keys, "owners=" + owners, "threads=" + threads,
                    "seed=" + seed, "queryCacheWaitMillis=" + queryCacheWaitMillis);
        }

        String tag() {
            return name + "-g" + generation;
        }
    }

    private final Settings settings;
    private final HazelcastInstance hz;
    private final Map<SoakFormat, Map<Op, OpStats>> stats = new EnumMap<>(SoakFormat.class);
    private final List<Worker> workers = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean stopping;
    private volatile boolean paused;
    private final AtomicInteger checkRequested = new AtomicInteger();
    private final Map<Integer, List<String>> checkResults = new ConcurrentHashMap<>();
    private final java.util.Set<String> idleWorkers = ConcurrentHashMap.newKeySet();
    private final Map<String, AtomicLong> sampled = new ConcurrentHashMap<>();
    private volatile String died;

    private SoakClient(Settings settings) {
        this.settings = settings;
        ClientConfig config = new ClientConfig();
        config.setClusterName(settings.clusterName());
        config.setInstanceName(settings.tag());
        config.getNetworkConfig().setAddresses(settings.members()).setConnectionTimeout(5_000);
        config.getConnectionStrategyConfig().getConnectionRetryConfig()
                .setClusterConnectTimeoutMillis(120_000).setInitialBackoffMillis(250).setMaxBackoffMillis(2_000);
        config.setProperty("hazelcast.client.invocation.timeout.seconds", "60");
        config.setProperty("hazelcast.client.heartbeat.interval", "2000");
        config.setProperty("hazelcast.client.heartbeat.timeout", "10000");
        // a write is acknowledged only when its backup is: by default a client reports success 5 s after a write
        // whose backup never came (its owner died first), and such a write is lost when the backup is promoted
        config.setProperty("hazelcast.client.operation.fail.on.indeterminate.state", "true");
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setProperty("hazelcast.logging.type", "slf4j");
        SoakFormat.configure(config, settings.v2());
        this.hz = HazelcastClient.newHazelcastClient(config);
        for (SoakFormat format : SoakFormat.values()) {
            stats.put(format, Worker.newStats());
        }
    }

    public static void main(String[] args) throws Exception {
        Settings settings = Settings.parse(args);
        Files.createDirectories(settings.out());
        SoakClient client;
        try {
            client = new SoakClient(settings);
            client.prepare();
        } catch (Throwable t) {
            t.printStackTrace();
            say("failed " + t);
            System.exit(1);
            return;
        }
        say("ready");
        client.commands();
        System.exit(0);
    }

    private void prepare() throws InterruptedException {
        int owners = settings.owners();
        for (SoakFormat format : SoakFormat.values()) {
            for (int t = 0; t < settings.threads(); t++) {
                int owner = settings.slot() * settings.threads() + t;
                List<Long> own = new ArrayList<>();
                for (long key = 1; key <= settings.keys(); key++) {
                    if (key % owners == owner) {
                        own.add(key);
                    }
                }
                workers.add(new Worker(this, format, owner, own.stream().mapToLong(Long::longValue).toArray(), stats.get(format), t == 0));
            }
        }
        List<Thread> preparing = new ArrayList<>();
        List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
        for (Worker w : workers) {
            Thread t = new Thread(() -> {
                try {
                    w.prepare();
                } catch (Throwable e) {
                    failures.add(e);
                }
            }, "prepare-" + w.name());
            t.start();
            preparing.add(t);
        }
        for (Thread t : preparing) {
            t.join();
        }
        if (!failures.isEmpty()) {
            throw new IllegalStateException("preparing failed", failures.get(0));
        }
        if (settings.generation() > 1) {
            for (SoakFormat format : SoakFormat.values()) {
                hz.getSql().execute(format.mapping(settings.v2())).close();
            }
        }
    }

    private void commands() throws IOException, InterruptedException {
        Thread reporter = new Thread(this::report, "reporter");
        reporter.setDaemon(true);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        boolean told = false;
        for (String line; (line = in.readLine()) != null; ) {
            line = line.trim();
            if (line.equals("run")) {
                reporter.start();
                for (Worker w : workers) {
                    Thread t = new Thread(w, "worker-" + w.name());
                    t.start();
                    threads.add(t);
                }
                say("running " + workers.size() + " workers");
            } else if (line.equals("pause")) {
                idleWorkers.clear();
                paused = true;
                long deadline = System.nanoTime() + 120_000_000_000L;
                while (idleWorkers.size() < liveWorkers() && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                say("paused");
            } else if (line.equals("resume")) {
                paused = false;
                idleWorkers.clear();
                say("resumed");
            } else if (line.startsWith("check ")) {
                int id = Integer.parseInt(line.substring(6).trim());
                checkRequested.set(id);
                long deadline = System.nanoTime() + 600_000_000_000L;
                while (checkResults.getOrDefault(id, List.of()).size() < liveWorkers() && System.nanoTime() < deadline) {
                    Thread.sleep(50);
                }
                for (String result : checkResults.getOrDefault(id, List.of())) {
                    say("check " + id + " " + result);
                }
                say("checked " + id);
            } else if (line.equals("stop")) {
                told = true;
                break;
            }
        }
        stopping = true;
        // told to stop: let every operation finish (its outcome goes to the write log); the test JVM gone: leave soon
        long deadline = System.nanoTime() + (told ? 120_000_000_000L : 10_000_000_000L);
        for (Thread t : threads) {
            t.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
        }
        Thread.sleep(1_100);
        say("stopped" + (died == null ? "" : " (a worker died: " + died + ")"));
        hz.shutdown();
    }

    private int liveWorkers() {
        return threads.isEmpty() ? workers.size() : (int) threads.stream().filter(Thread::isAlive).count();
    }

    /** Every second: per format and operation, the latency histogram and the outcome counts of that second. */
    private void report() {
        Path latency = settings.out().resolve("latency-" + settings.tag() + ".hlog");
        Path counts = settings.out().resolve("counts-" + settings.tag() + ".csv");
        Map<String, long[]> previous = new LinkedHashMap<>();
        try (BufferedWriter lat = Files.newBufferedWriter(latency, StandardCharsets.UTF_8);
             BufferedWriter cnt = Files.newBufferedWriter(counts, StandardCharsets.UTF_8)) {
            cnt.write("epochSecond,format,op," + OpStats.COUNT_COLUMNS + "\n");
            ByteBuffer buffer = ByteBuffer.allocate(1 << 20);
            while (true) {
                long now = System.currentTimeMillis();
                Thread.sleep(1_000 - now % 1_000);
                long second = System.currentTimeMillis() / 1_000 - 1;
                for (Map.Entry<SoakFormat, Map<Op, OpStats>> f : stats.entrySet()) {
                    for (Map.Entry<Op, OpStats> o : f.getValue().entrySet()) {
                        String tag = f.getKey().label() + "/" + o.getKey().label();
                        Histogram h = o.getValue().interval();
                        if (h.getTotalCount() > 0) {
                            buffer.clear();
                            int length = h.encodeIntoCompressedByteBuffer(buffer);
                            lat.write(tag + "," + h.getStartTimeStamp() + "," + h.getEndTimeStamp() + ","
                                    + Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length)) + "\n");
                        }
                        long[] c = o.getValue().counts();
                        long[] p = previous.getOrDefault(tag, new long[c.length]);
                        StringBuilder line = new StringBuilder().append(second).append(',').append(f.getKey().label()).append(',')
                                .append(o.getKey().label());
                        boolean any = false;
                        for (int i = 0; i < c.length; i++) {
                            line.append(',').append(c[i] - p[i]);
                            any |= c[i] != p[i];
                        }
                        previous.put(tag, c);
                        if (any) {
                            cnt.write(line.append('\n').toString());
                        }
                    }
                }
                lat.flush();
                cnt.flush();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static synchronized void say(String line) {
        System.out.println(PREFIX + line);
        System.out.flush();
    }

    // --- what workers use

    Settings settings() {
        return settings;
    }

    HazelcastInstance hazelcast() {
        return hz;
    }

    boolean stopping() {
        return stopping;
    }

    boolean paused() {
        return paused;
    }

    /** A paused worker reports that it waits; it sleeps a little. */
    void idle(String worker) {
        idleWorkers.add(worker);
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    int checkRequested() {
        return checkRequested.get();
    }

    void checked(int id, Map<String, String> result) {
        StringBuilder line = new StringBuilder();
        result.forEach((k, v) -> line.append(' ').append(k).append('=').append(v));
        checkResults.computeIfAbsent(id, k -> new java.util.concurrent.CopyOnWriteArrayList<>()).add(line.toString().trim());
    }

    void workerDied(String worker, Throwable t) {
        died = worker + ": " + t;
    }

    /** Logs the first 20 failures of each kind with their stack trace, then one line in 1000. */
    void sample(String what, Throwable e) {
        String kind = what + " " + e.getClass().getSimpleName();
        long n = sampled.computeIfAbsent(kind, k -> new AtomicLong()).incrementAndGet();
        if (n <= 20) {
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            System.err.println("[soak " + java.time.Instant.now() + "] " + what + " (#" + n + "): " + trace);
        } else if (n % 1000 == 0) {
            System.err.println("[soak " + java.time.Instant.now() + "] " + what + ": " + n + " so far; last " + e);
        }
    }

    void sampleText(String text) {
        String kind = text.length() > 40 ? text.substring(0, 40) : text;
        long n = sampled.computeIfAbsent(kind, k -> new AtomicLong()).incrementAndGet();
        if (n <= 50) {
            System.err.println("[soak " + java.time.Instant.now() + "] " + text);
        }
    }
}
