package io.navpack.bench.coherence;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.tangosol.net.AbstractInvocable;
import com.tangosol.net.CacheFactory;
import com.tangosol.net.Member;
import com.tangosol.net.NamedCache;
import io.navpack.coherence.NavpackCoherence;
import io.navpack.coherence.NavpackExtractor;
import io.navpack.coherence.sizing.CoherenceIndexSizer;
import io.navpack.coherence.sizing.IndexFigure;
import io.navpack.coherence.sizing.WhatIfTask;
import io.navpack.format.FieldType;
import io.navpack.format.PackedRecord;
import io.navpack.format.PackedWriter;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The seed's table, "Sizing Coherence indexes", reproduced on Coherence CE: an index on a field of 32,768 values of
 * 32 bytes, 65,536 of 16 bytes and 131,072 of 8 bytes, each with 512 distinct values (and the shapes of the
 * Hazelcast sizing check: 100,000 values, a unique long, 8 and 32 characters with 512 distinct values), unordered and
 * ordered, on two storage members in JVMs of their own. Per member: what Coherence says the index holds (its
 * {@code IndexInfo} footprint, read from the member's own StorageManager MBean), what navpack's sizing invocable
 * measures, and the heap freed when the index is dropped (heap after collection before and after
 * {@code removeIndex}, in a cache no query has touched).
 *
 * <pre>java -cp benchmarks.jar io.navpack.bench.coherence.CoherenceIndexSizingHarness OUT.json</pre>
 */
public final class CoherenceIndexSizingHarness {
    /** entries, field: "code" (a string of the given length, 512 distinct values) or "id" (a unique long), length. */
    record Shape(String name, int entries, String field, int length) {
    }

    static final List<Shape> SHAPES = List.of(
            new Shape("32,768 × 32 B, 512 values", 32_768, "code", 32),
            new Shape("65,536 × 16 B, 512 values", 65_536, "code", 16),
            new Shape("131,072 × 8 B, 512 values", 131_072, "code", 8),
            new Shape("100,000 unique longs", 100_000, "id", 8),
            new Shape("100,000 × 8 chars, 512 values", 100_000, "code", 8),
            new Shape("100,000 × 32 chars, 512 values", 100_000, "code", 32));

    private CoherenceIndexSizingHarness() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "docs/benchmarks/raw/coherence/index-sizing.json");
        String loadBefore = HarnessResults.load();
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        ArrayNode rows = root.putArray("rows");
        try (BenchCluster c = new BenchCluster("sizing", 2, "-Xms768m", "-Xmx768m", "-XX:+UseSerialGC",
                "-Dcoherence.management=local-only")) {
            SchemaRegistry registry = NavpackCoherence.get().registry();
            Schema schema = registry.register(Schema.builder("Indexed").typeId(77).version(1)
                    .field("id", FieldType.LONG, false).field("code", FieldType.STRING, false).build());
            Map<Integer, Long> noise0 = c.heapAfterGc();
            Map<Integer, Long> noise1 = c.heapAfterGc();
            int row = 0;
            for (Shape shape : SHAPES) {
                for (boolean ordered : new boolean[] {false, true}) {
                    String cacheName = "navpack-index-" + (row++);
                    NamedCache<Long, Object> cache = CacheFactory.getCache(cacheName);
                    load(cache, shape, schema, registry);
                    NavpackExtractor<Object, Object> extractor = NavpackExtractor.of(shape.field());
                    Map<Integer, Long> h0 = c.heapAfterGc();
                    Map<Integer, WhatIfTask.Result> predicted = new HashMap<>();
                    for (WhatIfTask.Result p : CoherenceIndexSizer.whatIf(c.invocation(), cacheName, extractor, ordered, null, 64)) {
                        predicted.put(memberId(p.member()), p);
                    }
                    Map<Integer, Long> h0b = c.heapAfterGc();
                    cache.addIndex(extractor, ordered, null);
                    long built = awaitIndex(c, cacheName);
                    Map<Integer, Long> h1 = c.heapAfterGc();
                    Map<Integer, Long> h1b = c.heapAfterGc();
                    long t0 = System.nanoTime();
                    CoherenceIndexSizer.Report report = CoherenceIndexSizer.size(c.invocation(), cacheName, 1.0,
                            Duration.ofMinutes(10));
                    long sizingNanos = System.nanoTime() - t0;
                    if (!report.failures().isEmpty()) {
                        throw new IllegalStateException("sizing failed: " + report.failures());
                    }
                    Map<Integer, String[]> indexInfo = indexInfo(c, cacheName);
                    Map<Integer, Long> h1c = c.heapAfterGc();
                    cache.removeIndex(extractor);
                    Map<Integer, Long> h2 = c.heapAfterGc();
                    for (IndexFigure f : report.figures()) {
                        int id = memberId(f.member());
                        long freed = h1c.get(id) - h2.get(id);
                        ObjectNode r = rows.addObject();
                        r.put("shape", shape.name());
                        r.put("entries", shape.entries());
                        r.put("ordered", ordered);
                        r.put("member", id);
                        r.put("memberEntries", f.entries());
                        r.put("partitions", f.partitions());
                        r.put("navpackBytes", f.bytes());
                        r.put("footprintBytes", f.footprint());
                        r.put("indexInfo", String.join(" | ", indexInfo.getOrDefault(id, new String[0])));
                        r.put("heapBeforeAdd", h0.get(id));
                        r.put("heapBeforeAddAfterWhatIf", h0b.get(id));
                        WhatIfTask.Result p = predicted.get(id);
                        r.put("whatIfBytes", p == null ? -1 : p.bytes());
                        r.put("whatIfFootprint", p == null ? -1 : p.footprint());
                        r.put("whatIfError", p == null ? Double.NaN : (double) (p.bytes() - freed) / freed);
                        r.put("heapWithIndex", h1.get(id));
                        r.put("heapWithIndexAgain", h1b.get(id));
                        r.put("heapWithIndexAfterSizing", h1c.get(id));
                        r.put("heapAfterDrop", h2.get(id));
                        r.put("heapFreed", freed);
                        r.put("heapAdded", h1.get(id) - h0.get(id));
                        r.put("navpackError", (double) (f.bytes() - freed) / freed);
                        r.put("footprintOverFreed", (double) f.footprint() / freed);
                        r.put("sizingMillis", sizingNanos / 1e6);
                        r.put("indexBuildMillis", built / 1e6);
                        r.put("objects", f.objects());
                        System.out.printf(Locale.ROOT, "%-32s %-9s member %d: freed %,11d  navpack %,11d (%+.2f %%)  footprint %,11d (%.3f x)  what-if %,11d%n",
                                shape.name(), ordered ? "ordered" : "unordered", id, freed, f.bytes(),
                                100.0 * (f.bytes() - freed) / freed, f.footprint(), (double) f.footprint() / freed,
                                p == null ? -1 : p.bytes());
                    }
                    cache.destroy();
                }
            }
            ObjectNode env = root.putObject("environment");
            env.put("loadBefore", loadBefore);
            env.put("loadAfter", HarnessResults.load());
            env.put("java", System.getProperty("java.version"));
            env.put("members", "2 storage members, -Xms768m -Xmx768m -XX:+UseSerialGC, navpack agent, no backups");
            env.put("heapNoise", "heap after collection measured twice in a row at the start, per member: " + noise0
                    + " then " + noise1);
            env.put("harnessJvm", String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
        }
        Path dir = out.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        mapper.writeValue(out.toFile(), root);
    }

    private static void load(NamedCache<Long, Object> cache, Shape shape, Schema schema, SchemaRegistry registry) {
        List<String> codes = new ArrayList<>();
        for (int i = 0; i < 512; i++) {
            String s = "c" + Integer.toString(i, 36);
            codes.add(s + "x".repeat(shape.length() - s.length()));
        }
        PackedWriter w = new PackedWriter(registry, 128);
        Map<Long, Object> batch = new HashMap<>();
        for (long id = 0; id < shape.entries(); id++) {
            w.reset();
            w.writeRecord(schema, new Object[] {id, codes.get((int) (id % 512))});
            batch.put(id, PackedRecord.of(w.toByteArray(), registry));
            if (batch.size() == 2000 || id == shape.entries() - 1) {
                cache.putAll(batch);
                batch.clear();
            }
        }
        if (cache.size() != shape.entries()) {
            throw new IllegalStateException(cache.size() + " values, not " + shape.entries());
        }
    }

    /**
     * Waits until every entry of the cache is in the index on every member (Coherence builds a new index partition by
     * partition in the background); the nanoseconds it took.
     */
    @SuppressWarnings("unchecked")
    private static long awaitIndex(BenchCluster c, String cache) throws InterruptedException {
        long t0 = System.nanoTime();
        String service = CacheFactory.getCache(cache).getCacheService().getInfo().getServiceName();
        while (true) {
            Map<Member, Object> answers = c.invocation().query(new IndexEntriesProbe(service, cache), new HashSet<>(c.storageMembers()));
            boolean done = answers.size() == c.storageMembers().size();
            for (Object a : answers.values()) {
                long[] v = (long[]) a;
                done &= v[0] == v[1];
            }
            if (done) {
                return System.nanoTime() - t0;
            }
            if (System.nanoTime() - t0 > 600_000_000_000L) {
                throw new IllegalStateException("the index of " + cache + " was not built within 10 minutes");
            }
            Thread.sleep(50);
        }
    }

    private static int memberId(String member) {
        int at = member.lastIndexOf("(member ");
        return Integer.parseInt(member.substring(at + 8, member.length() - 1));
    }

    /** Each storage member's IndexInfo of one cache, as its StorageManager MBean shows it. */
    @SuppressWarnings("unchecked")
    private static Map<Integer, String[]> indexInfo(BenchCluster c, String cache) {
        Map<Member, Object> answers = c.invocation().query(new IndexInfoProbe(cache), new HashSet<>(c.storageMembers()));
        Map<Integer, String[]> out = new HashMap<>();
        answers.forEach((m, v) -> out.put(m.getId(), (String[]) v));
        return out;
    }

    /** On a member: the IndexInfo attribute of its StorageManager MBeans of one cache. */
    static final class IndexInfoProbe extends AbstractInvocable {
        private static final long serialVersionUID = 1L;
        private final String cache;

        IndexInfoProbe(String cache) {
            this.cache = cache;
        }

        @Override
        public void run() {
            List<String> info = new ArrayList<>();
            try {
                MBeanServer server = ManagementFactory.getPlatformMBeanServer();
                Set<ObjectName> names = server.queryNames(new ObjectName("Coherence:type=StorageManager,cache=" + cache + ",*"), null);
                for (ObjectName n : names) {
                    for (String s : (String[]) server.getAttribute(n, "IndexInfo")) {
                        info.add(s);
                    }
                }
            } catch (Exception e) {
                info.add("unavailable: " + e);
            }
            setResult(info.toArray(new String[0]));
        }
    }
}
