package io.navpack.cli;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastJsonValue;
import com.hazelcast.jet.Job;
import com.hazelcast.jet.core.JobStatus;
import com.hazelcast.map.IMap;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.SchemaInference;
import io.navpack.documents.Transcoder;
import io.navpack.documents.hazelcast.DocumentCatalog;
import io.navpack.documents.hazelcast.DocumentStream;
import io.navpack.documents.hazelcast.KafkaBroker;
import io.navpack.format.PackedRecord;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.ReadMode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code navpack stream} end to end: a real Kafka broker in a JVM of its own, two members started with
 * {@code navpack member} (the jar the build made: it holds the Kafka connector and client), FpML messages published
 * before and while the command runs. The command prints its progress until it is stopped as by Ctrl-C, which leaves
 * the job running; {@code --status} and {@code --cancel} follow and end it; with {@code --cancel-on-exit} Ctrl-C ends it.
 */
class StreamCommandIT {
    static final List<Process> members = new ArrayList<>();
    static KafkaBroker broker;
    static HazelcastInstance client;
    static String cluster;
    static String address;
    static Path work;

    @BeforeAll
    static void start() throws Exception {
        int[] ports = {DocumentsClusterIT.freePort(), DocumentsClusterIT.freePort()};
        cluster = "stream-it-" + ports[0];
        address = "127.0.0.1:" + ports[0];
        work = Files.createDirectories(Path.of("target", "stream-command-it"));
        for (int i = 0; i < 2; i++) {
            String yaml = "hazelcast:\n  cluster-name: " + cluster + "\n  jet:\n    enabled: true\n"
                    + "  properties:\n    hazelcast.phone.home.enabled: false\n    hazelcast.socket.bind.any: false\n"
                    + "  network:\n    port:\n      port: " + ports[i] + "\n      auto-increment: false\n"
                    + "    interfaces:\n      enabled: true\n      interfaces:\n        - 127.0.0.1\n"
                    + "    join:\n      multicast:\n        enabled: false\n      tcp-ip:\n        enabled: true\n"
                    + "        member-list:\n          - 127.0.0.1:" + ports[0] + "\n          - 127.0.0.1:" + ports[1] + "\n";
            Path config = work.resolve("member-" + i + ".yaml");
            Files.writeString(config, yaml);
            List<String> cmd = DocumentsClusterIT.java("-Xmx384m");
            cmd.addAll(List.of("member", "--config", config.toString()));
            members.add(new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(work.resolve("member-" + i + ".log").toFile()).start());
        }
        broker = KafkaBroker.start(work.resolve("broker-" + ports[0]), 256);
        ClientConfig cc = NavpackConfig.of().readMode(ReadMode.RECORD).applyTo(new ClientConfig());
        cc.setClusterName(cluster);
        cc.setProperty("hazelcast.phone.home.enabled", "false");
        for (int p : ports) {
            cc.getNetworkConfig().addAddress("127.0.0.1:" + p);
        }
        cc.getConnectionStrategyConfig().getConnectionRetryConfig().setClusterConnectTimeoutMillis(120_000);
        client = HazelcastClient.newHazelcastClient(cc);
        await("2 members", () -> client.getCluster().getMembers().size() == 2);
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.shutdown();
        }
        members.forEach(Process::destroyForcibly);
        if (broker != null) {
            broker.close();
        }
    }

    static void await(String what, BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!done.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waiting for " + what).isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    /** Waits until the command writing to {@code out} has printed {@code text}. */
    static void awaitPrinted(String what, Path out, String text) throws InterruptedException {
        await(what, () -> {
            try {
                return Files.readString(out).contains(text);
            } catch (java.io.IOException e) {
                return false;
            }
        });
    }

    static String[] cluster(String... args) {
        List<String> a = new ArrayList<>(List.of(args));
        a.addAll(1, List.of("--cluster", address, "--cluster-name", cluster));
        return a.toArray(String[]::new);
    }

    static Process navpack(Path out, String... args) throws Exception {
        List<String> cmd = DocumentsClusterIT.java("-Xmx384m");
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    }

    static String finish(Process p, Path out) throws Exception {
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).as("navpack finished").isTrue();
        return Files.readString(out);
    }

    static List<Path> fpml() throws Exception {
        Path dir = SharedData.fpml();
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(f -> f.toString().endsWith(".xml")).sorted().limit(60).toList();
        }
    }

    @Test
    void mistakesAreSaidWithTheirFix() throws Exception {
        // a broker that does not answer: nothing is submitted, the error names the fix
        int closed = DocumentsClusterIT.freePort();
        Path out = work.resolve("no-broker-" + System.nanoTime() + ".out");
        Process p = navpack(out, cluster("stream", "--map", "nobroker", "--kafka", "127.0.0.1:" + closed, "--topic", "t",
                "--infer-from", work.toString()));
        String printed = finish(p, out);
        assertThat(p.exitValue()).isEqualTo(Main.UNREACHABLE);
        assertThat(printed).contains("no Kafka broker at 127.0.0.1:" + closed + " answered within 10 s",
                "start the broker, or correct --kafka", "--no-kafka-check");
        assertThat(client.getJet().getJob(DocumentStream.jobName("nobroker"))).isNull();

        // a schema file that is not there
        Path noFile = work.resolve("nofile-" + System.nanoTime() + ".out");
        Process n = navpack(noFile, cluster("stream", "--map", "m", "--kafka", broker.bootstrap(), "--topic", "t",
                "--schema", "nope.json"));
        assertThat(finish(n, noFile)).contains("no schema file nope.json", "navpack infer");
        assertThat(n.exitValue()).isEqualTo(Main.USAGE);

        // a format the stream does not take
        Path usage = work.resolve("format-" + System.nanoTime() + ".out");
        Process f = navpack(usage, cluster("stream", "--map", "m", "--kafka", broker.bootstrap(), "--topic", "t",
                "--infer-from", work.toString(), "--format", "yaml"));
        assertThat(finish(f, usage)).contains("--format takes xml, json or ndjson, not yaml");
        assertThat(f.exitValue()).isEqualTo(Main.USAGE);
    }

    @Test
    void aSchemaFileOlderThanTheMapsGrownCopyLeavesTheNewerOne() throws Exception {
        List<Path> files = fpml().subList(0, 10);
        Path samples = Files.createDirectories(work.resolve("grown-samples-" + System.nanoTime()));
        for (Path f : files) {
            Files.copy(f, samples.resolve(f.getFileName()));
        }
        DocumentSchema original = SchemaInference.of(DocumentFormat.XML).firstTypeId(9_000).addPath(samples).infer();
        Path file = work.resolve("grown-" + System.nanoTime() + ".schema.json");
        original.write(file);
        // the map's copy grew since (a new element under the root), as a stream with --evolve grows it
        DocumentSchema grown = DocumentSchema.read(file);
        String doc = Files.readString(files.get(0));
        int root = doc.indexOf('<');
        while (doc.charAt(root + 1) == '?' || doc.charAt(root + 1) == '!') {
            root = doc.indexOf('<', root + 1);
        }
        int rootEnd = doc.indexOf('>', root);
        grown.transcoder().toNavpack((doc.substring(0, rootEnd + 1) + "<navpackExtra>1</navpackExtra>" + doc.substring(rootEnd + 1))
                .getBytes(StandardCharsets.UTF_8), "grown");
        assertThat(grown.evolutions()).isEqualTo(1);
        DocumentCatalog.publish(client, "grown", grown);
        broker.createTopic("grown", 1);

        Path out = work.resolve("grown-" + System.nanoTime() + ".out");
        Process p = navpack(out, cluster("stream", "--map", "grown", "--kafka", broker.bootstrap(), "--topic", "grown",
                "--schema", file.toString(), "--cancel-on-exit", "--interval", "1"));
        awaitPrinted("a progress line", out, "messages (");
        p.destroy();
        assertThat(finish(p, out)).contains("map grown has a later copy of " + file + " in the cluster");
        assertThat(DocumentCatalog.read(client, "grown").holdsAll(grown)).as("the grown copy stays").isTrue();
    }

    @Test
    void aJobFailingForWantOfKafkasClassesSaysWhatMembersNeed() {
        assertThat(StreamCommand.hint("java.lang.NoClassDefFoundError: org/apache/kafka/clients/consumer/Consumer"))
                .contains("members need hazelcast-jet-kafka and kafka-clients");
        assertThat(StreamCommand.hint("java.lang.ClassNotFoundException: com.hazelcast.jet.kafka.impl.StreamKafkaP"))
                .contains("'navpack member' has them");
        assertThat(StreamCommand.hint("com.hazelcast.jet.JetException: something else")).isEmpty();
    }

    @Test
    void readersPerMemberFollowThePartitions() {
        assertThat(StreamCommand.perMember(1, 2)).isEqualTo(1);
        assertThat(StreamCommand.perMember(3, 2)).isEqualTo(2);
        assertThat(StreamCommand.perMember(4, 2)).isEqualTo(2);
        assertThat(StreamCommand.perMember(7, 2)).isEqualTo(4);
        assertThat(StreamCommand.perMember(8, 2)).as("4 a member: Jet's choice").isZero();
        assertThat(StreamCommand.perMember(0, 2)).as("no topic yet").isZero();
        assertThat(StreamCommand.perMember(-1, 2)).as("not asked").isZero();
    }

    @Test
    void streamsPrintsProgressLeavesTheJobOnCtrlCAndStatusAndCancelFollowIt() throws Exception {
        List<Path> files = fpml();
        Path samples = Files.createDirectories(work.resolve("samples-" + System.nanoTime()));
        for (Path f : files) {
            Files.copy(f, samples.resolve(f.getFileName()));
        }
        broker.createTopic("trades", 3);
        Map<String, byte[]> sent = new TreeMap<>();
        for (Path f : files.subList(0, 30)) {
            sent.put(f.getFileName().toString(), Files.readAllBytes(f));
            broker.send("trades", null, f.getFileName().toString(), sent.get(f.getFileName().toString()));
        }
        Path out = work.resolve("stream-" + System.nanoTime() + ".out");
        Process stream = navpack(out, cluster("stream", "--map", "trades", "--kafka", broker.bootstrap(), "--topic", "trades",
                "--infer-from", samples.toString(), "--interval", "1"));
        IMap<String, PackedRecord> map = client.getMap("trades");
        await("the first messages", () -> map.size() == 30);
        for (Path f : files.subList(30, files.size())) {
            sent.put(f.getFileName().toString(), Files.readAllBytes(f));
            broker.send("trades", null, f.getFileName().toString(), sent.get(f.getFileName().toString()));
        }
        broker.send("trades", null, "bad", "<trade>".getBytes(StandardCharsets.UTF_8));
        await("every message", () -> map.size() == files.size());
        awaitPrinted("a progress line with every message", out, " " + (files.size() + 1) + " messages (");
        stream.destroy();   // SIGTERM: the JVM's shutdown hooks run, as on Ctrl-C
        String printed = finish(stream, out);
        assertThat(printed).contains("inferred DocumentSchema", "streams topic trades", "RUNNING", "messages (", "MB/s",
                "1 failures", "lag trades:0=0 trades:1=0 trades:2=0", "goes on: 'navpack stream --map trades --status'");

        DocumentSchema schema = DocumentSchema.parse(client.<String, String>getMap("navpack.documents").get("trades"));
        Transcoder t = schema.transcoder();
        sent.forEach((k, doc) -> assertThat(map.get(k).bytes()).as(k).isEqualTo(t.toNavpack(doc, k)));
        assertThat(client.getMap(DocumentStream.failuresMap("trades")).keySet()).hasSize(1);
        // 3 partitions over 2 members: each member reads some (one reader per member would leave none to the second
        // only with more readers than partitions; the command chooses 2)
        assertThat(client.<String, HazelcastJsonValue>getMap(DocumentStream.progressMap("trades")).values().stream()
                .filter(v -> !v.getValue().contains("\"partitions\":{}")).count()).as("members reading partitions").isEqualTo(2);

        // the job went on without the command
        broker.send("trades", null, "late", sent.values().iterator().next());
        await("a message after the command", () -> map.containsKey("late"));
        Path statusOut = work.resolve("status-" + System.nanoTime() + ".out");
        String status = finish(navpack(statusOut, cluster("stream", "--map", "trades", "--status")), statusOut);
        assertThat(status).contains("stream into trades: job", "RUNNING", "1 in trades.stream-failures", "trades:0: offset");
        Path cancelOut = work.resolve("cancel-" + System.nanoTime() + ".out");
        assertThat(finish(navpack(cancelOut, cluster("stream", "--map", "trades", "--cancel")), cancelOut))
                .contains("stream into map trades cancelled");
        Job job = client.getJet().getJob(DocumentStream.jobName("trades"));
        assertThat(job.getStatus()).isEqualTo(JobStatus.FAILED);   // Jet's status of a cancelled job
        Path afterOut = work.resolve("after-" + System.nanoTime() + ".out");
        assertThat(finish(navpack(afterOut, cluster("stream", "--map", "trades", "--status")), afterOut))
                .contains("stream into trades: job", "CANCELLED");

        // --cancel-on-exit: Ctrl-C ends the job too
        Path again = work.resolve("again-" + System.nanoTime() + ".out");
        Process second = navpack(again, cluster("stream", "--map", "trades", "--kafka", broker.bootstrap(), "--topic", "trades",
                "--infer-from", samples.toString(), "--cancel-on-exit", "--interval", "1", "--clear-failures"));
        await("the second job", () -> {
            Job j = client.getJet().getJob(DocumentStream.jobName("trades"));
            return j != null && j.getStatus() == JobStatus.RUNNING;
        });
        awaitPrinted("a progress line", again, "messages (");
        second.destroy();
        assertThat(finish(second, again)).contains("has a schema in the cluster", "cancelled; the map keeps what it stored",
                "cleared 1 dead letters of earlier jobs from trades.stream-failures");
        assertThat(client.getJet().getJob(DocumentStream.jobName("trades")).getStatus().isTerminal()).isTrue();
    }
}
