package io.navpack.bench.docs;

import com.acme.trading.documents.FpmlTrades;
import com.hazelcast.aggregation.Aggregators;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.jet.Job;
import com.hazelcast.jet.config.JobConfig;
import com.hazelcast.map.IMap;
import com.hazelcast.query.Predicate;
import com.hazelcast.query.Predicates;
import io.navpack.bench.clientops.ClientOpsCluster;
import io.navpack.bench.clientops.MemberProcess;
import io.navpack.bench.clientops.member.MemberMain;
import io.navpack.bench.docs.stream.HeapAfterGc;
import io.navpack.bench.docs.stream.StreamPeers;
import io.navpack.bench.scan.ScanCluster;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.SchemaInference;
import io.navpack.documents.hazelcast.DocumentCatalog;
import io.navpack.documents.hazelcast.DocumentPipelines;
import io.navpack.documents.hazelcast.DocumentStream;
import io.navpack.documents.hazelcast.KafkaBroker;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.ReadMode;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Documents as they arrive, the Chronicle scenario scaled to one machine: FpML messages of about 29 KB (four trades of
 * {@link FpmlTrades} in one {@code dataDocument}) published to a Kafka broker (KRaft, Kafka's own jars, a JVM of its
 * own), two members in JVMs of their own on 127.0.0.1 (Jet, navpack's member jar, Hazelcast's Kafka connector, one
 * backup) streaming them into a map with ten indexed paths, while a client in this JVM runs indexed and nested-path
 * queries without pause.
 *
 * <p>The messages are published first, to topic A and then the last {@code warm} of them (half by default) to topic B
 * (4 partitions each), so that the producer's work is not the members'. For each format (navpack's stream, then the same stream built by hand into
 * {@code HazelcastJsonValue} and into Compact generic records): the map and its indexes are made, the query client
 * starts, a job drains topic A (cold), the queries run 20 s with nothing arriving (idle), a second job drains topic B
 * (warm) while they run on, and the heap per entry is measured (after full collections, over entries and backups).
 * Each ingest counts from the first entry seen to the last one: MB/s of message bytes, the members' CPU time (the
 * operating system's) and the broker's apart, and MB per member-CPU-second, also with the queries' share taken out
 * (the members' CPU per second in the idle phase, queries and Jet's own threads, times the ingest's length).
 * Query latency: p50, p99, p99.9 of each phase (HdrHistogram).
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar io.navpack.bench.docs.StreamIngestHarness [messages] [formats] [warm]</pre>
 * Messages default to 20,000 (580 MB), formats to {@code navpack,json,compact}, warm (topic B) to half the messages;
 * logs under {@code target/stream/}. {@code -Dnavpack.bench.member.jvmArgs} replaces the members' default
 * {@code -Xms3g -Xmx3g}; {@code -Dnavpack.bench.stream.queryRate=N} runs the queries at N a second instead of without
 * pause (each query's latency counted from when it was due); {@code -Dnavpack.bench.stream.parallelism=N} gives navpack's
 * stream N source processors and transcoders per member.
 */
public final class StreamIngestHarness {
    static final int TRADES_PER_MESSAGE = 4;
    static final int PARTITIONS = 4;
    private static final long MEMBER_MINUTES = 120;
    private static final long START_SECONDS = 180;
    private static final int IDLE_SECONDS = 20;

    /** Indexed paths (navpack and Compact; JSON takes them under {@code dataDocument.}). */
    static final List<String> SORTED = List.of("trade[any].tradeHeader.tradeDate");
    static final List<String> HASH = List.of(
            "trade[any].tradeHeader.partyTradeIdentifier[any].tradeId",
            "trade[any].tradeHeader.partyTradeIdentifier[any].partyReference",
            "trade[any].tradeHeader.partyTradeIdentifier[any].versionedTradeId.tradeId",
            "party[any].partyName",
            "party[any].partyId",
            "party[any].id",
            "fpmlVersion",
            "trade[any].documentation.masterAgreement.masterAgreementType",
            "trade[any].swap.swapStream[any].payerPartyReference",
            "trade[any].creditDefaultSwap.generalTerms.buyerPartyReference");
    /** The query client's rate in queries per second, {@code -Dnavpack.bench.stream.queryRate} (0: without pause). */
    static final int QUERY_RATE = Integer.getInteger("navpack.bench.stream.queryRate", 0);

    /** navpack's stream's source processors (and transcoders) per member, {@code -Dnavpack.bench.stream.parallelism} (0: Jet's choice). */
    static final int PARALLELISM = Integer.getInteger("navpack.bench.stream.parallelism", 0);

    /** A nested path no index holds: a query on it scans. */
    static final String SCANNED = "trade[any].documentation.masterAgreement.masterAgreementVersion";

    private final List<MemberProcess> members = new ArrayList<>();
    private HazelcastInstance client;
    private HazelcastInstance queryClient;
    private KafkaBroker broker;

    private StreamIngestHarness() {
    }

    public static void main(String[] args) throws Exception {
        int messages = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        List<String> formats = List.of((args.length > 1 ? args[1] : "navpack,json,compact").split(","));
        int warm = args.length > 2 ? Integer.parseInt(args[2]) : messages / 2;
        if (warm <= 0 || warm >= messages) {
            throw new IllegalArgumentException("the warm messages are between 1 and " + (messages - 1));
        }
        StreamIngestHarness h = new StreamIngestHarness();
        try {
            h.run(messages, warm, formats);
        } finally {
            h.close();
        }
        System.exit(0);
    }

    /** Message {@code n}: trades 4n to 4n+3 in the first one's {@code dataDocument}, after its trade. */
    static byte[] message(List<byte[]> templates, long n) {
        String base = new String(FpmlTrades.document(templates, n * TRADES_PER_MESSAGE), StandardCharsets.UTF_8);
        int end = base.indexOf("</trade>") + "</trade>".length();
        StringBuilder b = new StringBuilder(base.length() * TRADES_PER_MESSAGE).append(base, 0, end);
        for (int k = 1; k < TRADES_PER_MESSAGE; k++) {
            String d = new String(FpmlTrades.document(templates, n * TRADES_PER_MESSAGE + k), StandardCharsets.UTF_8);
            int from = tradeStart(d);
            b.append("\n  ").append(d, from, d.indexOf("</trade>") + "</trade>".length());
        }
        return b.append(base, end, base.length()).toString().getBytes(StandardCharsets.UTF_8);
    }

    private static int tradeStart(String d) {
        int i = d.indexOf("<trade>");
        int j = d.indexOf("<trade ");
        return i < 0 ? j : j < 0 ? i : Math.min(i, j);
    }

    /** A trade id of message {@code n} (the first trade's first id, as {@link FpmlTrades} suffixes it). */
    static String tradeId(List<byte[]> templates, long n) {
        String d = new String(FpmlTrades.document(templates, n * TRADES_PER_MESSAGE), StandardCharsets.UTF_8);
        int a = d.indexOf("<tradeId");
        a = d.indexOf('>', a) + 1;
        return d.substring(a, d.indexOf("</tradeId>", a));
    }

    private void run(int messages, int warm, List<String> formats) throws Exception {
        Path work = ClientOpsCluster.home().resolve("stream");
        Files.createDirectories(work);
        List<byte[]> templates = FpmlTrades.templates(FpmlDocuments.dir());
        SchemaInference inference = SchemaInference.of(DocumentFormat.XML).name("fpmlstream");
        for (long n = 0; n < Math.min(messages, 600); n++) {
            inference.add(message(templates, n), "message-" + n);
        }
        DocumentSchema schema = inference.infer();
        System.out.printf(Locale.ROOT, "# schema: %s; JDK %s; %d cores; load %s; queries %s%n", schema,
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(), load(),
                (QUERY_RATE > 0 ? QUERY_RATE + " a second" : "without pause")
                        + (PARALLELISM > 0 ? "; navpack's stream " + PARALLELISM + " per member" : ""));

        broker = KafkaBroker.start(work.resolve("broker-" + ProcessHandle.current().pid()), 1024,
                List.of("-XX:+UseG1GC", "-Xms1g"));
        broker.createTopic("stream-a", PARTITIONS);
        broker.createTopic("stream-b", PARTITIONS);
        int cold = messages - warm;
        long[] bytes = publish(templates, messages, cold);
        System.out.printf(Locale.ROOT, "# %,d messages of %,d trades each published: %.1f MB, %.1f KB per message; %,d to topic A"
                        + " (%.1f MB), %,d to topic B (%.1f MB)%n", messages, TRADES_PER_MESSAGE, (bytes[0] + bytes[1]) / 1e6,
                (bytes[0] + bytes[1]) / 1e3 / messages, cold, bytes[0] / 1e6, warm, bytes[1] / 1e6);
        start(work);
        DocumentCatalog.publish(client, "s-navpack", schema);
        List<String> lines = new ArrayList<>();
        for (String f : formats) {
            lines.addAll(measure(f, schema, templates, messages, cold, bytes));
        }
        System.out.println();
        System.out.println("| format | phase | MB/s | messages/s | s | members' CPU s | MB per member CPU s | the same, queries' share"
                + " out | broker CPU s | query p50 / p99 / p99.9 ms (queries) |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|");
        lines.forEach(System.out::println);
    }

    /** Messages 0 to {@code cold - 1} to topic A, the rest to topic B; the bytes of each. */
    private long[] publish(List<byte[]> templates, int messages, int cold) throws Exception {
        Properties p = new Properties();
        p.setProperty("bootstrap.servers", broker.bootstrap());
        p.setProperty("acks", "1");
        p.setProperty("linger.ms", "5");
        p.setProperty("batch.size", Integer.toString(1 << 20));
        p.setProperty("max.request.size", Integer.toString(8 << 20));
        long[] bytes = new long[2];
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer())) {
            List<Future<?>> last = new ArrayList<>();
            for (int n = 0; n < messages; n++) {
                byte[] m = message(templates, n);
                bytes[n < cold ? 0 : 1] += m.length;
                last.add(producer.send(new ProducerRecord<>(n < cold ? "stream-a" : "stream-b",
                        ("message-" + n).getBytes(StandardCharsets.UTF_8), m)));
                if (last.size() == 1000) {
                    for (Future<?> f : last) {
                        f.get(60, TimeUnit.SECONDS);
                    }
                    last.clear();
                }
            }
            for (Future<?> f : last) {
                f.get(60, TimeUnit.SECONDS);
            }
        }
        return bytes;
    }

    /** One format: cold ingest, idle queries, warm ingest with queries, heap per entry. */
    private List<String> measure(String format, DocumentSchema schema, List<byte[]> templates, int messages, int coldMessages,
                                 long[] bytes)
            throws Exception {
        String mapName = "s-" + format;
        String prefix = format.equals("json") ? "dataDocument." : "";
        IMap<Object, Object> map = client.getMap(mapName);
        long heap0 = heap();
        if (!Boolean.getBoolean("navpack.bench.stream.noIndexes")) {
            for (String path : SORTED) {
                map.addIndex(IndexType.SORTED, path(prefix, path));
            }
            for (String path : HASH) {
                map.addIndex(IndexType.HASH, path(prefix, path));
            }
        }
        Queries q = new Queries(queryClient.getMap(mapName), prefix, templates, messages);
        Thread queries = new Thread(q, "queries-" + format);
        queries.setDaemon(true);
        if (!Boolean.getBoolean("navpack.bench.stream.noQueries")) {
            queries.start();
        }
        List<String> out = new ArrayList<>();
        List<Job> jobs = new ArrayList<>();
        try {
            Histogram before = q.swap();
            Ingest cold = ingest(format, schema, mapName, "stream-a", coldMessages, jobs);
            Histogram coldQueries = q.swap();
            double m0 = membersCpu();
            long t0 = System.nanoTime();
            TimeUnit.SECONDS.sleep(IDLE_SECONDS);
            double idleRate = (membersCpu() - m0) / ((System.nanoTime() - t0) / 1e9);
            Histogram idle = q.swap();
            Ingest warm = ingest(format, schema, mapName, "stream-b", messages, jobs);
            Histogram warmQueries = q.swap();
            q.stop();
            queries.join(TimeUnit.SECONDS.toMillis(30));
            for (Job j : jobs) {
                j.cancel();
            }
            jobs.clear();
            long heap1 = heap();
            double perEntry = (heap1 - heap0) / (double) messages;
            out.add(cold.line(format, "cold ingest (topic A)", bytes[0], coldMessages, idleRate, coldQueries));
            out.add(String.format(Locale.ROOT, "| %s | idle, %d s (members %.2f CPU s per s) | | | | | | | | %s |", format, IDLE_SECONDS,
                    idleRate, latencies(idle)));
            out.add(warm.line(format, "warm ingest (topic B)", bytes[1], messages - coldMessages, idleRate, warmQueries));
            out.add(String.format(Locale.ROOT, "| %s | heap per entry (message of %d trades), entries and backups: %,.0f B"
                            + " (%,.0f B per trade) | | | | | | | | p99 warm / idle: %.2f |", format, TRADES_PER_MESSAGE, perEntry,
                    perEntry / TRADES_PER_MESSAGE, ms(warmQueries.getValueAtPercentile(99)) / ms(idle.getValueAtPercentile(99))));
            out.forEach(System.out::println);
            System.out.printf(Locale.ROOT, "# %s: %d queries before the first entry; load %s%n", format, before.getTotalCount(), load());
        } finally {
            q.stop();
            for (Job j : jobs) {
                j.cancel();
            }
            map.destroy();
        }
        return out;
    }

    /** What one job's ingest took. */
    record Ingest(double seconds, double membersCpu, double brokerCpu) {
        String line(String format, String phase, long bytes, int messages, double idleRate, Histogram queries) {
            double mb = bytes / 1e6;
            double queriesOut = Math.max(1e-9, membersCpu - idleRate * seconds);
            return String.format(Locale.ROOT, "| %s | %s | %.1f | %,.0f | %.2f | %.2f | %.1f | %.1f | %.2f | %s |", format, phase,
                    mb / seconds, messages / seconds, seconds, membersCpu, mb / membersCpu, mb / queriesOut, brokerCpu,
                    latencies(queries));
        }
    }

    private Ingest ingest(String format, DocumentSchema schema, String mapName, String topic, int until, List<Job> jobs)
            throws Exception {
        Properties kafka = broker.consumerProperties();
        kafka.setProperty("auto.offset.reset", "earliest");
        kafka.setProperty("max.partition.fetch.bytes", Integer.toString(8 << 20));
        kafka.setProperty("fetch.max.bytes", Integer.toString(32 << 20));
        IMap<Object, Object> map = client.getMap(mapName);
        Job job;
        if (format.equals("navpack")) {
            DocumentStream stream = DocumentStream.into(mapName, schema).format(DocumentFormat.XML);
            if (PARALLELISM > 0) {
                stream.localParallelism(PARALLELISM);
            }
            JobConfig config = stream.jobConfig().setName(DocumentStream.jobName(mapName) + " " + topic);
            job = client.getJet().newJob(DocumentPipelines.kafka(kafka, stream, topic), config);
        } else {
            job = client.getJet().newJob(StreamPeers.pipeline(format, kafka, schema, mapName, topic),
                    new JobConfig().setName(format + " " + topic).setProcessingGuarantee(
                            com.hazelcast.jet.config.ProcessingGuarantee.AT_LEAST_ONCE).setSnapshotIntervalMillis(1000));
        }
        jobs.add(job);
        int before = map.size();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(20);
        while (map.size() == before) {
            check(deadline, job, format);
            TimeUnit.MILLISECONDS.sleep(5);
        }
        double m0 = membersCpu();
        double b0 = brokerCpu();
        long t0 = System.nanoTime();
        System.out.printf(Locale.ROOT, "# %s %s: first entry at %s%n", format, topic, java.time.LocalTime.now());
        while (map.size() < until) {
            check(deadline, job, format);
            TimeUnit.MILLISECONDS.sleep(20);
        }
        Ingest done = new Ingest((System.nanoTime() - t0) / 1e9, membersCpu() - m0, brokerCpu() - b0);
        System.out.printf(Locale.ROOT, "# %s %s: last entry at %s%n", format, topic, java.time.LocalTime.now());
        return done;
    }

    private static void check(long deadline, Job job, String format) {
        if (System.nanoTime() > deadline) {
            throw new IllegalStateException(format + ": not all messages stored within 20 minutes");
        }
        if (job.getStatus().isTerminal()) {
            job.join();
            throw new IllegalStateException(format + ": the job ended: " + job.getStatus());
        }
    }

    /** The query client's loop: indexed and nested-path queries without pause, latencies into the current histogram. */
    static final class Queries implements Runnable {
        private final IMap<Object, Object> map;
        private final String prefix;
        private final List<byte[]> templates;
        private final int messages;
        private final AtomicReference<Histogram> current = new AtomicReference<>(new Histogram(TimeUnit.SECONDS.toNanos(60), 3));
        private volatile boolean stopping;

        Queries(IMap<Object, Object> map, String prefix, List<byte[]> templates, int messages) {
            this.map = map;
            this.prefix = prefix;
            this.templates = templates;
            this.messages = messages;
        }

        /** The histogram so far; a new one from now. */
        Histogram swap() {
            return current.getAndSet(new Histogram(TimeUnit.SECONDS.toNanos(60), 3));
        }

        void stop() {
            stopping = true;
        }

        @Override
        public void run() {
            ThreadLocalRandom r = ThreadLocalRandom.current();
            String[] dates = {"2001-04-29", "2005-01-24", "2012-06-04", "2018-01-26"};
            // a fixed rate (queries per second) or, by default, without pause; at a fixed rate a query's latency counts
            // from when it was due, so a query held up by the one before is not left out (coordinated omission)
            long interval = QUERY_RATE > 0 ? TimeUnit.SECONDS.toNanos(1) / QUERY_RATE : 0;
            long due = System.nanoTime();
            while (!stopping) {
                if (interval > 0) {
                    due += interval;
                    long wait = due - System.nanoTime();
                    if (wait > 0) {
                        java.util.concurrent.locks.LockSupport.parkNanos(wait);
                    }
                }
                int kind = r.nextInt(20);
                Predicate<Object, Object> p;
                if (kind < 10) {
                    p = Predicates.equal(path(prefix, HASH.get(0)), tradeId(templates, r.nextInt(messages)));
                } else if (kind < 14) {
                    p = Predicates.equal(path(prefix, "party[any].partyName"), r.nextBoolean() ? "Party A" : "ABC Bank");
                } else if (kind < 18) {
                    String from = dates[r.nextInt(dates.length)];
                    p = Predicates.between(path(prefix, SORTED.get(0)), from, from.substring(0, 3) + "9-12-31");
                } else {
                    // a nested path no index holds: a scan
                    p = Predicates.equal(path(prefix, SCANNED), r.nextBoolean() ? 2002L : 1992L);
                }
                long t0 = interval > 0 ? due : System.nanoTime();
                try {
                    if (kind >= 14 && kind < 18) {
                        map.aggregate(Aggregators.count(), p);
                    } else {
                        map.keySet(p);
                    }
                } catch (RuntimeException e) {
                    if (!stopping) {
                        System.err.println("query failed: " + e);
                    }
                    continue;
                }
                current.get().recordValue(Math.min(System.nanoTime() - t0, TimeUnit.SECONDS.toNanos(60)));
            }
        }
    }

    /**
     * A path for a format: JSON's under {@code dataDocument.}, and with {@code [0]} for every {@code [any]} before the
     * last, since Hazelcast's JSON paths take no array step after an {@code [any]} ("Nested arrays in JSON paths are not
     * supported"): where a path has two lists, JSON's reaches the first element of the outer one only.
     */
    static String path(String prefix, String path) {
        if (prefix.isEmpty()) {
            return path;
        }
        int last = path.lastIndexOf("[any]");
        return prefix + (last < 0 ? path : path.substring(0, last).replace("[any]", "[0]") + path.substring(last));
    }

    static double ms(double nanos) {
        return nanos / 1e6;
    }

    static String latencies(Histogram h) {
        return String.format(Locale.ROOT, "%.2f / %.2f / %.2f (%,d)", ms(h.getValueAtPercentile(50)), ms(h.getValueAtPercentile(99)),
                ms(h.getValueAtPercentile(99.9)), h.getTotalCount());
    }

    private long heap() throws Exception {
        long sum = 0;
        for (Future<Long> f : client.getExecutorService("default").submitToAllMembers(new HeapAfterGc()).values()) {
            sum += f.get(2, TimeUnit.MINUTES);
        }
        return sum;
    }

    private double membersCpu() {
        return members.stream().map(MemberProcess::cpu).mapToLong(Duration::toNanos).sum() / 1e9;
    }

    private double brokerCpu() {
        return broker.process().info().totalCpuDuration().map(Duration::toNanos).orElse(0L) / 1e9;
    }

    private static String load() {
        return String.format(Locale.ROOT, "%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    private void start(Path work) throws IOException, InterruptedException {
        Path lib = ClientOpsCluster.home().resolve("member-lib");
        Path classes = work.resolve("classes");
        if (Files.exists(classes)) {
            try (java.util.stream.Stream<Path> s = Files.walk(classes)) {
                for (Path f : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(f);
                }
            }
        }
        String cluster = "navpack-stream-" + ProcessHandle.current().pid();
        int[] ports = {ClientOpsCluster.freePort(), ClientOpsCluster.freePort()};
        String classPath = ClientOpsCluster.memberClassPath(lib, work, List.of("hazelcast-\\d.*", "navpack-member-\\d.*",
                        "navpack-fixtures-\\d.*", "hazelcast-jet-kafka-.*", "kafka-clients-.*", "slf4j-api-.*"),
                List.of(MemberMain.class, StreamPeers.class, HeapAfterGc.class, ScanCluster.class));
        if (System.getProperty("navpack.bench.member.jvmArgs") == null) {
            System.setProperty("navpack.bench.member.jvmArgs", "-Xms3g -Xmx3g");
        }
        for (int i = 0; i < ports.length; i++) {
            Path dir = Files.createDirectories(work.resolve("member-" + (i + 1)));
            Path xml = dir.resolve("hazelcast.xml");
            Files.writeString(xml, ClientOpsCluster.loopbackMemberXml(cluster, ports[i], ports,
                    "<jet enabled=\"true\" resource-upload-enabled=\"false\"/>"
                            + "<map name=\"s-navpack\"><in-memory-format>OBJECT</in-memory-format><backup-count>1</backup-count>"
                            + "<metadata-policy>OFF</metadata-policy></map>"
                            + "<map name=\"s-*\"><in-memory-format>BINARY</in-memory-format><backup-count>1</backup-count></map>"),
                    StandardCharsets.UTF_8);
            members.add(MemberProcess.start("member-" + (i + 1), classPath, xml, MEMBER_MINUTES, dir.resolve("member.log"),
                    START_SECONDS, dir));
        }
        client = HazelcastClient.newHazelcastClient(clientConfig(cluster, ports));
        queryClient = HazelcastClient.newHazelcastClient(clientConfig(cluster, ports));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
        while (client.getCluster().getMembers().size() != ports.length) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the members did not form one cluster; logs in " + work);
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
    }

    private static ClientConfig clientConfig(String cluster, int[] ports) {
        ClientConfig c = NavpackConfig.of().readMode(ReadMode.RECORD).applyTo(new ClientConfig());
        c.setClusterName(cluster);
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.setProperty("hazelcast.logging.type", "jdk");
        for (int p : ports) {
            c.getNetworkConfig().addAddress("127.0.0.1:" + p);
        }
        return c;
    }

    private void close() {
        String jfr = System.getProperty("navpack.bench.stream.jfrDump");
        if (jfr != null) {
            // members started with -XX:StartFlightRecording: their recordings, before the members are ended
            for (MemberProcess m : members) {
                try {
                    new ProcessBuilder("jcmd", Long.toString(m.pid()), "JFR.dump", "filename=" + jfr + "/member-" + m.pid() + ".jfr")
                            .inheritIO().start().waitFor(2, TimeUnit.MINUTES);
                } catch (IOException e) {
                    System.err.println("no recording of member " + m.pid() + ": " + e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
        for (HazelcastInstance c : new HazelcastInstance[] {queryClient, client}) {
            if (c != null) {
                c.shutdown();
            }
        }
        for (MemberProcess m : members) {
            m.close();
        }
        if (broker != null) {
            broker.close();
        }
    }
}
