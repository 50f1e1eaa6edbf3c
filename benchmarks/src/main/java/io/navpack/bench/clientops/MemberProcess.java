package io.navpack.bench.clientops;

import io.navpack.bench.clientops.member.MemberMain;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One benchmark member in a JVM of its own ({@link MemberMain}): the JDK of this JVM, {@code -Xms1g -Xmx1g}, the
 * options Hazelcast asks members on JDK 9+ to be started with, then the words of {@code -Dnavpack.bench.member.jvmArgs}.
 * Its standard input stays a pipe from this JVM, so that it ends when this JVM does.
 */
public final class MemberProcess implements AutoCloseable {
    /** Extra options for the member JVMs (a flight recording, say), split at spaces. */
    static final String JVM_ARGS = "navpack.bench.member.jvmArgs";

    private final String name;
    private final Process process;
    private final Path log;

    private MemberProcess(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    static MemberProcess start(String name, String classPath, Path xml, long minutes, Path log, long startSeconds)
            throws IOException {
        return start(name, classPath, xml, minutes, log, startSeconds, null);
    }

    /** The same, the member's working directory {@code dir} (this JVM's when null). */
    public static MemberProcess start(String name, String classPath, Path xml, long minutes, Path log, long startSeconds,
                                      Path dir) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of("-Xms1g", "-Xmx1g", "-Dhazelcast.phone.home.enabled=false", "-Djava.net.preferIPv4Stack=true",
                "--add-modules", "java.se", "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
                "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
                "--add-opens", "java.management/sun.management=ALL-UNNAMED",
                "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED"));
        String extra = System.getProperty(JVM_ARGS, "").trim();
        if (!extra.isEmpty()) {
            for (String a : extra.split("\\s+")) {
                cmd.add(a.replace("{name}", name));
            }
        }
        cmd.addAll(List.of("-cp", classPath, MemberMain.class.getName(), xml.toString(), Long.toString(minutes)));
        Files.writeString(log.resolveSibling(name + ".cmd"), String.join(" ", cmd) + "\n", StandardCharsets.UTF_8);
        ProcessBuilder b = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        if (dir != null) {
            b.directory(dir.toFile());
        }
        Process p = b.start();
        MemberProcess m = new MemberProcess(name, p, log);
        m.awaitStarted(startSeconds);
        return m;
    }

    private void awaitStarted(long seconds) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!logText().contains("is STARTED")) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + ":\n" + tail());
            }
            if (System.nanoTime() > deadline) {
                close();
                throw new IllegalStateException(name + " did not start within " + seconds + " s:\n" + tail());
            }
            ClientOpsCluster.sleep(100);
        }
    }

    private String logText() {
        try {
            return new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
        } catch (IOException | UncheckedIOException e) {
            return "";
        }
    }

    private String tail() {
        String t = logText();
        return t.length() > 4000 ? t.substring(t.length() - 4000) : t;
    }

    /** The CPU time the member's JVM has used so far (zero where the system does not tell). */
    /** The member JVM's process id (to profile it). */
    public long pid() {
        return process.pid();
    }

    public Duration cpu() {
        return process.info().totalCpuDuration().orElse(Duration.ZERO);
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(20, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
