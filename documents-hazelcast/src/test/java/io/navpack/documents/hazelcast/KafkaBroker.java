package io.navpack.documents.hazelcast;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A real Kafka broker (KRaft, broker and controller in one) in a JVM of its own, started from Kafka's own jars on
 * this JVM's class path with Kafka's own main classes ({@code kafka.tools.StorageTool}, {@code kafka.Kafka}), listening
 * on 127.0.0.1 only on free ports; {@link #close()} ends it.
 */
public final class KafkaBroker implements AutoCloseable {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private final Process process;
    private final int port;
    private final Path log;
    private KafkaProducer<byte[], byte[]> producer;

    /** The broker's JVM (to measure its CPU apart). */
    public Process process() {
        return process;
    }

    private KafkaBroker(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** Formats a log directory under {@code work} and starts a broker on it with {@code heapMb} of heap. */
    public static KafkaBroker start(Path work, int heapMb) {
        return start(work, heapMb, List.of());
    }

    /** As above, with the broker's JVM options (a benchmark's: JIT and GC as in production) instead of the quick ones. */
    public static KafkaBroker start(Path work, int heapMb, List<String> jvmOptions) {
        try {
            Files.createDirectories(work);
            int port = freePort();
            int controller = freePort();
            Path config = work.resolve("server.properties");
            Files.writeString(config, String.join("\n",
                    "process.roles=broker,controller",
                    "node.id=1",
                    "controller.quorum.voters=1@127.0.0.1:" + controller,
                    "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controller,
                    "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                    "controller.listener.names=CONTROLLER",
                    "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                    "inter.broker.listener.name=PLAINTEXT",
                    "log.dirs=" + work.resolve("data").toAbsolutePath(),
                    "num.partitions=1",
                    "offsets.topic.replication.factor=1",
                    "offsets.topic.num.partitions=1",
                    "transaction.state.log.replication.factor=1",
                    "transaction.state.log.min.isr=1",
                    "group.initial.rebalance.delay.ms=0",
                    "message.max.bytes=" + (32 << 20),
                    "") , StandardCharsets.UTF_8);
            Path log = work.resolve("broker.log");
            List<String> format = command(heapMb, List.of(), "kafka.tools.StorageTool", "format", "-t", Uuid.randomUuid().toString(),
                    "-c", config.toString());
            Process f = new ProcessBuilder(format).redirectErrorStream(true).redirectOutput(work.resolve("format.log").toFile()).start();
            if (!f.waitFor(60, TimeUnit.SECONDS) || f.exitValue() != 0) {
                f.destroyForcibly();
                throw new IllegalStateException("formatting the broker's log directory failed:\n"
                        + Files.readString(work.resolve("format.log")));
            }
            Process p = new ProcessBuilder(command(heapMb, jvmOptions, "kafka.Kafka", config.toString())).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            KafkaBroker b = new KafkaBroker(p, port, log);
            b.awaitReady();
            return b;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static int freePort() throws IOException {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** The broker's command line: small and quick to start unless {@code jvmOptions} says otherwise (then those alone). */
    private static List<String> command(int heapMb, List<String> jvmOptions, String main, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx" + heapMb + "m");
        if (jvmOptions.isEmpty()) {
            cmd.add("-XX:+UseSerialGC");
            cmd.add("-XX:TieredStopAtLevel=1");
        }
        cmd.addAll(jvmOptions);
        cmd.add("-Djava.net.preferIPv4Stack=true");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(main);
        cmd.addAll(List.of(args));
        return cmd;
    }

    private void awaitReady() {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        Exception last = null;
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the Kafka broker exited with " + process.exitValue() + ":\n" + tail());
            }
            try (Admin admin = admin()) {
                admin.describeCluster().nodes().get(5, TimeUnit.SECONDS);
                return;
            } catch (Exception e) {
                last = e;
                sleep(300);
            }
        }
        throw new IllegalStateException("the Kafka broker did not answer within " + START_TIMEOUT + " (" + last + "):\n" + tail());
    }

    /** host:port of the broker. */
    public String bootstrap() {
        return "127.0.0.1:" + port;
    }

    public Properties consumerProperties() {
        Properties p = new Properties();
        p.setProperty("bootstrap.servers", bootstrap());
        return p;
    }

    public Admin admin() {
        Properties p = new Properties();
        p.setProperty("bootstrap.servers", bootstrap());
        p.setProperty("request.timeout.ms", "10000");
        p.setProperty("default.api.timeout.ms", "20000");
        return Admin.create(p);
    }

    /** Creates a topic of {@code partitions} partitions and waits until it exists. */
    public void createTopic(String topic, int partitions) {
        try (Admin admin = admin()) {
            admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get(30, TimeUnit.SECONDS);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (System.nanoTime() < deadline) {
                Set<String> names = admin.listTopics().names().get(10, TimeUnit.SECONDS);
                if (names.contains(topic)) {
                    return;
                }
                sleep(100);
            }
            throw new IllegalStateException("topic " + topic + " not listed after 30 s");
        } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("cannot create topic " + topic + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Sends one message and waits for the broker to acknowledge it; returns where it was written. */
    public synchronized RecordMetadata send(String topic, Integer partition, String key, byte[] value) {
        if (producer == null) {
            Properties p = new Properties();
            p.setProperty("bootstrap.servers", bootstrap());
            p.setProperty("acks", "all");
            p.setProperty("linger.ms", "0");
            p.setProperty("max.request.size", Integer.toString(32 << 20));
            producer = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
        }
        try {
            return producer.send(new ProducerRecord<>(topic, partition, key == null ? null : key.getBytes(StandardCharsets.UTF_8),
                    value)).get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("cannot send to " + topic + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private String tail() {
        try {
            String t = Files.readString(log, StandardCharsets.UTF_8);
            return t.length() > 4000 ? t.substring(t.length() - 4000) : t;
        } catch (IOException e) {
            return "";
        }
    }

    /** The jars of the Kafka connector and client, for a member's class path. */
    public static List<Path> clientJars() {
        return List.of(System.getProperty("java.class.path").split(File.pathSeparator)).stream()
                .filter(e -> Path.of(e).getFileName().toString().matches("(hazelcast-jet-kafka|kafka-clients|slf4j-api)-.*\\.jar"))
                .map(Path::of).collect(Collectors.toList());
    }

    @Override
    public synchronized void close() {
        if (producer != null) {
            producer.close(Duration.ofSeconds(5));
        }
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
