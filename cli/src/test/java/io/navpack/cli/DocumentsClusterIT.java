package io.navpack.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.cluster.Member;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.DocumentWriter;
import io.navpack.documents.Transcoder;
import io.navpack.documents.hazelcast.DocumentCatalog;
import io.navpack.format.PackedRecord;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.ReadMode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xmlunit.builder.DiffBuilder;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code navpack load} and {@code navpack export} end to end against two members started with {@code navpack member}
 * (separate JVMs, the jar the build made, no classes of any document): the shared FpML documents loaded and exported
 * back equal to the originals, loaded again to the same map, keyed by a path in the documents; NDJSON from standard
 * input and CSV back as the same documents; a load stopped like Ctrl-C leaves whole entries and says how far it got;
 * a member killed during a load costs no document; an export writes a map several times its client's heap.
 */
class DocumentsClusterIT {
    static final List<Process> members = new ArrayList<>();
    static String cluster;
    static String address;
    static HazelcastInstance client;
    /** The FpML documents' schema file, inferred once by 'navpack infer'. */
    static Path fpmlSchema;
    /** The first two members' ports. */
    static int[] ports;
    /** Where the members' configurations and logs go. */
    static Path work;

    @TempDir
    Path dir;

    record Run(int exit, String out, String err) {
    }

    static List<String> java() {
        return java("-Xmx512m");
    }

