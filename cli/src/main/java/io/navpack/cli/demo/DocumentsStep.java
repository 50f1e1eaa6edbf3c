package io.navpack.cli.demo;

import com.acme.trading.documents.FpmlTrades;
import com.acme.trading.peers.CompactRecords;
import com.hazelcast.aggregation.Aggregators;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.MapConfig;
import com.hazelcast.config.MetadataPolicy;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastJsonValue;
import com.hazelcast.map.IMap;
import com.hazelcast.map.LocalMapStats;
import com.hazelcast.nio.serialization.genericrecord.GenericRecord;
import com.hazelcast.query.Predicate;
import com.hazelcast.query.Predicates;
import com.hazelcast.sql.SqlResult;
import com.hazelcast.sql.SqlRow;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.SchemaInference;
import io.navpack.documents.Transcoder;
import io.navpack.documents.hazelcast.DocumentLoader;
import io.navpack.format.PackedRecord;
import io.navpack.hazelcast.NavpackPredicates;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Documents in the cluster, side by side: the shared FpML trade documents ({@code dataDocument}s with a trade date)
 * multiplied to N trades (trade ids and amounts varied), loaded as navpack values ({@link DocumentLoader}), as
 * {@code HazelcastJsonValue} (the same documents as JSON) and as Compact generic records (the same inferred schema),
 * with the same batching; then heap per entry, a scan, an aggregation and SQL on nested paths for each.
 */
public final class DocumentsStep {
    public static final String NAVPACK = "documents_navpack";
    public static final String JSON = "documents_json";
    public static final String JSON_NO_METADATA = "documents_json_nometa";
    public static final String COMPACT = "documents_compact";
    static final int BATCH = 256;
    static final int IN_FLIGHT = 8;
    static final String DATE = "trade.tradeHeader.tradeDate";
    static final String PARTY = "party[any].partyName";

    /** One format's results. */
    public record Row(String format, double heapPerEntry, long totalHeap, double loadDocsPerSecond, double loadMbPerSecond,
                      double scanMillis, long scanMatches, double aggregateMillis, String aggregate, double sqlMillis, long sqlCount,
                      Runs scanRuns, Runs aggregateRuns, Runs sqlRuns) {
    }

    /**
     * The times of one query's timed runs (ms): median, fastest and slowest; and the bytes every thread of this JVM (the
     * members' and the caller's) allocated per run, on average.
     */
    public record Runs(double median, double min, double max, double allocatedPerRun) {
        static final Runs NONE = new Runs(Double.NaN, Double.NaN, Double.NaN, Double.NaN);

        @Override
        public String toString() {
            return Double.isNaN(median) ? "n/a" : String.format(java.util.Locale.ROOT, "%.1f (%.1f-%.1f)", median, min, max);
        }

        /** Bytes allocated per entry of a map of {@code entries}. */
        public double allocatedPerEntry(long entries) {
            return allocatedPerRun / entries;
        }
    }

    /** The step's results. */
    public record Result(long documents, int templates, String since, String party, List<Row> rows, boolean agree) {
    }

    private final List<HazelcastInstance> members;
    private final PrintStream progress;
    private final int runs;

    public DocumentsStep(List<HazelcastInstance> members, int runs, PrintStream progress) {
        this.members = members;
        this.runs = runs;
        this.progress = progress;
    }

