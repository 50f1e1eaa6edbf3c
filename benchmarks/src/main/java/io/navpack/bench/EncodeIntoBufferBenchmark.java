package io.navpack.bench;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Output;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.internal.nio.BufferObjectDataOutput;
import com.tangosol.io.ByteArrayWriteBuffer;
import com.tangosol.io.pof.ConfigurablePofContext;
import io.navpack.bench.codec.Codec;
import io.navpack.bench.codec.Codecs;
import io.navpack.bench.codec.ForyCodec;
import io.navpack.bench.codec.HazelcastCodec;
import io.navpack.bench.codec.KryoCodec;
import io.navpack.bench.codec.NavpackCodec;
import io.navpack.bench.codec.PofCodec;
import io.navpack.bench.model.Shape;
import io.navpack.format.PackedWriter;
import org.apache.fory.Fory;
import org.apache.fory.memory.MemoryBuffer;
import org.apache.fory.memory.MemoryUtils;
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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Encoding into a buffer that is reused from one value to the next, the way a serializer writes
 * into a pooled output stream: what an encoding costs beyond the bytes it produces. Run it with
 * {@code -prof gc}; {@code gc.alloc.rate.norm} is the garbage one value leaves. Returns the
 * encoded length. Java serialization has no reusable form and is left out.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--add-opens=java.base/java.lang=ALL-UNNAMED"})
public class EncodeIntoBufferBenchmark {
    @Param({"navpack", "ids", "compact-zero", "compact", "kryo", "fory", "pof"})
    public String format;

    @Param({"trade", "wide", "nested"})
    public String shape;

    private Object[] values;
    private int next;
    private Encoder encoder;

    /** Writes one value into its reused buffer and returns the length. */
    private interface Encoder {
        int encode(Object value);
    }

    @Setup
    public void setUp() {
        Codec codec = Codecs.create(format);
        List<?> data = Shape.of(shape).data();
        values = new Object[data.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = codec.prepare(data.get(i));
        }
        encoder = encoder(codec);
    }

    private static Encoder encoder(Codec codec) {
        if (codec instanceof NavpackCodec) {
            PackedWriter w = ((NavpackCodec) codec).navpack().newWriter(1024);
            return v -> {
                w.reset();
                w.writeRecord(v);
                return w.size();
            };
        }
        if (codec instanceof KryoCodec) {
            Kryo kryo = ((KryoCodec) codec).kryo();
            Output out = new Output(1024, -1);
            return v -> {
                out.reset();
                kryo.writeClassAndObject(out, v);
                return out.position();
            };
        }
        if (codec instanceof ForyCodec) {
            Fory fory = ((ForyCodec) codec).fory();
            MemoryBuffer buf = MemoryUtils.buffer(1024);
            return v -> {
                buf.writerIndex(0);
                fory.serialize(buf, v);
                return buf.writerIndex();
            };
        }
        if (codec instanceof PofCodec) {
            ConfigurablePofContext ctx = ((PofCodec) codec).context();
            ByteArrayWriteBuffer buf = new ByteArrayWriteBuffer(1024);
            return v -> {
                buf.retain(0, 0);
                try {
                    ctx.serialize(buf.getBufferOutput(), v);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return buf.length();
            };
        }
        if (codec instanceof HazelcastCodec) {
            InternalSerializationService ss = ((HazelcastCodec) codec).serializationService();
            BufferObjectDataOutput out = ss.createObjectDataOutput(1024);
            return v -> {
                out.clear();
                ss.writeObject(out, v);
                return out.position();
            };
        }
        throw new IllegalArgumentException("no reusable buffer for " + codec.name());
    }

    @Benchmark
    public int encode() {
        int i = next;
        next = i + 1 == values.length ? 0 : i + 1;
        return encoder.encode(values[i]);
    }
}
