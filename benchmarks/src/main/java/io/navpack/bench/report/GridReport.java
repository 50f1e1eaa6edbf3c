package io.navpack.bench.report;

import io.navpack.bench.grid.GridRecords;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The extractor-grid part of the benchmark page: break-evens, adaptive against the better fixed strategy, details, charts. */
final class GridReport {
    /** Adaptive may take this much longer than the better of partial-only and full-only. */
    static final double TARGET = 1.10;
    private static final String BENCH_NAVPACK = "ExtractorGridBenchmark.navpack";
    private static final String BENCH_POF = "ExtractorGridBenchmark.pof";
    private static final Pattern BREAK_EVEN = Pattern.compile(
            "# navpack break-even: Grid(\\d+) v\\d+: break-even (\\d+) (?:\\(settled\\) )?\\(full ([0-9.]+) ns, single ([0-9.]+) ns, "
                    + "([0-9.]+) to ([0-9.]+) by position, (\\d+) rounds in ([0-9.]+) ms\\); measurements: (\\d+)");

    private final Report report;

    GridReport(Report report) {
        this.report = report;
    }

    /** One point of the grid. */
    private record Point(int n, int k, String pattern, Report.Result partial, Report.Result full, Report.Result adaptive,
                         Report.Result pof) {
        double best() {
            return Math.min(partial.score(), full.score());
        }

        double ratio() {
            return adaptive.score() / best();
        }

        boolean complete() {
            return partial != null && full != null && adaptive != null;
        }
    }

    /** A calibration line of the adaptive run's log. */
    private record Calibration(int breakEven, double fullNs, double singleNs, double lowestNs, double highestNs, int rounds,
                               double tookMs, int measurements) {
    }

    String grid() throws IOException {
        if (!report.results.getOrDefault("jdk17", Map.of()).containsKey(BENCH_NAVPACK)) {
            return "_Not run yet._";
        }
        List<Integer> ns = new ArrayList<>(new TreeSet<>(values("n")));
        Map<Integer, List<Point>> byN = new LinkedHashMap<>();
        for (int n : ns) {
            List<Point> points = new ArrayList<>();
            for (String pattern : GridRecords.PATTERNS) {
                for (int k : GridRecords.ks(n)) {
                    Point p = point(n, k, pattern);
                    if (p.complete()) {
                        points.add(p);
                    }
                }
            }
            byN.put(n, points);
        }
        Map<Integer, Calibration> calibrations = calibrations();
        StringBuilder sb = new StringBuilder();
        summary(sb, byN);
        breakEvens(sb, byN, calibrations);
        heatmap(sb, byN);
        for (int n : ns) {
            chart(n, byN.get(n));
            sb.append("\n![n = ").append(n).append("](").append(report.pageToDir).append("/grid-n").append(n)
                    .append(".svg)\n");
        }
        for (int n : ns) {
            details(sb, n, byN.get(n));
        }
        return sb.toString();
    }

    private List<Integer> values(String param) {
        List<Integer> out = new ArrayList<>();
        for (Report.Result r : report.results.get("jdk17").get(BENCH_NAVPACK)) {
            out.add(Integer.parseInt(r.param(param)));
        }
        return out;
    }

    private Point point(int n, int k, String pattern) {
        String sn = Integer.toString(n);
        String sk = Integer.toString(k);
        return new Point(n, k, pattern,
                report.find("jdk17", BENCH_NAVPACK, "n", sn, "k", sk, "pattern", pattern, "mode", "partial"),
                report.find("jdk17", BENCH_NAVPACK, "n", sn, "k", sk, "pattern", pattern, "mode", "full"),
                report.find("jdk17", BENCH_NAVPACK, "n", sn, "k", sk, "pattern", pattern, "mode", "adaptive"),
                report.find("jdk17", BENCH_POF, "n", sn, "k", sk, "pattern", pattern));
    }

