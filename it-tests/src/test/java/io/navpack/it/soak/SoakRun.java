package io.navpack.it.soak;

import com.hazelcast.cluster.Member;
import com.hazelcast.config.IndexConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.nio.serialization.FieldKind;
import com.hazelcast.nio.serialization.genericrecord.GenericRecord;
import com.hazelcast.sql.SqlResult;
import com.hazelcast.sql.SqlRow;
import io.navpack.format.PackedRecord;
import io.navpack.hazelcast.schemas.ClusterSchemas;
import io.navpack.it.ClusterMember;
import io.navpack.it.HazelcastCluster;
import com.acme.trading.Side;
import io.navpack.it.soak.SoakResult.CheckRound;
import io.navpack.it.soak.SoakResult.CheckTotals;
import io.navpack.it.soak.SoakResult.Event;
import io.navpack.it.soak.SoakResult.FaultRecord;
import io.navpack.it.soak.SoakResult.FinalCheck;
import io.navpack.it.soak.SoakResult.Heap;
import io.navpack.it.soak.SoakResult.LogScan;
import io.navpack.it.soak.SoakResult.MeterSample;
import io.navpack.it.soak.member.MemberProbe;
import io.navpack.it.soak.model.TradeFields;
import io.navpack.sizing.ClusterIndexReport;
import io.navpack.sizing.IndexSizer;
import io.navpack.sizing.MemberIndexReport;
import io.navpack.sizing.MemberWhatIf;
import io.navpack.sizing.SizingOptions;
import io.navpack.sizing.WhatIfReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The soak's test-JVM side: starts the two client JVMs on a running cluster, lets them load it, makes the faults of
 * the {@link SoakPlan} while the load goes on, has every client check its keys, queries, SQL and query cache after
 * each heal, probes the members, and at the end checks the whole cluster against the oracle replayed from the
 * clients' write logs.
 */
final class SoakRun {
    private static final Duration SETTLE = Duration.ofSeconds(180);
    private static final Duration CLIENT_ANSWER = Duration.ofSeconds(600);
    private static final List<String> MAPS = List.of(SoakFormat.NAVPACK.map(), SoakFormat.COMPACT.map());

    private final SoakPlan plan;
    private final HazelcastCluster cluster;
    private final Path out;
    private final List<Event> events = new CopyOnWriteArrayList<>();
    private final List<FaultRecord> faults = new ArrayList<>();
    private final List<CheckRound> checks = new ArrayList<>();
    private final List<MeterSample> meters = new CopyOnWriteArrayList<>();
    private final Map<String, String> clientEnds = new LinkedHashMap<>();
    /** The query cache counters of each client JVM's owner, as its last check reported them. */
    private final Map<String, Map<String, String>> queryCacheCounters = new TreeMap<>();
    private HazelcastInstance driver;
    private ClientProcess clientA;
    private ClientProcess clientB;
    private long loadStart;
    private boolean rolled;
    private volatile boolean metering = true;

    SoakRun(SoakPlan plan, HazelcastCluster cluster, Path out) {
        this.plan = plan;
        this.cluster = cluster;
        this.out = out;
    }

