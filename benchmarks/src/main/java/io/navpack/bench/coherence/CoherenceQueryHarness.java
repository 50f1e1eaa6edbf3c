package io.navpack.bench.coherence;

import com.tangosol.net.CacheFactory;
import com.tangosol.net.NamedCache;
import com.tangosol.util.ExternalizableHelper;
import com.tangosol.util.Filter;
import com.tangosol.util.Filters;
import com.tangosol.util.aggregator.Count;
import com.tangosol.util.extractor.PofExtractor;
import io.navpack.bench.model.Fixtures;
import io.navpack.bench.model.Wide1024;
import io.navpack.coherence.NavpackCoherence;
import io.navpack.coherence.NavpackExtractor;
import io.navpack.format.FieldType;
import io.navpack.format.PackedRecord;
import io.navpack.format.PackedWriter;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A filter on one field at position p (1 … 1024) of the 1024-field record ({@link Wide1024}), over a Coherence cache of
 * 100,000 such values on two storage members: navpack values read by {@link NavpackExtractor} against POF values read
 * by Coherence's {@link PofExtractor}, in the same cluster and the same run, rounds alternating the two. Each query is
 * {@code cache.aggregate(Filters.equal(extractor, v), new Count())}, {@code v} the field's value in the first entry,
 * so that every entry is read and few match; both formats must count the same entries. Also the values' sizes.
 *
 * <pre>java -cp benchmarks.jar io.navpack.bench.coherence.CoherenceQueryHarness OUT.json [entries] [rounds]</pre>
 */
public final class CoherenceQueryHarness {
    static final int[] POSITIONS = {1, 2, 4, 8, 16, 32, 64, 100, 128, 256, 512, 1024};
    static final int WARMUP_ROUNDS = 2;

