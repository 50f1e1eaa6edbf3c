package io.navpack.bench;

import com.tangosol.io.Serializer;
import com.tangosol.io.pof.ConfigurablePofContext;
import com.tangosol.net.cache.BackingMapBinaryEntry;
import com.tangosol.util.Binary;
import com.tangosol.util.BinaryEntry;
import com.tangosol.util.ExternalizableHelper;
import com.tangosol.util.filter.EntryFilter;
import com.tangosol.util.filter.EqualsFilter;
import com.tangosol.util.extractor.PofExtractor;
import io.navpack.bench.coherence.CoherenceQueryHarness;
import io.navpack.bench.codec.PofCodec;
import io.navpack.bench.model.Fixtures;
import io.navpack.bench.model.Wide1024;
import io.navpack.coherence.CoherenceSettings;
import io.navpack.coherence.NavpackCoherence;
import io.navpack.coherence.NavpackCoherenceSerializer;
import io.navpack.coherence.NavpackExtractor;
import io.navpack.format.PackedRecord;
import io.navpack.format.PackedWriter;
import io.navpack.format.Schema;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.time.LocalDate;
import java.time.ZoneId;
import java.util.concurrent.TimeUnit;

/**
 * What {@code CoherenceQueryHarness} measures without the cluster: Coherence's {@code EqualsFilter} evaluated on
 * {@value #ENTRIES} binary entries as a storage member holds them (the {@code Binary} a cache stores, behind a
 * {@code BinaryEntry}), with navpack's {@code NavpackExtractor} on navpack values or Coherence's {@code PofExtractor}
 * on POF values of the 1,024-field record, field p; per entry. The difference to the harness's time per entry is
 * Coherence's own work per entry of a query.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-Dcoherence.wka=127.0.0.1", "-Dcoherence.localhost=127.0.0.1",
        "-Dcoherence.ttl=0", "-Dcoherence.cluster=navpack-filter-benchmark"})
public class CoherenceFilterBenchmark {
    static final int ENTRIES = 1000;

    @Param({"navpack", "pof"})
    public String format;

    @Param({"1", "2", "4", "8", "16", "32", "64", "100", "128", "256", "512", "1024"})
    public int position;

    private BinaryEntry<?, ?>[] entries;
    private EntryFilter<?, ?> filter;

    @Setup
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void setUp() {
        ConfigurablePofContext pof = new ConfigurablePofContext(PofCodec.CONFIG);
        Schema schema = CoherenceQueryHarness.wideSchema();
        NavpackCoherence writer = NavpackCoherence.standalone(CoherenceSettings.parse(""));
        writer.registry().register(schema);
        // the values are read with this JVM's navpack, which knows the schema as a member learns it from the cluster
        NavpackCoherence.get().registry().learn(schema);
        NavpackCoherenceSerializer navpack = new NavpackCoherenceSerializer(writer);
        PackedWriter w = new PackedWriter(writer.registry(), 16 * 1024);
        entries = new BinaryEntry[ENTRIES];
        Object[] first = null;
        for (int i = 0; i < ENTRIES; i++) {
            Object[] values = Wide1024.values(Fixtures.SEED + i);
            first = first == null ? values : first;
            Binary key = ExternalizableHelper.toBinary(i, pof);
            if (format.equals("navpack")) {
                w.reset();
                w.writeRecord(schema, values);
                Binary value = ExternalizableHelper.toBinary(PackedRecord.of(w.toByteArray(), writer.registry()), navpack);
                entries[i] = new BackingMapBinaryEntry(key, value, null, null);
            } else {
                Binary value = ExternalizableHelper.toBinary(new Wide1024.Row(values), pof);
                entries[i] = new BackingMapBinaryEntry(key, value, null, null) {
                    @Override
                    public Serializer getSerializer() {
                        return pof;
                    }
                };
            }
        }
        Object v = first[position - 1];
        if (format.equals("navpack")) {
            filter = new EqualsFilter(new NavpackExtractor<>(Wide1024.name(position - 1)), v);
        } else if (v instanceof LocalDate d) {
            filter = new EqualsFilter(new PofExtractor(null, position - 1),
                    java.util.Date.from(d.atStartOfDay(ZoneId.systemDefault()).toInstant()));
        } else {
            filter = new EqualsFilter(new PofExtractor(v.getClass(), position - 1), v);
        }
        if (count() < 1) {
            throw new IllegalStateException(format + " p=" + position + ": the first entry does not match");
        }
    }

    @Benchmark
    @OperationsPerInvocation(ENTRIES)
    @SuppressWarnings({"unchecked", "rawtypes"})
    public int count() {
        int n = 0;
        EntryFilter f = filter;
        for (BinaryEntry e : entries) {
            if (f.evaluateEntry(e)) {
                n++;
            }
        }
        return n;
    }
}
