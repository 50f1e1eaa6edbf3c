package io.navpack.cli;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.jet.Job;
import com.hazelcast.jet.config.ProcessingGuarantee;
import com.hazelcast.jet.core.JobStatus;
import io.navpack.documents.DocumentException;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.DocumentSchemaException;
import io.navpack.documents.SchemaInference;
import io.navpack.documents.hazelcast.DocumentCatalog;
import io.navpack.documents.hazelcast.DocumentPipelines;
import io.navpack.documents.hazelcast.DocumentStream;
import io.navpack.documents.hazelcast.StreamStatus;
import io.navpack.format.SchemaException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

@Command(name = "stream", mixinStandardHelpOptions = true,
        description = {"Streams the documents of a Kafka topic into a map as navpack values, transcoded on the members.", "",
                "Submits a Jet job (one per map) that reads the topic with Hazelcast's Kafka connector and stores each",
                "message's documents, keyed by --key PATH in each document or by the message's key. A message that",
                "cannot be stored goes to the map MAP.stream-failures (topic, partition, offset, reason) and the job goes",
                "on. Prints the progress (messages/s, MB/s, lag per partition, failures) until Ctrl-C, which leaves the",
                "job running unless --cancel-on-exit. --status prints where a stream stands, --cancel ends it.",
                "Members need hazelcast-jet-kafka and kafka-clients on their class path ('navpack member' has them).",
                "Each member reads partitions of the topic: --parallelism says how many readers per member."})
final class StreamCommand implements Callable<Integer> {
    @Mixin
    ClusterOptions cluster;

    @Option(names = "--map", required = true, paramLabel = "NAME", description = "The map to stream into.")
    String map;

    @Option(names = "--status", description = "Print where the stream into the map stands, and exit.")
    boolean status;

    @Option(names = "--cancel", description = "Cancel the stream into the map, and exit.")
    boolean cancel;

    @Option(names = "--kafka", paramLabel = "host:port", split = ",", description = "Kafka brokers to read from.")
    String[] kafka;

    @Option(names = "--topic", paramLabel = "NAME", description = "The topic to read.")
    String topic;

    @Option(names = "--schema", paramLabel = "FILE", description = "The schema file ('navpack infer').")
    Path schemaFile;

    @Option(names = "--infer-from", paramLabel = "DIR",
            description = "Infer the schema from sample documents in DIR (unless the map has one in the cluster).")
    Path inferFrom;

    @Option(names = "--type", paramLabel = "NAME",
            description = "With --infer-from: the schema's name (default: the directory's name).")
    String type;

    @Option(names = "--key", paramLabel = "PATH", description = {"The path of each document's key, e.g."
            + " trade.tradeHeader.partyTradeIdentifier[0].tradeId. Default: the message's key."})
    String key;

    @Option(names = "--format", paramLabel = "xml|json|ndjson",
            description = "The messages' format (default: the schema's; NDJSON for a schema of CSV).")
    String format;

    @Option(names = "--evolve", description = "Grow the schema for documents that do not fit it (default: they are dead letters).")
    boolean evolve;

    @Option(names = "--guarantee", paramLabel = "at-least-once|exactly-once|none", defaultValue = "at-least-once",
            description = "Jet's processing guarantee (default ${DEFAULT-VALUE}; a replay stores the same entries again).")
    String guarantee;

    @Option(names = "--from", paramLabel = "earliest|latest", defaultValue = "earliest",
            description = "Where a new stream starts in the topic (default ${DEFAULT-VALUE}).")
    String from;

    @Option(names = "--max-message-bytes", paramLabel = "N", defaultValue = "16777216",
            description = "The largest message taken (default ${DEFAULT-VALUE}); larger ones are dead letters.")
    int maxMessageBytes;

    @Option(names = "--kafka-property", paramLabel = "NAME=VALUE",
            description = "A Kafka consumer property (security settings, group.id, ...); repeatable.")
    Map<String, String> kafkaProperties = new java.util.LinkedHashMap<>();

    @Option(names = "--cancel-on-exit", description = "Cancel the job on Ctrl-C (default: it goes on).")
    boolean cancelOnExit;

    @Option(names = "--parallelism", paramLabel = "N", description = {"Kafka readers and transcoders per member (default:"
            + " the topic's partitions over the members, at most 4, when it has fewer than 4 per member; else Jet's"
            + " choice, up to 4 and the member's cores)."})
    Integer parallelism;

    @Option(names = "--clear-failures", description = "Clear the dead letters of earlier jobs (MAP.stream-failures) before"
            + " submitting.")
    boolean clearFailures;

    @Option(names = "--no-kafka-check", description = "Do not ask the brokers for the topic before submitting (when only"
            + " the members reach them).")
    boolean noKafkaCheck;