    public Result run(Path fpml, long documents) throws IOException {
        HazelcastInstance hz = members.get(0);
        List<byte[]> templates = FpmlTrades.templates(fpml);
        progress.printf("Documents: %d FpML trade documents multiplied to %,d trades%n", templates.size(), documents);
        SchemaInference inference = SchemaInference.of(DocumentFormat.XML).name("fpmltrades");
        for (long n = 0; n < Math.min(documents, 2_000); n++) {
            inference.add(FpmlTrades.document(templates, n), "trade-" + n);
        }
        DocumentSchema schema = inference.infer();
        Transcoder t = schema.transcoder();

        String since = "2018-01-01";
        String party = "ABC Bank";
        List<Row> rows = new ArrayList<>();
        // one map at a time, each destroyed once measured: at a million trades the JSON map alone takes gigabytes
        // navpack: the map as the user guide recommends for values queried without an index (the views kept,
        // no JSON metadata), transcoded and stored by the loader
        hz.getConfig().addMapConfig(new MapConfig(NAVPACK).setInMemoryFormat(InMemoryFormat.OBJECT)
                .setMetadataPolicy(MetadataPolicy.OFF).setBackupCount(1));
        long heap0 = Demo.usedHeapAfterGc();
        long bytes = 0;
        long making = 0;
        long t0 = System.nanoTime();
        try (DocumentLoader loader = DocumentLoader.into(hz, NAVPACK, schema).batchSize(BATCH).maxInFlight(IN_FLIGHT).build()) {
            for (long n = 0; n < documents; n++) {
                long m0 = System.nanoTime();
                byte[] doc = FpmlTrades.document(templates, n);
                making += System.nanoTime() - m0;
                bytes += doc.length;
                loader.load(DocumentFormat.XML, doc, "trade-" + n, "trade-" + n);
            }
            flush(loader);
        }
        // the time to make the varied documents is not the load's: the other formats' values are made beforehand too
        double navpackSeconds = (System.nanoTime() - t0 - making) / 1e9;
        rows.addAll(measure("navpack", NAVPACK, "", heap0, documents / navpackSeconds, bytes / 1e6 / navpackSeconds, since, party,
                "SELECT COUNT(*) FROM " + NAVPACK + " WHERE \"" + DATE + "\" >= ?",
                "CREATE OR REPLACE MAPPING \"" + NAVPACK + "\" TYPE NavpackMap OPTIONS ('valueNavpackType' = 'fpmltrades.dataDocument',"
                        + " 'keyFormat' = 'varchar')"));

        // the same documents as JSON text (what a HazelcastJsonValue holds), in Hazelcast's default map, and in a map
        // without Hazelcast's JSON metadata (its fastest form for scans of few fields)
        hz.getConfig().addMapConfig(new MapConfig(JSON_NO_METADATA).setMetadataPolicy(MetadataPolicy.OFF).setBackupCount(1));
        for (String jsonMap : List.of(JSON, JSON_NO_METADATA)) {
            heap0 = Demo.usedHeapAfterGc();
            Batches<HazelcastJsonValue> json = new Batches<>(hz.getMap(jsonMap));
            long jsonBytes = 0;
            for (long n = 0; n < documents; n++) {
                byte[] value = t.toNavpack(FpmlTrades.document(templates, n), "trade-" + n);
                String text = new String(t.toDocument(value, DocumentFormat.JSON), StandardCharsets.UTF_8);
                jsonBytes += text.length();
                json.put("trade-" + n, new HazelcastJsonValue(text));
            }
            json.flush();
            rows.addAll(measure(jsonMap.equals(JSON) ? "HazelcastJsonValue" : "JSON, no metadata", jsonMap, "dataDocument.", heap0,
                    documents / json.seconds(), jsonBytes / 1e6 / json.seconds(), since, party,
                    "SELECT COUNT(*) FROM \"" + jsonMap + "\" WHERE JSON_VALUE(this, '$.dataDocument." + DATE + "') >= ?",
                    "CREATE OR REPLACE MAPPING \"" + jsonMap + "\" TYPE IMap OPTIONS ('keyFormat' = 'varchar', 'valueFormat' = 'json')"));
        }

        // and as Compact generic records of the same inferred schema, in Hazelcast's default map
        heap0 = Demo.usedHeapAfterGc();
        Batches<GenericRecord> compact = new Batches<>(hz.getMap(COMPACT));
        for (long n = 0; n < documents; n++) {
            byte[] value = t.toNavpack(FpmlTrades.document(templates, n), "trade-" + n);
            compact.put("trade-" + n, CompactRecords.of(PackedRecord.of(value, schema.registry())));
        }
        compact.flush();
        rows.addAll(measure("Compact generic records", COMPACT, "", heap0, documents / compact.seconds(), Double.NaN, since, party,
                null, null));
        boolean agree = rows.stream().map(Row::scanMatches).distinct().count() == 1
                && rows.stream().map(Row::aggregate).distinct().count() == 1;
        return new Result(documents, templates.size(), since, party, rows, agree);
    }

