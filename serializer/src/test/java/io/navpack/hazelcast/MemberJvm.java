package io.navpack.hazelcast;

import com.hazelcast.config.Config;
import com.hazelcast.config.ConfigXmlGenerator;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A Hazelcast member in its own JVM, started with {@code HazelcastMemberStarter} and a generated
 * hazelcast.xml. Its class path holds Hazelcast, navpack's main classes and the member-side test
 * tasks of package {@code io.navpack.hazelcast.member} — never the user's domain classes.
 */
final class MemberJvm implements AutoCloseable {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private final String name;
    private final Process process;
    private final Path log;

    private MemberJvm(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /** Starts a member with {@code config} and waits until it reports STARTED. */
    static MemberJvm start(String name, Config config, Path workDir) {
        try {
            Files.createDirectories(workDir);
            Path xml = workDir.resolve(name + ".xml");
            Files.writeString(xml, new ConfigXmlGenerator(true, false).generate(config), StandardCharsets.UTF_8);
            Path log = workDir.resolve(name + ".log");
            List<String> cmd = new ArrayList<>();
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            cmd.add("-Xmx256m");
            cmd.add("-XX:+UseSerialGC");
            cmd.add("-XX:TieredStopAtLevel=1");
            cmd.add("-Dhazelcast.phone.home.enabled=false");
            cmd.add("-Dhazelcast.logging.type=jdk");
            cmd.add("-Djava.net.preferIPv4Stack=true");
            cmd.add("-Dhazelcast.config=" + xml);
            cmd.add("-cp");
            cmd.add(memberClassPath(workDir));
            cmd.add("com.hazelcast.core.server.HazelcastMemberStarter");
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            MemberJvm m = new MemberJvm(name, p, log);
            m.awaitLog("is STARTED", START_TIMEOUT);
            return m;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Hazelcast's jar, navpack's main classes, and the member-side tasks copied out of the test classes. */
    private static String memberClassPath(Path workDir) throws IOException {
        List<String> entries = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String fileName = Path.of(e).getFileName().toString();
            if (fileName.matches("hazelcast-\\d.*\\.jar") || (e.endsWith("classes") && !e.endsWith("test-classes"))) {
                entries.add(e);
            }
        }
        Path tests = Path.of(MemberJvm.class.getProtectionDomain().getCodeSource().getLocation().getPath());
        Path tasks = workDir.resolve("member-tasks");
        Path from = tests.resolve("io/navpack/hazelcast/member");
        Path to = tasks.resolve("io/navpack/hazelcast/member");
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, to.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        entries.add(tasks.toString());
        return String.join(File.pathSeparator, entries);
    }

    void awaitLog(String text, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (logText().contains(text)) {
                return;
            }
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + ":\n" + tail());
            }
            sleep(200);
        }
        throw new IllegalStateException(name + " did not log '" + text + "' within " + timeout + ":\n" + tail());
    }

    String logText() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private String tail() {
        String t = logText();
        return t.length() > 4000 ? t.substring(t.length() - 4000) : t;
    }

    /** Ends the JVM at once, as a crash would. */
    void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public void close() {
        kill();
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
