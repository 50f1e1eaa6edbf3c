package io.navpack.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.navpack.bench.docs.FpmlDocuments;
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

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The tree peer of {@link DocumentExportBenchmark}: Jackson's {@code ObjectMapper} writing each FpML document's
 * JSON tree into the same reused stream. JSON only: Jackson's {@code XmlMapper} cannot write back its own tree of
 * these documents (an element with text and attributes becomes a key with an empty name, which it refuses).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class DocumentTreeExportBenchmark {
    @Param({"json"})
    public String format;

    private final List<JsonNode> trees = new ArrayList<>();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 16);
    private int next;

    @Setup
    public void setUp() throws IOException {
        for (byte[] doc : FpmlDocuments.get().json) {
            trees.add(FpmlDocuments.JSON_MAPPER.readTree(doc));
        }
    }

    /** Jackson writing the document's tree. */
    @Benchmark
    public int writeTree() throws IOException {
        JsonNode t = trees.get(next);
        next = next + 1 == trees.size() ? 0 : next + 1;
        out.reset();
        FpmlDocuments.JSON_MAPPER.writeValue(out, t);
        return out.size();
    }
}