    /**
     * Heap, scan, aggregation and SQL of one loaded map, which is destroyed afterwards. Heap is measured: the heap in
     * use after collection now minus {@code heap0} (before the map was loaded), over the entries and their backups. For
     * navpack's map, the scan and the aggregation's predicate are measured a second time wrapped in
     * {@link NavpackPredicates#of} (a second row, "navpack, NavpackPredicates").
     */
    private List<Row> measure(String format, String mapName, String prefix, long heap0, double docsPerSecond, double mbPerSecond,
                        String since, String party, String sql, String mapping) {
        IMap<Object, Object> map = members.get(members.size() - 1).getMap(mapName);
        long entries = 0;
        long copies = 0;
        for (HazelcastInstance m : members) {
            LocalMapStats s = m.getMap(mapName).getLocalMapStats();
            entries += s.getOwnedEntryCount();
            copies += s.getOwnedEntryCount() + s.getBackupEntryCount();
        }
        long heap = Demo.usedHeapAfterGc() - heap0;
        Predicate<Object, Object> scan = Predicates.or(Predicates.greaterEqual(prefix + DATE, since),
                Predicates.equal(prefix + PARTY, party));
        Predicate<Object, Object> byParty = Predicates.equal(prefix + PARTY, party);
        long[] matches = {0};
        Runs scanMs = median(() -> {
            matches[0] = map.keySet(scan).size();
            return null;
        });
        Object[] max = {null};
        Runs aggMs = median(() -> {
            max[0] = map.aggregate(Aggregators.comparableMax(prefix + DATE), byParty);
            return null;
        });
        List<Row> out = new ArrayList<>();
        if (mapName.equals(NAVPACK)) {
            long[] wrappedMatches = {0};
            Runs wrappedScan = median(() -> {
                wrappedMatches[0] = map.keySet(NavpackPredicates.of(scan)).size();
                return null;
            });
            Object[] wrappedMax = {null};
            Runs wrappedAgg = median(() -> {
                wrappedMax[0] = map.aggregate(Aggregators.comparableMax(prefix + DATE), NavpackPredicates.of(byParty));
                return null;
            });
            progress.printf("  navpack, NavpackPredicates: scan %s ms, aggregation %s ms%n", wrappedScan, wrappedAgg);
            out.add(new Row("navpack, NavpackPredicates", Double.NaN, 0, Double.NaN, Double.NaN, wrappedScan.median(),
                    wrappedMatches[0], wrappedAgg.median(), String.valueOf(wrappedMax[0]), Double.NaN, -1, wrappedScan,
                    wrappedAgg, Runs.NONE));
        }
        Runs sqlMs = Runs.NONE;
        long[] sqlCount = {-1};
        if (sql != null) {
            HazelcastInstance hz = members.get(members.size() - 1);
            hz.getSql().execute(mapping).close();
            sqlMs = median(() -> {
                try (SqlResult r = hz.getSql().execute(sql, since)) {
                    for (SqlRow row : r) {
                        sqlCount[0] = ((Number) row.getObject(0)).longValue();
                    }
                }
                return null;
            });
        }
        double perEntry = copies == 0 ? 0.0 : (double) heap / copies;
        progress.printf("  %s: %,d entries, %.0f B per entry, scan %s ms, aggregation %s ms, SQL %s ms (median, fastest-slowest"
                + " of %d runs)%n", format, entries, perEntry, scanMs, aggMs, sqlMs, runs);
        map.destroy();
        out.add(0, new Row(format, perEntry, heap, docsPerSecond, mbPerSecond, scanMs.median(), matches[0], aggMs.median(),
                String.valueOf(max[0]), sqlMs.median(), sqlCount[0], scanMs, aggMs, sqlMs));
        return out;
    }


    /**
     * The median, fastest and slowest of {@code runs} runs after the untimed warm-up ({@link #warmUp}), in
     * milliseconds, and the bytes the JVM's threads allocated per run.
     */
    private Runs median(Supplier<Void> q) {
        warmUp(q);
        double[] ms = new double[runs];
        long allocated = 0;
        for (int i = 0; i < runs; i++) {
            long a0 = allocatedBytes();
            long t0 = System.nanoTime();
            q.get();
            ms[i] = (System.nanoTime() - t0) / 1e6;
            allocated += allocatedBytes() - a0;
        }
        Arrays.sort(ms);
        return new Runs(ms[runs / 2], ms[0], ms[runs - 1], (double) allocated / runs);
    }

    /** The least time each query runs untimed before its timed runs. */
    static final long WARM_UP_NANOS = TimeUnit.SECONDS.toNanos(2);
    /** The most untimed runs of a query. */
    static final int WARM_UP_RUNS = 20;

    /**
     * Runs {@code q} untimed until {@link #WARM_UP_NANOS} have passed (at least once, at most {@link #WARM_UP_RUNS}
     * times), the same for every format: the first query of a map runs code the JIT has not compiled yet (a format's
     * own reads; Hazelcast's generic query code is warm after the first format), and one run of 100,000 entries on
     * three members is not enough to compile it — navpack's scan, measured first, took 220, 202, 162, 148, 104, 90
     * and 97 ms in seven runs after a single warm-up run.
     */
    private static void warmUp(Supplier<Void> q) {
        long t0 = System.nanoTime();
        int n = 0;
        do {
            q.get();
            n++;
        } while (n < WARM_UP_RUNS && System.nanoTime() - t0 < WARM_UP_NANOS);
    }

    /** Bytes allocated so far by the live threads of this JVM (the members are in it). */
    private static long allocatedBytes() {
        java.lang.management.ThreadMXBean t = java.lang.management.ManagementFactory.getThreadMXBean();
        if (!(t instanceof com.sun.management.ThreadMXBean threads) || !threads.isThreadAllocatedMemorySupported()) {
            return 0;
        }
        long sum = 0;
        for (long b : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
            sum += Math.max(0, b);
        }
        return sum;
    }

