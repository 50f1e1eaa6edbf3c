package io.navpack.hazelcast;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A Hazelcast client in its own JVM, with the test class path, running a main class that takes commands
 * on standard input and answers each with lines on standard output, the last of which is {@value #DONE}.
 */
public final class ClientJvm implements AutoCloseable {
    public static final String DONE = "done";

    private final String name;
    private final Process process;
    private final Writer commands;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    private ClientJvm(String name, Process process) {
        this.name = name;
        this.process = process;
        this.commands = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("error: " + e);
            }
        }, name + "-out");
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code mainClass} with {@code args}; its standard error goes to {@code workDir/name.log}. */
    public static ClientJvm start(String name, Path workDir, Class<?> mainClass, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx128m");
        cmd.add("-XX:+UseSerialGC");
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.add("-Dhazelcast.phone.home.enabled=false");
        cmd.add("-Dhazelcast.logging.type=jdk");
        cmd.add("-Djava.net.preferIPv4Stack=true");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(mainClass.getName());
        cmd.addAll(List.of(args));
        try {
            java.nio.file.Files.createDirectories(workDir);
            Process p = new ProcessBuilder(cmd).redirectError(workDir.resolve(name + ".log").toFile()).start();
            return new ClientJvm(name, p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sends {@code command} and returns the lines of its answer (without {@value #DONE}), waiting at most 60 s. */
    public List<String> send(String command) {
        try {
            commands.write(command + "\n");
            commands.flush();
            List<String> answer = new ArrayList<>();
            while (true) {
                String line = lines.poll(60, TimeUnit.SECONDS);
                if (line == null) {
                    throw new IllegalStateException(name + " did not answer '" + command + "' within 60 s; so far " + answer);
                }
                if (line.equals(DONE)) {
                    return answer;
                }
                if (line.startsWith("error: ")) {
                    throw new IllegalStateException(name + " failed on '" + command + "': " + line);
                }
                answer.add(line);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        try {
            commands.write("quit\n");
            commands.flush();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
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
