package io.navpack.bench.grid;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.navpack.bench.ExtractorGridBenchmark;
import org.openjdk.jmh.infra.Blackhole;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.Objects;

/**
 * Runs the extractor grid in this JVM: warms every reader up over every shape of every n
 * ({@link ExtractorGridBenchmark#prewarm}), then runs {@link ExtractorGridBenchmark} through JMH
 * without forking, point by point — for each n and k, the three navpack modes and POF at the three
 * patterns one after the other — and appends the results to a JMH JSON file.
 *
 * <pre>GridRunner &lt;results.json&gt; [n,n,...] [--quick] [JMH options, e.g. -wi 1 -i 5 -prof gc]</pre>
 *
 * {@code --quick} (smoke runs) measures only k = 1 and k = n. What the warm-up found (the break-even
 * navpack measured per schema) goes to {@code <results>-warmup.txt}. Start the JVM with the options the
 * benchmark's {@code @Fork} gives ({@code -Xms1g -Xmx1g}).
 */
public final class GridRunner {
    /** The readers, as the benchmark names them. */
    public static final List<String> READERS = List.of("partial", "full", "adaptive", "pof");

    private GridRunner() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: GridRunner <results.json> [n,n,...] [--quick] [JMH options]");
            System.exit(2);
        }
        Path out = Path.of(args[0]);
        int from = 1;
        int[] ns = GridRecords.FIELD_COUNTS.stream().mapToInt(Integer::intValue).toArray();
        if (args.length > from && args[from].matches("[0-9,]+")) {
            ns = Arrays.stream(args[from].split(",")).mapToInt(Integer::parseInt).toArray();
            from++;
        }
        boolean quick = args.length > from && args[from].equals("--quick");
        if (quick) {
            from++;
        }
        CommandLineOptions cli = new CommandLineOptions(Arrays.copyOfRange(args, from, args.length));
        Blackhole bh = new Blackhole(
                "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
        String warmUp = ExtractorGridBenchmark.prewarm(READERS, ns, bh);
        // the break-evens navpack measured, beside the results (the report reads them from there)
        Files.writeString(warmUpFile(out), warmUp, StandardCharsets.UTF_8);

        long start = System.nanoTime();
        List<RunResult> results = new ArrayList<>();
        for (int n : ns) {
            for (int k : quick ? List.of(1, n) : GridRecords.ks(n)) {
                Options o = new OptionsBuilder().parent(cli)
                        .include(Pattern.quote(ExtractorGridBenchmark.class.getName()) + "\\.(navpack|pof)$")
                        .forks(0)
                        .param("n", Integer.toString(n))
                        .param("k", Integer.toString(k))
                        .param("pattern", GridRecords.PATTERNS.toArray(new String[0]))
                        .param("mode", "partial", "full", "adaptive")
                        .build();
                results.addAll(new Runner(o).run());
            }
        }
        System.out.printf(Locale.ROOT, "%n# grid: %d results in %.0f s after the warm-up%n", results.size(),
                (System.nanoTime() - start) / 1e9);
        append(out, results);
    }

    /** {@code <results>-warmup.txt} beside the results file: what the warm-up printed. */
    public static Path warmUpFile(Path results) {
        String name = String.valueOf(results.getFileName()).replaceFirst("\\.json$", "");
        return results.resolveSibling(name + "-warmup.txt");
    }

    /** Appends {@code results} to the JMH JSON array in {@code file} (created if missing). */
    static void append(Path file, Collection<RunResult> results) throws Exception {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(buf, true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, ps).writeOut(results);
        }
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ArrayNode all = mapper.createArrayNode();
        if (Files.exists(file)) {
            for (JsonNode n : mapper.readTree(file.toFile())) {
                all.add(n);
            }
        }
        for (JsonNode n : mapper.readTree(buf.toByteArray())) {
            all.add(n);
        }
        Files.createDirectories(Objects.requireNonNull(file.toAbsolutePath().getParent(), "results file has no directory"));
        mapper.writeValue(file.toFile(), all);
    }
}
