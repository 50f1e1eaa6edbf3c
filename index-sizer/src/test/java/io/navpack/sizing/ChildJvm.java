package io.navpack.sizing;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/** A child JVM on the test class path, with or without the navpack agent. */
final class ChildJvm implements AutoCloseable {

    private final Process process;
    private final BlockingQueue<String> lines = new ArrayBlockingQueue<>(100_000);
    private final Path log;

    private ChildJvm(Process process, Path log) {
        this.process = process;
        this.log = log;
        Thread reader = new Thread(this::pump, "child-output-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    static Path agentJar() {
        String jar = System.getProperty("navpack.agent.jar");
        if (jar == null || !Files.isRegularFile(Path.of(jar))) {
            throw new IllegalStateException("system property navpack.agent.jar must name the agent jar: " + jar);
        }
        return Path.of(jar);
    }

    static String testClassPath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    static ChildJvm start(boolean withAgent, String heap, Class<?> main, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx" + heap);
        cmd.add("-XX:+UseSerialGC");
        cmd.add("-Dhazelcast.phone.home.enabled=false");
        cmd.add("-Dhazelcast.socket.bind.any=false");
        cmd.add("-Djava.util.logging.config.file=" + loggingConfig());
        if (withAgent) {
            cmd.add("-javaagent:" + agentJar().toAbsolutePath());
        }
        cmd.add("-cp");
        cmd.add(testClassPath());
        cmd.add(main.getName());
        cmd.addAll(List.of(args));
        Path dir = Path.of("target", "child-jvms");
        Files.createDirectories(dir);
        Path log = Files.createTempFile(dir, main.getSimpleName() + "-", ".log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(false)
                .redirectError(log.toFile()).start();
        return new ChildJvm(p, log);
    }

    private static String loggingConfig() throws IOException {
        Path file = Path.of("target", "child-jvms", "logging.properties");
        Files.createDirectories(file.getParent());
        if (!Files.exists(file)) {
            Files.writeString(file, "handlers=java.util.logging.ConsoleHandler\n.level=WARNING\n"
                    + "java.util.logging.ConsoleHandler.level=WARNING\n");
        }
        return file.toAbsolutePath().toString();
    }

    private void pump() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                lines.offer(line);
            }
        } catch (IOException e) {
            // process gone
        }
    }

    /** The next line starting with {@code prefix}, waiting at most {@code seconds}. */
    String awaitLine(String prefix, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (true) {
            long left = deadline - System.nanoTime();
            String line = left > 0 ? lines.poll(left, TimeUnit.NANOSECONDS) : null;
            if (line == null) {
                throw new IllegalStateException("child printed no line starting with '" + prefix + "' within "
                        + seconds + " s; alive=" + process.isAlive() + "; log " + log.toAbsolutePath() + ":\n"
                        + tail());
            }
            if (line.startsWith(prefix)) {
                return line;
            }
        }
    }

    String tail() {
        try {
            List<String> all = Files.readAllLines(log);
            return String.join(File.separator.equals("/") ? "\n" : "\r\n",
                    all.subList(Math.max(0, all.size() - 40), all.size()));
        } catch (IOException e) {
            return "(no log)";
        }
    }

    Process process() {
        return process;
    }

    void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // already gone
        }
        try {
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                kill();
            }
        } catch (InterruptedException e) {
            kill();
            Thread.currentThread().interrupt();
        }
    }
}
