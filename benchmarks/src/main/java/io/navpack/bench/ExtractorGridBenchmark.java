package io.navpack.bench;

import com.hazelcast.query.extractor.ValueCollector;
import com.tangosol.io.pof.ConfigurablePofContext;
import com.tangosol.util.Binary;
import com.tangosol.util.ExternalizableHelper;
import com.tangosol.util.extractor.PofExtractor;
import io.navpack.bench.codec.PofCodec;
import io.navpack.bench.grid.GridRecords;
import io.navpack.bench.grid.PofEntry;
import io.navpack.extract.BreakEven;
import io.navpack.extract.ExtractSettings;
import io.navpack.extract.NavpackExtractor;
import io.navpack.format.PackedRecord;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;
import io.navpack.hazelcast.NavpackSettings;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * What a query does per entry when it reads {@code k} of the {@code n} fields of a stored value, for
 * every reading strategy, on the grid of {@link GridRecords}: records of n ∈ {5, 20, 50, 100, 200}
 * fields, k fields at the first, last or random positions.
 *
 * <ul>
 *   <li>{@code navpack}: a new {@link PackedRecord} over the stored bytes (as the member's
 *       deserializer returns it), then {@code k} calls of the extractor, one per attribute, each
 *       offering its value to a {@link ValueCollector} that feeds the blackhole. {@code mode}:
 *       {@code partial} ({@link NavpackExtractor.Partial}: always field by field), {@code full}
 *       ({@link NavpackExtractor.Full}: the whole value decoded at its first read) or
 *       {@code adaptive} (a plain {@link NavpackExtractor}: field by field until the schema's
 *       measured break-even, see {@link BreakEven}).</li>
 *   <li>{@code pof}: the same record stored as a Coherence POF {@link Binary}, a new binary entry
 *       over it, and {@code k} calls of {@link PofExtractor#extractFromEntry} (one extractor per
 *       attribute, typed with the field's Java type; each parses the binary and navigates to its
 *       property, as Coherence does per call).</li>
 * </ul>
 *
 * <p>Each operation takes the next of {@value GridRecords#RECORDS} records round robin, so every
 * operation is a new value for the extractor's per-thread bookkeeping. {@code k} above {@code n}
 * reads all {@code n} fields.
 *
 * <p>Steady state: before anything is measured in a JVM, {@link #prewarm} runs every (k, pattern)
 * shape of the readers, interleaved, until the JIT is idle and navpack has measured each schema's
 * break-even until it settled (in the background, at the first adaptive read and after 10 000,
 * 100 000 ... reads, until two measurements agree), as it does on a member.
 * benchmarks/run.sh runs the grid through {@link io.navpack.bench.grid.GridRunner}: one JVM for all
 * readers and all n, warmed up over every shape, then JMH in that JVM point by point (the four readers
 * of a point one after the other), so the readers are compared on the same compiled code and no fork
 * per point is needed (which would not fit the time budget). Plain JMH forks a JVM per point and warms
 * it up over that point's reader and n. {@link Decisions} reports the break-even navpack used and the
 * share of values the reader decoded in full.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 100, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 50, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class ExtractorGridBenchmark {
    static final long PREWARM_MS_PER_SHAPE = 8;
    static final long QUIET_MS = 500;
    static final long PREWARM_MAX_S = 30;
    /**
     * {@code -Dnavpack.bench.grid.prewarm=quick} (smoke runs): 2 ms per shape, no wait for an idle
     * JIT, at most 3 s.
     */
    static final boolean QUICK = "quick".equals(System.getProperty("navpack.bench.grid.prewarm"));
    private static final Set<String> PREWARMED = ConcurrentHashMap.newKeySet();

    /** The point of the grid. */
    @State(Scope.Thread)
    public static class Shape {
        @Param({"5", "20", "50", "100", "200"})
        public int n;

        @Param({"1", "2", "3", "4", "6", "8", "12", "16", "24", "32", "50", "64", "100", "128", "200"})
        public int k;

        @Param({"first", "last", "random"})
        public String pattern;
    }

    /** One reading of k fields from a new view or entry, fed to the blackhole. */
    public interface Reader {
        void read();
    }

    /** The navpack reader of one (mode, shape). */
    static final class NavpackReader implements Reader {
        final SchemaRegistry registry;
        final Schema schema;
        final byte[][] records;
        final String[] names;
        final NavpackExtractor extractor;
        final ValueCollector<Object> collector;
        int next;

        NavpackReader(String mode, int n, int k, String pattern, Blackhole bh) {
            Properties settings = new Properties();
            settings.setProperty(ExtractSettings.MODE, "adaptive");
            registry = new SchemaRegistry(NavpackSettings.from(settings));
            records = GridRecords.navpack(n, registry);
            schema = PackedRecord.of(records[0], registry).schema();
            int[] positions = GridRecords.positions(n, k, pattern);
            names = new String[positions.length];
            for (int i = 0; i < positions.length; i++) {
                names[i] = GridRecords.name(positions[i]);
            }
            extractor = extractor(mode);
            collector = bh::consume;
        }

        @Override
        public void read() {
            PackedRecord record = PackedRecord.of(records[next], registry);
            next = (next + 1) & (GridRecords.RECORDS - 1);
            for (String name : names) {
                extractor.extract(record, name, collector);
            }
        }
    }

    static NavpackExtractor extractor(String mode) {
        switch (mode) {
            case "partial": return new NavpackExtractor.Partial();
            case "full": return new NavpackExtractor.Full();
            case "adaptive": return new NavpackExtractor();
            default: throw new IllegalArgumentException("unknown mode " + mode + "; partial, full or adaptive");
        }
    }

    private static ConfigurablePofContext pofContext;

    /** One POF context per JVM, as a cache service has one serializer. */
    static synchronized ConfigurablePofContext pofContext() {
        if (pofContext == null) {
            pofContext = PofCodec.newContext();
        }
        return pofContext;
    }

    /** The POF reader of one shape. */
    static final class PofReader implements Reader {
        final ConfigurablePofContext context;
        final Binary key;
        final Binary[] values;
        final PofExtractor<Object, Object>[] extractors;
        final Blackhole bh;
        int next;

        @SuppressWarnings("unchecked")
        PofReader(int n, int k, String pattern, Blackhole bh) {
            context = pofContext();
            values = GridRecords.pof(n, context);
            key = ExternalizableHelper.toBinary(1L, context);
            int[] positions = GridRecords.positions(n, k, pattern);
            extractors = new PofExtractor[positions.length];
            for (int i = 0; i < positions.length; i++) {
                extractors[i] = GridRecords.pofExtractor(positions[i]);
            }
            this.bh = bh;
        }

        @Override
        public void read() {
            PofEntry entry = new PofEntry(key, values[next], context);
            next = (next + 1) & (GridRecords.RECORDS - 1);
            for (PofExtractor<Object, Object> x : extractors) {
                bh.consume(x.extractFromEntry(entry));
            }
        }
    }

    /** navpack, in one extraction mode. */
    @State(Scope.Thread)
    public static class Navpack {
        @Param({"partial", "full", "adaptive"})
        public String mode;

        NavpackReader reader;

        @Setup(Level.Trial)
        public void setUp(Shape s, Blackhole bh) {
            prewarm(List.of(mode), new int[] {s.n}, bh);
            reader = new NavpackReader(mode, s.n, s.k, s.pattern, bh);
            settle(reader);
        }
    }

    /** Coherence POF through {@link PofExtractor}. */
    @State(Scope.Thread)
    public static class Pof {
        PofReader reader;

        @Setup(Level.Trial)
        public void setUp(Shape s, Blackhole bh) {
            prewarm(List.of("pof"), new int[] {s.n}, bh);
            reader = new PofReader(s.n, s.k, s.pattern, bh);
            settle(reader);
        }
    }

    /** Prepares the readers of one (k, pattern) shape of records of n fields. */
    public interface ReaderFactory {
        Reader create(int n, int k, String pattern);
    }

    /** The factory of a reader: {@code partial}, {@code full}, {@code adaptive} or {@code pof}. */
    public static ReaderFactory factory(String reader, Blackhole bh) {
        if (reader.equals("pof")) {
            return (n, k, p) -> new PofReader(n, k, p, bh);
        }
        extractor(reader);
        return (n, k, p) -> new NavpackReader(reader, n, k, p, bh);
    }

    /**
     * Once per JVM, reader and n: runs every (k, pattern) shape of each of {@code readers} for each of
     * {@code ns}, interleaved (a few reads of each shape in turn, as a member serving all these queries
     * would), so no shape and no reader is favoured by running first. It goes on for at least
     * {@value #PREWARM_MS_PER_SHAPE} ms per shape, until navpack's break-even of each schema has settled
     * (measured on its background thread at the first adaptive read, then after 10 000, 100 000 ...
     * reads of the schema until two measurements agree), and until the JIT compilers have been idle for
     * {@value #QUIET_MS} ms; at most {@value #PREWARM_MAX_S} s.
     */
    public static String prewarm(List<String> readers, int[] ns, Blackhole bh) {
        long start = System.nanoTime();
        List<Reader> all = new ArrayList<>();
        List<String> done = new ArrayList<>();
        for (String reader : readers) {
            ReaderFactory factory = factory(reader, bh);
            for (int n : ns) {
                if (!PREWARMED.add(reader + "/" + n)) {
                    continue;
                }
                done.add(reader + "/" + n);
                for (String pattern : GridRecords.PATTERNS) {
                    for (int k : GridRecords.ks(n)) {
                        all.add(factory.create(n, k, pattern));
                    }
                }
            }
        }
        if (all.isEmpty()) {
            return "";
        }
        List<BreakEven> schemas = new ArrayList<>();
        for (Reader r : all) {
            r.read();
            BreakEven b = r instanceof NavpackReader ? BreakEven.of(((NavpackReader) r).schema) : null;
            if (b != null && !schemas.contains(b)) {
                schemas.add(b);
            }
        }
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        long minEnd = start + (QUICK ? 2 : PREWARM_MS_PER_SHAPE) * 1_000_000L * all.size();
        long maxEnd = start + (QUICK ? 3 : PREWARM_MAX_S) * 1_000_000_000L;
        long quietNanos = QUICK ? 0 : QUIET_MS * 1_000_000L;
        long lastJit = jit.getTotalCompilationTime();
        long quietSince = System.nanoTime();
        while (true) {
            for (Reader r : all) {
                for (int i = 0; i < 4; i++) {
                    r.read();
                }
            }
            long now = System.nanoTime();
            long jitNow = jit.getTotalCompilationTime();
            if (jitNow != lastJit) {
                lastJit = jitNow;
                quietSince = now;
            }
            boolean measured = true;
            for (BreakEven b : schemas) {
                measured &= !readers.contains("adaptive") || b.isSettled();
            }
            if (now > maxEnd || (now > minEnd && measured && now - quietSince >= quietNanos)) {
                break;
            }
        }
        StringBuilder summary = new StringBuilder(String.format(Locale.ROOT,
                "# warm-up of %s: %d shapes, %.1f s, JIT compile time so far %d ms%n",
                done, all.size(), (System.nanoTime() - start) / 1e9, jit.getTotalCompilationTime()));
        for (BreakEven b : schemas) {
            summary.append(String.format(Locale.ROOT, "# navpack break-even: %s; measurements: %d%n", b, b.calibrations()));
        }
        System.out.print(System.lineSeparator() + summary);
        return summary.toString();
    }

    /** Reads of the shape itself, so its first measured value is not the first of its kind. */
    static void settle(Reader r) {
        long until = System.nanoTime() + 20_000_000L;
        for (int i = 0; i < 4096 && System.nanoTime() < until; i++) {
            r.read();
        }
    }

    /**
     * Per iteration: the break-even navpack uses for the schema (distinct fields per value; n + 1
     * means never), and the share of values the extractor decoded in full. JMH resets these counters
     * when an iteration starts and reports their sum over the iterations; the page shows the mean.
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Decisions {
        public int breakEven;
        public double fullShare;
        private BreakEven b;
        private long fullBefore;
        private long readsBefore;

        @Setup(Level.Iteration)
        public void before(Navpack np) {
            b = BreakEven.of(np.reader.schema);
            fullBefore = b.fullDecodes();
            readsBefore = reads(b);
        }

        @TearDown(Level.Iteration)
        public void after(Shape s) {
            long reads = reads(b) - readsBefore;
            long values = reads / Math.max(1, Math.min(s.k, s.n));
            fullShare = values == 0 ? 0 : (double) (b.fullDecodes() - fullBefore) / values;
            breakEven = b.value();
        }

        private static long reads(BreakEven b) {
            return b.singleReads() + b.cachedReads() + b.switches();
        }
    }

    @Benchmark
    public void navpack(Navpack np, Decisions d) {
        np.reader.read();
    }

    @Benchmark
    public void pof(Pof p) {
        p.reader.read();
    }
}
