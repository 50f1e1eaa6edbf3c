package io.navpack.bench.docs;

import com.acme.trading.documents.FpmlTrades;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastJsonValue;
import com.hazelcast.jet.Job;
import com.hazelcast.map.IMap;
import io.navpack.bench.clientops.ClientOpsCluster;
import io.navpack.bench.clientops.MemberProcess;
import io.navpack.bench.clientops.member.MemberMain;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.SchemaInference;
import io.navpack.documents.Transcoder;
import io.navpack.documents.hazelcast.DocumentCatalog;
import io.navpack.documents.hazelcast.DocumentLoader;
import io.navpack.documents.hazelcast.DocumentPipelines;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.ReadMode;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Documents loaded from files, end to end, with the CPU it costs: N FpML trades ({@link FpmlTrades}: the shared
 * documents varied) as files, two members in JVMs of their own on 127.0.0.1 (Jet on, navpack's member jar, one
 * backup), a client in this JVM. Three ways, one after the other, each into a map of its own that is destroyed after:
 * <ul>
 *   <li>{@code navpack load}: the client reads each XML file, transcodes it and stores it with {@link DocumentLoader}
 *       (what the command does; batches of 256, 8 on their way);</li>
 *   <li>{@code HazelcastJsonValue}: the client reads the same documents as JSON files and stores their text, same
 *       batching ({@code setAllAsync} of 256, 8 on their way);</li>
 *   <li>Jet on the members: {@link DocumentPipelines#load}, each member reading the XML files of its own directory
 *       (half the trades each) and transcoding them on its own cores.</li>
 * </ul>
 * For each: wall time, documents and MB per second, and the CPU time of the client's JVM and of both members'
 * (from the operating system); the members' CPU counted for a load is what they used less what they use idle
 * (measured for 10 s before the first load: Jet's and Hazelcast's own threads) in as long, and documents per CPU
 * second, over the client's and the members' CPU for the load, is the rate per core end to end. The members run in
 * working directories of their own, so that Jet's relative directory {@code docs} is a different one on each.
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar io.navpack.bench.docs.DocumentLoadHarness [trades] [rounds]</pre>
 * Trades default to 100,000, rounds to 2; files, member logs and configuration under {@code target/docload/}; the
 * FpML documents from {@code -Dnavpack.fpml.dir} or {@code ../shared/data/fpml}.
 */
public final class DocumentLoadHarness {
    private static final int BATCH = 256;
    private static final int IN_FLIGHT = 8;
    private static final long MEMBER_MINUTES = 120;
    private static final long START_SECONDS = 180;
    private static final long IDLE_SECONDS = 10;

    private final List<MemberProcess> members = new ArrayList<>();
    private HazelcastInstance client;

    private DocumentLoadHarness() {
    }

    /** One load's figures. */
    /** One load's figures; {@code idle} is the members' CPU seconds per second when nothing runs. */
    record Run(String way, long documents, long bytes, double seconds, double clientCpu, double membersCpu, double idle) {
        double docsPerSecond() {
            return documents / seconds;
        }

        /** The members' CPU for the load: what they used less what they use idle in as long. */
        double membersLoadCpu() {
            return Math.max(0, membersCpu - idle * seconds);
        }

        double docsPerCpuSecond() {
            return documents / (clientCpu + membersLoadCpu());
        }

        String line() {
            return String.format(Locale.ROOT, "| %s | %,d | %.1f | %.1f | %,.0f | %.1f | %.1f | %.1f (%.1f) | %,.0f |", way, documents,
                    bytes / 1e6, seconds, docsPerSecond(), bytes / 1e6 / seconds, clientCpu, membersLoadCpu(), membersCpu,
                    docsPerCpuSecond());
        }
    }

    private double idle;

    public static void main(String[] args) throws Exception {
        long trades = args.length > 0 ? Long.parseLong(args[0]) : 100_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        DocumentLoadHarness h = new DocumentLoadHarness();
        try {
            h.run(trades, rounds);
        } finally {
            h.close();
        }
        System.exit(0);
    }

    private void run(long trades, int rounds) throws Exception {
        Path work = ClientOpsCluster.home().resolve("docload");
        List<byte[]> templates = FpmlTrades.templates(FpmlDocuments.dir());
        SchemaInference inference = SchemaInference.of(DocumentFormat.XML).name("fpmltrades");
        for (long n = 0; n < Math.min(trades, 2_000); n++) {
            inference.add(FpmlTrades.document(templates, n), "trade-" + n);
        }
        DocumentSchema schema = inference.infer();
        long[] bytes = writeFiles(work, templates, schema, trades);
        System.out.printf(Locale.ROOT, "# %,d trades from %d FpML documents: %.1f MB of XML, %.1f MB of JSON%n", trades,
                templates.size(), bytes[0] / 1e6, bytes[1] / 1e6);
        start(work);
        double m0 = membersCpu();
        long i0 = System.nanoTime();
        TimeUnit.SECONDS.sleep(IDLE_SECONDS);
        idle = (membersCpu() - m0) / ((System.nanoTime() - i0) / 1e9);
        System.out.printf(Locale.ROOT, "# the members idle use %.3f CPU seconds per second%n", idle);
        List<Run> runs = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            runs.add(measure("navpack load (client)", "docs-client", trades, bytes[0], () -> loadFromClient(work, schema, "docs-client")));
            runs.add(measure("HazelcastJsonValue (client)", "docs-json", trades, bytes[1], () -> loadJson(work, "docs-json")));
            runs.add(measure("navpack, Jet on the members", "docs-jet", trades, bytes[0], () -> loadWithJet(schema, "docs-jet")));
        }
        System.out.println();
        System.out.println("| way | documents | MB | s | documents/s | MB/s | client CPU s | members' CPU s for the load (in all)"
                + " | documents per CPU s |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        for (Run r : runs) {
            System.out.println(r.line());
        }
    }

    /** The trades as XML files, half in each member's {@code docs}, and as JSON files in {@code json}. */
    private static long[] writeFiles(Path work, List<byte[]> templates, DocumentSchema schema, long trades) throws IOException {
        Transcoder t = schema.transcoder();
        long xml = 0;
        long json = 0;
        Path jsonDir = Files.createDirectories(work.resolve("json"));
        Path[] xmlDirs = {Files.createDirectories(work.resolve("member-1").resolve("docs")),
                Files.createDirectories(work.resolve("member-2").resolve("docs"))};
        for (long n = 0; n < trades; n++) {
            byte[] doc = FpmlTrades.document(templates, n);
            Files.write(xmlDirs[(int) (n & 1)].resolve("trade-" + n + ".xml"), doc);
            byte[] j = t.toDocument(t.toNavpack(doc, "trade-" + n), DocumentFormat.JSON);
            Files.write(jsonDir.resolve("trade-" + n + ".json"), j);
            xml += doc.length;
            json += j.length;
        }
        return new long[] {xml, json};
    }

    private interface Load {
        void run() throws Exception;
    }

    private Run measure(String way, String mapName, long trades, long bytes, Load load) throws Exception {
        System.gc();
        double client0 = clientCpu();
        double members0 = membersCpu();
        long t0 = System.nanoTime();
        load.run();
        double seconds = (System.nanoTime() - t0) / 1e9;
        double clientCpu = clientCpu() - client0;
        double membersCpu = membersCpu() - members0;
        IMap<Object, Object> map = client.getMap(mapName);
        int size = map.size();
        if (size != trades) {
            throw new IllegalStateException(way + ": " + size + " entries in " + mapName + " after loading " + trades);
        }
        map.destroy();
        Run r = new Run(way, trades, bytes, seconds, clientCpu, membersCpu, idle);
        System.out.println(r.line());
        return r;
    }

    private void loadFromClient(Path work, DocumentSchema schema, String mapName) throws IOException, InterruptedException {
        try (DocumentLoader loader = DocumentLoader.into(client, mapName, schema).batchSize(BATCH).maxInFlight(IN_FLIGHT).build()) {
            for (Path dir : List.of(work.resolve("member-1").resolve("docs"), work.resolve("member-2").resolve("docs"))) {
                for (Path f : files(dir)) {
                    String name = String.valueOf(f.getFileName());
                    loader.load(DocumentFormat.XML, Files.readAllBytes(f), name, name.substring(0, name.length() - 4));
                }
            }
            if (!loader.flush(5, TimeUnit.MINUTES)) {
                throw new IllegalStateException("documents still on their way after 5 minutes");
            }
            loader.checkStored();
        }
    }

    private void loadJson(Path work, String mapName) throws Exception {
        IMap<Object, Object> map = client.getMap(mapName);
        List<CompletionStage<Void>> pending = new ArrayList<>();
        Map<Object, Object> batch = new HashMap<>();
        for (Path f : files(work.resolve("json"))) {
            String name = String.valueOf(f.getFileName());
            batch.put(name.substring(0, name.length() - 5), new HazelcastJsonValue(Files.readString(f, StandardCharsets.UTF_8)));
            if (batch.size() == BATCH) {
                pending.add(map.setAllAsync(batch));
                batch = new HashMap<>();
                if (pending.size() == IN_FLIGHT) {
                    pending.remove(0).toCompletableFuture().get(5, TimeUnit.MINUTES);
                }
            }
        }
        if (!batch.isEmpty()) {
            pending.add(map.setAllAsync(batch));
        }
        for (CompletionStage<Void> p : pending) {
            p.toCompletableFuture().get(5, TimeUnit.MINUTES);
        }
    }

    private void loadWithJet(DocumentSchema schema, String mapName) {
        DocumentCatalog.publish(client, mapName, schema);
        Job job = client.getJet().newJob(DocumentPipelines.load("docs", "*.xml", DocumentFormat.XML, schema, mapName, null));
        job.join();
        List<Object> failures = new ArrayList<>(client.getList(DocumentPipelines.failuresList(mapName)));
        if (!failures.isEmpty()) {
            throw new IllegalStateException(failures.size() + " documents not loaded, e.g. " + failures.get(0));
        }
    }

    private static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }

    private static double clientCpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1e9;
    }

    private double membersCpu() {
        return members.stream().map(MemberProcess::cpu).mapToLong(Duration::toNanos).sum() / 1e9;
    }

    private void start(Path work) throws IOException, InterruptedException {
        Path lib = ClientOpsCluster.home().resolve("member-lib");
        String cluster = "navpack-docload-" + ProcessHandle.current().pid();
        int[] ports = {ClientOpsCluster.freePort(), ClientOpsCluster.freePort()};
        String classPath = ClientOpsCluster.memberClassPath(lib, work, List.of("hazelcast-\\d.*", "navpack-member-\\d.*"),
                List.of(MemberMain.class));
        if (System.getProperty("navpack.bench.member.jvmArgs") == null) {
            System.setProperty("navpack.bench.member.jvmArgs", "-Xms2g -Xmx2g");
        }
        for (int i = 0; i < ports.length; i++) {
            Path dir = work.resolve("member-" + (i + 1));
            Path xml = dir.resolve("hazelcast.xml");
            Files.writeString(xml, memberXml(cluster, ports[i], ports), StandardCharsets.UTF_8);
            members.add(MemberProcess.start("member-" + (i + 1), classPath, xml, MEMBER_MINUTES, dir.resolve("member.log"),
                    START_SECONDS, dir));
        }
        ClientConfig c = NavpackConfig.of().readMode(ReadMode.RECORD).applyTo(new ClientConfig());
        c.setClusterName(cluster);
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.setProperty("hazelcast.logging.type", "jdk");
        for (int p : ports) {
            c.getNetworkConfig().addAddress("127.0.0.1:" + p);
        }
        client = HazelcastClient.newHazelcastClient(c);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
        while (client.getCluster().getMembers().size() != ports.length) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the members did not form one cluster; logs in " + work);
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
    }

    private static String memberXml(String cluster, int port, int[] ports) {
        return ClientOpsCluster.loopbackMemberXml(cluster, port, ports,
                "<jet enabled=\"true\" resource-upload-enabled=\"false\"/>"
                + "<map name=\"docs-*\"><in-memory-format>BINARY</in-memory-format><backup-count>1</backup-count></map>");
    }

    private void close() {
        if (client != null) {
            client.shutdown();
        }
        for (MemberProcess m : members) {
            m.close();
        }
    }
}
