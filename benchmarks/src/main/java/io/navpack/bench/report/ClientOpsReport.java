package io.navpack.bench.report;

import io.navpack.bench.report.Report.Result;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The tables of {@code ClientOpsBenchmark} on the benchmark page: throughput with the ratios to Compact, the latency
 * percentiles of the sample runs, the client's allocation per operation and the bytes on the wire, for each JDK, and
 * the goals of the page checked against them.
 */
final class ClientOpsReport {
    static final String BENCH = "ClientOpsBenchmark";
    static final List<String> OPS = List.of("get", "put", "getAll", "putAll", "executeOnKey", "set");
    static final List<String> FORMATS = List.of("navpack", "navpack-view", "compact", "ids");
    /** Operations that move {@code batch} values. */
    private static final List<String> BATCH_OPS = List.of("getAll", "putAll");
    /** Operations whose goal is 1.2 × Compact's throughput; the others must not be slower than Compact. */
    private static final List<String> FASTER_OPS = List.of("getAll", "putAll", "executeOnKey");

    private final Report report;

    ClientOpsReport(Report report) {
        this.report = report;
    }

    private static String label(String format) {
        return switch (format) {
            case "navpack" -> "navpack";
            case "navpack-view" -> "navpack, views";
            case "compact" -> "Compact";
            case "ids" -> "IDS";
            default -> format;
        };
    }

    private Result thrpt(String jdk, String op, String format) {
        return report.findInMode(jdk, BENCH + "." + op, "thrpt", "format", format);
    }

    private Result sample(String jdk, String op, String format) {
        return report.findInMode(jdk, BENCH + "." + op, "sample", "format", format);
    }

    /** {@code a / b} with the error of both (relative errors added in quadrature). */
    static double[] ratio(double a, double ea, double b, double eb) {
        double r = a / b;
        double rel = Math.sqrt(Math.pow(ea / a, 2) + Math.pow(eb / b, 2));
        return new double[] {r, Double.isNaN(rel) ? Double.NaN : r * rel};
    }

    private static String ratioText(double[] r) {
        if (Double.isNaN(r[0])) {
            return "—";
        }
        return Double.isNaN(r[1]) ? String.format(Locale.ROOT, "%.2f", r[0])
                : String.format(Locale.ROOT, "%.2f ± %.2f", r[0], r[1]);
    }

    private static String perSecond(Result r) {
        if (r == null) {
            return "—";
        }
        // JMH's unit is ops/ms
        return Double.isNaN(r.error()) ? Report.fmt(r.score() * 1000)
                : Report.fmt(r.score() * 1000) + " ± " + Report.fmt(r.error() * 1000);
    }

    private double[] thrptRatio(String jdk, String op, String format) {
        Result a = thrpt(jdk, op, format);
        Result b = thrpt(jdk, op, "compact");
        if (a == null || b == null) {
            return new double[] {Double.NaN, Double.NaN};
        }
        return ratio(a.score(), a.error(), b.score(), b.error());
    }

    /** Bytes sent + received per operation (JMH sums the counters over the iterations: their quotient). */
    /** Compact's mean time per call in sample mode ÷ {@code format}'s: above 1 when {@code format} is faster. */
    private double[] sampleSpeed(String jdk, String op, String format) {
        Result a = sample(jdk, op, format);
        Result b = sample(jdk, op, "compact");
        if (a == null || b == null) {
            return new double[] {Double.NaN, Double.NaN};
        }
        return ratio(b.score(), b.error(), a.score(), a.error());
    }

    private static double wire(Result r) {
        return r == null ? Double.NaN : (r.aux("bytesSent") + r.aux("bytesReceived")) / r.aux("ops");
    }

    private static double sentPerOp(Result r) {
        return r.aux("bytesSent") / r.aux("ops");
    }

    private static double receivedPerOp(Result r) {
        return r.aux("bytesReceived") / r.aux("ops");
    }

    /** Bytes of one value's {@code Data}, on average over the benchmark's single values. */
    private static double valueBytes(Result r) {
        return r == null ? Double.NaN : r.aux("valueBytes") / r.aux("values");
    }

