package io.navpack.bench;

import com.hazelcast.internal.serialization.Data;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.internal.serialization.impl.InternalGenericRecord;
import com.tangosol.io.pof.ConfigurablePofContext;
import com.tangosol.io.pof.reflect.PofValue;
import com.tangosol.io.pof.reflect.PofValueParser;
import com.tangosol.util.Binary;
import io.navpack.bench.codec.Codec;
import io.navpack.bench.codec.Codecs;
import io.navpack.bench.codec.HazelcastCodec;
import io.navpack.bench.codec.NavpackCodec;
import io.navpack.bench.codec.PofCodec;
import io.navpack.bench.model.Shape;
import io.navpack.format.Navpack;
import io.navpack.format.PackedRecord;
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
import java.math.BigDecimal;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Reading without decoding, on the seed trades, for the formats that can: creating the navigator
 * over the stored form ({@code view}: a navpack {@link PackedRecord}, a POF {@link PofValue} root,
 * a Compact {@link InternalGenericRecord}), and creating it plus reading one field of each kind:
 * {@code id} (long), {@code currency1} (string), {@code amount1} (decimal). Run with {@code -prof gc}
 * for the allocation per read.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--add-opens=java.base/java.lang=ALL-UNNAMED"})
public class TradeFieldReadBenchmark {
    @Param({"navpack", "pof", "compact"})
    public String format;

    private Navigator navigator;
    private Object[] stored;
    private int next;

    /** One format's navigation over a stored trade. */
    public interface Navigator {
        Object view(Object stored);

        long id(Object stored);

        String currency1(Object stored);

        BigDecimal amount1(Object stored);
    }

    @Setup
    public void setUp() {
        Codec codec = Codecs.create(format.equals("compact") ? "compact" : format);
        List<?> trades = Shape.TRADE.data();
        stored = new Object[trades.size()];
        for (int i = 0; i < stored.length; i++) {
            stored[i] = codec.encode(codec.prepare(trades.get(i)));
        }
        navigator = navigator(codec);
    }

    /** The navigator of a format over stored trades of {@code codec}. */
    public static Navigator navigator(Codec codec) {
        if (codec instanceof NavpackCodec) {
            Navpack navpack = ((NavpackCodec) codec).navpack();
            return new Navigator() {
                @Override
                public Object view(Object s) {
                    return navpack.view((byte[]) s);
                }

                @Override
                public long id(Object s) {
                    return navpack.view((byte[]) s).getLong("id");
                }

                @Override
                public String currency1(Object s) {
                    return navpack.view((byte[]) s).getString("currency1");
                }

                @Override
                public BigDecimal amount1(Object s) {
                    return navpack.view((byte[]) s).getDecimal("amount1");
                }
            };
        }
        if (codec instanceof PofCodec) {
            ConfigurablePofContext ctx = ((PofCodec) codec).context();
            return new Navigator() {
                @Override
                public Object view(Object s) {
                    return PofValueParser.parse((Binary) s, ctx);
                }

                @Override
                public long id(Object s) {
                    return PofValueParser.parse((Binary) s, ctx).getChild(0).getLong();
                }

                @Override
                public String currency1(Object s) {
                    return PofValueParser.parse((Binary) s, ctx).getChild(3).getString();
                }

                @Override
                public BigDecimal amount1(Object s) {
                    return PofValueParser.parse((Binary) s, ctx).getChild(4).getBigDecimal();
                }
            };
        }
        if (codec instanceof HazelcastCodec) {
            InternalSerializationService ss = ((HazelcastCodec) codec).serializationService();
            return new Navigator() {
                private InternalGenericRecord record(Object s) {
                    try {
                        return ss.readAsInternalGenericRecord((Data) s);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }

                @Override
                public Object view(Object s) {
                    return record(s);
                }

                @Override
                public long id(Object s) {
                    return record(s).getInt64("id");
                }

                @Override
                public String currency1(Object s) {
                    return record(s).getString("currency1");
                }

                @Override
                public BigDecimal amount1(Object s) {
                    return record(s).getDecimal("amount1");
                }
            };
        }
        throw new IllegalArgumentException("no field navigation for " + codec.name());
    }

    private Object nextStored() {
        int i = next;
        next = i + 1 == stored.length ? 0 : i + 1;
        return stored[i];
    }

    @Benchmark
    public Object view() {
        return navigator.view(nextStored());
    }

    @Benchmark
    public long readLong() {
        return navigator.id(nextStored());
    }

    @Benchmark
    public String readString() {
        return navigator.currency1(nextStored());
    }

    @Benchmark
    public BigDecimal readDecimal() {
        return navigator.amount1(nextStored());
    }
}
