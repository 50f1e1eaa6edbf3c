package io.navpack.coherence;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * A Coherence CE cluster of storage members in JVMs of their own ({@code DefaultCacheServer}), on loopback only:
 * well-known address 127.0.0.1 on a free port, {@code coherence.localhost=127.0.0.1}, TTL 0, and a cluster name
 * of its own, so that parallel runs never meet. By default the members' class path holds Coherence and navpack's
 * main classes (never the test's domain classes) and the member-side test tasks, and the navpack agent
 * ({@code navpack.agent.jar}). The JVM that starts it joins as a storage-disabled member
 * ({@link #joinAsApplication}). The benchmarks use it too, with their own configuration and class path.
 */
public final class CoherenceCluster implements AutoCloseable {
    /** The tests' cache configuration (a resource). */
    public static final String CACHE_CONFIG = "navpack-test-cache-config.xml";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

    private final String name;
    private final int port;
    private final Path workDir;
    private final List<Member> members = new ArrayList<>();
    private String cacheConfig = CACHE_CONFIG;
    private String classPath;
    private String agent = System.getProperty("navpack.agent.jar");
    private List<String> jvmOptions = List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
    private final Map<String, String> extra = new LinkedHashMap<>();

    private CoherenceCluster(String name, int port, Path workDir) {
        this.name = name;
        this.port = port;
        this.workDir = workDir;
    }

    /** A cluster named after {@code test}, with {@code storageMembers} members started with the tests' settings. */
    public static CoherenceCluster start(String test, int storageMembers) {
        CoherenceCluster c = create(test);
        for (int i = 0; i < storageMembers; i++) {
            c.startMember("member" + (i + 1));
        }
        return c;
    }

    /** A cluster named after {@code test}, no member started yet: configure it, then {@link #startMember}. */
    public static CoherenceCluster create(String test) {
        try {
            String id = UUID.randomUUID().toString().substring(0, 8);
            Path dir = Files.createDirectories(Path.of("target", "coherence", test + "-" + id)).toAbsolutePath();
            return new CoherenceCluster("navpack-" + test + "-" + id, freePort(), dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The cache configuration (a resource on this JVM's class path) of every JVM of the cluster. */
    public CoherenceCluster cacheConfig(String resource) {
        this.cacheConfig = resource;
        return this;
    }

    /** The members' class path (default: Coherence, navpack's main classes and the member-side test tasks). */
    public CoherenceCluster classPath(String classPath) {
        this.classPath = classPath;
        return this;
    }

    /** The members' {@code -javaagent} jar (null: none). */
    public CoherenceCluster agent(String jar) {
        this.agent = jar;
        return this;
    }

    /** The members' JVM options (heap, collector). */
    public CoherenceCluster jvmOptions(String... options) {
        this.jvmOptions = List.of(options);
        return this;
    }

    /** A system property of every JVM of the cluster. */
    public CoherenceCluster property(String key, String value) {
        extra.put(key, value);
        return this;
    }

    public String name() {
        return name;
    }

    public Path workDir() {
        return workDir;
    }

    /** The system properties every JVM of this cluster runs with. */
    public Map<String, String> properties(boolean storage) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("coherence.cluster", name);
        p.put("coherence.clusterport", String.valueOf(port));
        p.put("coherence.wka", "127.0.0.1");
        p.put("coherence.localhost", "127.0.0.1");
        p.put("coherence.ttl", "0");
        p.put("coherence.cacheconfig", configFile().toString());
        p.put("coherence.distributed.localstorage", String.valueOf(storage));
        p.put("coherence.log.level", "4");
        p.put("coherence.management.http", "none");
        p.put("coherence.metrics.http.enabled", "false");
        p.put("java.net.preferIPv4Stack", "true");
        p.putAll(extra);
        return p;
    }

    private Path configFile() {
        Path file = workDir.resolve(Path.of(cacheConfig).getFileName().toString());
        if (!Files.exists(file)) {
            try (var in = CoherenceCluster.class.getResourceAsStream("/" + cacheConfig)) {
                if (in == null) {
                    throw new IllegalArgumentException("no resource " + cacheConfig);
                }
                Files.copy(in, file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return file;
    }

    /** Makes this JVM a storage-disabled member of the cluster (before Coherence is first used here). */
    public void joinAsApplication(String navpackClasses) {
        properties(false).forEach(System::setProperty);
        if (navpackClasses != null) {
            System.setProperty(CoherenceSettings.CLASSES, navpackClasses);
        }
    }

    /** Starts one more storage member, named {@code member}, and waits until it has started. */
    public Member startMember(String member) {
        return startMember(member, Map.of(), "com.tangosol.net.DefaultCacheServer");
    }

    /**
     * Starts a JVM of this cluster running {@code mainClass} (and its arguments, after spaces) with extra system
     * properties: a storage member for {@code DefaultCacheServer}, otherwise an application JVM on this JVM's class
     * path that says READY when it has joined.
     */
    public Member startMember(String member, Map<String, String> props, String mainClass) {
        try {
            Path log = workDir.resolve(member + ".log");
            List<String> cmd = new ArrayList<>();
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            cmd.addAll(jvmOptions);
            if (agent != null && !agent.isBlank()) {
                cmd.add("-javaagent:" + agent + "=quiet");
            }
            boolean storage = mainClass.endsWith("DefaultCacheServer");
            Map<String, String> all = new LinkedHashMap<>(properties(storage));
            all.put("coherence.member", member);
            all.putAll(props);
            all.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
            cmd.add("-cp");
            cmd.add(!storage ? System.getProperty("java.class.path") : classPath != null ? classPath : memberClassPath(workDir));
            cmd.addAll(List.of(mainClass.split(" ")));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            Member m = new Member(member, p, log);
            members.add(m);
            m.awaitLog(storage ? "Started DefaultCacheServer" : "READY", START_TIMEOUT);
            return m;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Coherence and navpack's main classes or jars, and the member-side test tasks ({@code io.navpack.coherence.member},
     * copied out of the test classes): no domain class.
     */
    static String memberClassPath(Path workDir) throws IOException {
        List<String> entries = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String file = Path.of(e).getFileName().toString();
            boolean coherence = file.matches("coherence-\\d[^/]*\\.jar");
            boolean navpack = file.matches("navpack-[a-z-]+-\\d[^/]*\\.jar") && !file.endsWith("-tests.jar");
            boolean mainClasses = e.endsWith(File.separator + "classes") && !e.endsWith("test-classes");
            if (coherence || navpack || mainClasses) {
                entries.add(e);
            }
        }
        Path tasks = workDir.resolve("member-tasks");
        Path from = Path.of(CoherenceCluster.class.getProtectionDomain().getCodeSource().getLocation().getPath())
                .resolve("io/navpack/coherence/member");
        Path to = Files.createDirectories(tasks.resolve("io/navpack/coherence/member"));
        try (java.util.stream.Stream<Path> files = Files.list(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, to.resolve(f.getFileName().toString()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        entries.add(tasks.toString());
        return String.join(File.pathSeparator, entries);
    }

    public List<Member> members() {
        return members;
    }

    @Override
    public void close() {
        for (Member m : members) {
            m.kill();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** One member JVM. */
    public static final class Member {
        private final String name;
        private final Process process;
        private final Path log;

        Member(String name, Process process, Path log) {
            this.name = name;
            this.process = process;
            this.log = log;
        }

        public String name() {
            return name;
        }

        public long pid() {
            return process.pid();
        }

        String logText() {
            try {
                return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
            } catch (IOException e) {
                return "";
            }
        }

        public void awaitLog(String text, Duration timeout) {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (!logText().contains(text)) {
                if (!process.isAlive()) {
                    throw new IllegalStateException(name + " ended before it said '" + text + "':\n" + tail());
                }
                if (System.nanoTime() > deadline) {
                    kill();
                    throw new IllegalStateException(name + " did not say '" + text + "' within " + timeout + ":\n" + tail());
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
        }

        String tail() {
            String t = logText();
            return t.length() > 6000 ? t.substring(t.length() - 6000) : t;
        }

        /** Kills the JVM at once (kill -9) and waits for it to end. */
        public void kill() {
            process.destroyForcibly();
            try {
                process.waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        public boolean alive() {
            return process.isAlive();
        }
    }
}
