package io.navpack.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.navpack.bench.FieldPositionBenchmark;
import io.navpack.bench.codec.Codecs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.Objects;

/**
 * Turns the JMH JSON results into the tables and charts of the benchmark page. Usage:
 * {@code Report <page.md> <results dir>}: reads {@code <results dir>/raw/<jdk>-<Benchmark>.json} and
 * {@code environment-<jdk>.txt}, writes {@code sizes.json} and the SVG charts into the results dir, and
 * replaces each {@code <!-- generated:NAME -->} ... {@code <!-- /generated:NAME -->} block of the page.
 * Everything outside those blocks is left as written.
 */
public final class Report {
    private static final String[] SHAPES = {"trade", "wide", "nested"};

    private final Path page;
    final Path dir;
    final String pageToDir;
    /** jdk → benchmark simple name (Class.method) → results. */
    final Map<String, Map<String, List<Result>>> results = new TreeMap<>();
    private final Map<String, JsonNode> settings = new TreeMap<>();

    /** One JMH result. */
    record Result(Map<String, String> params, double score, double error, String unit, double alloc, double allocError,
                  Map<String, Double> aux, Map<String, Double> percentiles, long samples, String mode) {
        String param(String name) {
            return params.get(name);
        }

        /** A percentile of a sample-mode result ("50.0", "99.0", ...), NaN if absent. */
        double percentile(String p) {
            Double v = percentiles.get(p);
            return v == null ? Double.NaN : v;
        }

        /** A counter of the benchmark (JMH aux counter), averaged over the iterations; NaN if absent. */
        double aux(String name) {
            Double v = aux.get(name);
            return v == null ? Double.NaN : v;
        }
    }