    SoakResult run() throws Exception {
        long started = System.currentTimeMillis();
        Files.createDirectories(out);
        driver = cluster.newClient(config -> io.navpack.hazelcast.NavpackConfig.of().readMode(io.navpack.hazelcast.ReadMode.RECORD)
                .applyTo(config));
        event("cluster of " + cluster.members().size() + " members up; starting the client JVMs");
        Thread meter = new Thread(this::meterLoop, "soak-meters");
        meter.setDaemon(true);
        try {
            CompletableFuture<ClientProcess> a = CompletableFuture.supplyAsync(() -> startClient(0, 1, false));
            CompletableFuture<ClientProcess> b = CompletableFuture.supplyAsync(() -> startClient(1, 1, false));
            clientA = a.get(10, TimeUnit.MINUTES);
            clientB = b.get(10, TimeUnit.MINUTES);
            event("clients A and B ready: " + plan.keys() + " keys per format written");
            for (SoakFormat f : SoakFormat.values()) {
                driver.getSql().execute(f.mapping(false)).close();
            }
            meter.start();
            send("run", "running");
            loadStart = System.currentTimeMillis();
            event("load runs");
            sleepUntil(loadStart + plan.warmUp().toMillis());
            Heap heapStart = heap("steady state begins", true);
            long baselineFrom = System.currentTimeMillis();
            sleepUntil(baselineFrom + plan.baseline().toMillis());
            long baselineTo = System.currentTimeMillis();
            long lastHealed = baselineTo - plan.minGap().toMillis();
            int number = 0;
            // after each heal the load runs alone for minGap (the recovery is measured there), then every owner checks
            // its keys, queries, SQL and query cache, then the next fault begins
            for (SoakPlan.Fault fault : plan.faults()) {
                number++;
                sleepUntil(Math.max(loadStart + fault.notBefore().toMillis() - checkAllowance(number), lastHealed + plan.minGap().toMillis()));
                if (number > 1) {
                    checkRound("F" + (number - 1) + " healed");
                }
                FaultRecord record = fault(number, fault);
                faults.add(record);
                lastHealed = record.healedMs();
            }
            sleepUntil(Math.max(loadStart + plan.load().toMillis(), lastHealed + plan.minGap().toMillis()));
            checkRound("F" + number + " healed");
            send("pause", "paused");
            long loadEnd = System.currentTimeMillis();
            event("load paused");
            metering = false;
            Heap heapEnd = heap("end", false);
            checkRound("end");
            Map<SoakFormat, FinalCheck> finals = new EnumMap<>(SoakFormat.class);
            for (SoakFormat f : SoakFormat.values()) {
                finals.put(f, finalCheck(f));
            }
            event("final check against the oracle done");
            clientEnds.put(clientA.name(), clientA.stop(Duration.ofMinutes(3)));
            clientEnds.put(clientB.name(), clientB.stop(Duration.ofMinutes(3)));
            event("clients stopped");
            Map<String, LogScan> logs = scanMemberLogs();
            writeMeters();
            Latencies latencies = Latencies.read(out);
            Map<SoakFormat, long[]> queryCaches = new EnumMap<>(SoakFormat.class);
            for (SoakFormat f : SoakFormat.values()) {
                long[] t = new long[5];
                queryCacheCounters.values().stream().filter(kv -> f.label().equals(kv.get("format"))).forEach(kv -> {
                    t[0] += Long.parseLong(kv.get("qcEventsLost"));
                    t[1] += Long.parseLong(kv.get("qcSilent"));
                    t[2] += Long.parseLong(kv.get("qcRecoveries"));
                    t[3] += Long.parseLong(kv.get("qcRecoveriesFailed"));
                    t[4] += Long.parseLong(kv.get("qcRecreations"));
                });
                queryCaches.put(f, t);
            }
            return new SoakResult(plan, out, started, loadStart, loadEnd, System.currentTimeMillis(), List.copyOf(events), List.copyOf(faults),
                    List.copyOf(checks), finals, heapStart, heapEnd, List.copyOf(meters), logs, clientEnds, latencies, baselineFrom, baselineTo,
                    queryCaches);
        } finally {
            metering = false;
            if (clientA != null) {
                clientA.close();
            }
            if (clientB != null) {
                clientB.close();
            }
        }
    }

    /** Room left before a fault's planned start for the check round of the fault before (none before the first). */
    private long checkAllowance(int number) {
        return number > 1 ? 10_000 : 0;
    }

    private ClientProcess startClient(int slot, int generation, boolean v2) {
        SoakClient.Settings settings = new SoakClient.Settings(slot == 0 ? "A" : "B", slot, generation, v2, cluster.clusterName(),
                cluster.members().stream().map(ClusterMember::address).toList(), out, plan.keys(), plan.owners(), plan.threadsPerFormat(),
                20140721L, plan.queryCacheWait().toMillis());
        ClientProcess p = ClientProcess.start(settings, plan.clientHeapMegabytes());
        p.await("ready", Duration.ofMinutes(5));
        return p;
    }

    private void send(String command, String answer) {
        List<CompletableFuture<List<String>>> answers = new ArrayList<>();
        for (ClientProcess p : List.of(clientA, clientB)) {
            answers.add(CompletableFuture.supplyAsync(() -> p.send(command, answer, CLIENT_ANSWER)));
        }
        for (CompletableFuture<List<String>> a : answers) {
            a.join();
        }
    }

    // ------------------------------------------------------------------ faults