    private void summary(StringBuilder sb, Map<Integer, List<Point>> byN) {
        int total = 0;
        List<Point> misses = new ArrayList<>();
        Point worst = null;
        for (List<Point> points : byN.values()) {
            for (Point p : points) {
                total++;
                if (p.ratio() > TARGET) {
                    misses.add(p);
                }
                if (worst == null || p.ratio() > worst.ratio()) {
                    worst = p;
                }
            }
        }
        sb.append(String.format(Locale.ROOT, "**Target** (adaptive within 10 %% of the better of partial-only and full-only "
                + "at every point): %s. %d of %d points are above %.2f", misses.isEmpty() ? "met" : "**missed**",
                misses.size(), total, TARGET));
        if (worst != null) {
            sb.append(String.format(Locale.ROOT, "; the largest ratio is %.2f (n = %d, k = %d, %s: adaptive %s ns, "
                    + "partial %s ns, full %s ns)", worst.ratio(), worst.n(), worst.k(), worst.pattern(),
                    Report.fmt(worst.adaptive().score()), Report.fmt(worst.partial().score()),
                    Report.fmt(worst.full().score())));
        }
        sb.append(".\n\n");
        if (!misses.isEmpty()) {
            sb.append("Points above ").append(String.format(Locale.ROOT, "%.2f", TARGET)).append(": ");
            List<String> list = new ArrayList<>();
            for (Point p : misses) {
                list.add(String.format(Locale.ROOT, "n = %d k = %d %s (%.2f)", p.n(), p.k(), p.pattern(), p.ratio()));
            }
            sb.append(String.join("; ", list)).append(".\n\n");
        }
    }

    private void breakEvens(StringBuilder sb, Map<Integer, List<Point>> byN, Map<Integer, Calibration> calibrations) {
        sb.append("**Break-even measured by navpack** in the run's JVM (the full decode over the mean single read, in "
                + "fields; n + 1 = never: the extractor itself adds up each distinct field's own measured read against "
                + "the full decode), the calibration behind it, and where full-only actually overtook partial-only in "
                + "this run:\n\n");
        sb.append("| n | break-even | calibration: full decode / single read (mean; lowest to highest position) "
                + "| measurement: rounds, time; measurements so far "
                + "| full-only faster from k = (first / last / random) |\n");
        sb.append("|---:|---:|---|---|---|\n");
        for (Map.Entry<Integer, List<Point>> e : byN.entrySet()) {
            int n = e.getKey();
            double be = Double.NaN;
            for (Point p : e.getValue()) {
                be = p.adaptive().aux("breakEven");
                break;
            }
            Calibration c = calibrations.get(n);
            List<String> crossings = new ArrayList<>();
            for (String pattern : GridRecords.PATTERNS) {
                String from = "never";
                for (Point p : e.getValue()) {
                    if (p.pattern().equals(pattern) && p.full().score() < p.partial().score()) {
                        from = Integer.toString(p.k());
                        break;
                    }
                }
                crossings.add(from);
            }
            sb.append(String.format(Locale.ROOT, "| %d | %s | %s | %s | %s |%n", n,
                    Double.isNaN(be) ? "—" : String.format(Locale.ROOT, "%.0f", be),
                    c == null ? "—" : String.format(Locale.ROOT, "%s / %s ns (%s to %s)", Report.fmt(c.fullNs()),
                            Report.fmt(c.singleNs()), Report.fmt(c.lowestNs()), Report.fmt(c.highestNs())),
                    c == null ? "—" : String.format(Locale.ROOT, "%d rounds, %s ms; %d", c.rounds(), Report.fmt(c.tookMs()),
                            c.measurements()),
                    String.join(" / ", crossings)));
        }
        sb.append('\n');
    }

    private void heatmap(StringBuilder sb, Map<Integer, List<Point>> byN) {
        sb.append("**adaptive / min(partial, full)** per point (p: adaptive read field by field, f: it decoded the "
                + "whole value; ⚠ above ").append(String.format(Locale.ROOT, "%.2f", TARGET)).append("):\n\n");
        sb.append("| n | k | first | last | random |\n|---:|---:|---|---|---|\n");
        for (Map.Entry<Integer, List<Point>> e : byN.entrySet()) {
            int n = e.getKey();
            for (int k : GridRecords.ks(n)) {
                sb.append("| ").append(n).append(" | ").append(k);
                for (String pattern : GridRecords.PATTERNS) {
                    Point p = find(e.getValue(), k, pattern);
                    sb.append(" | ");
                    if (p == null) {
                        sb.append('—');
                        continue;
                    }
                    String cell = String.format(Locale.ROOT, "%.2f %s", p.ratio(), p.adaptive().aux("fullShare") >= 0.5 ? "f" : "p");
                    sb.append(p.ratio() > TARGET ? "**" + cell + "** ⚠" : cell);
                }
                sb.append(" |\n");
            }
        }
        sb.append('\n');
    }

