package io.navpack.documents.hazelcast;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastJsonValue;
import com.hazelcast.jet.Job;
import com.hazelcast.jet.config.ProcessingGuarantee;
import com.hazelcast.jet.core.JobStatus;
import com.hazelcast.jet.pipeline.test.TestSources;
import com.hazelcast.map.IMap;
import com.hazelcast.query.Predicates;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.SchemaInference;
import io.navpack.documents.Transcoder;
import io.navpack.documents.hazelcast.member.StreamMeters;
import io.navpack.documents.hazelcast.member.KeyedTicks;
import io.navpack.documents.hazelcast.member.Ticks;
import io.navpack.format.PackedRecord;
import io.navpack.format.Schema;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.MemberJvm;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.ReadMode;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.w3c.dom.Element;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Documents as they arrive: a real Kafka broker (KRaft, Kafka's own jars, a JVM of its own on 127.0.0.1) and
 * Hazelcast 5.7 members in JVMs of their own with Hazelcast's Jet Kafka connector 5.6.0 and Kafka's client on their
 * class path (navpack's jars, no user class). Messages published while the jobs run are stored byte-equal to their
 * transcoding and queried by plain names against an oracle over the messages published so far; bad messages land in
 * the dead-letter map with their offsets; a new element grows the schema once; a member killed mid-stream loses and
 * duplicates nothing; the members' meters count it all.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DocumentStreamsTest {
    static final Duration WAIT = Duration.ofSeconds(120);
    static String cluster;
    static int[] ports;
    static Path work;
    static KafkaBroker broker;
    static final List<MemberJvm> members = new ArrayList<>();
    static HazelcastInstance client;
    static String memberXml3;

    @BeforeAll
    static void start() throws Exception {
        cluster = Loopback.clusterName();
        ports = new int[] {Loopback.freePort(), Loopback.freePort(), Loopback.freePort()};
        work = Path.of("target", "streams", cluster);
        CompletableFuture<KafkaBroker> b = CompletableFuture.supplyAsync(() -> KafkaBroker.start(work.resolve("broker"), 384));
        List<CompletableFuture<MemberJvm>> starting = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            starting.add(startMember(i));
        }
        broker = b.join();
        for (CompletableFuture<MemberJvm> m : starting) {
            members.add(m.join());
        }
        client = HazelcastClient.newHazelcastClient(Loopback.client(
                NavpackConfig.of().readMode(ReadMode.RECORD).applyTo(new ClientConfig()), cluster, ports));
    }

    /**
     * A member with Jet
     * (new members join running jobs after a second), the documents' parsers (the member jar holds them relocated) and
     * the Kafka connector and client.
     */
    static CompletableFuture<MemberJvm> startMember(int i) {
        return startMember(i, true);
    }

    static CompletableFuture<MemberJvm> startMember(int i, boolean kafka) {
        String xml = Loopback.memberXml(cluster, ports[i], ports, "<jet enabled=\"true\"><instance>"
                + "<cooperative-thread-count>2</cooperative-thread-count><scale-up-delay-millis>1000</scale-up-delay-millis>"
                + "</instance></jet>");
        List<Path> jars = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (Path.of(e).getFileName().toString().matches("(hazelcast-\\d.*|micrometer-(core|commons|observation)-.*|HdrHistogram-.*"
                    + "|aalto-xml-.*|stax2-api-.*|jackson-(core|databind|annotations|dataformat-csv)-.*)\\.jar")) {
                jars.add(Path.of(e));
            }
        }
        if (kafka) {
            jars.addAll(KafkaBroker.clientJars());
        }
        String name = "member-" + (i + 1) + (kafka ? "" : "-without-kafka");
        return CompletableFuture.supplyAsync(() -> MemberJvm.start(name, xml, jars, work.resolve(name),
                "io.navpack.documents.hazelcast.member"));
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            for (Job j : client.getJet().getJobs()) {
                if (!j.getStatus().isTerminal()) {
                    j.cancel();
                }
            }
            client.shutdown();
        }
        members.forEach(MemberJvm::close);
        if (broker != null) {
            broker.close();
        }
    }

    static void await(String what, BooleanSupplier done) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!done.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waiting for " + what).isLessThan(deadline);
            MemberJvm.sleep(100);
        }
    }

    static Job submit(DocumentStream stream, String topic) {
        Job job = client.getJet().newJob(DocumentPipelines.kafka(broker.consumerProperties(), stream, topic), stream.jobConfig());
        await("job running", () -> job.getStatus() == JobStatus.RUNNING);
        return job;
    }

    static Map<String, HazelcastJsonValue> deadLetters(String map) {
        IMap<String, HazelcastJsonValue> m = client.getMap(DocumentStream.failuresMap(map));
        return new TreeMap<>(m);
    }

    static String where(RecordMetadata r) {
        return r.topic() + ":" + r.partition() + ":" + r.offset();
    }

    // ---------------------------------------------------------------------------------------------- FpML

    @Test
    @Order(1)
    void fpmlMessagesArriveAsTheirTranscodingAndQueriesMatchTheMessagesSoFar() throws Exception {
        List<Path> files = FpmlSet.files();
        Map<String, Element> oracle = FpmlSet.parse();
        DocumentSchema schema = SchemaInference.of(DocumentFormat.XML).name("fpml")
                .firstTypeId(DocumentCatalog.firstFreeTypeId(client, "fpml")).addPath(FpmlSet.dir()).infer();
        DocumentCatalog.publish(client, "fpml", schema);
        broker.createTopic("fpml", 4);
        Map<String, byte[]> sent = new LinkedHashMap<>();
        int half = files.size() / 2;
        for (Path f : files.subList(0, half)) {
            byte[] doc = Files.readAllBytes(f);
            broker.send("fpml", null, FpmlSet.key(f), doc);
            sent.put(FpmlSet.key(f), doc);
        }
        DocumentStream stream = DocumentStream.into("fpml", schema).maxMessageBytes(1 << 20);
        Job job = submit(stream, "fpml");
        IMap<String, PackedRecord> map = client.getMap("fpml");
        await("the first half", () -> map.size() == half);

        // plain-name queries over the messages so far, against the oracle over them
        String path = "trade.tradeHeader.tradeDate";
        Map<String, Element> soFar = new HashMap<>();
        sent.keySet().forEach(k -> soFar.put(k, oracle.get(k)));
        String date = frequent(soFar, path);
        assertThat(new TreeSet<>(map.keySet(Predicates.equal(path, date)))).isEqualTo(keysWith(soFar, path, date)).isNotEmpty();

        // the second half while the job runs, with bad messages among them
        Map<String, String> bad = new TreeMap<>();
        int n = 0;
        for (Path f : files.subList(half, files.size())) {
            byte[] doc = Files.readAllBytes(f);
            broker.send("fpml", null, FpmlSet.key(f), doc);
            sent.put(FpmlSet.key(f), doc);
            switch (n++) {
                case 3 -> bad.put(where(broker.send("fpml", null, "malformed", "<dataDocument><trade></dataDocument>"
                        .getBytes(StandardCharsets.UTF_8))), "malformed");
                case 7 -> bad.put(where(broker.send("fpml", null, "doctype", ("<?xml version=\"1.0\"?><!DOCTYPE d [<!ENTITY x"
                        + " \"y\">]><dataDocument/>").getBytes(StandardCharsets.UTF_8))), "doctype");
                case 11 -> bad.put(where(broker.send("fpml", null, "oversize", big(doc, (1 << 20) + 1))), "over");
                case 13 -> bad.put(where(broker.send("fpml", null, null, doc)), "no key");
                default -> { }
            }
        }
        await("every document", () -> map.size() == files.size());
        await("the dead letters", () -> deadLetters("fpml").size() == bad.size());

        Transcoder t = schema.transcoder();
        Map<String, PackedRecord> stored = map.getAll(sent.keySet());
        assertThat(stored).hasSize(sent.size());
        sent.forEach((k, doc) -> assertThat(stored.get(k).bytes()).as(k).isEqualTo(t.toNavpack(doc, k)));
        assertThat(new TreeSet<>(map.keySet(Predicates.equal(path, frequent(oracle, path)))))
                .isEqualTo(keysWith(oracle, path, frequent(oracle, path)));
        assertThat(new TreeSet<>(map.keySet(Predicates.equal("party[any].partyName", frequent(oracle, "party.partyName")))))
                .isEqualTo(keysWith(oracle, "party.partyName", frequent(oracle, "party.partyName")));

        Map<String, HazelcastJsonValue> dead = deadLetters("fpml");
        assertThat(dead.keySet()).isEqualTo(bad.keySet());
        bad.forEach((where, kind) -> {
            String json = dead.get(where).getValue();
            String[] at = where.split(":");
            assertThat(json).contains("\"topic\":\"fpml\"", "\"partition\":" + at[1], "\"offset\":" + at[2]);
            switch (kind) {
                case "malformed" -> assertThat(json).contains("dataDocument");
                case "doctype" -> assertThat(json).containsIgnoringCase("DTD");
                case "over" -> assertThat(json).contains("over the limit of 1048576 bytes");
                default -> assertThat(json).contains("has no key");
            }
        });
        // the members' meters: every message and byte taken, the failures, each partition caught up
        await("lag 0", () -> meters("fpml").entrySet().stream().filter(e -> e.getKey().startsWith("navpack.stream.lag{"))
                .count() == 4 && meters("fpml").entrySet().stream().filter(e -> e.getKey().startsWith("navpack.stream.lag{"))
                .allMatch(e -> e.getValue() == 0.0));
        Map<String, Double> meters = meters("fpml");
        long bytes = sent.values().stream().mapToLong(d -> d.length).sum();
        assertThat(meters.get("navpack.stream.messages")).isGreaterThanOrEqualTo(sent.size() + bad.size());
        assertThat(meters.get("navpack.stream.bytes")).isGreaterThanOrEqualTo((double) bytes);
        assertThat(meters.get("navpack.stream.failures")).isGreaterThanOrEqualTo(bad.size());
        // what 'navpack stream --status' prints: the members' notes and the dead letters
        await("the members' notes caught up", () -> {
            // each member notes its counts and offsets about every second, each on its own: wait for both
            StreamStatus st = StreamStatus.of(client, "fpml");
            return st.offsets().size() == 4 && st.lag().size() == 4 && st.totalLag() == 0
                    && st.messages() >= sent.size() + bad.size();
        });
        StreamStatus status = StreamStatus.of(client, "fpml");
        assertThat(status.deadLetters()).isEqualTo(bad.size());
        assertThat(status.messages()).isGreaterThanOrEqualTo(sent.size() + bad.size());
        assertThat(status.offsets().values().stream().mapToLong(o -> o + 1).sum()).isEqualTo(sent.size() + bad.size());
        assertThat(status.job().getStatus()).isEqualTo(JobStatus.RUNNING);
        job.cancel();
    }

    static byte[] big(byte[] doc, int size) {
        String s = new String(doc, StandardCharsets.UTF_8);
        int close = s.lastIndexOf("</");
        StringBuilder b = new StringBuilder(s.substring(0, close));
        while (b.length() < size) {
            b.append("<!-- padding padding padding padding padding padding padding padding -->\n");
        }
        return b.append(s.substring(close)).toString().getBytes(StandardCharsets.UTF_8);
    }

    static String frequent(Map<String, Element> docs, String path) {
        return docs.values().stream().flatMap(e -> FpmlSet.values(e, path).stream())
                .collect(Collectors.groupingBy(v -> v, TreeMap::new, Collectors.counting())).entrySet().stream()
                .max(Map.Entry.comparingByValue()).orElseThrow().getKey();
    }

    static Set<String> keysWith(Map<String, Element> docs, String path, String value) {
        return docs.entrySet().stream().filter(e -> FpmlSet.values(e.getValue(), path).contains(value)).map(Map.Entry::getKey)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** The stream meters of {@code map} summed over the members (gauges of a partition: the member that reads it). */
    static Map<String, Double> meters(String map) {
        Map<String, Double> sum = new TreeMap<>();
        try {
            for (Future<Map<String, Double>> f : client.getExecutorService("default").submitToAllMembers(new StreamMeters(map))
                    .values()) {
                f.get().forEach((k, v) -> {
                    if (!v.isNaN()) {
                        sum.merge(k, v, Double::sum);
                    }
                });
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return sum;
    }

    // ---------------------------------------------------------------------------------------------- NDJSON

    static byte[] event(int i, String extra) {
        return Ticks.event(i, extra);
    }

    static DocumentSchema eventSchema(String name) {
        SchemaInference inf = SchemaInference.of(DocumentFormat.NDJSON).name(name)
                .firstTypeId(DocumentCatalog.firstFreeTypeId(client, name));
        for (int i = 0; i < 20; i++) {
            inf.add(event(i, ""), "sample-" + i);
        }
        return inf.infer();
    }

    static Job events;
    static DocumentSchema eventsSchema;
    static final Map<String, byte[]> eventsSent = new TreeMap<>();
    static final Set<String> eventsBad = new TreeSet<>();

    @Test
    @Order(2)
    void ndjsonMessagesKeyedByAPathAndBadOnesToTheDeadLetters() {
        eventsSchema = eventSchema("events");
        DocumentCatalog.publish(client, "events", eventsSchema);
        broker.createTopic("events", 4);
        // one reader per member: Jet's Kafka source gives partition p to the p-th processor of the cluster, so every
        // member reads partitions whatever its cores (the member killed in a later test is one that reads)
        events = submit(DocumentStream.into("events", eventsSchema).format(DocumentFormat.NDJSON).key("id")
                .maxMessageBytes(64 << 10).localParallelism(1), "events");
        for (int i = 0; i < 200; i++) {
            publishEvent(i);
        }
        IMap<String, PackedRecord> map = client.getMap("events");
        await("200 events", () -> map.size() == eventsSent.size());
        assertThat(new TreeSet<>(map.keySet(Predicates.equal("book.desk", "D3")))).isEqualTo(eventsSent.keySet().stream()
                .filter(k -> Integer.parseInt(k.substring(1)) % 5 == 3).collect(Collectors.toCollection(TreeSet::new)));
        await("the dead letters", () -> deadLetters("events").size() == eventsBad.size());
        checkEvents();
        Map<String, HazelcastJsonValue> dead = deadLetters("events");
        assertThat(dead.values().stream().map(HazelcastJsonValue::getValue).filter(j -> j.contains("over the limit"))).hasSize(1);
        assertThat(dead.values().stream().map(HazelcastJsonValue::getValue).filter(j -> j.contains("may not grow"))).hasSize(1);
        assertThat(dead.values().stream().map(HazelcastJsonValue::getValue).filter(j -> j.contains("no value at the key path id")))
                .hasSize(1);
        assertThat(dead.values().stream().map(HazelcastJsonValue::getValue).filter(j -> j.contains("\"key\":\"bad-25\""))).hasSize(1);
    }

    /** Publishes event i: two documents in one message every 10th, a bad message every 50th. */
    static void publishEvent(int i) {
        String k = "E" + i;
        if (i % 10 == 9) {
            String k2 = "E" + (100_000 + i);
            byte[] two = (new String(event(i, ""), StandardCharsets.UTF_8) + "\n"
                    + new String(event(100_000 + i, ""), StandardCharsets.UTF_8) + "\n").getBytes(StandardCharsets.UTF_8);
            broker.send("events", null, k, two);
            eventsSent.put(k, event(i, ""));
            eventsSent.put(k2, event(100_000 + i, ""));
        } else {
            broker.send("events", null, k, event(i, ""));
            eventsSent.put(k, event(i, ""));
        }
        if (i % 50 == 25) {
            int kind = i / 50 % 4;
            byte[] badMessage = switch (kind) {
                case 0 -> "{\"id\":\"X\",\"amount\": }".getBytes(StandardCharsets.UTF_8);          // wrong JSON
                case 1 -> bigJson(event(i, ""), (64 << 10) + 1);                                    // over the limit
                case 2 -> event(i, ",\"unknown\":true");                                          // does not fit, may not grow
                default -> "{\"kind\":\"buy\",\"amount\":1.5,\"book\":{\"desk\":\"D1\",\"trader\":\"T1\"}}"
                        .getBytes(StandardCharsets.UTF_8);                                        // no key
            };
            eventsBad.add(where(broker.send("events", null, "bad-" + i, badMessage)));
        }
    }

    static byte[] bigJson(byte[] json, int size) {
        StringBuilder b = new StringBuilder(new String(json, StandardCharsets.UTF_8));
        b.setLength(b.length() - 1);
        b.append(",\"pad\":\"");
        while (b.length() < size) {
            b.append("padding padding padding ");
        }
        return b.append("\"}").toString().getBytes(StandardCharsets.UTF_8);
    }

    static void checkEvents() {
        IMap<String, PackedRecord> map = client.getMap("events");
        Transcoder t = eventsSchema.transcoder();
        Map<String, PackedRecord> stored = new TreeMap<>(map);
        assertThat(stored.keySet()).isEqualTo(eventsSent.keySet());
        eventsSent.forEach((k, doc) -> assertThat(stored.get(k).bytes()).as(k).isEqualTo(t.toNavpack(DocumentFormat.JSON, doc, k)));
        assertThat(deadLetters("events").keySet()).isEqualTo(eventsBad);
    }

    // ---------------------------------------------------------------------------------------------- evolution

    @Test
    @Order(3)
    void aNewElementMidStreamGrowsTheSchemaOnceAndEveryMemberReadsIt() {
        DocumentSchema schema = eventSchema("venues");
        DocumentCatalog.publish(client, "venues", schema);
        Map<String, Integer> versionsBefore = versions(schema);
        broker.createTopic("venues", 4);
        Job job = submit(DocumentStream.into("venues", schema).format(DocumentFormat.NDJSON).key("id").evolving(true)
                .localParallelism(1), "venues");
        Map<String, byte[]> sent = new TreeMap<>();
        for (int i = 0; i < 40; i++) {
            broker.send("venues", i % 4, null, event(i, ""));
            sent.put("E" + i, event(i, ""));
        }
        IMap<String, PackedRecord> map = client.getMap("venues");
        await("40 events", () -> map.size() == 40);
        // the new element reaches every partition at once: both members meet it
        for (int i = 40; i < 80; i++) {
            byte[] doc = event(i, ",\"venue\":{\"mic\":\"" + (i % 2 == 0 ? "XLON" : "XPAR") + "\"}");
            broker.send("venues", i % 4, null, doc);
            sent.put("E" + i, doc);
        }
        await("80 events", () -> map.size() == 80);
        await("both members' notes", () -> readers("venues").size() == 2);
        assertThat(readers("venues")).as("the members that read partitions of the topic (both met the new element)")
                .hasSize(2);
        DocumentSchema grown = DocumentCatalog.read(client, "venues");
        Map<String, Integer> versionsAfter = versions(grown);
        assertThat(versionsAfter.get("venues")).as("the root type grew once").isEqualTo(versionsBefore.get("venues") + 1);
        assertThat(versionsAfter.keySet()).containsAll(versionsBefore.keySet());
        versionsBefore.forEach((type, v) -> assertThat(versionsAfter.get(type)).as(type).isLessThanOrEqualTo(v + 1));
        assertThat(deadLetters("venues")).isEmpty();
        // every member reads the new values: the keys are on both members, and the query sees them all
        assertThat(new TreeSet<>(map.keySet(Predicates.equal("venue.mic", "XLON")))).isEqualTo(sent.keySet().stream()
                .filter(k -> Integer.parseInt(k.substring(1)) >= 40 && Integer.parseInt(k.substring(1)) % 2 == 0)
                .collect(Collectors.toCollection(TreeSet::new)));
        // values written before the growth are of the first versions, those after of the new ones
        Transcoder first = schema.transcoder().evolving(false);
        Transcoder t = grown.transcoder().evolving(false);
        sent.forEach((k, doc) -> assertThat(map.get(k).bytes()).as(k).isEqualTo(Integer.parseInt(k.substring(1)) < 40
                ? first.toNavpack(DocumentFormat.JSON, doc, k) : t.toNavpack(DocumentFormat.JSON, doc, k)));
        job.cancel();
    }

    /** The addresses of the members whose progress notes for stream {@code map} list partitions they read. */
    static Set<String> readers(String map) {
        IMap<String, HazelcastJsonValue> progress = client.getMap(DocumentStream.progressMap(map));
        Set<String> out = new TreeSet<>();
        for (HazelcastJsonValue v : progress.values()) {
            String json = v.getValue();
            java.util.regex.Matcher a = java.util.regex.Pattern.compile("\"address\":\"([^\"]+)\"").matcher(json);
            if (a.find() && !json.contains("\"partitions\":{}")) {
                out.add(a.group(1).replace("[", "").replace("]", ""));
            }
        }
        return out;
    }

    /** The newest version of each type of a document schema. */
    static Map<String, Integer> versions(DocumentSchema s) {
        Map<String, Integer> out = new TreeMap<>();
        for (Schema x : s.navpackSchemas()) {
            out.merge(x.typeName(), x.version(), Math::max);
        }
        return out;
    }

    // ---------------------------------------------------------------------------------------------- any stream source

    @Test
    @Order(5)
    void stringsOfAnyStreamSourceGoTheSameWay() {
        DocumentSchema schema = eventSchema("ticks");
        DocumentCatalog.publish(client, "ticks", schema);
        // 100 events as strings, one bad, then the same again and again: a replay changes nothing
        Job job = client.getJet().newJob(DocumentPipelines.stream(TestSources.itemStream(500, new Ticks()),
                DocumentStream.into("ticks", schema).key("id")), DocumentStream.into("ticks", schema).jobConfig());
        IMap<String, PackedRecord> map = client.getMap("ticks");
        await("100 events and the bad one", () -> map.size() == 100 && deadLetters("ticks").size() == 1);
        await("the source again from the start", () -> meters("ticks")
                .getOrDefault("navpack.stream.messages", 0.0) > 250);
        job.cancel();
        Transcoder t = schema.transcoder();
        assertThat(map.size()).isEqualTo(100);
        for (int i = 0; i <= 100; i++) {
            if (i != 50) {
                assertThat(map.get("E" + i).bytes()).isEqualTo(t.toNavpack(DocumentFormat.JSON, event(i, ""), "E" + i));
            }
        }
        Map.Entry<String, HazelcastJsonValue> dead = deadLetters("ticks").entrySet().iterator().next();
        assertThat(dead.getKey()).matches(".+:sha256-[0-9a-f]{32}");
        assertThat(dead.getValue().getValue()).contains("\"partition\":-1", "\"offset\":-1");
    }

    @Test
    @Order(6)
    void entriesOfKeysAndBytesOfAnyStreamSourceAreStoredUnderTheirKeys() {
        DocumentSchema schema = eventSchema("keyed");
        DocumentCatalog.publish(client, "keyed", schema);
        // no key path: each entry's key is the entry's; exactly-once, which stores the same as at-least-once
        DocumentStream stream = DocumentStream.into("keyed", schema).guarantee(ProcessingGuarantee.EXACTLY_ONCE);
        assertThat(stream.jobConfig().getProcessingGuarantee()).isEqualTo(ProcessingGuarantee.EXACTLY_ONCE);
        Job job = client.getJet().newJob(DocumentPipelines.stream(TestSources.itemStream(500, new KeyedTicks()), stream),
                stream.jobConfig());
        IMap<String, PackedRecord> map = client.getMap("keyed");
        await("100 events and the bad one", () -> map.size() == 100 && deadLetters("keyed").size() == 1);
        await("the source again from the start", () -> meters("keyed").getOrDefault("navpack.stream.messages", 0.0) > 250);
        job.cancel();
        Transcoder t = schema.transcoder();
        assertThat(map.size()).isEqualTo(100);
        for (int i = 0; i <= 100; i++) {
            if (i != 50) {
                assertThat(map.get("K" + i).bytes()).as("K" + i).isEqualTo(t.toNavpack(DocumentFormat.JSON, event(i, ""), "K" + i));
            }
        }
        assertThat(deadLetters("keyed").values().iterator().next().getValue()).contains("\"key\":\"K50\"", "malformed");
    }

    @Test
    @Order(7)
    void aMemberWithoutKafkasJarsFailsTheJobNamingTheMissingClasses() {
        MemberJvm without = startMember(2, false).join();
        try {
            await("3 members", () -> client.getCluster().getMembers().size() == 3);
            DocumentSchema schema = eventSchema("nokafka");
            DocumentCatalog.publish(client, "nokafka", schema);
            broker.createTopic("nokafka", 3);
            DocumentStream stream = DocumentStream.into("nokafka", schema).format(DocumentFormat.NDJSON).key("id");
            Job job = client.getJet().newJob(DocumentPipelines.kafka(broker.consumerProperties(), stream, "nokafka"),
                    stream.jobConfig());
            Throwable failure = org.assertj.core.api.Assertions.catchThrowable(
                    () -> job.getFuture().get(2, java.util.concurrent.TimeUnit.MINUTES));
            if (!job.getStatus().isTerminal()) {
                job.cancel();
            }
            assertThat(job.getStatus()).as("the job, failing on the member without Kafka's classes: %s", failure)
                    .isEqualTo(JobStatus.FAILED);
            assertThat(job.isUserCancelled()).isFalse();
            assertThat(String.valueOf(failure)).as("the failure names the missing classes (what navpack stream's hint reads)")
                    .containsAnyOf("org/apache/kafka", "org.apache.kafka", "com/hazelcast/jet/kafka", "com.hazelcast.jet.kafka");
        } finally {
            without.close();
        }
    }

    // ---------------------------------------------------------------------------------------------- a member lost

    /** How often the first two members logged {@code line}. */
    static long restores(String line) {
        return members.subList(0, 2).stream().mapToLong(m -> m.logText().split(java.util.regex.Pattern.quote(line), -1).length - 1)
                .sum();
    }

    @Test
    @Order(4)
    void aMemberKilledMidStreamLosesNothingAndDuplicatesNothing() throws Exception {
        MemberJvm third = startMember(2).join();
        members.add(third);
        // the job takes the new member in (a restart from its snapshot)
        IMap<String, HazelcastJsonValue> progress = client.getMap(DocumentStream.progressMap("events"));
        await("the job on 3 members", () -> progress.size() == 3);
        await("the job running", () -> events.getStatus() == JobStatus.RUNNING);
        int before = eventsSent.size();
        CompletableFuture<Void> publishing = CompletableFuture.runAsync(() -> {
            for (int i = 200; i < 1200; i++) {
                publishEvent(i);
            }
        });
        IMap<String, PackedRecord> map = client.getMap("events");
        await("part of the stream stored", () -> map.size() > before + 300);
        String thirdAddress = ":" + third.port();
        await("the third member reading a partition", () -> readers("events").stream().anyMatch(a -> a.endsWith(thirdAddress)));
        String restore = "About to restore the state of job '" + DocumentStream.jobName("events") + "'";
        long restoresBefore = restores(restore);
        third.kill();
        publishing.get();
        await("every event after the kill", () -> map.size() == eventsSent.size());
        await("the dead letters after the kill", () -> deadLetters("events").size() == eventsBad.size());
        await("the job running again", () -> events.getStatus() == JobStatus.RUNNING);
        assertThat(restores(restore)).as("the job went on from its snapshot").isGreaterThan(restoresBefore);
        checkEvents();
    }
}
