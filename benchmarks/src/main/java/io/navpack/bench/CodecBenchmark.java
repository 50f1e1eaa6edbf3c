package io.navpack.bench;

import io.navpack.bench.codec.Codec;
import io.navpack.bench.codec.Codecs;
import io.navpack.bench.model.Shape;
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

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Encode and full decode of one value per operation, for every format on the same values: the
 * seed trades, 50-field records and nested swaps. Each operation takes the next value of the
 * shape's list, round robin, so no single value is memorised.
 *
 * <p>{@code encode} returns the format's stored form (a new {@code byte[]}, Hazelcast {@code Data},
 * a Coherence {@code Binary}); {@code decode} the complete object graph.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--add-opens=java.base/java.lang=ALL-UNNAMED"})
public class CodecBenchmark {
    @Param({"navpack", "java", "ids", "compact-zero", "compact", "kryo", "fory", "pof"})
    public String format;

    @Param({"trade", "wide", "nested"})
    public String shape;

    private Codec codec;
    private Object[] values;
    private Object[] encoded;
    private int next;

    @Setup
    public void setUp() {
        codec = Codecs.create(format);
        List<?> data = Shape.of(shape).data();
        values = new Object[data.size()];
        encoded = new Object[data.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = codec.prepare(data.get(i));
            encoded[i] = codec.encode(values[i]);
        }
    }

    private int nextIndex() {
        int i = next;
        next = i + 1 == values.length ? 0 : i + 1;
        return i;
    }

    @Benchmark
    public Object encode() {
        return codec.encode(values[nextIndex()]);
    }

    @Benchmark
    public Object decode() {
        return codec.decode(encoded[nextIndex()]);
    }
}