    private CoherenceQueryHarness() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "docs/benchmarks/raw/jdk17-CoherenceQueryHarness.json");
        int entries = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 8;
        String loadBefore = HarnessResults.load();
        try (BenchCluster c = new BenchCluster("query", 2, "-Xms1600m", "-Xmx1600m", "-XX:+UseParallelGC")) {
            NamedCache<Integer, Object> navpack = CacheFactory.getCache("navpack-wide");
            NamedCache<Integer, Object> pof = CacheFactory.getCache("pof-wide");
            SchemaRegistry registry = NavpackCoherence.get().registry();
            Schema schema = registry.register(wideSchema());
            PackedWriter writer = new PackedWriter(registry, 16 * 1024);
            Object[] first = Wide1024.values(Fixtures.SEED);
            long navpackBytes = 0;
            long pofBytes = 0;
            int sized = 0;
            long t0 = System.nanoTime();
            Map<Integer, Object> nb = new HashMap<>();
            Map<Integer, Object> pb = new HashMap<>();
            for (int i = 0; i < entries; i++) {
                Object[] values = i == 0 ? first : Wide1024.values(Fixtures.SEED + i);
                writer.reset();
                writer.writeRecord(schema, values);
                PackedRecord r = PackedRecord.of(writer.toByteArray(), registry);
                Wide1024.Row row = new Wide1024.Row(values);
                if (sized < 1000) {
                    navpackBytes += ExternalizableHelper.toBinary(r, navpack.getCacheService().getSerializer()).length();
                    pofBytes += ExternalizableHelper.toBinary(row, pof.getCacheService().getSerializer()).length();
                    sized++;
                }
                nb.put(i, r);
                pb.put(i, row);
                if (nb.size() == 250 || i == entries - 1) {
                    navpack.putAll(nb);
                    pof.putAll(pb);
                    nb.clear();
                    pb.clear();
                }
            }
            System.out.printf("# loaded %,d values into each cache in %.1f s; load %s%n", entries,
                    (System.nanoTime() - t0) / 1e9, HarnessResults.load());
            if (navpack.size() != entries || pof.size() != entries) {
                throw new IllegalStateException("caches hold " + navpack.size() + " and " + pof.size() + " values");
            }

            Map<String, List<Double>> times = new LinkedHashMap<>();
            Map<Integer, Integer> counts = new HashMap<>();
            for (int round = 0; round < WARMUP_ROUNDS + rounds; round++) {
                for (int p : POSITIONS) {
                    boolean navpackFirst = (round + p) % 2 == 0;
                    for (int k = 0; k < 2; k++) {
                        boolean isNavpack = (k == 0) == navpackFirst;
                        long q0 = System.nanoTime();
                        int n = isNavpack ? count(navpack, navpackFilter(p, first)) : count(pof, pofFilter(p, first));
                        double ms = (System.nanoTime() - q0) / 1e6;
                        Integer seen = counts.putIfAbsent(p, n);
                        if (seen != null && seen != n || n < 1) {
                            throw new IllegalStateException("position " + p + ": " + (isNavpack ? "navpack" : "POF")
                                    + " counted " + n + ", the other " + seen);
                        }
                        if (round >= WARMUP_ROUNDS) {
                            times.computeIfAbsent((isNavpack ? "navpack" : "pof") + ":" + p, x -> new ArrayList<>()).add(ms);
                        }
                    }
                }
                // what Coherence itself spends on a query over the cache, every entry handed to a filter that reads nothing
                long q0 = System.nanoTime();
                count(navpack, new NoReadFilter());
                if (round >= WARMUP_ROUNDS) {
                    times.computeIfAbsent("none", x -> new ArrayList<>()).add((System.nanoTime() - q0) / 1e6);
                }
                System.out.printf("# round %d done; load %s%n", round + 1, HarnessResults.load());
            }
            String loadAfter = HarnessResults.load();
            HarnessResults results = new HarnessResults("io.navpack.bench.coherence.CoherenceQueryHarness", WARMUP_ROUNDS,
                    "2 storage members (-Xmx1600m, ParallelGC), " + entries + " values per cache, no backups; load before "
                            + loadBefore + ", after " + loadAfter);
            for (int p : POSITIONS) {
                for (String f : List.of("navpack", "pof")) {
                    double[] samples = HarnessResults.toArray(times.get(f + ":" + p));
                    results.add("query", Map.of("format", f, "position", String.valueOf(p), "entries",
                            String.valueOf(entries), "matches", String.valueOf(counts.get(p))), samples, "ms/op");
                    System.out.printf("%-8s p=%-5d %9.2f ms%n", f, p, mean(samples));
                }
            }
            results.add("query", Map.of("format", "none", "position", "0", "entries", String.valueOf(entries), "matches", "0"),
                    HarnessResults.toArray(times.get("none")), "ms/op");
            results.add("size", Map.of("format", "navpack"), new double[] {(double) navpackBytes / sized}, "B");
            results.add("size", Map.of("format", "pof"), new double[] {(double) pofBytes / sized}, "B");
            System.out.printf("# bytes per value: navpack %.1f, POF %.1f%n", (double) navpackBytes / sized, (double) pofBytes / sized);
            results.write(out);
        }
    }

    private static double mean(double[] a) {
        double s = 0;
        for (double d : a) {
            s += d;
        }
        return s / a.length;
    }

    /** The 1024-field record's schema, as the field-position benchmark declares it. */
    public static Schema wideSchema() {
        Schema.Builder b = Schema.builder("Wide1024").typeId(6).version(1);
        for (int i = 0; i < Wide1024.FIELDS; i++) {
            FieldType t;
            switch (Wide1024.kind(i)) {
                case LONG: t = FieldType.LONG; break;
                case STRING: t = FieldType.STRING; break;
                case DECIMAL: t = FieldType.DECIMAL; break;
                default: t = FieldType.DATE; break;
            }
            b.field(Wide1024.name(i), t, false);
        }
        return b.build();
    }

    private static Filter<Object> navpackFilter(int p, Object[] first) {
        return Filters.equal(new NavpackExtractor<>(Wide1024.name(p - 1)), first[p - 1]);
    }

    /**
     * POF's filter: a long field read as {@code Long}; a date field as POF gives it without a class to convert to, a
     * {@code java.util.Date} at the start of the day (POF has no user type for {@code LocalDate} to name).
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Filter<Object> pofFilter(int p, Object[] first) {
        Object v = first[p - 1];
        if (v instanceof LocalDate d) {
            return Filters.equal(new PofExtractor(null, p - 1),
                    java.util.Date.from(d.atStartOfDay(java.time.ZoneId.systemDefault()).toInstant()));
        }
        return Filters.equal(new PofExtractor(v.getClass(), p - 1), v);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int count(NamedCache<Integer, Object> cache, Filter<?> filter) {
        return (Integer) cache.aggregate((Filter) filter, new Count());
    }
}