    @Option(names = "--interval", paramLabel = "SECONDS", defaultValue = "2", description = "Seconds between progress lines (default ${DEFAULT-VALUE}).")
    int interval;

    @Override
    public Integer call() throws Exception {
        if (status && cancel) {
            throw new CliException(Main.USAGE, "--status and --cancel go alone");
        }
        if (status || cancel) {
            HazelcastInstance hz = cluster.connect();
            try {
                return status ? status(hz) : cancel(hz);
            } finally {
                hz.shutdown();
            }
        }
        return submit();
    }

    private int status(HazelcastInstance hz) {
        StreamStatus s = StreamStatus.of(hz, map);
        PrintStream out = System.out;
        if (s.job() == null) {
            out.println("no stream into map " + map + " in this cluster");
            return Main.FAILED;
        }
        out.printf(Locale.ROOT, "stream into %s: job %s %s; %d messages taken (%s), %d in %s, lag %s%n", map,
                s.job().getIdString(), s.state(), s.messages(), Progress.bytes(s.bytes()), s.deadLetters(),
                DocumentStream.failuresMap(map), s.lagKnown() ? String.valueOf(s.totalLag())
                        : s.lag().isEmpty() ? "not known" : s.totalLag() + " and more (some partitions' lag not known)");
        s.offsets().forEach((p, o) -> out.printf(Locale.ROOT, "  %s: offset %d, lag %s%n", p, o,
                s.lag().containsKey(p) ? s.lag().get(p).toString() : "not known"));
        return Main.OK;
    }

    private int cancel(HazelcastInstance hz) {
        Job job = hz.getJet().getJob(DocumentStream.jobName(map));
        if (job == null || job.getStatus().isTerminal()) {
            System.out.println("no running stream into map " + map);
            return Main.FAILED;
        }
        cancelAndWait(job);
        System.out.println("stream into map " + map + " cancelled (job " + job.getIdString() + "); the map keeps what it stored");
        return Main.OK;
    }

    private static void cancelAndWait(Job job) {
        try {
            job.cancel();
        } catch (IllegalStateException e) {
            // it ended meanwhile
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!job.getStatus().isTerminal() && System.nanoTime() < deadline) {
            sleep(100);
        }
    }