    private Report(Path page, Path dir) {
        this.page = page;
        this.dir = dir;
        Path parent = Objects.requireNonNull(page.toAbsolutePath().getParent(), "the page has no directory");
        String rel = parent.relativize(dir.toAbsolutePath()).toString().replace('\\', '/');
        this.pageToDir = rel.isEmpty() ? "." : rel;
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: Report <page.md> <results dir>");
            System.exit(2);
        }
        Report r = new Report(Path.of(args[0]), Path.of(args[1]));
        r.load();
        r.write();
    }

    private void load() throws IOException {
        Path raw = dir.resolve("raw");
        if (!Files.isDirectory(raw)) {
            return;
        }
        ObjectMapper mapper = new ObjectMapper();
        List<Path> files;
        try (Stream<Path> s = Files.list(raw)) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        for (Path f : files) {
            String name = String.valueOf(f.getFileName());
            String jdk = name.substring(0, name.indexOf('-'));
            JsonNode root = mapper.readTree(f.toFile());
            for (JsonNode n : root) {
                String full = n.get("benchmark").asText();
                String[] parts = full.split("\\.");
                String key = parts[parts.length - 2] + "." + parts[parts.length - 1];
                Map<String, String> params = new LinkedHashMap<>();
                JsonNode p = n.get("params");
                if (p != null) {
                    for (Iterator<Map.Entry<String, JsonNode>> it = p.fields(); it.hasNext(); ) {
                        Map.Entry<String, JsonNode> e = it.next();
                        params.put(e.getKey(), e.getValue().asText());
                    }
                }
                JsonNode pm = n.get("primaryMetric");
                JsonNode alloc = n.path("secondaryMetrics").path("gc.alloc.rate.norm");
                Map<String, Double> aux = new LinkedHashMap<>();
                for (Iterator<Map.Entry<String, JsonNode>> it = n.path("secondaryMetrics").fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (!e.getKey().startsWith("gc.") && e.getValue().path("scoreUnit").asText().equals("#")) {
                        // JMH reports the sum of an aux counter over the iterations; its raw data has each iteration
                        double sum = 0;
                        int count = 0;
                        for (JsonNode fork : e.getValue().path("rawData")) {
                            for (JsonNode v : fork) {
                                sum += v.asDouble();
                                count++;
                            }
                        }
                        aux.put(e.getKey(), count == 0 ? number(e.getValue().get("score")) : sum / count);
                    }
                }
                Map<String, Double> percentiles = new LinkedHashMap<>();
                for (Iterator<Map.Entry<String, JsonNode>> it = pm.path("scorePercentiles").fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    percentiles.put(e.getKey(), number(e.getValue()));
                }
                long samples = 0;
                for (JsonNode fork : pm.path("rawDataHistogram")) {
                    for (JsonNode iteration : fork) {
                        for (JsonNode bucket : iteration) {
                            samples += bucket.path(1).asLong();
                        }
                    }
                }
                results.computeIfAbsent(jdk, k -> new TreeMap<>()).computeIfAbsent(key, k -> new ArrayList<>())
                        .add(new Result(params, pm.get("score").asDouble(), number(pm.get("scoreError")),
                                pm.get("scoreUnit").asText(), alloc.isMissingNode() ? Double.NaN : number(alloc.get("score")),
                                alloc.isMissingNode() ? Double.NaN : number(alloc.get("scoreError")), aux, percentiles,
                                samples, n.path("mode").asText()));
                settings.putIfAbsent(jdk + "-" + parts[parts.length - 2], n);
            }
        }
    }

    private static double number(JsonNode n) {
        return n == null || !n.isNumber() ? Double.NaN : n.asDouble();
    }

    Result find(String jdk, String bench, String... kv) {
        return findInMode(jdk, bench, null, kv);
    }

    /** The result of {@code bench} in JMH mode {@code mode} ("thrpt", "sample", ...; any when null) with the parameters. */
    Result findInMode(String jdk, String bench, String mode, String... kv) {
        List<Result> list = results.getOrDefault(jdk, Map.of()).get(bench);
        if (list == null) {
            return null;
        }
        outer:
        for (Result r : list) {
            if (mode != null && !mode.equals(r.mode())) {
                continue;
            }
            for (int i = 0; i < kv.length; i += 2) {
                if (!kv[i + 1].equals(r.param(kv[i]))) {
                    continue outer;
                }
            }
            return r;
        }
        return null;
    }

    private void write() throws IOException {
        Files.createDirectories(dir);
        Map<String, Map<String, SizeReport.Sizes>> sizes = SizeReport.compute();
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        mapper.writeValue(dir.resolve("sizes.json").toFile(), sizes);

        Map<String, String> blocks = new LinkedHashMap<>();
        blocks.put("environment", environment());
        blocks.put("sizes", sizes(sizes));
        blocks.put("codec", codec(sizes));
        blocks.put("position", position());
        blocks.put("allocation", allocation());
        blocks.put("jdk25", jdk25());
        blocks.put("grid", new GridReport(this).grid());
        blocks.put("scan", scan());
        blocks.put("views", views());
        blocks.put("clientops", new ClientOpsReport(this).clientOps());
        blocks.put("sqlscan", sqlScan());
        blocks.put("walk", walk());
        blocks.put("latency", latency());
        blocks.put("scale", scale());
        DocumentsReport documents = new DocumentsReport(this);
        blocks.put("docsizes", documents.sizes());
        blocks.put("docingest", documents.ingest());
        blocks.put("docexport", documents.export());
        CoherenceReport coherence = new CoherenceReport(this);
        blocks.put("coherence-serializers", coherence.serializers());
        blocks.put("coherence-queries", coherence.queries());
        blocks.put("coherence-sizing", coherence.sizing());
        blocks.put("raw", raw());

        String text = Files.readString(page, StandardCharsets.UTF_8);
        for (Map.Entry<String, String> b : blocks.entrySet()) {
            String open = "<!-- generated:" + b.getKey() + " -->";
            String close = "<!-- /generated:" + b.getKey() + " -->";
            int i = text.indexOf(open);
            int j = text.indexOf(close);
            if (i < 0 || j < i) {
                System.err.println("no block " + b.getKey() + " in " + page + "; skipped");
                continue;
            }
            text = text.substring(0, i + open.length()) + "\n" + b.getValue().strip() + "\n" + text.substring(j);
        }
        Files.writeString(page, text, StandardCharsets.UTF_8);
    }

    // ------------------------------------------------------------------ blocks

    private String environment() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (String jdk : results.keySet()) {
            Path env = dir.resolve("environment-" + jdk + ".txt");
            sb.append("**").append(jdk).append("**\n\n");
            if (Files.exists(env)) {
                sb.append("```\n").append(Files.readString(env, StandardCharsets.UTF_8).strip()).append("\n```\n\n");
            }
            sb.append("| benchmark | JVM | forks | warm-up | measurement | JVM options |\n|---|---|---|---|---|---|\n");
            for (Map.Entry<String, JsonNode> s : settings.entrySet()) {
                if (!s.getKey().startsWith(jdk + "-")) {
                    continue;
                }
                JsonNode n = s.getValue();
                // a benchmark run in the host JVM (forks 0) lists the host's options and its @Fork options
                List<String> opts = new ArrayList<>();
                n.path("jvmArgs").forEach(a -> {
                    String o = a.asText();
                    if (!(opts.contains(o) && (o.startsWith("-X") || o.startsWith("-D")))) {
                        opts.add(o);
                    }
                });
                sb.append(String.format(Locale.ROOT, "| %s | %s %s | %d | %d × %s | %d × %s | `%s` |%n",
                        s.getKey().substring(jdk.length() + 1), n.path("vmName").asText(), n.path("jdkVersion").asText(),
                        n.path("forks").asInt(), n.path("warmupIterations").asInt(), n.path("warmupTime").asText(),
                        n.path("measurementIterations").asInt(), n.path("measurementTime").asText(),
                        String.join(" ", opts)));
            }
            sb.append('\n');
        }
        return sb.length() == 0 ? "_No results yet: run `benchmarks/run.sh`._" : sb.toString();
    }

    private String sizes(Map<String, Map<String, SizeReport.Sizes>> sizes) throws IOException {
        StringBuilder sb = new StringBuilder();
        sb.append("| format | trade (9 fields) | × navpack | wide (50 fields) | × navpack | nested (2 × 20 periods) | × navpack |\n");
        sb.append("|---|---:|---:|---:|---:|---:|---:|\n");
        List<Svg.Series> series = new ArrayList<>();
        for (String shape : SHAPES) {
            double[] v = new double[Codecs.ALL.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = sizes.get(shape).get(Codecs.ALL.get(i)).average();
            }
            series.add(new Svg.Series(shape, v, null));
        }
        for (String f : Codecs.ALL) {
            sb.append("| ").append(Codecs.label(f));
            for (String shape : SHAPES) {
                double v = sizes.get(shape).get(f).average();
                double nav = sizes.get(shape).get("navpack").average();
                sb.append(String.format(Locale.ROOT, " | %.1f | %.2f", v, v / nav));
            }
            sb.append(" |\n");
        }
        chart("sizes.svg", Svg.bars("Bytes per value (average)", "bytes", labels(Codecs.ALL), series, true));
        sb.append("\n![bytes per value](").append(pageToDir).append("/sizes.svg)\n");
        return sb.toString();
    }

    private String codec(Map<String, Map<String, SizeReport.Sizes>> sizes) throws IOException {
        if (!results.containsKey("jdk17") || !results.get("jdk17").containsKey("CodecBenchmark.encode")) {
            return "_Not run yet._";
        }
        StringBuilder sb = new StringBuilder();
        for (String shape : SHAPES) {
            sb.append("\n**").append(shape).append("** (").append(shapeText(shape)).append(")\n\n");
            sb.append("| format | encode ns/op | decode ns/op | encode B/op | decode B/op | bytes |\n");
            sb.append("|---|---:|---:|---:|---:|---:|\n");
            double[] enc = new double[Codecs.ALL.size()];
            double[] encErr = new double[enc.length];
            double[] dec = new double[enc.length];
            double[] decErr = new double[enc.length];
            for (int i = 0; i < Codecs.ALL.size(); i++) {
                String f = Codecs.ALL.get(i);
                Result e = find("jdk17", "CodecBenchmark.encode", "format", f, "shape", shape);
                Result d = find("jdk17", "CodecBenchmark.decode", "format", f, "shape", shape);
                enc[i] = e == null ? Double.NaN : e.score();
                encErr[i] = e == null ? Double.NaN : e.error();
                dec[i] = d == null ? Double.NaN : d.score();
                decErr[i] = d == null ? Double.NaN : d.error();
                sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %.1f |%n", Codecs.label(f),
                        time(e), time(d), alloc(e), alloc(d), sizes.get(shape).get(f).average()));
            }
            chart("codec-" + shape + ".svg", Svg.bars("Encode and decode, " + shape + " (" + shapeText(shape) + ")",
                    "ns/op", labels(Codecs.ALL),
                    List.of(new Svg.Series("encode", enc, encErr), new Svg.Series("decode", dec, decErr)), true));
            sb.append("\n![encode and decode, ").append(shape).append("](").append(pageToDir).append("/codec-")
                    .append(shape).append(".svg)\n");
        }
        return sb.toString();
    }

    private String position() throws IOException {
        List<Result> list = results.getOrDefault("jdk17", Map.of()).get("FieldPositionBenchmark.read");
        if (list == null) {
            return "_Not run yet._";
        }
        List<Integer> positions = positions("jdk17");
        StringBuilder sb = new StringBuilder("| p |");
        StringBuilder sep = new StringBuilder("|---:|");
        for (String f : FieldPositionBenchmark.FORMATS) {
            sb.append(' ').append(positionLabel(f)).append(" ns/op |");
            sep.append("---:|");
        }
        for (String f : FieldPositionBenchmark.FORMATS) {
            sb.append(' ').append(positionLabel(f)).append(" B/op |");
            sep.append("---:|");
        }
        sb.append('\n').append(sep).append('\n');
        double[] xs = new double[positions.size()];
        List<Svg.Line> lines = new ArrayList<>();
        for (int i = 0; i < positions.size(); i++) {
            xs[i] = positions.get(i);
        }
        for (String f : FieldPositionBenchmark.FORMATS) {
            double[] v = new double[xs.length];
            double[] e = new double[xs.length];
            for (int i = 0; i < xs.length; i++) {
                Result r = find("jdk17", "FieldPositionBenchmark.read", "format", f, "position", positions.get(i).toString());
                v[i] = r == null ? Double.NaN : r.score();
                e[i] = r == null ? Double.NaN : r.error();
            }
            lines.add(new Svg.Line(positionLabel(f), v, e));
        }
        for (Integer p : positions) {
            sb.append("| ").append(p).append(" |");
            for (String f : FieldPositionBenchmark.FORMATS) {
                sb.append(' ').append(time(find("jdk17", "FieldPositionBenchmark.read", "format", f, "position", p.toString())))
                        .append(" |");
            }
            for (String f : FieldPositionBenchmark.FORMATS) {
                sb.append(' ').append(alloc(find("jdk17", "FieldPositionBenchmark.read", "format", f, "position", p.toString())))
                        .append(" |");
            }
            sb.append('\n');
        }
        chart("position.svg", Svg.logLines("One long field at position p of a 1024-field record",
                "field position p", "ns/op (log scale)", xs, lines));
        sb.append("\n![field at position p](").append(pageToDir).append("/position.svg)\n");
        return sb.toString();
    }

    private List<Integer> positions(String jdk) {
        List<Integer> positions = new ArrayList<>();
        for (Result r : results.get(jdk).getOrDefault("FieldPositionBenchmark.read", List.of())) {
            int p = Integer.parseInt(r.param("position"));
            if (!positions.contains(p)) {
                positions.add(p);
            }
        }
        positions.sort(null);
        return positions;
    }

    private static String positionLabel(String f) {
        switch (f) {
            case "navpack": return "navpack (by name)";
            case "navpack-index": return "navpack (by index)";
            case "pof": return "POF (PofValueParser)";
            case "compact": return "Compact (generic record)";
            default: return f;
        }
    }

    private String allocation() throws IOException {
        Map<String, List<Result>> jdk = results.getOrDefault("jdk17", Map.of());
        StringBuilder sb = new StringBuilder();
        if (jdk.containsKey("EncodeIntoBufferBenchmark.encode")) {
            List<String> formats = new ArrayList<>(Codecs.ALL);
            formats.remove("java");
            sb.append("**Encode into a reused buffer** (`EncodeIntoBufferBenchmark`): the garbage one value leaves "
                    + "beyond the bytes written.\n\n");
            sb.append("| format | trade ns/op | trade B/op | wide ns/op | wide B/op | nested ns/op | nested B/op |\n");
            sb.append("|---|---:|---:|---:|---:|---:|---:|\n");
            List<Svg.Series> series = new ArrayList<>();
            Map<String, double[]> byShape = new LinkedHashMap<>();
            for (String shape : SHAPES) {
                byShape.put(shape, new double[formats.size()]);
            }
            for (int i = 0; i < formats.size(); i++) {
                String f = formats.get(i);
                sb.append("| ").append(Codecs.label(f));
                for (String shape : SHAPES) {
                    Result r = find("jdk17", "EncodeIntoBufferBenchmark.encode", "format", f, "shape", shape);
                    sb.append(" | ").append(time(r)).append(" | ").append(alloc(r));
                    byShape.get(shape)[i] = r == null ? Double.NaN : r.alloc();
                }
                sb.append(" |\n");
            }
            for (Map.Entry<String, double[]> e : byShape.entrySet()) {
                series.add(new Svg.Series(e.getKey(), e.getValue(), null));
            }
            chart("alloc-encode.svg", Svg.bars("Garbage per encode into a reused buffer", "B/op (gc.alloc.rate.norm)",
                    labels(formats), series, false));
            sb.append("\n![allocation per encode](").append(pageToDir).append("/alloc-encode.svg)\n\n");
        }
        if (jdk.containsKey("TradeFieldReadBenchmark.view")) {
            sb.append("**Navigator creation and one field read, seed trades** (`TradeFieldReadBenchmark`): "
                    + "`view` creates the navigator only; the reads create it and read `id` (long), `currency1` "
                    + "(string) or `amount1` (decimal).\n\n");
            sb.append("| format | view ns/op | view B/op | + long ns/op | + long B/op | + string ns/op | + string B/op "
                    + "| + decimal ns/op | + decimal B/op |\n");
            sb.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            for (String f : List.of("navpack", "pof", "compact")) {
                sb.append("| ").append(Codecs.label(f));
                for (String m : List.of("view", "readLong", "readString", "readDecimal")) {
                    Result r = find("jdk17", "TradeFieldReadBenchmark." + m, "format", f);
                    sb.append(" | ").append(time(r)).append(" | ").append(alloc(r));
                }
                sb.append(" |\n");
            }
            sb.append('\n');
        }
        if (jdk.containsKey("NavpackViewReadBenchmark.readLong")) {
            sb.append("**navpack read from an existing view** (`NavpackViewReadBenchmark`, field by index):\n\n");
            sb.append("| read | ns/op | B/op |\n|---|---:|---:|\n");
            for (String m : List.of("readLong", "readString", "readDecimal")) {
                Result r = find("jdk17", "NavpackViewReadBenchmark." + m);
                sb.append("| ").append(m).append(" | ").append(time(r)).append(" | ").append(alloc(r)).append(" |\n");
            }
        }
        return sb.length() == 0 ? "_Not run yet._" : sb.toString();
    }

    private String jdk25() {
        if (!results.containsKey("jdk25")) {
            return "_Not run: `benchmarks/run.sh` runs this subset when a JDK 25 is found._";
        }
        StringBuilder sb = new StringBuilder();
        if (results.get("jdk25").containsKey("CodecBenchmark.encode")) {
            sb.append("**Seed trade, encode and decode** (ns/op, JDK 17 beside JDK 25)\n\n");
            sb.append("| format | encode 17 | encode 25 | decode 17 | decode 25 |\n|---|---:|---:|---:|---:|\n");
            for (String f : Codecs.ALL) {
                sb.append("| ").append(Codecs.label(f));
                for (String m : List.of("encode", "decode")) {
                    for (String jdk : List.of("jdk17", "jdk25")) {
                        sb.append(" | ").append(time(find(jdk, "CodecBenchmark." + m, "format", f, "shape", "trade")));
                    }
                }
                sb.append(" |\n");
            }
        }
        if (results.get("jdk25").containsKey("FieldPositionBenchmark.read")) {
            sb.append("\n**Field at position p** (ns/op, JDK 17 / JDK 25)\n\n| p |");
            StringBuilder sep = new StringBuilder("|---:|");
            for (String f : FieldPositionBenchmark.FORMATS) {
                sb.append(' ').append(positionLabel(f)).append(" 17 | ").append(positionLabel(f)).append(" 25 |");
                sep.append("---:|---:|");
            }
            sb.append('\n').append(sep).append('\n');
            for (Integer p : positions("jdk25")) {
                sb.append("| ").append(p);
                for (String f : FieldPositionBenchmark.FORMATS) {
                    for (String jdk : List.of("jdk17", "jdk25")) {
                        sb.append(" | ").append(time(find(jdk, "FieldPositionBenchmark.read", "format", f, "position",
                                p.toString())));
                    }
                }
                sb.append(" |\n");
            }
        }
        return sb.toString();
    }

    private static final List<String> SCAN_FORMATS = List.of("navpack-object", "navpack-predicate", "navpack-plain", "navpack",
            "compact", "compact-nometa", "ids", "object");

    private static String scanLabel(String format) {
        switch (format) {
            case "navpack-object": return "navpack, OBJECT format, plain names, no JSON metadata (recommended)";
            case "navpack-predicate": return "navpack, OBJECT format, the same predicate in `NavpackPredicates.of`";
            case "navpack-plain": return "navpack, BINARY, plain names";
            case "navpack": return "navpack, BINARY, `nav[...]` extractor";
            case "ids": return "hand-written IDS (BINARY)";
            case "compact": return "Compact, explicit (BINARY)";
            case "compact-nometa": return "Compact, explicit (BINARY), no JSON metadata";
            case "object": return "IDS objects (OBJECT format)";
            default: return format;
        }
    }

    private String scan() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (String jdk : List.of("jdk17", "jdk25")) {
            List<Result> list = results.getOrDefault(jdk, Map.of()).get("ScanQueryBenchmark.query");
            if (list == null) {
                if (jdk.equals("jdk17")) {
                    return "_Not run yet._";
                }
                continue;
            }
            String entries = list.get(0).param("entries");
            sb.append(String.format(Locale.ROOT, "%n**%s** — %s trades, 2 members. Query: `currency1 = 'EUR' and amount1 > 100000000` "
                    + "(`nav[currency1]`, `nav[amount1]` on the `nav[...]` map), `map.keySet(predicate)`.%n%n",
                    jdk.equals("jdk17") ? "JDK 17" : "JDK 25", String.format(Locale.ROOT, "%,d", Long.parseLong(entries))));
            sb.append("| map | ms per query | queries/s | × Compact (time) | allocated per query (MB) | heap per entry (B) "
                    + "| × Compact (heap) | load (s) | results |\n");
            sb.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            Result compact = find(jdk, "ScanQueryBenchmark.query", "format", "compact");
            List<String> labels = new ArrayList<>();
            List<Double> ms = new ArrayList<>();
            List<Double> msErr = new ArrayList<>();
            List<Double> heap = new ArrayList<>();
            for (String f : SCAN_FORMATS) {
                Result r = find(jdk, "ScanQueryBenchmark.query", "format", f);
                if (r == null) {
                    continue;
                }
                labels.add(scanLabel(f));
                ms.add(r.score());
                msErr.add(r.error());
                double h = r.aux("heapBytesPerEntry");
                heap.add(h);
                sb.append(String.format(Locale.ROOT, "| %s | %s | %.1f | %.2f | %.0f | %.0f | %.2f | %.1f | %,d |%n",
                        scanLabel(f), time(r), 1000 / r.score(), compact == null ? Double.NaN : r.score() / compact.score(),
                        r.alloc() / 1e6, h, compact == null ? Double.NaN : h / compact.aux("heapBytesPerEntry"),
                        r.aux("loadSeconds"), (long) r.aux("results")));
            }
            String suffix = jdk.equals("jdk17") ? "" : "-jdk25";
            chart("scan-query" + suffix + ".svg", Svg.bars("Scan query over " + String.format(Locale.ROOT, "%,d",
                    Long.parseLong(entries)) + " trades, 2 members (" + (jdk.equals("jdk17") ? "JDK 17" : "JDK 25") + ")",
                    "ms per query", labels, List.of(new Svg.Series("ms per query", array(ms), array(msErr))), false));
            sb.append("\n![scan query time, ").append(jdk).append("](").append(pageToDir).append("/scan-query").append(suffix)
                    .append(".svg)\n");
            if (jdk.equals("jdk17")) {
                chart("scan-heap.svg", Svg.bars("Heap per entry", "bytes", labels,
                        List.of(new Svg.Series("heap per entry", array(heap), null)), false));
                sb.append("\n![heap per entry](").append(pageToDir).append("/scan-heap.svg)\n");
            }
        }
        return sb.toString();
    }

    private static final List<String> SQL_FORMATS = List.of("navpack", "navpack-object", "compact");

    private static String sqlLabel(String format) {
        switch (format) {
            case "navpack": return "navpack, BINARY (`TYPE NavpackMap`)";
            case "navpack-object": return "navpack, OBJECT (`TYPE NavpackMap`)";
            case "compact": return "Compact, BINARY (`TYPE IMap`, `valueFormat 'compact'`)";
            default: return format;
        }
    }

    /** The SQL scan on every JDK that ran it: time, allocation, and each map's time over Compact's. */
    private String sqlScan() {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Map<String, List<Result>>> e : results.entrySet()) {
            String jdk = e.getKey();
            List<Result> list = e.getValue().get("SqlScanBenchmark.sql");
            if (list == null) {
                continue;
            }
            sb.append(String.format(Locale.ROOT, "**%s**, %,d trades, 2 members, ms per statement ± 99.9 %% error%n%n", jdk,
                    Long.parseLong(list.get(0).param("entries"))));
            sb.append("| map | query | ms per statement | statements/s | × Compact (time) | allocated per statement (MB) |\n");
            sb.append("|---|---|---:|---:|---:|---:|\n");
            for (String query : List.of("filter", "aggregate")) {
                Result compact = find(jdk, "SqlScanBenchmark.sql", "format", "compact", "query", query);
                for (String f : SQL_FORMATS) {
                    Result r = find(jdk, "SqlScanBenchmark.sql", "format", f, "query", query);
                    if (r == null) {
                        continue;
                    }
                    sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %.2f | %.2f | %.0f |%n", sqlLabel(f), query, time(r),
                            1000 / r.score(), compact == null ? Double.NaN : r.score() / compact.score(), r.alloc() / 1e6));
                }
            }
            sb.append('\n');
        }
        return sb.length() == 0 ? "_Not run yet._" : sb.toString();
    }

    private static double[] array(List<Double> values) {
        double[] a = new double[values.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = values.get(i);
        }
        return a;
    }

    private static String formLabel(String form) {
        switch (form) {
            case "view": return "navpack, read as an interface view (OBJECT near cache)";
            case "class": return "navpack, read as the user's class (OBJECT near cache)";
            case "compact": return "Compact, the user's class (OBJECT near cache)";
            case "view-binary": return "navpack, BINARY near cache, a view per get";
            default: return form;
        }
    }

    private String views() throws IOException {
        StringBuilder sb = new StringBuilder();
        List<Result> near = results.getOrDefault("jdk17", Map.of()).get("NearCacheBenchmark.getAndRead");
        if (near != null) {
            Result cls = find("jdk17", "NearCacheBenchmark.getAndRead", "form", "class");
            double clsNear = cls == null ? Double.NaN : cls.aux("nearCacheHeap");
            double clsValue = cls == null ? Double.NaN : cls.aux("valueHeap");
            sb.append(String.format(Locale.ROOT, "**Near cache** — %s seed-style trades in a client's near cache, one member. "
                    + "Heap per entry after collection; the value alone is one value as the client's serializer builds it. "
                    + "`get + amount1`: a near-cache hit and one accessor.%n%n",
                    String.format(Locale.ROOT, "%,d", Long.parseLong(near.get(0).param("entries")))));
            sb.append("| client holds | near cache B/entry | × class | value B | × class | get + amount1 ns/op | B/op | fill (s) |\n");
            sb.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
            List<String> labels = new ArrayList<>();
            List<Double> nearHeap = new ArrayList<>();
            List<Double> valueHeap = new ArrayList<>();
            for (String f : List.of("view", "class", "compact", "view-binary")) {
                Result r = find("jdk17", "NearCacheBenchmark.getAndRead", "form", f);
                if (r == null) {
                    continue;
                }
                labels.add(formLabel(f));
                nearHeap.add(r.aux("nearCacheHeap"));
                valueHeap.add(r.aux("valueHeap"));
                sb.append(String.format(Locale.ROOT, "| %s | %.0f | %.2f | %.0f | %.2f | %s | %s | %.1f |%n", formLabel(f),
                        r.aux("nearCacheHeap"), r.aux("nearCacheHeap") / clsNear, r.aux("valueHeap"),
                        r.aux("valueHeap") / clsValue, time(r), alloc(r), r.aux("fillSeconds")));
            }
            chart("near-cache-heap.svg", Svg.bars("Heap per near-cache entry", "bytes", labels,
                    List.of(new Svg.Series("near cache", array(nearHeap), null), new Svg.Series("value alone", array(valueHeap),
                            null)), false));
            sb.append("\n![heap per near-cache entry](").append(pageToDir).append("/near-cache-heap.svg)\n\n");
        }
        Map<String, List<Result>> access = results.getOrDefault("jdk17", Map.of());
        if (access.containsKey("ViewAccessBenchmark.viewId")) {
            sb.append("**Accessors** (`ViewAccessBenchmark`): one call on the next of 1 024 trades; a Java record's accessor "
                    + "returns a field decoded in advance, a view's decodes it from the bytes, a `PackedRecord` reads it by "
                    + "field index.\n\n");
            sb.append("| field | record ns/op | view ns/op | PackedRecord ns/op | record B/op | view B/op | PackedRecord B/op |\n");
            sb.append("|---|---:|---:|---:|---:|---:|---:|\n");
            for (String[] f : new String[][] {{"Id", "`id` (long)"}, {"Currency1", "`currency1` (string)"},
                {"Amount1", "`amount1` (decimal)"}}) {
                Result rec = find("jdk17", "ViewAccessBenchmark.record" + f[0]);
                Result view = find("jdk17", "ViewAccessBenchmark.view" + f[0]);
                Result packed = find("jdk17", "ViewAccessBenchmark.packed" + f[0]);
                sb.append("| ").append(f[1]).append(" | ").append(time(rec)).append(" | ").append(time(view)).append(" | ")
                        .append(time(packed)).append(" | ").append(alloc(rec)).append(" | ").append(alloc(view)).append(" | ")
                        .append(alloc(packed)).append(" |\n");
            }
            Result scanRec = find("jdk17", "ViewAccessBenchmark.scanRecords");
            Result scanView = find("jdk17", "ViewAccessBenchmark.scanViews");
            Result scanPacked = find("jdk17", "ViewAccessBenchmark.scanPacked");
            if (scanRec != null) {
                sb.append(String.format(Locale.ROOT, "%n**Full scan** over %s trades in an array: `currency1 = 'EUR' and "
                        + "amount1 > 100000000`, two accessors per value.%n%n", String.format(Locale.ROOT, "%,d",
                        Long.parseLong(scanRec.param("values")))));
                sb.append("| values | ms per scan | × records | MB allocated per scan |\n|---|---:|---:|---:|\n");
                for (Object[] row : new Object[][] {{"Java records", scanRec}, {"interface views", scanView},
                    {"PackedRecords (by field index)", scanPacked}}) {
                    Result r = (Result) row[1];
                    if (r != null) {
                        sb.append(String.format(Locale.ROOT, "| %s | %s | %.2f | %.1f |%n", row[0], time(r),
                                r.score() / scanRec.score(), r.alloc() / 1e6));
                    }
                }
            }
        }
        return sb.length() == 0 ? "_Not run yet._" : sb.toString();
    }

    private static final List<String> WALKERS = List.of("navpack", "navpack-graph", "jol-layout", "jol-stats");

    private static String walkLabel(String walker) {
        switch (walker) {
            case "navpack": return "navpack sizer, bounded (`IndexSizer.sizeLocalMember`)";
            case "navpack-graph": return "navpack graph walk (`GraphSizer.walk`)";
            case "jol-layout": return "JOL `GraphLayout` walk";
            case "jol-stats": return "JOL `GraphStats` walk";
            default: return walker;
        }
    }

    private String walk() {
        List<Result> list = results.getOrDefault("jdk17", Map.of()).get("SizerWalkBenchmark.walk");
        if (list == null) {
            return "_Not run yet._";
        }
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "SORTED index on `nav[id]` of %,d entries, one member. ms per walk ± 99.9 %% "
                + "error; objects/s = objects / time per walk (the bounded sizer: objects it visits, bytes the index "
                + "alone holds).%n%n", Long.parseLong(list.get(0).param("entries"))));
        sb.append("| walker | ms per walk | objects | bytes | million objects/s | × JOL `GraphLayout` (rate) |\n");
        sb.append("|---|---:|---:|---:|---:|---:|\n");
        Result jol = find("jdk17", "SizerWalkBenchmark.walk", "walker", "jol-layout");
        double jolRate = jol == null ? Double.NaN : jol.aux("objects") / (jol.score() / 1000);
        for (String w : WALKERS) {
            Result r = find("jdk17", "SizerWalkBenchmark.walk", "walker", w);
            if (r == null) {
                sb.append("| ").append(walkLabel(w)).append(" | — | — | — | — | — |\n");
                continue;
            }
            double rate = r.aux("objects") / (r.score() / 1000);
            sb.append(String.format(Locale.ROOT, "| %s | %s | %,d | %,d | %.2f | %.2f |%n", walkLabel(w), time(r),
                    (long) r.aux("objects"), (long) r.aux("bytes"), rate / 1e6, rate / jolRate));
        }
        Result nav = find("jdk17", "SizerWalkBenchmark.walk", "walker", "navpack");
        if (nav != null && nav.aux("sameGraphJolLayoutObjects") > 0) {
            sb.append(String.format(Locale.ROOT, "%nEach walker runs in its own JVM, whose index (a skip list, laid out at "
                    + "random) differs by a few hundred objects. In the bounded sizer's JVM, JOL's `GraphLayout` found "
                    + "%,d objects and %,d bytes in the same index, JOL's `GraphStats` %,d objects and %,d bytes (JOL also "
                    + "counts, without following them, the objects where the stop rule ends the walk).%n",
                    (long) nav.aux("sameGraphJolLayoutObjects"), (long) nav.aux("sameGraphJolLayoutBytes"),
                    (long) nav.aux("sameGraphJolStatsObjects"), (long) nav.aux("sameGraphJolStatsBytes")));
        }
        return sb.toString();
    }

    private static final List<String> SIZINGS = List.of("none", "uncapped", "capped-25");

    private static String sizingLabel(String sizing) {
        switch (sizing) {
            case "none": return "no sizing";
            case "uncapped": return "sizing, no CPU cap";
            case "capped-25": return "sizing, capped at 25 % of a core";
            default: return sizing;
        }
    }

    private String latency() {
        List<Result> list = results.getOrDefault("jdk17", Map.of()).get("SizingLatencyBenchmark.query");
        if (list == null) {
            return "_Not run yet._";
        }
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Indexed point query (`nav[id] = ?`, one entry) on one member holding %,d "
                + "trades, while another thread of the member's JVM sizes the map over and over; µs per query.%n%n",
                Long.parseLong(list.get(0).param("entries"))));
        sb.append("| while | p50 | p90 | p99 | p99.9 | mean ± 99.9 % error | queries timed | sizings completed per iteration |\n");
        sb.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (String s : SIZINGS) {
            Result r = find("jdk17", "SizingLatencyBenchmark.query", "sizing", s);
            if (r == null) {
                sb.append("| ").append(sizingLabel(s)).append(" | — | — | — | — | — | — | — |\n");
                continue;
            }
            sb.append(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %.1f | %.1f | %.1f ± %.1f | %,d | %s |%n", sizingLabel(s),
                    r.percentile("50.0"), r.percentile("90.0"), r.percentile("99.0"), r.percentile("99.9"), r.score(),
                    r.error(), r.samples(), s.equals("none") ? "—" : String.format(Locale.ROOT, "%.1f", r.aux("sizings"))));
        }
        return sb.toString();
    }

    private String scale() {
        List<Result> list = results.getOrDefault("jdk17", Map.of()).get("SizerScaleBenchmark.size");
        if (list == null) {
            return "_Not run yet: `benchmarks/run.sh --only SizerScale`._";
        }
        Result r = list.get(0);
        double entries = Double.parseDouble(r.param("entries"));
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "One member, %,d navpack trades, SORTED `nav[id]` and HASH `nav[currency1]`; "
                + "bounded mode, 64 MiB for the sizer's bookkeeping, no CPU cap.%n%n", (long) entries));
        sb.append("| figure | value |\n|---|---:|\n");
        sb.append(String.format(Locale.ROOT, "| one sizing of the map (data and both indexes), ms | %s |%n", time(r)));
        sb.append(String.format(Locale.ROOT, "| objects visited per sizing | %,d |%n", (long) r.aux("objects")));
        sb.append(String.format(Locale.ROOT, "| objects per second | %.1f million |%n", r.aux("objects") / (r.score() / 1000) / 1e6));
        sb.append(String.format(Locale.ROOT, "| heap the sizing held for itself, measured (heap after a full GC, %d samples during the sizing) | %s |%n",
                (long) r.aux("overheadSamples"), mib(r.aux("overheadMeasuredBytes"))));
        sb.append(String.format(Locale.ROOT, "| heap the sizing held for itself, by its own account | %s |%n",
                mib(r.aux("overheadReportedBytes"))));
        sb.append(String.format(Locale.ROOT, "| both indexes: sizer / heap freed on drop | %s / %s (%+.2f %%) |%n",
                mib(r.aux("indexesSizerBytes")), mib(r.aux("indexesFreedBytes")),
                100 * (r.aux("indexesSizerBytes") - r.aux("indexesFreedBytes")) / r.aux("indexesFreedBytes")));
        sb.append(String.format(Locale.ROOT, "| values cache: sizer / heap freed on clear | %s / %s (%+.2f %%) |%n",
                mib(r.aux("cacheSizerBytes")), mib(r.aux("cacheFreedBytes")),
                100 * (r.aux("cacheSizerBytes") - r.aux("cacheFreedBytes")) / r.aux("cacheFreedBytes")));
        sb.append(String.format(Locale.ROOT, "| map data (records, keys, values, cache) | %s |%n", mib(r.aux("dataBytes"))));
        sb.append(String.format(Locale.ROOT, "| what-if HASH `nav[currency1]` before it existed (20 000 sampled entries), 95 %% interval | %s [%s, %s] in %,d ms |%n",
                mib(r.aux("predictedIndexBytes")), mib(r.aux("predictedLowBytes")), mib(r.aux("predictedHighBytes")),
                (long) r.aux("predictMillis")));
        sb.append(String.format(Locale.ROOT, "| the HASH index once created, sized | %s (prediction %+.2f %%) |%n",
                mib(r.aux("createdIndexBytes")),
                100 * (r.aux("predictedIndexBytes") - r.aux("createdIndexBytes")) / r.aux("createdIndexBytes")));
        sb.append(String.format(Locale.ROOT, "| loading the map | %,.0f s |%n", r.aux("loadMillis") / 1000));
        return sb.toString();
    }

    private static String mib(double bytes) {
        return String.format(Locale.ROOT, "%,.1f MiB", bytes / (1 << 20));
    }

    private String raw() throws IOException {
        StringBuilder sb = new StringBuilder();
        Path raw = dir.resolve("raw");
        if (Files.isDirectory(raw)) {
            try (Stream<Path> s = Files.list(raw)) {
                // the JMH console logs stay beside the JSON but are not committed (git ignores *.log)
                for (Path p : s.filter(f -> !f.toString().endsWith(".log")).sorted().toList()) {
                    String n = String.valueOf(p.getFileName());
                    sb.append("- [").append(n).append("](").append(pageToDir).append("/raw/").append(n).append(")\n");
                }
            }
        }
        sb.append("- [sizes.json](").append(pageToDir).append("/sizes.json)\n");
        return sb.toString();
    }

    // ------------------------------------------------------------------ helpers

    private static String shapeText(String shape) {
        switch (shape) {
            case "trade": return "the 10 seed trades, 9 fields";
            case "wide": return "16 records of 50 fields";
            default: return "8 swaps, 2 legs × 20 periods";
        }
    }

    private static List<String> labels(List<String> formats) {
        List<String> l = new ArrayList<>();
        for (String f : formats) {
            l.add(Codecs.label(f));
        }
        return l;
    }

    static String time(Result r) {
        if (r == null) {
            return "—";
        }
        return Double.isNaN(r.error()) ? fmt(r.score()) : fmt(r.score()) + " ± " + fmt(r.error());
    }

    static String alloc(Result r) {
        if (r == null || Double.isNaN(r.alloc())) {
            return "—";
        }
        return String.format(Locale.ROOT, "%.0f", r.alloc() < 0.5 ? 0 : r.alloc());
    }

    static String fmt(double v) {
        if (v >= 100) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (v >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return String.format(Locale.ROOT, "%.2f", v);
    }

    void chart(String name, String svg) throws IOException {
        Files.writeString(dir.resolve(name), svg, StandardCharsets.UTF_8);
    }
}