    String clientOps() {
        StringBuilder sb = new StringBuilder();
        for (String jdk : List.of("jdk17", "jdk25")) {
            Map<String, List<Result>> all = report.results.getOrDefault(jdk, Map.of());
            List<Result> any = all.get(BENCH + ".get");
            if (any == null || any.isEmpty()) {
                if (jdk.equals("jdk17")) {
                    return "_Not run yet._";
                }
                continue;
            }
            String jdkName = jdk.equals("jdk17") ? "JDK 17" : "JDK 25";
            long entries = Long.parseLong(any.get(0).param("entries"));
            int batch = Integer.parseInt(any.get(0).param("batch"));
            sb.append(String.format(Locale.ROOT, "%n**%s** — %,d trades, 2 member JVMs, a client in the benchmark's JVM,"
                    + " batches of %,d.%n%n", jdkName, entries, batch));

            sb.append("Throughput, operations per second (one calling thread), and the ratio to Compact's:\n\n");
            sb.append("| operation |");
            for (String f : FORMATS) {
                sb.append(' ').append(label(f)).append(" |");
            }
            sb.append(" navpack ÷ Compact | views ÷ Compact | IDS ÷ Compact |\n|---|");
            sb.append("---:|".repeat(FORMATS.size() + 3)).append('\n');
            for (String op : OPS) {
                sb.append("| `").append(op).append("` |");
                for (String f : FORMATS) {
                    sb.append(' ').append(perSecond(thrpt(jdk, op, f))).append(" |");
                }
                for (String f : List.of("navpack", "navpack-view", "ids")) {
                    sb.append(' ').append(ratioText(thrptRatio(jdk, op, f))).append(" |");
                }
                sb.append('\n');
            }

            sb.append("\nLatency of single calls (sample mode), µs: p50 / p99 / p99.9; and the speed from the mean time per"
                    + " call (Compact's mean ÷ the format's, with the error of both means):\n\n| operation |");
            for (String f : FORMATS) {
                sb.append(' ').append(label(f)).append(" |");
            }
            sb.append(" navpack vs Compact | views vs Compact | IDS vs Compact |\n|---|")
                    .append("---:|".repeat(FORMATS.size() + 3)).append('\n');
            for (String op : OPS) {
                sb.append("| `").append(op).append("` |");
                for (String f : FORMATS) {
                    Result r = sample(jdk, op, f);
                    sb.append(' ').append(r == null ? "—" : String.format(Locale.ROOT, "%s / %s / %s",
                            micros(r.percentile("50.0")), micros(r.percentile("99.0")), micros(r.percentile("99.9"))))
                            .append(" |");
                }
                for (String f : List.of("navpack", "navpack-view", "ids")) {
                    sb.append(' ').append(ratioText(sampleSpeed(jdk, op, f))).append(" |");
                }
                sb.append('\n');
            }

            sb.append("\nAllocated in the client's JVM per operation (`-prof gc`, all threads), KB, and the ratio to"
                    + " Compact's:\n\n| operation |");
            for (String f : FORMATS) {
                sb.append(' ').append(label(f)).append(" |");
            }
            sb.append(" navpack ÷ Compact | views ÷ Compact |\n|---|").append("---:|".repeat(FORMATS.size() + 2)).append('\n');
            for (String op : OPS) {
                sb.append("| `").append(op).append("` |");
                for (String f : FORMATS) {
                    Result r = thrpt(jdk, op, f);
                    sb.append(' ').append(r == null || Double.isNaN(r.alloc()) ? "—" : kb(r.alloc(), r.allocError()))
                            .append(" |");
                }
                for (String f : List.of("navpack", "navpack-view")) {
                    Result a = thrpt(jdk, op, f);
                    Result b = thrpt(jdk, op, "compact");
                    sb.append(' ').append(a == null || b == null ? "—"
                            : ratioText(ratio(a.alloc(), a.allocError(), b.alloc(), b.allocError()))).append(" |");
                }
                sb.append('\n');
            }

            sb.append(String.format(Locale.ROOT, "%nBytes on the wire per operation, sent + received by the client"
                    + " (for `getAll` and `putAll` also per value: ÷ %,d), and the ratio to Compact's:%n%n| operation |",
                    batch));
            for (String f : FORMATS) {
                sb.append(' ').append(label(f)).append(" |");
            }
            sb.append(" navpack ÷ Compact | IDS ÷ Compact |\n|---|").append("---:|".repeat(FORMATS.size() + 2)).append('\n');
            for (String op : OPS) {
                sb.append("| `").append(op).append("` |");
                for (String f : FORMATS) {
                    Result r = thrpt(jdk, op, f);
                    sb.append(' ').append(r == null ? "—" : String.format(Locale.ROOT, "%,.0f + %,.0f", sentPerOp(r),
                            receivedPerOp(r))
                            + (BATCH_OPS.contains(op) ? String.format(Locale.ROOT, " (%,.0f)", wire(r) / batch) : ""))
                            .append(" |");
                }
                for (String f : List.of("navpack", "ids")) {
                    double c = wire(thrpt(jdk, op, "compact"));
                    sb.append(' ').append(String.format(Locale.ROOT, "%.2f", wire(thrpt(jdk, op, f)) / c)).append(" |");
                }
                sb.append('\n');
            }

            sb.append("\nOne value's `Data` (the serialized form a message carries: 8 bytes of Hazelcast's header, then the"
                    + " format's bytes), bytes on average over the benchmark's values:");
            for (String f : FORMATS) {
                Result r = thrpt(jdk, "get", f);
                sb.append(String.format(Locale.ROOT, " %s %.1f;", label(f), valueBytes(r)));
            }
            sb.setLength(sb.length() - 1);
            sb.append(String.format(Locale.ROOT, " navpack ÷ Compact %.2f.%n",
                    valueBytes(thrpt(jdk, "get", "navpack")) / valueBytes(thrpt(jdk, "get", "compact"))));

            sb.append("\nThe goals, navpack (record and views) against Compact in the same run, the speed from the"
                    + " throughput runs, then from the sample runs' mean time per call: no operation slower beyond the error; `getAll`, `putAll` and `executeOnKey` at 1.2 × Compact's throughput or more; the client's"
                    + " allocation at most 0.5 × Compact's; the bytes on the wire per value at most 0.5 × Compact's.\n\n");
            sb.append("| operation | throughput goal | navpack | views | allocation ≤ 0.5 | navpack | views "
                    + "| bytes per value ≤ 0.5 | messages | value `Data` |\n|---|---|---:|---:|---|---:|---:|---|---:|---:|\n");
            for (String op : OPS) {
                boolean faster = FASTER_OPS.contains(op);
                sb.append("| `").append(op).append("` | ").append(faster ? "≥ 1.2" : "≥ 1 − error").append(" |");
                for (String f : List.of("navpack", "navpack-view")) {
                    double[] r = thrptRatio(jdk, op, f);
                    double[] m = sampleSpeed(jdk, op, f);
                    sb.append(' ').append(ratioText(r)).append(met(r, faster) ? " ✓" : " ✗").append("; ")
                            .append(ratioText(m)).append(met(m, faster) ? " ✓" : " ✗").append(" |");
                }
                sb.append(" |");
                for (String f : List.of("navpack", "navpack-view")) {
                    Result a = thrpt(jdk, op, f);
                    Result b = thrpt(jdk, op, "compact");
                    double r = a == null || b == null ? Double.NaN : a.alloc() / b.alloc();
                    sb.append(String.format(Locale.ROOT, " %.2f%s |", r, r <= 0.5 ? " ✓" : " ✗"));
                }
                double w = wire(thrpt(jdk, op, "navpack")) / wire(thrpt(jdk, op, "compact"));
                double d = valueBytes(thrpt(jdk, op, "navpack")) / valueBytes(thrpt(jdk, op, "compact"));
                sb.append(String.format(Locale.ROOT, " | %.2f%s | %.2f%s |%n", w, w <= 0.5 ? " ✓" : " ✗", d,
                        d <= 0.5 ? " ✓" : " ✗"));
            }
        }
        return sb.toString();
    }

    /** Whether a speed ratio meets its goal: 1.2 or more, or for the others not below 1 beyond its error. */
    private static boolean met(double[] r, boolean faster) {
        return faster ? r[0] >= 1.2 : r[0] + (Double.isNaN(r[1]) ? 0 : r[1]) >= 1;
    }

    private static String micros(double ms) {
        return Double.isNaN(ms) ? "—" : Report.fmt(ms * 1000);
    }

    private static String kb(double bytes, double error) {
        return Double.isNaN(error) ? String.format(Locale.ROOT, "%.1f", bytes / 1024)
                : String.format(Locale.ROOT, "%.1f ± %.1f", bytes / 1024, error / 1024);
    }
}
