package io.navpack.bench;

import com.hazelcast.internal.serialization.Data;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.nio.serialization.genericrecord.GenericRecordBuilder;
import com.tangosol.io.pof.ConfigurablePofContext;
import com.tangosol.io.pof.reflect.PofValueParser;
import com.tangosol.util.Binary;
import com.tangosol.util.ExternalizableHelper;
import io.navpack.bench.codec.HazelcastSerialization;
import io.navpack.bench.codec.PofCodec;
import io.navpack.bench.model.Fixtures;
import io.navpack.bench.model.Wide1024;
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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.concurrent.TimeUnit;
import java.util.List;

/**
 * Reading one long field at 1-based position {@code p} of the 1024-field record ({@link Wide1024}),
 * starting from the stored bytes each time, as a query does per entry:
 * <ul>
 *   <li>{@code navpack}: a new {@link PackedRecord} over the bytes, then {@code getLong(name)};</li>
 *   <li>{@code navpack-index}: the same with the field index instead of its name (what an extractor
 *       that caches the index per schema does);</li>
 *   <li>{@code pof}: {@link PofValueParser} over the Coherence {@link Binary}, {@code getChild(p - 1).getLong()};</li>
 *   <li>{@code compact}: Hazelcast's {@code readAsInternalGenericRecord} over the {@link Data} (the
 *       reader its queries use), {@code getInt64(name)}.</li>
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--add-opens=java.base/java.lang=ALL-UNNAMED"})
public class FieldPositionBenchmark {
    /** Formats of this benchmark. */
    public static final List<String> FORMATS = List.of("navpack", "navpack-index", "pof", "compact");

    @Param({"navpack", "navpack-index", "pof", "compact"})
    public String format;

    @Param({"1", "2", "4", "8", "16", "32", "64", "128", "256", "512", "1024"})
    public int position;

    private LongReader reader;

    /** Reads the field from the stored form. */
    public interface LongReader {
        long read();
    }

    @Setup
    public void setUp() {
        reader = reader(format, position);
    }

    /** A reader of field {@code position} of the 1024-field record stored in {@code format}. */
    public static LongReader reader(String format, int position) {
        Object[] values = Wide1024.values(Fixtures.SEED);
        int index = position - 1;
        String name = Wide1024.name(index);
        switch (format) {
            case "navpack":
            case "navpack-index": {
                SchemaRegistry registry = new SchemaRegistry();
                Schema.Builder b = Schema.builder("Wide1024").typeId(6);
                for (int i = 0; i < Wide1024.FIELDS; i++) {
                    b.field(Wide1024.name(i), navpackType(Wide1024.kind(i)), false);
                }
                Schema schema = registry.register(b.build());
                PackedWriter w = new PackedWriter(registry, 32 * 1024);
                w.writeRecord(schema, values);
                byte[] bytes = w.toByteArray();
                if (format.equals("navpack")) {
                    return () -> PackedRecord.of(bytes, registry).getLong(name);
                }
                return () -> PackedRecord.of(bytes, registry).getLong(index);
            }
            case "pof": {
                ConfigurablePofContext ctx = PofCodec.newContext();
                Binary binary = ExternalizableHelper.toBinary(new Wide1024.Row(values), ctx);
                return () -> PofValueParser.parse(binary, ctx).getChild(index).getLong();
            }
            case "compact": {
                InternalSerializationService ss = HazelcastSerialization.generic();
                GenericRecordBuilder b = GenericRecordBuilder.compact("Wide1024");
                for (int i = 0; i < Wide1024.FIELDS; i++) {
                    String n = Wide1024.name(i);
                    switch (Wide1024.kind(i)) {
                        case LONG: b.setInt64(n, (Long) values[i]); break;
                        case STRING: b.setString(n, (String) values[i]); break;
                        case DECIMAL: b.setDecimal(n, (BigDecimal) values[i]); break;
                        default: b.setDate(n, (LocalDate) values[i]); break;
                    }
                }
                Data data = ss.toData(b.build());
                return () -> {
                    try {
                        return ss.readAsInternalGenericRecord(data).getInt64(name);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                };
            }
            default:
                throw new IllegalArgumentException("unknown format " + format);
        }
    }

    private static FieldType navpackType(Wide1024.Kind kind) {
        switch (kind) {
            case LONG: return FieldType.LONG;
            case STRING: return FieldType.STRING;
            case DECIMAL: return FieldType.DECIMAL;
            default: return FieldType.DATE;
        }
    }

    @Benchmark
    public long read() {
        return reader.read();
    }
}
