package io.navpack.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.navpack.bench.codec.Codec;
import io.navpack.bench.codec.Codecs;
import io.navpack.bench.model.Shape;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Coherence section of the benchmarks page: Coherence serializers ({@code CoherenceSerializerBenchmark}, sizes
 * computed), a filter at field positions over a cache against POF ({@code CoherenceQueryHarness}) and the seed's index
 * sizing table ({@code CoherenceIndexSizingHarness}, {@code raw/coherence/index-sizing.json}).
 */
final class CoherenceReport {
    private static final List<String> FORMATS = List.of("coherence-navpack", "pof", "coherence-java");
    private static final List<String> SHAPES = List.of("trade", "wide", "nested");
    private final Report report;

    CoherenceReport(Report report) {
        this.report = report;
    }

    String serializers() {
        StringBuilder sb = new StringBuilder();
        sb.append("| shape | format | bytes per value | × navpack | encode ns | decode ns | encode B/op | decode B/op |\n");
        sb.append("|---|---|---:|---:|---:|---:|---:|---:|\n");
        for (String shape : SHAPES) {
            double nav = size("coherence-navpack", shape);
            for (String f : FORMATS) {
                double bytes = size(f, shape);
                Report.Result enc = report.find("jdk17", "CoherenceSerializerBenchmark.encode", "format", f, "shape", shape);
                Report.Result dec = report.find("jdk17", "CoherenceSerializerBenchmark.decode", "format", f, "shape", shape);
                sb.append(String.format(Locale.ROOT, "| %s | %s | %.1f | %.2f | %s | %s | %s | %s |%n", shape,
                        Codecs.label(f), bytes, bytes / nav, Report.time(enc), Report.time(dec), Report.alloc(enc),
                        Report.alloc(dec)));
            }
        }
        return sb.toString();
    }

    /** Average bytes of the stored {@code Binary} of the shape's values. */
    private static double size(String format, String shape) {
        Codec c = Codecs.create(format);
        List<?> data = Shape.of(shape).data();
        long sum = 0;
        for (Object o : data) {
            sum += c.size(c.encode(c.prepare(o)));
        }
        return (double) sum / data.size();
    }