    /** The command line of the navpack jar in a JVM with {@code heap} (e.g. -Xmx512m). */
    static List<String> java(String heap) {
        return new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                heap, "-XX:+UseSerialGC", "-XX:+ExitOnOutOfMemoryError", "-jar",
                Path.of("target", "navpack.jar").toAbsolutePath().toString()));
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /**
     * Starts member {@code index} of the cluster on {@code port}: it joins the first two members' ports, and every map
     * keeps one backup of each entry on another member.
     */
    static Process member(int index, int port) throws IOException {
        String yaml = "hazelcast:\n  cluster-name: " + cluster + "\n  jet:\n    enabled: true\n"
                + "  properties:\n    hazelcast.phone.home.enabled: false\n    hazelcast.socket.bind.any: false\n"
                + "  map:\n    default:\n      backup-count: 1\n"
                + "  network:\n    port:\n      port: " + port + "\n      auto-increment: false\n"
                + "    interfaces:\n      enabled: true\n      interfaces:\n        - 127.0.0.1\n"
                + "    join:\n      multicast:\n        enabled: false\n      tcp-ip:\n        enabled: true\n"
                + "        member-list:\n          - 127.0.0.1:" + ports[0] + "\n          - 127.0.0.1:" + ports[1] + "\n";
        Path config = work.resolve("member-" + index + ".yaml");
        Files.writeString(config, yaml);
        List<String> cmd = java();
        cmd.addAll(List.of("member", "--config", config.toString()));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(work.resolve("member-" + index + ".log").toFile())
                .start();
    }

    @BeforeAll
    static void startMembers() throws Exception {
        ports = new int[] {freePort(), freePort()};
        cluster = "docs-it-" + ports[0];
        address = "127.0.0.1:" + ports[0];
        work = Files.createDirectories(Path.of("target", "documents-cluster-it"));
        fpmlSchema = work.resolve("fpml.schema.json").toAbsolutePath();
        List<String> infer = java();
        infer.addAll(List.of("infer", "--out", fpmlSchema.toString(), fpml().toString()));
        Process inferring = new ProcessBuilder(infer).redirectErrorStream(true).redirectOutput(work.resolve("infer.log").toFile()).start();
        for (int i = 0; i < ports.length; i++) {
            members.add(member(i, ports[i]));
        }
        assertThat(inferring.waitFor(2, TimeUnit.MINUTES) && inferring.exitValue() == 0).as("navpack infer").isTrue();
        ClientConfig cc = NavpackConfig.of().readMode(ReadMode.RECORD).applyTo(new ClientConfig());
        cc.setClusterName(cluster);
        cc.setProperty("hazelcast.phone.home.enabled", "false");
        for (int p : ports) {
            cc.getNetworkConfig().addAddress("127.0.0.1:" + p);
        }
        cc.getConnectionStrategyConfig().getConnectionRetryConfig().setClusterConnectTimeoutMillis(120_000);
        client = HazelcastClient.newHazelcastClient(cc);
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (client.getCluster().getMembers().size() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        assertThat(client.getCluster().getMembers()).hasSize(2);
    }

    @AfterAll
    static void stopMembers() {
        if (client != null) {
            client.shutdown();
        }
        members.forEach(Process::destroyForcibly);
    }

    private Run navpack(String stdin, String... args) throws Exception {
        return run(stdin, "-Xmx512m", args);
    }

    /** navpack in a JVM with {@code heap} (e.g. -Xmx40m). */
    private Run inHeap(String heap, String... args) throws Exception {
        return run(null, heap, args);
    }

    private Run run(String stdin, String heap, String[] args) throws Exception {
        List<String> cmd = java(heap);
        cmd.addAll(List.of(args));
        Path out = dir.resolve("stdout-" + System.nanoTime());
        Path err = dir.resolve("stderr-" + System.nanoTime());
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile());
        if (stdin != null) {
            Path in = dir.resolve("stdin-" + System.nanoTime());
            Files.writeString(in, stdin);
            pb.redirectInput(in.toFile());
        }
        Process p = pb.start();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("navpack %s finished", List.of(args)).isTrue();
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    private Run navpack(String... args) throws Exception {
        return navpack(null, args);
    }

    private static String[] cluster(String... args) {
        List<String> a = new ArrayList<>(Arrays.asList(args));
        a.add(1, "--cluster");
        a.add(2, address);
        a.add(3, "--cluster-name");
        a.add(4, cluster);
        return a.toArray(String[]::new);
    }

    private static Path fpml() {
        return SharedData.fpml();
    }

    private static List<Path> files(Path root, String ext) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(f -> f.toString().endsWith(ext)).sorted().toList();
        }
    }

    /** Every entry's key and value bytes. */
    private static Map<Object, byte[]> entries(String map) {
        IMap<Object, Object> m = client.getMap(map);
        Map<Object, byte[]> out = new HashMap<>();
        m.entrySet().forEach(e -> out.put(e.getKey(), PackedRecord.ofView(e.getValue()).bytes()));
        return out;
    }

    @Test
    void fpmlLoadedExportedBackEqualAndLoadedAgainToTheSameMap() throws Exception {
        Path fpml = fpml();
        List<Path> originals = files(fpml, ".xml");
        Run load = navpack(cluster("load", "--map", "fpml", "--infer", fpml.toString()));
        assertThat(load.exit()).as(load.out() + load.err()).isZero();
        assertThat(load.out()).contains("loaded " + originals.size() + " documents from " + originals.size() + " of "
                + originals.size() + " files into map fpml").contains("documents/s")
                .contains(originals.size() + " entries stored: " + originals.size() + " new, 0 replaced, 0 unchanged");
        // inferred, or the schema of that name that an earlier load registered in the cluster
        assertThat(load.err()).containsAnyOf("inferred DocumentSchema fpml", "has a document schema named fpml")
                .contains(originals.size() + "/" + originals.size() + " files");
        Map<Object, byte[]> first = entries("fpml");
        assertThat(first).hasSize(originals.size());

        // exported back: a file per entry, named by its key, equal to its original
        Run export = navpack(cluster("export", "--map", "fpml", "--to", "xml", "--out", "back"));
        assertThat(export.exit()).as(export.out() + export.err()).isZero();
        assertThat(export.out()).contains("exported " + originals.size() + " entries of map fpml");
        for (Path original : originals) {
            Path back = dir.resolve("back").resolve(fpml.relativize(original));
            assertThat(DiffBuilder.compare(original.toFile()).withTest(back.toFile()).ignoreWhitespace().ignoreComments()
                    .checkForSimilar().build().hasDifferences()).as(original.toString()).isFalse();
        }

        // loaded again: the map's schema in the cluster is kept, and every entry is the same
        Run again = navpack(cluster("load", "--map", "fpml", "--infer", fpml.toString()));
        assertThat(again.exit()).as(again.out() + again.err()).isZero();
        assertThat(again.err()).contains("has a schema in the cluster");
        // the byte check: every entry already held the same bytes
        assertThat(again.out()).contains(originals.size() + " entries stored: 0 new, 0 replaced, " + originals.size()
                + " unchanged");
        Map<Object, byte[]> second = entries("fpml");
        assertThat(second.keySet()).isEqualTo(first.keySet());
        first.forEach((k, v) -> assertThat(second.get(k)).as(String.valueOf(k)).isEqualTo(v));

        // --where: a predicate on nested paths; the exported entries are those the oracle picks
        String date = "2018-01-29";
        Run where = navpack(cluster("export", "--map", "fpml", "--to", "json", "--out", "picked",
                "--where", "trade.tradeHeader.tradeDate = '" + date + "'"));
        assertThat(where.exit()).as(where.out() + where.err()).isZero();
        assertThat(where.err()).contains("entries matching --where").doesNotContain("/0 entries");
        Set<String> picked = new TreeSet<>();
        for (Path f : files(dir.resolve("picked"), ".json")) {
            String rel = dir.resolve("picked").relativize(f).toString();
            picked.add(rel.substring(0, rel.length() - ".json".length()));
        }
        Set<String> expected = new TreeSet<>();
        for (Path original : originals) {
            Element root = parse(original);
            if (texts(root, "trade", "tradeHeader", "tradeDate").contains(date)) {
                String rel = fpml.relativize(original).toString();
                expected.add(rel.substring(0, rel.length() - ".xml".length()));
            }
        }
        assertThat(picked).isEqualTo(expected).isNotEmpty();
    }

    @Test
    void keysFromAPathInTheDocuments() throws Exception {
        Path fpml = fpml();
        Run load = navpack(cluster("load", "--map", "bytradeid", "--schema", fpmlSchema.toString(), "--key",
                "trade.tradeHeader.partyTradeIdentifier[0].tradeId[0]", fpml.toString()));
        // documents without a trade id at that path are reported, the others loaded
        assertThat(load.exit()).as(load.out() + load.err()).isEqualTo(1);
        assertThat(load.out()).contains("failures:").contains("no value at the key path");
        Set<String> expected = new TreeSet<>();
        int without = 0;
        for (Path original : files(fpml, ".xml")) {
            Element root = parse(original);
            List<Element> ids = children(root, "trade", "tradeHeader", "partyTradeIdentifier");
            List<String> tradeIds = ids.isEmpty() ? List.of() : texts(ids.get(0), "tradeId");
            if (tradeIds.isEmpty()) {
                without++;
            } else {
                expected.add(tradeIds.get(0));
            }
        }
        assertThat(new TreeSet<>(client.<Object, Object>getMap("bytradeid").keySet())).isEqualTo(expected);
        assertThat(load.out()).contains(without + " failures:");
    }

    @Test
    void onErrorStopStopsAtTheFirstDocumentThatCannotBeLoadedAndKeepsTheOnesBefore() throws Exception {
        Path fpml = fpml();
        Run load = navpack(cluster("load", "--map", "stopped-on-error", "--schema", fpmlSchema.toString(), "--key",
                "trade.tradeHeader.partyTradeIdentifier[0].tradeId[0]", "--on-error", "stop", fpml.toString()));
        // the oracle: the files are loaded in the order of their paths; the first without a trade id stops the load
        Set<String> expected = new TreeSet<>();
        Path first = null;
        for (Path original : files(fpml, ".xml")) {
            List<Element> ids = children(parse(original), "trade", "tradeHeader", "partyTradeIdentifier");
            List<String> tradeIds = ids.isEmpty() ? List.of() : texts(ids.get(0), "tradeId");
            if (tradeIds.isEmpty()) {
                first = original;
                break;
            }
            expected.add(tradeIds.get(0));
        }
        assertThat(first).as("a shared document without a trade id").isNotNull();
        assertThat(load.exit()).as(load.out() + load.err()).isEqualTo(Main.FAILED);
        assertThat(load.out()).contains("stopped at").contains(first.getFileName().toString()).contains("(--on-error stop)")
                .contains("1 failures:").contains("no value at the key path");
        assertThat(new TreeSet<>(client.<Object, Object>getMap("stopped-on-error").keySet())).isEqualTo(expected);
    }

    @Test
    void ndjsonFromStandardInputAndCsvComeBackAsTheSameDocuments() throws Exception {
        ObjectMapper json = new ObjectMapper();
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            lines.append("{\"id\":").append(i).append(",\"kind\":\"").append(i % 3 == 0 ? "buy" : "sell")
                    .append("\",\"amount\":").append(i * 7 % 1000).append('.').append(i % 100 < 10 ? "0" : "").append(i % 100)
                    .append(",\"at\":\"2024-05-").append(10 + i % 20).append("T10:15:30Z\",\"tags\":[\"t").append(i % 5)
                    .append("\"],\"party\":{\"name\":\"P").append(i % 17).append("\",\"lei\":")
                    .append(i % 4 == 0 ? "null" : "\"L" + i + "\"").append("}}\n");
        }
        Run load = navpack(lines.toString(), cluster("load", "--map", "events", "--infer", "--format", "ndjson", "--key", "id", "-"));
        assertThat(load.exit()).as(load.out() + load.err()).isZero();
        assertThat(load.out()).contains("loaded 2000 documents").contains("2000 entries stored");
        assertThat(client.getMap("events").keySet()).contains(0L, 1999L);
        Run export = navpack(cluster("export", "--map", "events", "--to", "ndjson", "--out", "events.ndjson"));
        assertThat(export.exit()).as(export.out() + export.err()).isZero();
        List<JsonNode> in = new ArrayList<>();
        for (String l : lines.toString().split("\n")) {
            in.add(json.readTree(l));
        }
        List<JsonNode> back = new ArrayList<>();
        for (String l : Files.readAllLines(dir.resolve("events.ndjson"))) {
            back.add(json.readTree(l));
        }
        assertThat(back).containsExactlyInAnyOrderElementsOf(in);

        StringBuilder csv = new StringBuilder("id,name,when,amount\n");
        for (int i = 0; i < 300; i++) {
            csv.append(i).append(',').append(i % 7 == 0 ? "\"Smith, J\"" : "N" + i).append(",2024-01-").append(10 + i % 20)
                    .append(',').append(i % 9 == 0 ? "" : i + ".50").append('\n');
        }
        Files.writeString(dir.resolve("rows.csv"), csv);
        Run loadCsv = navpack(cluster("load", "--map", "rows", "--infer", "rows.csv"));
        assertThat(loadCsv.exit()).as(loadCsv.out() + loadCsv.err()).isZero();
        assertThat(client.getMap("rows").keySet()).contains("rows-1", "rows-300");
        Run exportCsv = navpack(cluster("export", "--map", "rows", "--to", "csv", "--out", "rows-back.csv"));
        assertThat(exportCsv.exit()).as(exportCsv.out() + exportCsv.err()).isZero();
        List<String> original = csv.toString().lines().toList();
        List<String> exported = Files.readAllLines(dir.resolve("rows-back.csv"), StandardCharsets.UTF_8);
        assertThat(exported.get(0)).isEqualTo(original.get(0));
        assertThat(exported.subList(1, exported.size())).containsExactlyInAnyOrderElementsOf(original.subList(1, original.size()));
    }

    @Test
    void aStoppedLoadLeavesWholeEntriesAndSaysHowFarItGot() throws Exception {
        Path fpml = fpml();
        List<Path> originals = files(fpml, ".xml");
        Path copies = copies(fpml, originals, 8);
        List<String> cmd = java();
        cmd.addAll(List.of(cluster("load", "--map", "stopped", "--schema", fpmlSchema.toString(), "--batch-size", "8", "--max-in-flight", "1",
                copies.toString())));
        Path out = dir.resolve("stopped.out");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(dir.resolve("stopped.err").toFile()).start();
        IMap<Object, Object> map = client.getMap("stopped");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (map.size() < 200 && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(p.isAlive()).as("the load is still running when it is stopped").isTrue();
        p.destroy();   // SIGTERM: the shutdown hooks run, as on Ctrl-C
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
        String summary = Files.readString(out);
        assertThat(p.exitValue()).as(summary).isNotZero();
        assertThat(summary).contains("interrupted after loading").contains("every stored entry is whole")
                .contains("loading the same files again completes the map");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("; (\\d+) entries stored").matcher(summary);
        assertThat(m.find()).as(summary).isTrue();
        long stored = Long.parseLong(m.group(1));
        assertThat(stored).isPositive().isLessThan(originals.size() * 8L);
        assertThat((long) map.size()).isEqualTo(stored);

        // every entry is whole: its document is the file of its key
        DocumentSchema schema = DocumentCatalog.read(client, "stopped");
        Transcoder t = schema.transcoder();
        for (Map.Entry<Object, Object> e : map.entrySet()) {
            PackedRecord r = PackedRecord.ofView(e.getValue());
            byte[] xml = t.toDocument(r.array(), r.offset(), r.length(), DocumentFormat.XML);
            Path source = copies.resolve(e.getKey() + ".xml");
            assertThat(DiffBuilder.compare(source.toFile()).withTest(xml).ignoreWhitespace().ignoreComments()
                    .checkForSimilar().build().hasDifferences()).as(String.valueOf(e.getKey())).isFalse();
        }
        // and loading again completes the map
        Run rest = navpack(cluster("load", "--map", "stopped", "--schema", fpmlSchema.toString(), copies.toString()));
        assertThat(rest.exit()).as(rest.out() + rest.err()).isZero();
        assertThat(map.size()).isEqualTo(originals.size() * 8);
    }

    @Test
    void aMemberLostDuringALoadLeavesEveryDocumentStoredWholeAndNoneMissing() throws Exception {
        Path fpml = fpml();
        List<Path> originals = files(fpml, ".xml");
        Path copies = copies(fpml, originals, 8);
        int total = originals.size() * 8;
        // a third member joins and takes its share of the partitions; it is lost while the load runs
        int port = freePort();
        Process third = member(2, port);
        try {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
            int owned = 0;
            while (owned < 60 && System.nanoTime() < deadline) {
                Thread.sleep(200);
                Member joined = client.getCluster().getMembers().stream().filter(m -> m.getAddress().getPort() == port)
                        .findFirst().orElse(null);
                owned = joined == null ? 0 : (int) client.getPartitionService().getPartitions().stream()
                        .filter(p -> joined.equals(p.getOwner())).count();
            }
            assertThat(owned).as("partitions the third member owns").isGreaterThanOrEqualTo(60);
            Thread.sleep(2000);   // its partitions' backups are made

            List<String> cmd = java();
            cmd.addAll(List.of(cluster("load", "--map", "lost-member", "--schema", fpmlSchema.toString(), "--batch-size", "16",
                    "--max-in-flight", "2", copies.toString())));
            Path out = dir.resolve("lost-member.out");
            Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(out.toFile())
                    .redirectError(dir.resolve("lost-member.err").toFile()).start();
            IMap<Object, Object> map = client.getMap("lost-member");
            while (map.size() < total / 10 && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(p.isAlive()).as("the load is still running when the member is lost").isTrue();
            third.destroyForcibly();   // SIGKILL: the member is gone without a word to the others
            assertThat(third.waitFor(1, TimeUnit.MINUTES)).isTrue();
            assertThat(p.waitFor(3, TimeUnit.MINUTES)).as("the load finished").isTrue();
            String summary = Files.readString(out);
            assertThat(p.exitValue()).as(summary + Files.readString(dir.resolve("lost-member.err"))).isZero();
            assertThat(summary).contains("loaded " + total + " documents from " + total + " of " + total + " files into map lost-member")
                    .contains("; " + total + " entries stored").doesNotContain("failures");

            // every document is stored, each whole: the value is the one its file transcodes to
            Transcoder t = DocumentCatalog.read(client, "lost-member").transcoder();
            Map<Object, byte[]> stored = entries("lost-member");
            assertThat(stored).hasSize(total);
            for (Path f : files(copies, ".xml")) {
                String rel = copies.relativize(f).toString();
                String key = rel.substring(0, rel.length() - ".xml".length());
                assertThat(stored.get(key)).as(key).isEqualTo(t.toNavpack(read(f), f.toString()));
            }
            map.destroy();
        } finally {
            third.destroyForcibly();
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
            while (client.getCluster().getMembers().size() > 2 && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
        }
    }

    @Test
    void exportWritesAMapManyTimesTheClientsHeapInAFewHundredEntriesAtATime() throws Exception {
        Path fpml = fpml();
        List<Path> originals = files(fpml, ".xml");
        DocumentSchema schema = DocumentSchema.read(fpmlSchema);
        Transcoder t = schema.transcoder();
        DocumentCatalog.publish(client, "big", schema);
        // each document stored under 41 keys: 20,131 entries, loaded from here
        int copies = 41;
        Map<String, Long> all = new HashMap<>();
        Map<String, Long> picked = new HashMap<>();
        String since = "2001-01-01";
        IMap<Object, Object> map = client.getMap("big");
        Map<Object, Object> batch = new HashMap<>();
        for (Path f : originals) {
            byte[] value = t.toNavpack(read(f), f.toString());
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            try (DocumentWriter w = t.writer(DocumentFormat.NDJSON, line)) {
                w.write(value);
            }
            String expected = line.toString(StandardCharsets.UTF_8).strip();
            all.merge(expected, (long) copies, Long::sum);
            if (texts(parse(f), "trade", "tradeHeader", "tradeDate").stream().anyMatch(d -> d.compareTo(since) >= 0)) {
                picked.merge(expected, (long) copies, Long::sum);
            }
            PackedRecord record = PackedRecord.of(value, schema.registry());
            String rel = fpml.relativize(f).toString();
            for (int c = 0; c < copies; c++) {
                batch.put("c" + c + "/" + rel, record);
            }
            if (batch.size() >= 2000) {
                map.setAll(batch);
                batch.clear();
            }
        }
        map.setAll(batch);
        long entries = (long) originals.size() * copies;
        assertThat(map.size()).isEqualTo((int) entries);
        try {
            // the client has a heap of 24 MB, the documents it writes are several times that (80 MB); its live set levels
            // off at about 18 MB within seconds and stays there to the end (with 16 MB it runs out of memory)
            long heap = 24L << 20;
            String xmx = "-Xmx" + (heap >> 20) + "m";
            Run export = inHeap(xmx, cluster("export", "--map", "big", "--to", "ndjson", "--out", "big.ndjson"));
            assertThat(export.exit()).as(export.out() + export.err()).isZero();
            assertThat(export.out()).contains("exported " + entries + " entries of map big");
            assertThat(Files.size(dir.resolve("big.ndjson"))).isGreaterThan(3 * heap);
            assertThat(lines(dir.resolve("big.ndjson"))).isEqualTo(all);

            Run where = inHeap(xmx, cluster("export", "--map", "big", "--to", "ndjson", "--out", "picked.ndjson",
                    "--where", "trade.tradeHeader.tradeDate >= '" + since + "'"));
            assertThat(where.exit()).as(where.out() + where.err()).isZero();
            long expected = picked.values().stream().mapToLong(Long::longValue).sum();
            assertThat(where.out()).contains("exported " + expected + " entries of map big");
            assertThat(Files.size(dir.resolve("picked.ndjson"))).isGreaterThan(5 * heap / 2);
            assertThat(lines(dir.resolve("picked.ndjson"))).isEqualTo(picked);
        } finally {
            map.destroy();
        }
    }

    /** How often each line occurs in {@code file}, read a line at a time. */
    private static Map<String, Long> lines(Path file) throws IOException {
        Map<String, Long> counts = new HashMap<>();
        try (Stream<String> s = Files.lines(file)) {
            s.forEach(l -> counts.merge(l.strip(), 1L, Long::sum));
        }
        return counts;
    }

    @Test
    void onMembersAJetJobLoadsTheFilesOfTheMembersDirectory() throws Exception {
        // both members run on this machine, so their directories are the same one: each file is read twice and
        // stored once under its key
        Path fpml = fpml();
        List<Path> originals = files(fpml, ".xml");
        Path shared = dir.resolve("on-members");
        Files.createDirectories(shared);
        Map<String, Path> byKey = new HashMap<>();
        for (int i = 0; i < originals.size(); i += 7) {
            Path f = originals.get(i);
            String key = fpml.relativize(f).toString().replace('/', '_').replace(".xml", "");
            Files.copy(f, shared.resolve(key + ".xml"));
            byKey.put(key, f);
        }
        Run load = navpack(cluster("load", "--map", "onmembers", "--schema", fpmlSchema.toString(), "--format", "xml",
                "--on-members", shared.toString()));
        assertThat(load.exit()).as(load.out() + load.err()).isZero();
        assertThat(load.out()).contains("loaded on the members from " + shared).contains(byKey.size() + " entries");
        DocumentSchema schema = DocumentSchema.read(fpmlSchema);
        Transcoder t = schema.transcoder();
        Map<Object, byte[]> stored = entries("onmembers");
        assertThat(stored.keySet()).isEqualTo(byKey.keySet());
        stored.forEach((k, v) -> assertThat(v).as(String.valueOf(k)).isEqualTo(t.toNavpack(read(byKey.get(k)), k.toString())));
    }

    /** {@code n} copies of the documents {@code originals} below {@code fpml}, in directories c0 ... c(n-1) of dir. */
    private Path copies(Path fpml, List<Path> originals, int n) throws IOException {
        Path copies = dir.resolve("copies");
        for (int c = 0; c < n; c++) {
            for (Path f : originals) {
                Path to = copies.resolve("c" + c).resolve(fpml.relativize(f));
                Files.createDirectories(to.getParent());
                Files.copy(f, to);
            }
        }
        return copies;
    }

    private static byte[] read(Path f) {
        try {
            return Files.readAllBytes(f);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Element parse(Path f) throws Exception {
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setNamespaceAware(true);
        dbf.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return dbf.newDocumentBuilder().parse(f.toFile()).getDocumentElement();
    }

    private static List<Element> children(Element root, String... path) {
        List<Element> current = List.of(root);
        for (String step : path) {
            List<Element> next = new ArrayList<>();
            for (Element e : current) {
                for (Node c = e.getFirstChild(); c != null; c = c.getNextSibling()) {
                    if (c instanceof Element ce && step.equals(ce.getLocalName())) {
                        next.add(ce);
                    }
                }
            }
            current = next;
        }
        return current;
    }

    private static List<String> texts(Element root, String... path) {
        return children(root, path).stream().map(Element::getTextContent).toList();
    }

}
