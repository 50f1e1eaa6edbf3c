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
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
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

/**
 * Runs the extractor grid for one reader in this JVM: warms the reader up over every shape of every n
 * ({@link ExtractorGridBenchmark#prewarm}), then runs {@link ExtractorGridBenchmark} through JMH
 * without forking, once per n with that n's k values, and appends the results to a JMH JSON file.
 *
 * <pre>GridRunner &lt;partial|full|adaptive|pof&gt; &lt;results.json&gt; [n,n,...] [--quick] [JMH options, e.g. -wi 1 -i 5 -prof gc]</pre>
 *
 * {@code --quick} (smoke runs) measures only k = 1 and k = n. Start the JVM with the options the
 * benchmark's {@code @Fork} gives ({@code -Xms1g -Xmx1g}).
 */
public final class GridRunner {
    private GridRunner() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: GridRunner <partial|full|adaptive|pof> <results.json> [n,n,...] [JMH options]");
            System.exit(2);
        }
        String reader = args[0];
        Path out = Path.of(args[1]);
        int from = 2;
        int[] ns = GridRecords.FIELD_COUNTS;
        if (args.length > 2 && args[2].matches("[0-9,]+")) {
            ns = Arrays.stream(args[2].split(",")).mapToInt(Integer::parseInt).toArray();
            from = 3;
        }
        boolean quick = args.length > from && args[from].equals("--quick");
        if (quick) {
            from++;
        }
        CommandLineOptions cli = new CommandLineOptions(Arrays.copyOfRange(args, from, args.length));
        Blackhole bh = new Blackhole(
                "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
        ExtractorGridBenchmark.prewarm(reader, ns, ExtractorGridBenchmark.factory(reader, bh));

        List<RunResult> results = new ArrayList<>();
        for (int n : ns) {
            ChainedOptionsBuilder o = new OptionsBuilder().parent(cli)
                    .include(ExtractorGridBenchmark.class.getName() + "\\." + (reader.equals("pof") ? "pof" : "navpack") + "$")
                    .forks(0)
                    .param("n", Integer.toString(n))
                    .param("k", (quick ? List.of(1, n) : GridRecords.ks(n)).stream().distinct().map(String::valueOf)
                            .toArray(String[]::new))
                    .param("pattern", GridRecords.PATTERNS.toArray(new String[0]));
            if (!reader.equals("pof")) {
                o.param("mode", reader);
            }
            Collection<RunResult> r = new Runner(o.build()).run();
            results.addAll(r);
        }
        append(out, results);
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
        Files.createDirectories(file.toAbsolutePath().getParent());
        mapper.writeValue(file.toFile(), all);
    }
}
