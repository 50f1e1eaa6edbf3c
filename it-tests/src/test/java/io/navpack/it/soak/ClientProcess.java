package io.navpack.it.soak;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A {@link SoakClient} in its own JVM with the test class path: commands go to its standard input, its answers
 * come from standard output, its log (standard error) goes to {@code NAME-gG.log} beside its other files.
 */
final class ClientProcess implements AutoCloseable {
    private final SoakClient.Settings settings;
    private final Process process;
    private final Writer commands;
    private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();

    private ClientProcess(SoakClient.Settings settings, Process process) {
        this.settings = settings;
        this.process = process;
        // a test JVM that is stopped (fork timeout, Ctrl-C) takes its client JVMs with it
        Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly, "soak-" + settings.tag() + "-stop"));
        this.commands = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    if (line.startsWith(SoakClient.PREFIX)) {
                        answers.add(line.substring(SoakClient.PREFIX.length()));
                    }
                }
            } catch (IOException e) {
                answers.add("failed reading: " + e);
            }
            answers.add("exited");
        }, "soak-" + settings.tag() + "-out");
        reader.setDaemon(true);
        reader.start();
    }

    static ClientProcess start(SoakClient.Settings settings, int heapMegabytes) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xms" + heapMegabytes + "m");
        cmd.add("-Xmx" + heapMegabytes + "m");
        cmd.add("-XX:+UseSerialGC");
        cmd.add("-XX:+ExitOnOutOfMemoryError");
        cmd.add("-Dhazelcast.phone.home.enabled=false");
        cmd.add("-Djava.net.preferIPv4Stack=true");
        cmd.add("-Dorg.slf4j.simpleLogger.showDateTime=true");
        cmd.add("-Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(SoakClient.class.getName());
        cmd.addAll(settings.toArgs());
        try {
            Files.createDirectories(settings.out());
            Process p = new ProcessBuilder(cmd)
                    .redirectError(ProcessBuilder.Redirect.appendTo(settings.out().resolve("client-" + settings.tag() + ".log").toFile()))
                    .start();
            return new ClientProcess(settings, p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    SoakClient.Settings settings() {
        return settings;
    }

    String name() {
        return settings.tag();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Waits for an answer that starts with {@code expected}; fails on "failed", "exited" or after {@code timeout}. */
    String await(String expected, Duration timeout) {
        List<String> lines = until(expected, timeout);
        return lines.get(lines.size() - 1);
    }

    /** Sends {@code command} and returns its answers up to and including (at the end) the one that starts with {@code last}. */
    List<String> send(String command, String last, Duration timeout) {
        try {
            commands.write(command + "\n");
            commands.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(name() + " did not take '" + command + "'", e);
        }
        return until(last, timeout);
    }

    /**
     * The client JVM's threads ({@code jcmd Thread.print}) written beside its log, and the stacks of its worker threads
     * (at most 6,000 characters): what a worker that does not answer is waiting for.
     */
    private String workerStacks() {
        Path file = settings.out().resolve("client-" + name() + "-threads.txt");
        try {
            Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                    Long.toString(process.pid()), "Thread.print").redirectErrorStream(true).redirectOutput(file.toFile()).start();
            if (!jcmd.waitFor(60, TimeUnit.SECONDS)) {
                jcmd.destroyForcibly();
                return "(no thread dump within 60 s)";
            }
            StringBuilder out = new StringBuilder();
            for (String block : Files.readString(file, StandardCharsets.UTF_8).split("\n\n")) {
                if (block.startsWith("\"worker-")) {
                    out.append(block, 0, Math.min(block.length(), 1_500)).append("\n");
                }
            }
            String stacks = out.length() > 6_000 ? out.substring(0, 6_000) + "..." : out.toString();
            return stacks + "(all threads: " + file + ")";
        } catch (IOException e) {
            return "(no thread dump: " + e + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "(no thread dump: interrupted)";
        }
    }

    private List<String> until(String last, Duration timeout) {
        List<String> lines = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (true) {
                String line = answers.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (line == null) {
                    throw new IllegalStateException(name() + " did not answer '" + last + "' within " + timeout.toSeconds() + " s; so far "
                            + lines + "; its log: " + settings.out().resolve("client-" + name() + ".log") + "; its workers now:\n"
                            + workerStacks());
                }
                if (line.startsWith(last)) {
                    lines.add(line);
                    return lines;
                }
                if (line.startsWith("failed") || line.equals("exited")) {
                    throw new IllegalStateException(name() + ": " + line + " (waiting for '" + last + "'); its log: "
                            + settings.out().resolve("client-" + name() + ".log"));
                }
                lines.add(line);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Stops the load, waits until the client has flushed its logs and left, and returns its last answer. */
    String stop(Duration timeout) {
        List<String> answers = send("stop", "stopped", timeout);
        String last = answers.get(answers.size() - 1);
        try {
            if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return last;
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            try {
                commands.write("stop\n");
                commands.flush();
                if (!process.waitFor(60, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (IOException e) {
                process.destroyForcibly();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
            }
        }
    }
}
