package io.navpack.bench;

import io.navpack.format.FieldType;
import io.navpack.format.PackedRecord;
import io.navpack.format.PackedWriter;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * Reading one field at 1-based position p of a 1024-field record: a new view over the bytes plus the
 * read, as a query does per entry. Fields alternate long and string values.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class FieldReadBenchmark {
    @Param({"1", "50", "1024"})
    public int position;

    private SchemaRegistry registry;
    private byte[] bytes;
    private int index;

    @Setup
    public void setUp() {
        registry = new SchemaRegistry();
        Schema.Builder b = Schema.builder("Wide1024").typeId(1024);
        Object[] values = new Object[1024];
        for (int i = 0; i < 1024; i++) {
            boolean text = i % 2 == 1;
            b.field("f" + (i + 1), text ? FieldType.STRING : FieldType.LONG, text);
            values[i] = text ? "value-" + i : (Object) (i * 1_000_003L);
        }
        Schema schema = registry.register(b.build());
        PackedWriter w = new PackedWriter(registry, 16 * 1024);
        w.writeRecord(schema, values);
        bytes = w.toByteArray();
        index = position - 1;
    }

    /** Position 1 and 1023 are longs, 50 and 1024 strings: compare like with like. */
    @Benchmark
    public Object viewAndRead() {
        PackedRecord r = new PackedRecord(bytes, registry);
        return (index & 1) == 0 ? (Object) r.getLong(index) : r.getString(index);
    }
}