    private FaultRecord fault(int number, SoakPlan.Fault fault) throws Exception {
        long start = System.currentTimeMillis();
        List<String> notes = new ArrayList<>();
        event("F" + number + " begins: " + fault.describe());
        switch (fault.kind()) {
            case KILL -> kill(cluster.member(fault.member()), fault.sizing(), notes);
            case ROLLING_RESTART -> rollingRestart(notes);
            case SPLIT_BRAIN -> splitBrain(cluster.member(fault.member()), notes);
            case CLIENT_ROLL -> rollClient(notes);
        }
        long healed = System.currentTimeMillis();
        event("F" + number + " healed after " + (healed - start) / 1000 + " s");
        return new FaultRecord(number, fault, start, healed, notes);
    }

    private void kill(ClusterMember victim, boolean sizing, List<String> notes) throws Exception {
        AtomicReference<Object> sized = new AtomicReference<>();
        AtomicReference<Object> predicted = new AtomicReference<>();
        List<Thread> calls = new ArrayList<>();
        Duration timeout = Duration.ofSeconds(90);
        long callsStarted = System.nanoTime();
        if (sizing) {
            IndexSizer sizer = IndexSizer.forInstance(driver).withOptions(SizingOptions.defaults().withMapNames(MAPS.toArray(String[]::new))
                    .withCpuShare(0.5));
            calls.add(call("soak-sizing", sized, () -> sizer.size(timeout)));
            calls.add(call("soak-what-if", predicted, () -> sizer.whatIf(SoakFormat.NAVPACK.map(),
                    new IndexConfig(IndexType.SORTED, "settlementDate"), timeout)));
            Thread.sleep(200);
        }
        victim.kill();
        event("killed " + victim.name() + " (kill -9)");
        for (Thread t : calls) {
            t.join(timeout.toMillis() + 30_000);
        }
        if (sizing) {
            long elapsed = (System.nanoTime() - callsStarted) / 1_000_000;
            notes.add("index sizing: " + describeSizing(sized.get()));
            notes.add("what-if (SORTED settlementDate on " + SoakFormat.NAVPACK.map() + "): " + describeWhatIf(predicted.get()));
            notes.add("both calls returned " + (calls.stream().noneMatch(Thread::isAlive) ? "within " + elapsed + " ms (timeout "
                    + timeout.toSeconds() + " s)" : "NOT within their timeout"));
            event("sizing and what-if during the kill returned");
        }
        cluster.awaitSettled(SETTLE);
        event("cluster settled without " + victim.name());
        victim.restart();
        event("restarted " + victim.name());
        cluster.awaitSettled(SETTLE);
        event("cluster settled with " + victim.name() + " back");
    }

    private static Thread call(String name, AtomicReference<Object> result, java.util.concurrent.Callable<Object> action) {
        Thread t = new Thread(() -> {
            try {
                result.set(action.call());
            } catch (Throwable e) {
                result.set(e);
            }
        }, name);
        t.start();
        return t;
    }

    private static String describeSizing(Object result) {
        if (result instanceof ClusterIndexReport r) {
            List<String> rows = new ArrayList<>();
            for (MemberIndexReport m : r.members()) {
                rows.add(m.member() + " " + m.status() + (m.reason() == null || m.reason().isBlank() ? "" : " (" + shorten(m.reason()) + ")"));
            }
            return "complete=" + r.complete() + " in " + r.elapsed().toMillis() + " ms: " + String.join("; ", rows);
        }
        return "failed: " + result;
    }

    private static String describeWhatIf(Object result) {
        if (result instanceof WhatIfReport r) {
            List<String> rows = new ArrayList<>();
            for (MemberWhatIf m : r.members()) {
                rows.add(m.member() + " " + m.status() + (m.reason() == null || m.reason().isBlank() ? "" : " (" + shorten(m.reason()) + ")"));
            }
            return "complete=" + r.complete() + " in " + r.elapsed().toMillis() + " ms, predicted " + r.indexHeapBytes() + " B: "
                    + String.join("; ", rows);
        }
        return "failed: " + result;
    }

    private static String shorten(String s) {
        return s.length() > 120 ? s.substring(0, 120) + "..." : s;
    }

    private void rollingRestart(List<String> notes) {
        for (ClusterMember m : cluster.members()) {
            long t = System.currentTimeMillis();
            m.stop(Duration.ofSeconds(90));
            event("stopped " + m.name() + " (SIGTERM: graceful shutdown) in " + (System.currentTimeMillis() - t) + " ms");
            m.restart();
            event("started a new " + m.name());
            cluster.awaitSettled(SETTLE);
            event("cluster settled with the new " + m.name());
            notes.add(m.name() + " replaced in " + (System.currentTimeMillis() - t) / 1000 + " s");
        }
    }