    private int submit() throws IOException, InterruptedException {
        if (kafka == null || topic == null) {
            throw new CliException(Main.USAGE, "a stream needs --kafka host:port and --topic NAME (or --status, --cancel)");
        }
        if (interval < 1) {
            throw new CliException(Main.USAGE, "--interval takes at least 1 second: " + interval);
        }
        if ((schemaFile == null) == (inferFrom == null)) {
            throw new CliException(Main.USAGE, "give the schema: --schema FILE or --infer-from DIR");
        }
        if (schemaFile != null && !Files.isRegularFile(schemaFile)) {
            throw new CliException(Main.USAGE, "no schema file " + schemaFile + " (write one with 'navpack infer', or"
                    + " give --infer-from DIR)");
        }
        ProcessingGuarantee g = switch (guarantee.toLowerCase(Locale.ROOT)) {
            case "at-least-once" -> ProcessingGuarantee.AT_LEAST_ONCE;
            case "exactly-once" -> ProcessingGuarantee.EXACTLY_ONCE;
            case "none" -> ProcessingGuarantee.NONE;
            default -> throw new CliException(Main.USAGE, "--guarantee takes at-least-once, exactly-once or none, not " + guarantee);
        };
        if (!from.equals("earliest") && !from.equals("latest")) {
            throw new CliException(Main.USAGE, "--from takes earliest or latest, not " + from);
        }
        if (parallelism != null && parallelism < 1) {
            throw new CliException(Main.USAGE, "--parallelism takes at least 1: " + parallelism);
        }
        DocumentFormat given;
        try {
            given = format == null ? null : DocumentFormat.of(format);
        } catch (IllegalArgumentException e) {
            throw new CliException(Main.USAGE, "--format takes xml, json or ndjson, not " + format, e);
        }
        Properties props = consumerProperties();
        props.setProperty("bootstrap.servers", String.join(",", kafka));
        props.setProperty("auto.offset.reset", from);
        int partitions = noKafkaCheck ? -1 : partitions(props);
        PrintStream err = System.err;
        HazelcastInstance hz = cluster.connect(c -> c.setProperty("hazelcast.shutdownhook.enabled", "false"));
        CountDownLatch done = new CountDownLatch(1);
        try {
            Job running = hz.getJet().getJob(DocumentStream.jobName(map));
            if (running != null && !running.getStatus().isTerminal()) {
                throw new CliException(Main.FAILED, "a stream into map " + map + " runs already (job " + running.getIdString()
                        + "): 'navpack stream --map " + map + " --status' or '--cancel'");
            }
            DocumentSchema schema = schema(hz, given, err);
            DocumentStream stream;
            try {
                stream = DocumentStream.into(map, schema).key(key).evolving(evolve).guarantee(g).maxMessageBytes(maxMessageBytes);
                int perMember = parallelism != null ? parallelism : perMember(partitions, hz.getCluster().getMembers().size());
                if (perMember > 0) {
                    stream.localParallelism(perMember);
                }
                if (given != null) {
                    stream.format(given);
                }
            } catch (IllegalArgumentException e) {
                throw new CliException(Main.USAGE, e.getMessage(), e);
            }
            try {
                DocumentCatalog.publish(hz, map, schema);
            } catch (SchemaException e) {
                throw new CliException(Main.FAILED, "the cluster refuses the schema: " + e.getMessage()
                        + " (the cluster's type names are shared by all maps: stream with the schema it has of that name,"
                        + " give this one another name with --type or 'navpack infer --type', or other type ids with"
                        + " 'navpack infer --first-type-id')", e);
            }
            com.hazelcast.map.IMap<Object, Object> failures = hz.getMap(DocumentStream.failuresMap(map));
            if (clearFailures) {
                int n = failures.size();
                failures.clear();
                err.println("navpack: cleared " + n + " dead letters of earlier jobs from " + DocumentStream.failuresMap(map));
            } else if (!failures.isEmpty()) {
                err.println("navpack: " + DocumentStream.failuresMap(map) + " holds " + failures.size() + " dead letters of"
                        + " earlier jobs; they stay (--clear-failures clears them)");
            }
            Job job;
            try {
                job = hz.getJet().newJob(DocumentPipelines.kafka(props, stream, topic), stream.jobConfig());
            } catch (RuntimeException e) {
                throw new CliException(Main.FAILED, "the cluster did not take the stream job: " + e.getMessage()
                        + " (members need Jet enabled, and hazelcast-jet-kafka and kafka-clients on their class path)", e);
            }
            err.println("navpack: job " + job.getIdString() + " streams topic " + topic + " from " + String.join(",", kafka)
                    + " into map " + map + " (" + stream + "); Ctrl-C " + (cancelOnExit ? "cancels it" : "leaves it running"));
            boolean[] stopping = {false};
            Thread hook = new Thread(() -> {
                synchronized (stopping) {
                    stopping[0] = true;
                }
                try {
                    done.await(90, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "navpack-stream-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            int code = follow(hz, job, stopping);
            if (cancelOnExit && !job.getStatus().isTerminal()) {
                cancelAndWait(job);
                err.println("navpack: job " + job.getIdString() + " cancelled; the map keeps what it stored");
            } else if (!job.getStatus().isTerminal()) {
                err.println("navpack: job " + job.getIdString() + " goes on: 'navpack stream --map " + map
                        + " --status' to follow it, '--cancel' to end it");
            }
            if (!stopping[0]) {
                Runtime.getRuntime().removeShutdownHook(hook);
            }
            return code;
        } finally {
            done.countDown();
            hz.shutdown();
        }
    }

    /**
     * The topic's partitions, asked of the brokers before anything is submitted: a broker that does not answer is an
     * error naming the fix; a topic they lack is said (the job reads it once it exists) and counts 0 partitions.
     */
    private int partitions(Properties props) {
        int n;
        try {
            n = DocumentPipelines.kafkaPartitions(props, topic, java.time.Duration.ofSeconds(10));
        } catch (IllegalStateException e) {
            if (e.getCause() instanceof NoClassDefFoundError) {
                throw new CliException(Main.FAILED, e.getMessage(), e);
            }
            throw new CliException(Main.UNREACHABLE, e.getMessage() + ": start the broker, or correct --kafka (the members"
                    + " read from the same address; --no-kafka-check submits without asking when only they reach it)", e);
        }
        if (n == 0) {
            System.err.println("navpack: the brokers at " + String.join(",", kafka) + " have no topic " + topic
                    + ": the stream reads it once it exists (brokers that create topics on demand create it, with their"
                    + " default partitions, when the members ask for it)");
        }
        return n;
    }

    /**
     * Readers per member so that every member reads partitions: the connector gives partition p to the p-th processor
     * of the cluster, so with fewer than 4 partitions per member (Jet's preferred readers per member) each member takes
     * its share; 0 (Jet's choice) otherwise or when the partitions are not known.
     */
    static int perMember(int partitions, int members) {
        if (partitions <= 0 || members <= 0 || partitions >= 4 * members) {
            return 0;
        }
        return Math.max(1, (partitions + members - 1) / members);
    }

    /** The consumer properties given with --kafka-property. */
    private Properties consumerProperties() {
        Properties p = new Properties();
        for (Map.Entry<String, String> e : kafkaProperties.entrySet()) {
            p.setProperty(e.getKey(), e.getValue());
        }
        return p;
    }

    /** Prints progress lines until Ctrl-C or the job's end. */
    private int follow(HazelcastInstance hz, Job job, boolean[] stopping) {
        PrintStream out = System.out;
        StreamStatus last = StreamStatus.of(hz, map);
        long lastAt = System.nanoTime();
        while (true) {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(interval);
            while (System.nanoTime() < until) {
                synchronized (stopping) {
                    if (stopping[0]) {
                        return Main.OK;
                    }
                }
                sleep(50);
            }
            JobStatus js = job.getStatus();
            StreamStatus now = StreamStatus.of(hz, map);
            long at = System.nanoTime();
            double seconds = Math.max((at - lastAt) / 1e9, 1e-9);
            StringBuilder lags = new StringBuilder();
            now.offsets().keySet().forEach(p -> lags.append(' ').append(p).append('=')
                    .append(now.lag().containsKey(p) ? now.lag().get(p).toString() : "?"));
            out.printf(Locale.ROOT, "%s %d messages (%.0f/s), %s (%.1f MB/s), %d failures, lag%s%n", now.state(), now.messages(),
                    (now.messages() - last.messages()) / seconds, Progress.bytes(now.bytes()),
                    (now.bytes() - last.bytes()) / 1e6 / seconds, now.deadLetters(), lags.length() == 0 ? " not known yet" : lags);
            out.flush();
            last = now;
            lastAt = at;
            if (js.isTerminal()) {
                try {
                    job.join();
                } catch (RuntimeException e) {
                    if (job.isUserCancelled()) {
                        out.println("the stream job was cancelled; the map keeps what it stored");
                        return Main.OK;
                    }
                    out.println("the stream job ended: " + e.getMessage() + hint(String.valueOf(e.getMessage())));
                    return Main.FAILED;
                }
                return js == JobStatus.FAILED ? Main.FAILED : Main.OK;
            }
        }
    }

    /** What to do about a job's failure, when its message tells: a member without Kafka's connector or client. */
    static String hint(String failure) {
        if (failure.contains("org/apache/kafka") || failure.contains("org.apache.kafka")
                || failure.contains("com/hazelcast/jet/kafka") || failure.contains("com.hazelcast.jet.kafka")) {
            return " (a member lacks Kafka's classes: members need hazelcast-jet-kafka and kafka-clients on their class"
                    + " path — 'navpack member' has them; with navpack-member.jar put both jars beside it)";
        }
        return "";
    }

    /** The schema file, the map's schema in the cluster, or one inferred from the samples. */
    private DocumentSchema schema(HazelcastInstance hz, DocumentFormat given, PrintStream err) throws IOException {
        DocumentSchema kept = DocumentCatalog.read(hz, map);
        if (schemaFile != null) {
            DocumentSchema file;
            try {
                file = DocumentSchema.read(schemaFile);
            } catch (DocumentSchemaException e) {
                throw new CliException(Main.USAGE, e.getMessage(), e);
            }
            if (kept != null && kept.holdsAll(file) && !file.holdsAll(kept)) {
                // the file is an earlier copy of the map's schema (it grew since): the newer one stays
                err.println("map " + map + " has a later copy of " + schemaFile + " in the cluster (" + kept
                        + ", grown since): streaming with it");
                return kept;
            }
            return file;
        }
        if (kept != null) {
            err.println("map " + map + " has a schema in the cluster (" + kept + "): streaming with it");
            return kept;
        }
        if (!Files.isDirectory(inferFrom)) {
            throw new CliException(Main.USAGE, "--infer-from takes a directory of sample documents: " + inferFrom);
        }
        DocumentFormat f = given;
        if (f == null) {
            f = ConvertCommand.formatOf(java.util.List.of(inferFrom));
        }
        String name = type != null ? type : SchemaInference.defaultName(inferFrom);
        DocumentSchema named = DocumentCatalog.byName(hz, name);
        if (named != null && named.format().json() == f.json() && (named.format() == f || f.json())) {
            // type names are the cluster's: the schema of that name is this one (as for navpack load), grown together
            err.println("the cluster has a document schema named " + name + " (" + named + "): streaming with it"
                    + " (--type NAME infers one of another name)");
            return named;
        }
        SchemaInference inference = SchemaInference.of(f).firstTypeId(DocumentCatalog.firstFreeTypeId(hz, map))
                .name(name);
        try {
            inference.addPath(inferFrom);
            DocumentSchema s = inference.infer();
            err.println("inferred " + s + " from " + inference.documents() + " documents in " + inferFrom);
            return s;
        } catch (DocumentException e) {
            throw new CliException(Main.FAILED, "cannot infer a schema: " + e.getMessage(), e);
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