    private static void flush(DocumentLoader loader) {
        try {
            if (!loader.flush(5, TimeUnit.MINUTES)) {
                throw new IllegalStateException("documents still on their way after 5 minutes");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        loader.checkStored();
    }

    /** Puts in batches with setAllAsync, at most {@link #IN_FLIGHT} on their way: the loader's batching. */
    static final class Batches<V> {
        private final IMap<Object, V> map;
        private final Semaphore permits = new Semaphore(IN_FLIGHT);
        private final AtomicReference<Throwable> failed = new AtomicReference<>();
        private Map<Object, V> batch = new HashMap<>();
        private final AtomicLong nanos = new AtomicLong();

        Batches(IMap<Object, V> map) {
            this.map = map;
        }

        void put(Object key, V value) {
            batch.put(key, value);
            if (batch.size() >= BATCH) {
                send();
            }
        }

        private void send() {
            long t0 = System.nanoTime();
            Map<Object, V> b = batch;
            batch = new HashMap<>();
            permits.acquireUninterruptibly();
            map.setAllAsync(b).whenComplete((v, e) -> {
                if (e != null) {
                    failed.compareAndSet(null, e);
                }
                permits.release();
            });
            nanos.addAndGet(System.nanoTime() - t0);
        }

        void flush() {
            if (!batch.isEmpty()) {
                send();
            }
            long t0 = System.nanoTime();
            permits.acquireUninterruptibly(IN_FLIGHT);
            permits.release(IN_FLIGHT);
            nanos.addAndGet(System.nanoTime() - t0);
            if (failed.get() != null) {
                throw new IllegalStateException("a batch was not stored: " + failed.get().getMessage(), failed.get());
            }
        }

        /** Seconds spent sending and waiting (the values were made beforehand). */
        double seconds() {
            return nanos.get() / 1e9;
        }
    }

    /** {@code v} formatted, or "-" where it was not measured (NaN). */
    static String orDash(double v, String pattern) {
        return Double.isNaN(v) ? "-" : String.format(java.util.Locale.ROOT, pattern, v);
    }

    /** The results as text, for the console. */
    public static String table(Result r) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(java.util.Locale.ROOT, "%nDocuments: %d FpML trade documents multiplied to %,d trades; scan: %s >= '%s'"
                + " or %s = '%s'; aggregation: max(%s) where %s = '%s'%n", r.templates(), r.documents(), DATE, r.since(), PARTY,
                r.party(), DATE, PARTY, r.party()));
        sb.append(String.format(java.util.Locale.ROOT, "%-28s %12s %14s %10s %10s %12s %10s%n", "format", "B per entry", "load docs/s",
                "scan ms", "matches", "aggregate ms", "SQL ms"));
        for (Row x : r.rows()) {
            sb.append(String.format(java.util.Locale.ROOT, "%-28s %12s %14s %10.1f %10d %12.1f %10s%n", x.format(),
                    orDash(x.heapPerEntry(), "%.0f"), orDash(x.loadDocsPerSecond(), "%.0f"), x.scanMillis(), x.scanMatches(),
                    x.aggregateMillis(), Double.isNaN(x.sqlMillis()) ? "n/a" : String.format(java.util.Locale.ROOT, "%.1f", x.sqlMillis())));
        }
        sb.append("Times are medians of the timed runs, each query warmed up by 2 s of untimed runs first; fastest-slowest run, and bytes allocated per entry scanned:\n");
        for (Row x : r.rows()) {
            sb.append(String.format(java.util.Locale.ROOT, "  %-28s scan %s, %.0f B/entry; aggregation %s, %.0f B/entry; SQL %s%n",
                    x.format(), x.scanRuns(), x.scanRuns().allocatedPerEntry(r.documents()), x.aggregateRuns(),
                    x.aggregateRuns().allocatedPerEntry(r.documents()), x.sqlRuns()));
        }
        sb.append(r.agree() ? "Every format finds the same trades and the same maximum.\n"
                : "The formats disagree: see the matches and aggregates above.\n");
        for (Row navpack : r.rows()) {
            if (!navpack.format().startsWith("navpack")) {
                continue;
            }
            for (Row x : r.rows()) {
                if (x.format().startsWith("navpack")) {
                    continue;
                }
                sb.append(String.format(java.util.Locale.ROOT, "%s against %s: scan %.2f x its time, aggregation %.2f x%s%n",
                        navpack.format(), x.format(), navpack.scanMillis() / x.scanMillis(),
                        navpack.aggregateMillis() / x.aggregateMillis(),
                        Double.isNaN(x.sqlMillis()) || Double.isNaN(navpack.sqlMillis()) ? ""
                                : String.format(java.util.Locale.ROOT, ", SQL %.2f x", navpack.sqlMillis() / x.sqlMillis())));
            }
        }
        return sb.toString();
    }

}