    private void splitBrain(ClusterMember victim, List<String> notes) throws InterruptedException {
        long t = System.currentTimeMillis();
        victim.disconnect();
        event(victim.name() + " cut off the network");
        cluster.awaitSettled(SETTLE);
        event("the other members settled without " + victim.name());
        sleepUntil(t + plan.splitFor().toMillis());
        victim.reconnect();
        event(victim.name() + " back on the network after " + (System.currentTimeMillis() - t) / 1000 + " s");
        cluster.awaitSettled(SETTLE);
        event("merged: the cluster settled at " + cluster.runningMembers().size() + " members");
        notes.add("split for " + plan.splitFor().toSeconds() + " s; merge policy of the soak maps: PutIfAbsentMergePolicy");
    }

    private void rollClient(List<String> notes) {
        clientEnds.put(clientB.name(), clientB.stop(Duration.ofMinutes(3)));
        event("client B (version 1) stopped");
        clientB = startClient(1, 2, true);
        event("client B (version 2) ready");
        clientB.send("run", "running", CLIENT_ANSWER);
        rolled = true;
        event("client B writes version 2, client A version 1");
        notes.add("client B restarted with version 2 of both value types (field venue added); mappings replaced with version 2's columns");
    }

    // ------------------------------------------------------------------ checks

    private void checkRound(String after) {
        int id = checks.size() + 1;
        long t = System.currentTimeMillis();
        List<String> lines = new ArrayList<>();
        List<CompletableFuture<List<String>>> answers = new ArrayList<>();
        for (ClientProcess p : List.of(clientA, clientB)) {
            answers.add(CompletableFuture.supplyAsync(() -> p.send("check " + id, "checked " + id, CLIENT_ANSWER)));
        }
        for (CompletableFuture<List<String>> a : answers) {
            lines.addAll(a.join());
        }
        Map<SoakFormat, List<Map<String, String>>> byFormat = new EnumMap<>(SoakFormat.class);
        for (String line : lines) {
            if (!line.startsWith("check " + id + " ")) {
                continue;
            }
            Map<String, String> kv = new HashMap<>();
            for (String part : line.substring(("check " + id + " ").length()).split(" ")) {
                int eq = part.indexOf('=');
                if (eq > 0) {
                    kv.put(part.substring(0, eq), part.substring(eq + 1));
                }
            }
            byFormat.computeIfAbsent(SoakFormat.valueOf(kv.get("format").toUpperCase(Locale.ROOT)), f -> new ArrayList<>()).add(kv);
            if (kv.containsKey("qcEventsLost")) {
                queryCacheCounters.put(kv.get("client") + "/" + kv.get("format") + "/o" + kv.get("owner"), kv);
            }
        }
        Map<SoakFormat, CheckTotals> totals = new EnumMap<>(SoakFormat.class);
        for (SoakFormat f : SoakFormat.values()) {
            List<Map<String, String>> rows = byFormat.getOrDefault(f, List.of());
            totals.put(f, new CheckTotals(sum(rows, "keys"), sum(rows, "lost"), sum(rows, "unexpected"), sum(rows, "invalid"),
                    sum(rows, "inDoubt"), sum(rows, "queries"), sum(rows, "queriesWrong"), sum(rows, "sql"), sum(rows, "sqlWrong"),
                    rows.stream().mapToLong(r -> Long.parseLong(r.getOrDefault("qcMillis", "0"))).max().orElse(0), sum(rows, "qcWrong"),
                    sum(rows, "qcEventsLost"), worstHow(rows), sum(rows, "qcSilent"), sum(rows, "qcRecreations"), rows.size()));
        }
        checks.add(new CheckRound(after, t, totals));
        event("check " + id + " after " + after + ": " + totals.entrySet().stream()
                .map(e -> e.getKey().label() + (e.getValue().right() ? " right" : " WRONG " + e.getValue())).toList()
                + " in " + (System.currentTimeMillis() - t) + " ms");
    }

    private static String worstHow(List<Map<String, String>> rows) {
        List<String> order = List.of("direct", "tryRecover", "recreated");
        return rows.stream().map(r -> r.get("qcHow")).filter(h -> h != null).max((a, b) -> order.indexOf(a) - order.indexOf(b))
                .orElse("-");
    }

