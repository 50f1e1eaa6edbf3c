package io.navpack.bench.docs;

import com.acme.trading.documents.FpmlTrades;
import com.acme.trading.peers.CompactRecords;
import com.hazelcast.aggregation.Aggregators;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.MapConfig;
import com.hazelcast.config.MetadataPolicy;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastJsonValue;
import com.hazelcast.map.IMap;
import com.hazelcast.query.Predicate;
import com.hazelcast.query.Predicates;
import io.navpack.bench.scan.PairedRounds;
import io.navpack.bench.scan.ScanCluster;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.SchemaInference;
import io.navpack.documents.Transcoder;
import io.navpack.documents.hazelcast.DocumentLoader;
import io.navpack.format.PackedRecord;
import io.navpack.hazelcast.NavpackPredicates;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The documents' queries of the demo's documents step, over every format at once and in paired rounds: N FpML trades
 * ({@link FpmlTrades}) loaded into two embedded members (127.0.0.1, no backups, no indexes) as navpack values in the
 * OBJECT format the user guide recommends for scans and in BINARY, as Compact generic records of the same schema, and
 * as {@code HazelcastJsonValue} with and without Hazelcast's JSON metadata. Each round runs the scan
 * ({@code trade.tradeHeader.tradeDate >= '2018-01-01' or party[any].partyName = 'ABC Bank'}) and the aggregation
 * ({@code comparableMax(trade.tradeHeader.tradeDate)} where {@code party[any].partyName = 'ABC Bank'}) once on every
 * map, in an order that rotates from round to round, plus navpack's OBJECT map with the predicates wrapped in
 * {@link NavpackPredicates#of}. On a machine whose load changes from minute to minute, the ratio of two formats'
 * times within one round is steadier than either time: the harness reports each format's median and range, and the
 * median and range over the rounds of each ratio to Compact and to JSON, and the bytes every thread of the JVM (the
 * members') allocated per entry scanned.
 *
 * <pre>java -Xmx10g -cp benchmarks/target/benchmarks.jar io.navpack.bench.docs.DocumentQueryHarness [trades] [rounds]</pre>
 * Trades default to 300,000, rounds to 15 (after two rounds not counted); the FpML documents from
 * {@code -Dnavpack.fpml.dir} or {@code ../shared/data/fpml}.
 */
public final class DocumentQueryHarness {
    static final String DATE = "trade.tradeHeader.tradeDate";
    static final String PARTY = "party[any].partyName";
    static final String SINCE = "2018-01-01";
    static final String NAME = "ABC Bank";
    static final int BATCH = 256;

    /** The formats, in the order of the report; the map each reads and the prefix of its paths. */
    record Format(String name, String map, String prefix, boolean wrapped) {
    }

    static final List<Format> FORMATS = List.of(
            new Format("navpack (OBJECT)", "docs-navpack-object", "", false),
            new Format("navpack (OBJECT), NavpackPredicates", "docs-navpack-object", "", true),
            new Format("navpack (BINARY)", "docs-navpack-binary", "", false),
            new Format("Compact generic records", "docs-compact", "", false),
            new Format("HazelcastJsonValue", "docs-json", "dataDocument.", false),
            new Format("JSON, no metadata", "docs-json-nometa", "dataDocument.", false));

    private DocumentQueryHarness() {
    }

    public static void main(String[] args) throws Exception {
        int trades = args.length > 0 ? Integer.parseInt(args[0]) : 300_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        Path fpml = Path.of(System.getProperty("navpack.fpml.dir", "../shared/data/fpml"));
        System.out.printf(Locale.ROOT, "# %s, %d cores, max heap %d MB, load before %s%n", System.getProperty("java.vm.version"),
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20, PairedRounds.load());
        try (ScanCluster cluster = ScanCluster.start(2)) {
            HazelcastInstance hz = cluster.youngest();
            load(hz, fpml, trades);
            run(hz, trades, rounds);
        }
    }

    private static void load(HazelcastInstance hz, Path fpml, int trades) throws IOException, InterruptedException {
        hz.getConfig().addMapConfig(new MapConfig("docs-navpack-object").setInMemoryFormat(InMemoryFormat.OBJECT)
                .setMetadataPolicy(MetadataPolicy.OFF).setBackupCount(0));
        hz.getConfig().addMapConfig(new MapConfig("docs-navpack-binary").setBackupCount(0).setMetadataPolicy(MetadataPolicy.OFF));
        hz.getConfig().addMapConfig(new MapConfig("docs-compact").setBackupCount(0));
        hz.getConfig().addMapConfig(new MapConfig("docs-json").setBackupCount(0));
        hz.getConfig().addMapConfig(new MapConfig("docs-json-nometa").setBackupCount(0).setMetadataPolicy(MetadataPolicy.OFF));
        List<byte[]> templates = FpmlTrades.templates(fpml);
        SchemaInference inference = SchemaInference.of(DocumentFormat.XML).name("fpmltrades");
        for (long n = 0; n < Math.min(trades, 2_000); n++) {
            inference.add(FpmlTrades.document(templates, n), "trade-" + n);
        }
        DocumentSchema schema = inference.infer();
        Transcoder t = schema.transcoder();
        long t0 = System.nanoTime();
        for (String map : List.of("docs-navpack-object", "docs-navpack-binary")) {
            try (DocumentLoader loader = DocumentLoader.into(hz, map, schema).batchSize(BATCH).maxInFlight(8).build()) {
                for (long n = 0; n < trades; n++) {
                    loader.load(DocumentFormat.XML, FpmlTrades.document(templates, n), "trade-" + n, "trade-" + n);
                }
                if (!loader.flush(5, TimeUnit.MINUTES)) {
                    throw new IllegalStateException("documents still on their way after 5 minutes");
                }
                loader.checkStored();
            }
        }
        IMap<Object, Object> compact = hz.getMap("docs-compact");
        IMap<Object, Object> json = hz.getMap("docs-json");
        IMap<Object, Object> jsonNoMeta = hz.getMap("docs-json-nometa");
        Map<Object, Object> c = new HashMap<>();
        Map<Object, Object> j = new HashMap<>();
        for (long n = 0; n < trades; n++) {
            byte[] value = t.toNavpack(FpmlTrades.document(templates, n), "trade-" + n);
            c.put("trade-" + n, CompactRecords.of(PackedRecord.of(value, schema.registry())));
            j.put("trade-" + n, new HazelcastJsonValue(new String(t.toDocument(value, DocumentFormat.JSON), StandardCharsets.UTF_8)));
            if (c.size() == BATCH || n == trades - 1) {
                compact.putAll(c);
                json.putAll(j);
                jsonNoMeta.putAll(j);
                c.clear();
                j.clear();
            }
        }
        for (Format f : FORMATS) {
            if (hz.getMap(f.map()).size() != trades) {
                throw new IllegalStateException(f.map() + " holds " + hz.getMap(f.map()).size() + " entries, not " + trades);
            }
        }
        System.out.printf(Locale.ROOT, "# %,d trades loaded into five maps in %.0f s, load %s%n", trades,
                (System.nanoTime() - t0) / 1e9, PairedRounds.load());
    }

    private static void run(HazelcastInstance hz, int trades, int rounds) {
        int n = FORMATS.size();
        double[][] scan = new double[n][rounds];
        double[][] agg = new double[n][rounds];
        long[] scanAlloc = new long[n];
        long[] aggAlloc = new long[n];
        Map<String, Object> answers = new LinkedHashMap<>();
        for (int r = -2; r < rounds; r++) {
            for (int k = 0; k < n; k++) {
                int i = Math.floorMod(k + r, n);
                Format f = FORMATS.get(i);
                IMap<Object, Object> map = hz.getMap(f.map());
                Predicate<Object, Object> s = Predicates.or(Predicates.greaterEqual(f.prefix() + DATE, SINCE),
                        Predicates.equal(f.prefix() + PARTY, NAME));
                Predicate<Object, Object> byParty = Predicates.equal(f.prefix() + PARTY, NAME);
                Predicate<Object, Object> scanP = f.wrapped() ? NavpackPredicates.of(s) : s;
                Predicate<Object, Object> aggP = f.wrapped() ? NavpackPredicates.of(byParty) : byParty;
                long[] a = new long[1];
                double ms = timed(() -> map.keySet(scanP).size(), a, answers, f.name() + " scan");
                if (r >= 0) {
                    scan[i][r] = ms;
                    scanAlloc[i] += a[0];
                }
                ms = timed(() -> String.valueOf(map.aggregate(Aggregators.comparableMax(f.prefix() + DATE), aggP)), a, answers,
                        f.name() + " aggregation");
                if (r >= 0) {
                    agg[i][r] = ms;
                    aggAlloc[i] += a[0];
                }
            }
            if (r >= 0) {
                System.out.printf(Locale.ROOT, "# round %d: scan navpack %.0f, wrapped %.0f, Compact %.0f, JSON %.0f / %.0f ms; load %s%n",
                        r + 1, scan[0][r], scan[1][r], scan[3][r], scan[4][r], scan[5][r], PairedRounds.load());
            }
        }
        check(answers);
        System.out.printf(Locale.ROOT, "%n%d trades, 2 members, %d rounds (after 2 not counted), load after %s%n", trades, rounds,
                PairedRounds.load());
        System.out.printf(Locale.ROOT, "%-38s %22s %10s %22s %10s%n", "format", "scan ms: median (range)", "B/entry",
                "aggregation ms", "B/entry");
        for (int i = 0; i < n; i++) {
            System.out.printf(Locale.ROOT, "%-38s %22s %10.0f %22s %10.0f%n", FORMATS.get(i).name(), PairedRounds.summary(scan[i]),
                    (double) scanAlloc[i] / rounds / trades, PairedRounds.summary(agg[i]), (double) aggAlloc[i] / rounds / trades);
        }
        System.out.println();
        System.out.println("Ratios per round (median, range over the rounds):");
        int compact = 3;
        int json = 4;
        int jsonNoMeta = 5;
        for (int i : new int[] {0, 1, 2}) {
            String name = FORMATS.get(i).name();
            System.out.printf(Locale.ROOT, "  %-38s scan x Compact's time %s, aggregation %s%n", name, PairedRounds.ratio(scan[i], scan[compact]),
                    PairedRounds.ratio(agg[i], agg[compact]));
            System.out.printf(Locale.ROOT, "  %-38s times faster than JSON: scan %s, aggregation %s%n", name,
                    PairedRounds.ratio(scan[json], scan[i]), PairedRounds.ratio(agg[json], agg[i]));
            System.out.printf(Locale.ROOT, "  %-38s times faster than JSON without metadata: scan %s, aggregation %s%n", name,
                    PairedRounds.ratio(scan[jsonNoMeta], scan[i]), PairedRounds.ratio(agg[jsonNoMeta], agg[i]));
        }
    }

    /** Milliseconds of one call of {@code q}, whose answer must be the same for every format; bytes allocated into {@code a[0]}. */
    private static double timed(Supplier<Object> q, long[] a, Map<String, Object> answers, String what) {
        long a0 = PairedRounds.allocated();
        long t0 = System.nanoTime();
        Object answer = q.get();
        double ms = (System.nanoTime() - t0) / 1e6;
        a[0] = PairedRounds.allocated() - a0;
        answers.put(what, answer);
        return ms;
    }

    private static void check(Map<String, Object> answers) {
        Object scan = null;
        Object agg = null;
        for (Map.Entry<String, Object> e : answers.entrySet()) {
            if (e.getKey().endsWith(" scan")) {
                scan = scan == null ? e.getValue() : scan;
                if (!scan.equals(e.getValue())) {
                    throw new IllegalStateException("the formats disagree: " + answers);
                }
            } else {
                agg = agg == null ? e.getValue() : agg;
                if (!agg.equals(e.getValue())) {
                    throw new IllegalStateException("the formats disagree: " + answers);
                }
            }
        }
        System.out.printf(Locale.ROOT, "# every format finds %s trades and the maximum %s%n", scan, agg);
    }




}
