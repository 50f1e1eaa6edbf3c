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
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * A Coherence CE cluster of storage members in JVMs of their own ({@code DefaultCacheServer}), on loopback only:
 * well-known address 127.0.0.1 on a free port, {@code coherence.localhost=127.0.0.1}, TTL 0, and a cluster name
 * of its own, so that parallel runs never meet. The members' class path holds Coherence and navpack's main classes
 * (never the test's domain classes), and the navpack agent. The JVM of the test joins as a storage-disabled member
 * ({@link #joinAsApplication}).
 */
final class CoherenceCluster implements AutoCloseable {
    static final String CACHE_CONFIG = "navpack-test-cache-config.xml";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    final String name;
    final int port;
    final Path workDir;
    private final List<Member> members = new ArrayList<>();

    private CoherenceCluster(String name, int port, Path workDir) {
        this.name = name;
        this.port = port;
        this.workDir = workDir;
    }

    /** A cluster named after {@code test}, with {@code storageMembers} members started. */
    static CoherenceCluster start(String test, int storageMembers) {
        try {
            Path dir = Files.createDirectories(Path.of("target", "coherence", test + "-" + UUID.randomUUID().toString().substring(0, 8)));
            CoherenceCluster c = new CoherenceCluster("navpack-" + test + "-" + UUID.randomUUID().toString().substring(0, 8),
                    freePort(), dir.toAbsolutePath());
            Files.copy(CoherenceCluster.class.getResourceAsStream("/" + CACHE_CONFIG), c.workDir.resolve(CACHE_CONFIG));
            for (int i = 0; i < storageMembers; i++) {
                c.startMember("member" + (i + 1));
            }
            return c;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The system properties every JVM of this cluster runs with. */
    Map<String, String> properties(boolean storage) {
        Map<String, String> p = new java.util.LinkedHashMap<>();
        p.put("coherence.cluster", name);
        p.put("coherence.clusterport", String.valueOf(port));
        p.put("coherence.wka", "127.0.0.1");
        p.put("coherence.localhost", "127.0.0.1");
        p.put("coherence.ttl", "0");
        p.put("coherence.cacheconfig", workDir.resolve(CACHE_CONFIG).toString());
        p.put("coherence.distributed.localstorage", String.valueOf(storage));
        p.put("coherence.log.level", "4");
        p.put("coherence.management.http", "none");
        p.put("coherence.metrics.http.enabled", "false");
        p.put("java.net.preferIPv4Stack", "true");
        return p;
    }

    /** Makes this JVM a storage-disabled member of the cluster (before Coherence is first used here). */
    void joinAsApplication(String navpackClasses) {
        properties(false).forEach(System::setProperty);
        if (navpackClasses != null) {
            System.setProperty(CoherenceSettings.CLASSES, navpackClasses);
        }
    }

    /** Starts one more storage member, named {@code member}, and waits until it has started. */
    Member startMember(String member) {
        return startMember(member, Map.of(), "com.tangosol.net.DefaultCacheServer");
    }

    /** Starts a JVM of this cluster running {@code mainClass} with extra system properties. */
    Member startMember(String member, Map<String, String> extra, String mainClass) {
        try {
            Path log = workDir.resolve(member + ".log");
            List<String> cmd = new ArrayList<>();
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            cmd.add("-Xmx256m");
            cmd.add("-XX:+UseSerialGC");
            cmd.add("-XX:TieredStopAtLevel=1");
            String agent = System.getProperty("navpack.agent.jar");
            if (agent != null && !agent.isBlank()) {
                cmd.add("-javaagent:" + agent + "=quiet");
            }
            boolean storage = mainClass.endsWith("DefaultCacheServer");
            Map<String, String> props = new java.util.LinkedHashMap<>(properties(storage));
            props.put("coherence.member", member);
            props.putAll(extra);
            props.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
            cmd.add("-cp");
            cmd.add(storage ? memberClassPath(workDir) : System.getProperty("java.class.path"));
            cmd.add(mainClass);
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

    List<Member> members() {
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
    static final class Member {
        final String name;
        private final Process process;
        final Path log;

        Member(String name, Process process, Path log) {
            this.name = name;
            this.process = process;
            this.log = log;
        }

        String logText() {
            try {
                return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
            } catch (IOException e) {
                return "";
            }
        }

        void awaitLog(String text, Duration timeout) {
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
        void kill() {
            process.destroyForcibly();
            try {
                process.waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        boolean alive() {
            return process.isAlive();
        }
    }
}