    String queries() {
        if (report.find("jdk17", "CoherenceQueryHarness.query", "format", "navpack", "position", "1") == null) {
            return "_Not run yet: `java -cp benchmarks/target/benchmarks.jar io.navpack.bench.coherence.CoherenceQueryHarness`._";
        }
        StringBuilder sb = new StringBuilder();
        Map<String, double[]> raw = rawSamples();
        sb.append("| p | navpack ms per query | POF ms per query | POF / navpack (means) | POF / navpack per round: median "
                + "(min – max) | matches | navpack ns per entry, filter alone | POF ns per entry, filter alone "
                + "| POF / navpack, filter alone |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        double navFirst = Double.NaN;
        double navMax = 0;
        double navMin = Double.MAX_VALUE;
        for (int p : new int[] {1, 2, 4, 8, 16, 32, 64, 100, 128, 256, 512, 1024}) {
            Report.Result n = report.find("jdk17", "CoherenceQueryHarness.query", "format", "navpack", "position", String.valueOf(p));
            Report.Result f = report.find("jdk17", "CoherenceQueryHarness.query", "format", "pof", "position", String.valueOf(p));
            if (n == null || f == null) {
                continue;
            }
            navFirst = Double.isNaN(navFirst) ? n.score() : navFirst;
            navMax = Math.max(navMax, n.score());
            navMin = Math.min(navMin, n.score());
            Report.Result nf = report.find("jdk17", "CoherenceFilterBenchmark.count", "format", "navpack", "position", String.valueOf(p));
            Report.Result pf = report.find("jdk17", "CoherenceFilterBenchmark.count", "format", "pof", "position", String.valueOf(p));
            sb.append(String.format(Locale.ROOT, "| %d | %s | %s | %.1f | %s | %s | %s | %s | %s |%n", p, Report.time(n),
                    Report.time(f), f.score() / n.score(), perRound(raw.get("navpack:" + p), raw.get("pof:" + p)),
                    n.param("matches"), Report.time(nf), Report.time(pf),
                    nf == null || pf == null ? "—" : String.format(Locale.ROOT, "%.1f", pf.score() / nf.score())));
        }
        Report.Result none = report.find("jdk17", "CoherenceQueryHarness.query", "format", "none");
        if (none != null) {
            sb.append(String.format(Locale.ROOT, "%nThe same query with a filter that reads nothing (Coherence's own work): %s ms.%n",
                    Report.time(none)));
        }
        Report.Result ns = report.find("jdk17", "CoherenceQueryHarness.size", "format", "navpack");
        Report.Result ps = report.find("jdk17", "CoherenceQueryHarness.size", "format", "pof");
        if (ns != null && ps != null) {
            sb.append(String.format(Locale.ROOT, "%nBytes per stored value (`Binary`, over the first 1,000 values): navpack %.0f, "
                    + "POF %.0f (%.2f × navpack). navpack's slowest position over its fastest: %.2f.%n",
                    ns.score(), ps.score(), ps.score() / ns.score(), navMax / navMin));
        }
        return sb.toString();
    }

    /** The query harness's samples in round order, by "format:position". */
    private Map<String, double[]> rawSamples() {
        Map<String, double[]> out = new java.util.HashMap<>();
        Path file = report.dir.resolve("raw").resolve("jdk17-CoherenceQueryHarness.json");
        try {
            for (JsonNode n : new ObjectMapper().readTree(file.toFile())) {
                if (!n.path("benchmark").asText().endsWith(".query")) {
                    continue;
                }
                JsonNode rounds = n.path("primaryMetric").path("rawData").path(0);
                double[] v = new double[rounds.size()];
                for (int i = 0; i < v.length; i++) {
                    v[i] = rounds.get(i).asDouble();
                }
                out.put(n.path("params").path("format").asText() + ":" + n.path("params").path("position").asText(), v);
            }
        } catch (IOException e) {
            return out;
        }
        return out;
    }

    /**
     * The ratio of POF's query to navpack's in each round (the two run back to back, under the same load), as the
     * median and range over the rounds.
     */
    private static String perRound(double[] navpack, double[] pof) {
        if (navpack == null || pof == null || navpack.length != pof.length || navpack.length == 0) {
            return "—";
        }
        double[] r = new double[navpack.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = pof[i] / navpack[i];
        }
        java.util.Arrays.sort(r);
        double median = r.length % 2 == 1 ? r[r.length / 2] : (r[r.length / 2 - 1] + r[r.length / 2]) / 2;
        return String.format(Locale.ROOT, "%.1f (%.1f – %.1f)", median, r[0], r[r.length - 1]);
    }

    String sizing() throws IOException {
        Path file = report.dir.resolve("raw").resolve("coherence").resolve("index-sizing.json");
        if (!Files.exists(file)) {
            return "_Not run yet: `java -cp benchmarks/target/benchmarks.jar io.navpack.bench.coherence.CoherenceIndexSizingHarness`._";
        }
        JsonNode root = new ObjectMapper().readTree(file.toFile());
        StringBuilder sb = new StringBuilder();
        sb.append("| shape | index | member | entries there | heap freed on drop | navpack's invocable | navpack error | "
                + "Coherence's footprint | footprint / freed | what-if before creation | what-if error |\n"
                + "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        List<Double> errors = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        List<Double> whatIfErrors = new ArrayList<>();
        for (JsonNode r : root.path("rows")) {
            double err = r.path("navpackError").asDouble();
            double ratio = r.path("footprintOverFreed").asDouble();
            errors.add(err);
            ratios.add(ratio);
            double whatIfErr = r.path("whatIfError").asDouble(Double.NaN);
            whatIfErrors.add(whatIfErr);
            sb.append(String.format(Locale.ROOT, "| %s | %s | %d | %,d | %,d | %,d | %+.2f %% | %,d | %.3f | %,d | %+.2f %% |%n",
                    r.path("shape").asText(), r.path("ordered").asBoolean() ? "ordered" : "unordered", r.path("member").asInt(),
                    r.path("memberEntries").asLong(), r.path("heapFreed").asLong(), r.path("navpackBytes").asLong(), 100 * err,
                    r.path("footprintBytes").asLong(), ratio, r.path("whatIfBytes").asLong(), 100 * whatIfErr));
        }
        double maxErr = errors.stream().mapToDouble(Math::abs).max().orElse(Double.NaN);
        double minRatio = ratios.stream().mapToDouble(d -> d).min().orElse(Double.NaN);
        double maxRatio = ratios.stream().mapToDouble(d -> d).max().orElse(Double.NaN);
        double maxWhatIf = whatIfErrors.stream().mapToDouble(Math::abs).max().orElse(Double.NaN);
        sb.append(String.format(Locale.ROOT, "%nnavpack's figure: at most %.2f %% from the heap freed (goal: ± 2 %%). Coherence's "
                + "footprint: %.3f to %.3f times the heap freed. The what-if (64 partitions of each member indexed in "
                + "private before the index existed): at most %.2f %% from the heap freed.%n%n", 100 * maxErr, minRatio,
                maxRatio, 100 * maxWhatIf));
        JsonNode env = root.path("environment");
        sb.append("```\n");
        env.fields().forEachRemaining(e -> sb.append(e.getKey()).append(": ").append(e.getValue().asText()).append('\n'));
        sb.append("```\n");
        return sb.toString();
    }
}
