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
 * Coherence {@code Serializer}s on the shapes of {@link CodecBenchmark} (the seed trade, 50-field records, nested
 * swaps): navpack's Coherence serializer against POF and Coherence's {@code java} serializer, each producing and
 * reading the {@code Binary} a Coherence cache stores ({@code ExternalizableHelper.toBinary} / {@code fromBinary}),
 * one value per operation, round robin over the shape's values.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--add-opens=java.base/java.lang=ALL-UNNAMED"})
public class CoherenceSerializerBenchmark {
    @Param({"coherence-navpack", "pof", "coherence-java"})
    public String format;

    @Param({"trade", "wide", "nested"})
    public String shape;

    private Object[] values;
    private Object[] encoded;
    private Codec codec;
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
            Object back = codec.toModel(codec.decode(encoded[i]));
            if (!back.equals(data.get(i))) {
                throw new IllegalStateException(format + " does not round-trip " + data.get(i) + ": " + back);
            }
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