    private static long sum(List<Map<String, String>> rows, String key) {
        return rows.stream().mapToLong(r -> Long.parseLong(r.getOrDefault(key, "0"))).sum();
    }

    /** Replays every write log of the format and compares the whole map, every owner's queries and SQL with it. */
    private FinalCheck finalCheck(SoakFormat format) throws IOException {
        Map<Integer, KeyStates> oracle = new TreeMap<>();
        List<Path> logs = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(out, "acks-" + format.label() + "-o*-g*.log")) {
            files.forEach(logs::add);
        }
        logs.sort((x, y) -> generationOf(x) - generationOf(y));
        for (Path log : logs) {
            String name = log.getFileName().toString();
            int owner = Integer.parseInt(name.substring(name.indexOf("-o") + 2, name.indexOf("-g")));
            oracle.computeIfAbsent(owner, o -> new KeyStates()).replay(log);
        }
        IMap<Long, Object> map = driver.getMap(format.map());
        List<String> samples = new ArrayList<>();
        long present = 0;
        long lost = 0;
        long unexpected = 0;
        long invalid = 0;
        long venues = 0;
        for (long from = 1; from <= plan.keys(); from += 1000) {
            Set<Long> batch = new HashSet<>();
            for (long k = from; k < from + 1000 && k <= plan.keys(); k++) {
                batch.add(k);
            }
            Map<Long, Object> read = map.getAll(batch);
            for (long key : batch) {
                KeyStates states = oracle.get((int) (key % plan.owners()));
                Object value = read.get(key);
                long seq = -1;
                Boolean venue = null;
                if (value != null) {
                    present++;
                    TradeFields f;
                    try {
                        f = fieldsOf(value);
                    } catch (RuntimeException e) {
                        invalid++;
                        sample(samples, format.label() + " key " + key + " unreadable: " + e);
                        continue;
                    }
                    seq = f.seq();
                    venue = f.venue() != null;
                    if (venue) {
                        venues++;
                    }
                    if (!TradeFields.of(key, (int) (key % plan.owners()), f.seq(), venue).equals(f)) {
                        invalid++;
                        sample(samples, format.label() + " key " + key + " holds " + f);
                    }
                }
                switch (states == null ? KeyStates.Verdict.UNEXPECTED : states.judge(key, seq, venue)) {
                    case OK -> { }
                    case LOST -> {
                        lost++;
                        sample(samples, format.label() + " key " + key + " lost a write: reads seq " + seq + ", must hold "
                                + states.acceptable(key));
                    }
                    case UNEXPECTED -> {
                        unexpected++;
                        sample(samples, format.label() + " key " + key + " reads seq " + seq + " it cannot hold "
                                + (states == null ? "(no owner)" : states.acceptable(key)));
                    }
                }
            }
        }
        long queries = 0;
        long queriesWrong = 0;
        long sql = 0;
        long sqlWrong = 0;
        for (Map.Entry<Integer, KeyStates> e : oracle.entrySet()) {
            int owner = e.getKey();
            long[] keys = keysOf(owner);
            for (Queries.Query q : Queries.check(owner)) {
                Map<Long, long[]> found = new HashMap<>();
                if (q.values()) {
                    for (Map.Entry<Long, Object> entry : map.entrySet(q.predicate())) {
                        TradeFields f = fieldsOf(entry.getValue());
                        found.put(entry.getKey(), new long[] {f.seq(), f.venue() == null ? 0 : 1});
                    }
                } else {
                    for (Long key : map.keySet(q.predicate())) {
                        found.put(key, new long[] {-1, -1});
                    }
                }
                queries++;
                List<String> wrong = Queries.wrongKeys(e.getValue(), keys, owner, q.oracle(), found,
                        (key, c) -> TradeFields.of(key, owner, c.seq(), c.venue()));
                if (!wrong.isEmpty()) {
                    queriesWrong++;
                    sample(samples, format.label() + " query " + q + ": " + wrong.subList(0, Math.min(5, wrong.size())));
                }
            }
            for (Queries.Sql q : List.of(Queries.sqlOwner(format, owner, rolled), Queries.sql(format, owner, "EUR", rolled))) {
                Map<Long, long[]> found = new HashMap<>();
                try (SqlResult result = driver.getSql().execute(q.statement(), q.parameters().toArray())) {
                    for (SqlRow row : result) {
                        found.put(row.getObject(0), new long[] {row.<Long>getObject(1), rolled ? (row.getObject(2) == null ? 0 : 1) : -1});
                    }
                }
                sql++;
                List<String> wrong = Queries.wrongKeys(e.getValue(), keys, owner, q.oracle(), found,
                        (key, c) -> TradeFields.of(key, owner, c.seq(), c.venue()));
                if (!wrong.isEmpty()) {
                    sqlWrong++;
                    sample(samples, format.label() + " SQL " + q + ": " + wrong.subList(0, Math.min(5, wrong.size())));
                }
            }
        }
        long acknowledged = oracle.values().stream().mapToLong(KeyStates::acknowledged).sum();
        long inDoubt = oracle.values().stream().mapToLong(KeyStates::inDoubt).sum();
        long keysInDoubt = oracle.values().stream().mapToLong(KeyStates::keysInDoubt).sum();
        FinalCheck result = new FinalCheck(plan.keys(), acknowledged, inDoubt, keysInDoubt, present, lost, unexpected, invalid, queries,
                queriesWrong, sql, sqlWrong, venues, samples);
        event("final check of " + format.label() + ": " + result);
        return result;
    }

    private static int generationOf(Path log) {
        String name = log.getFileName().toString();
        return Integer.parseInt(name.substring(name.indexOf("-g") + 2, name.lastIndexOf('.')));
    }

    private long[] keysOf(int owner) {
        List<Long> keys = new ArrayList<>();
        for (long k = 1; k <= plan.keys(); k++) {
            if (k % plan.owners() == owner) {
                keys.add(k);
            }
        }
        return keys.stream().mapToLong(Long::longValue).toArray();
    }

    private static void sample(List<String> samples, String text) {
        if (samples.size() < 20) {
            samples.add(text);
        }
    }

    /** The fields of a value read without the classes: a navpack record or a Compact generic record. */
    static TradeFields fieldsOf(Object value) {
        if (value instanceof PackedRecord r) {
            String venue;
            try {
                venue = r.getString("venue");
            } catch (IllegalArgumentException e) {
                venue = null;
            }
            return new TradeFields(r.getLong("id"), r.getInt("owner"), r.getLong("seq"), r.getDate("tradeDate"),
                    Side.valueOf(r.getEnumName("buySell")), r.getString("currency1"), r.getDecimal("amount1"), r.getDecimal("exchangeRate"),
                    r.getString("currency2"), r.getDecimal("amount2"), r.getDate("settlementDate"), r.getString("book"), venue);
        }
        if (value instanceof GenericRecord g) {
            String venue = g.getFieldKind("venue") == FieldKind.STRING ? g.getString("venue") : null;
            return new TradeFields(g.getInt64("id"), g.getInt32("owner"), g.getInt64("seq"), g.getDate("tradeDate"),
                    Side.valueOf(g.getString("buySell")), g.getString("currency1"), g.getDecimal("amount1"), g.getDecimal("exchangeRate"),
                    g.getString("currency2"), g.getDecimal("amount2"), g.getDate("settlementDate"), g.getString("book"), venue);
        }
        return SoakFormat.fields(value);
    }

    // ------------------------------------------------------------------ members

    private Heap heap(String when, boolean resume) {
        send("pause", "paused");
        try {
            Map<String, Map<String, String>> byMember = probe(true, Duration.ofSeconds(60));
            Heap heap = new Heap(System.currentTimeMillis(), byMember);
            event("heap at " + when + ": old generation after GC " + heap.oldGen() / 1024 + " KiB over " + byMember.size() + " members");
            return heap;
        } finally {
            if (resume) {
                send("resume", "resumed");
            }
        }
    }

    private Map<String, Map<String, String>> probe(boolean collect, Duration timeout) {
        Map<Member, Future<TreeMap<String, String>>> answers = driver.getExecutorService("soak-probe")
                .submitToAllMembers(new MemberProbe(collect, MAPS));
        Map<String, Map<String, String>> byMember = new TreeMap<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        for (Map.Entry<Member, Future<TreeMap<String, String>>> e : answers.entrySet()) {
            String name = memberName(e.getKey());
            try {
                byMember.put(name, e.getValue().get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
            } catch (Exception ex) {
                byMember.put(name, Map.of("error", String.valueOf(ex)));
            }
        }
        return byMember;
    }

    private String memberName(Member m) {
        String host = m.getAddress().getHost();
        for (ClusterMember c : cluster.members()) {
            if (c.ip().equals(host)) {
                return c.name();
            }
        }
        return m.getAddress().toString();
    }

    private void meterLoop() {
        while (metering) {
            long t = System.currentTimeMillis();
            try {
                probe(false, Duration.ofSeconds(5)).forEach((member, values) -> meters.add(new MeterSample(t, member, values)));
                ClusterSchemas schemas = ClusterSchemas.read(driver, Duration.ofSeconds(5));
                int catalog = schemas.catalog().schemas().size();
                List<String> lacking = schemas.byMember().entrySet().stream()
                        .filter(e -> !new HashSet<>(e.getValue()).containsAll(schemas.catalog().schemas()))
                        .map(e -> e.getKey() + " (" + e.getValue().size() + " of " + catalog + ")").toList();
                long agreeing = schemas.byMember().size() - lacking.size();
                Map<String, String> v = new TreeMap<>();
                v.put("schemas.catalog", Integer.toString(catalog));
                v.put("schemas.members", Integer.toString(schemas.byMember().size()));
                v.put("schemas.membersHoldingCatalog", Long.toString(agreeing));
                v.put("schemas.unanswered", Integer.toString(schemas.unanswered().size()));
                v.put("schemas.disagreements", Integer.toString(schemas.disagreements().size()));
                if (!lacking.isEmpty()) {
                    v.put("schemas.lacking", String.join(", ", lacking));
                }
                if (!schemas.disagreements().isEmpty()) {
                    v.put("schemas.disagreement", schemas.disagreements().get(0).describe());
                }
                meters.add(new MeterSample(t, "cluster", v));
            } catch (RuntimeException e) {
                meters.add(new MeterSample(t, "cluster", Map.of("error", String.valueOf(e))));
            }
            long next = t + plan.meterEvery().toMillis();
            while (metering && System.currentTimeMillis() < next) {
                sleep(200);
            }
        }
    }

    /** Every probe and schema sample as {@code meters.csv}: epoch ms, member (or "cluster"), key, value. */
    private void writeMeters() throws IOException {
        StringBuilder csv = new StringBuilder("epochMs,member,key,value\n");
        for (MeterSample m : meters) {
            m.values().forEach((k, v) -> csv.append(m.epochMs()).append(',').append(m.member()).append(',').append(k).append(",\"")
                    .append(v.replace("\"", "'")).append("\"\n"));
        }
        Files.writeString(out.resolve("meters.csv"), csv, StandardCharsets.UTF_8);
    }

    private Map<String, LogScan> scanMemberLogs() {
        Path dir = out.resolve("members");
        cluster.writeLogs(dir);
        Map<String, LogScan> scans = new TreeMap<>();
        for (ClusterMember m : cluster.members()) {
            long unknown = 0;
            long unreadable = 0;
            long severe = 0;
            long disagreements = 0;
            long merges = 0;
            List<String> samples = new ArrayList<>();
            for (String line : m.logs().split("\n")) {
                String l = line.toLowerCase(Locale.ROOT);
                boolean counted = false;
                if (l.contains("unknown schema") || l.contains("schema can not be found")) {
                    unknown++;
                    counted = true;
                }
                if (l.contains("cannot be read") || l.contains("navpackformatexception")) {
                    unreadable++;
                    counted = true;
                }
                if (l.contains("severe")) {
                    severe++;
                    counted = true;
                }
                if (l.contains("disagree")) {
                    disagreements++;
                    counted = true;
                }
                if (l.contains("merg")) {
                    merges++;
                }
                if (counted && samples.size() < 10) {
                    samples.add(line.length() > 300 ? line.substring(0, 300) + "..." : line);
                }
            }
            scans.put(m.name(), new LogScan(unknown, unreadable, severe, disagreements, merges, samples));
        }
        return scans;
    }

    // ------------------------------------------------------------------ time

    private void event(String text) {
        long now = System.currentTimeMillis();
        events.add(new Event(now, text));
        String at = loadStart == 0 ? "" : String.format(Locale.ROOT, " +%.1fs", (now - loadStart) / 1000.0);
        System.out.println("[soak" + at + "] " + text);
        try {
            Files.writeString(out.resolve("events.txt"), now + " " + text + "\n", StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void sleepUntil(long epochMs) throws InterruptedException {
        long wait = epochMs - System.currentTimeMillis();
        if (wait > 0) {
            Thread.sleep(wait);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