    private static Point find(List<Point> points, int k, String pattern) {
        for (Point p : points) {
            if (p.k() == k && p.pattern().equals(pattern)) {
                return p;
            }
        }
        return null;
    }

    private void chart(int n, List<Point> points) throws IOException {
        List<Integer> ks = GridRecords.ks(n);
        double[] xs = new double[ks.size()];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = ks.get(i);
        }
        String[] names = {"partial-only", "full-only", "adaptive", "POF (PofExtractor)"};
        List<Svg.Line> lines = new ArrayList<>();
        for (int s = 0; s < names.length; s++) {
            double[] v = new double[xs.length];
            double[] err = new double[xs.length];
            for (int i = 0; i < xs.length; i++) {
                Point p = find(points, ks.get(i), "random");
                Report.Result r = p == null ? null : s == 0 ? p.partial() : s == 1 ? p.full() : s == 2 ? p.adaptive() : p.pof();
                v[i] = r == null ? Double.NaN : r.score();
                err[i] = r == null ? Double.NaN : r.error();
            }
            lines.add(new Svg.Line(names[s], v, err));
        }
        double be = points.isEmpty() ? Double.NaN : points.get(0).adaptive().aux("breakEven");
        report.chart("grid-n" + n + ".svg", Svg.logLines("k fields at random positions of " + n + "-field records",
                "fields read per value (k)", "ns per value (log scale)", xs, lines, be,
                "navpack break-even " + String.format(Locale.ROOT, "%.0f", be)));
    }

    private void details(StringBuilder sb, int n, List<Point> points) {
        sb.append("\n<details><summary>n = ").append(n).append(": every point (ns per value ± 99.9 % error)</summary>\n\n");
        sb.append("| k | fields | partial-only | full-only | adaptive | POF | adaptive / min | adaptive decoded in full |\n");
        sb.append("|---:|---|---:|---:|---:|---:|---:|---:|\n");
        for (String pattern : GridRecords.PATTERNS) {
            for (Point p : points) {
                if (!p.pattern().equals(pattern)) {
                    continue;
                }
                String ratio = String.format(Locale.ROOT, "%.2f", p.ratio());
                sb.append(String.format(Locale.ROOT, "| %d | %s | %s | %s | %s | %s | %s | %.0f %% |%n", p.k(), p.pattern(),
                        Report.time(p.partial()), Report.time(p.full()), Report.time(p.adaptive()), Report.time(p.pof()),
                        p.ratio() > TARGET ? "**" + ratio + "** ⚠" : ratio, 100 * p.adaptive().aux("fullShare")));
            }
        }
        sb.append("\n</details>\n");
    }

    /** The break-evens printed at the end of the warm-up, from the file GridRunner writes beside the results. */
    private Map<Integer, Calibration> calibrations() throws IOException {
        Map<Integer, Calibration> out = new LinkedHashMap<>();
        Path log = report.dir.resolve("raw").resolve("jdk17-ExtractorGridBenchmark-warmup.txt");
        if (!Files.exists(log)) {
            return out;
        }
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            Matcher m = BREAK_EVEN.matcher(line);
            if (m.find()) {
                out.put(Integer.parseInt(m.group(1)), new Calibration(Integer.parseInt(m.group(2)),
                        Double.parseDouble(m.group(3)), Double.parseDouble(m.group(4)), Double.parseDouble(m.group(5)),
                        Double.parseDouble(m.group(6)), Integer.parseInt(m.group(7)), Double.parseDouble(m.group(8)),
                        Integer.parseInt(m.group(9))));
            }
        }
        return out;
    }
}
