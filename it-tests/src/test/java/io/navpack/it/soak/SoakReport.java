package io.navpack.it.soak;

import io.navpack.it.soak.SoakResult.CheckRound;
import io.navpack.it.soak.SoakResult.CheckTotals;
import io.navpack.it.soak.SoakResult.Event;
import io.navpack.it.soak.SoakResult.FaultRecord;
import io.navpack.it.soak.SoakResult.LogScan;
import io.navpack.it.soak.SoakResult.MeterSample;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * The soak's findings: the figures the goals are judged by ({@link #figures()}), a Markdown summary with the
 * navpack / Compact table ({@code summary.md}) and a latency-over-time chart with the faults marked
 * ({@code latency.svg}), both written to the run's directory.
 */
final class SoakReport {
    /** p99 must come back within this factor of its baseline. */
    static final double RECOVERY_FACTOR = 2.0;
    static final long RECOVERY_GOAL_SECONDS = 30;
    static final double HEAP_DRIFT_GOAL = 0.10;

    private final SoakResult r;
    private final Map<SoakFormat, Long> baselineP99 = new EnumMap<>(SoakFormat.class);
    private final Map<SoakFormat, List<Latencies.Recovery>> recoveries = new EnumMap<>(SoakFormat.class);

    SoakReport(SoakResult result) {
        this.r = result;
        Latencies l = r.latencies();
        for (SoakFormat f : SoakFormat.values()) {
            Histogram base = l.merged(f, r.baselineFromMs() / 1000, r.baselineToMs() / 1000);
            baselineP99.put(f, base.getTotalCount() == 0 ? -1 : base.getValueAtPercentile(99));
            List<Latencies.Recovery> rec = new ArrayList<>();
            for (int i = 0; i < r.faults().size(); i++) {
                FaultRecord fault = r.faults().get(i);
                long next = i + 1 < r.faults().size() ? r.faults().get(i + 1).startMs() : r.loadEndMs();
                for (CheckRound c : r.checks()) {
                    if (c.epochMs() > fault.healedMs()) {
                        next = Math.min(next, c.epochMs());
                        break;
                    }
                }
                long until = next / 1000 - 1;
                rec.add(l.recovery(f, fault.startMs() / 1000, fault.healedMs() / 1000, until,
                        (long) (RECOVERY_FACTOR * baselineP99.get(f))));
            }
            recoveries.put(f, rec);
        }
    }

    long baselineP99(SoakFormat f) {
        return baselineP99.get(f);
    }

    List<Latencies.Recovery> recoveries(SoakFormat f) {
        return recoveries.get(f);
    }

    /** Old generation after GC at the end over the start of the steady state, minus 1. */
    double heapDrift() {
        return (double) r.heapEnd().oldGen() / r.heapStart().oldGen() - 1;
    }

    /** Hazelcast's heap cost of a map (owned and backup entries, all members) at the end over the start, minus 1. */
    double mapDrift(SoakFormat f) {
        return (double) r.heapEnd().sum("map." + f.map() + ".heapCost") / r.heapStart().sum("map." + f.map() + ".heapCost") - 1;
    }

    long clientCount(SoakFormat f, int column) {
        long n = 0;
        for (Op op : Op.values()) {
            n += r.latencies().opCounts(f, op)[column];
        }
        return n;
    }

    long operations(SoakFormat f) {
        long n = 0;
        for (Op op : Op.values()) {
            n += r.latencies().op(f, op).getTotalCount();
        }
        return n;
    }

    long memberUnreadable(SoakFormat f) {
        long max = 0;
        Map<String, Long> lastPerMember = new TreeMap<>();
        for (MeterSample m : r.meters()) {
            String v = m.values().get("unreadable." + f.map());
            if (v != null) {
                lastPerMember.merge(m.member(), Long.parseLong(v), Math::max);
            }
        }
        for (Map<String, String> m : r.heapEnd().byMember().values()) {
            max = Math.max(max, Long.parseLong(m.getOrDefault("unreadable." + f.map(), "0")));
        }
        return Math.max(max, lastPerMember.values().stream().mapToLong(Long::longValue).sum());
    }

    /** Wrong answers during the load (queries, SQL, query cache as the workers met them), per format. */
    long liveWrong(SoakFormat f) {
        return clientCount(f, 7);
    }

    long checkWrong(SoakFormat f) {
        return r.checks().stream().map(c -> c.totals().get(f)).filter(t -> !t.right()).count();
    }

    // ------------------------------------------------------------------ Markdown

    void write() {
        try {
            Files.writeString(r.out().resolve("summary.md"), markdown(), StandardCharsets.UTF_8);
            Files.writeString(r.out().resolve("latency.svg"), svg(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String markdown() {
        StringBuilder md = new StringBuilder();
        SoakPlan p = r.plan();
        long loadSeconds = (r.loadEndMs() - r.loadStartMs()) / 1000;
        md.append("# Soak run \"").append(p.name()).append("\": navpack and Compact side by side\n\n");
        md.append(String.format(Locale.ROOT, "Run at %s. %d s of load (%d s in all, with the check at the end); three members "
                        + "(%d MB heap, backup-count 1, indexes on owner, currency1, amount1), two client JVMs, each with %d threads per format;"
                        + " %,d keys per format; mix get/put/putAll/entry processor/query/SQL %d/%d/%d/%d/%d/%d %%. Both formats run at the same"
                        + " time on the same cluster, through the same faults.%n%n",
                Instant.ofEpochMilli(r.startedMs()), loadSeconds, (r.endedMs() - r.startedMs()) / 1000, p.memberHeapMegabytes(),
                p.threadsPerFormat(), p.keys(), Op.GET.percent(), Op.PUT.percent(), Op.PUT_ALL.percent(), Op.PROCESS.percent(),
                Op.QUERY.percent(), Op.SQL.percent()));
        md.append(goals());
        md.append("## Faults\n\n| | fault | began (s into the load) | healed after (s) | notes |\n|---|---|---:|---:|---|\n");
        for (FaultRecord f : r.faults()) {
            md.append("| ").append(f.name()).append(" | ").append(f.fault().describe()).append(" | ")
                    .append((f.startMs() - r.loadStartMs()) / 1000).append(" | ").append((f.healedMs() - f.startMs()) / 1000).append(" | ")
                    .append(String.join("<br>", notes(f)).replace("|", "\\|")).append(" |\n");
        }
        md.append("\n## navpack against Compact\n\n").append(table()).append('\n');
        md.append("## p99 after each fault\n\nBaseline p99 (all operations, ").append((r.baselineToMs() - r.baselineFromMs()) / 1000)
                .append(" s before the first fault): navpack ").append(ms(baselineP99(SoakFormat.NAVPACK))).append(", Compact ")
                .append(ms(baselineP99(SoakFormat.COMPACT))).append(". Recovered: the p99 of 3-second windows stays within ")
                .append(RECOVERY_FACTOR).append(" × baseline for 5 s; counted from the heal (the cluster settled again), looked for until the"
                        + " check round that follows it.\n\n");
        md.append("| fault | navpack: recovered after | peak p99 | s above 2 × | Compact: recovered after | peak p99 | s above 2 × |\n")
                .append("|---|---:|---:|---:|---:|---:|---:|\n");
        for (int i = 0; i < r.faults().size(); i++) {
            md.append("| ").append(r.faults().get(i).name()).append(' ').append(r.faults().get(i).fault().kind().name().toLowerCase(Locale.ROOT));
            for (SoakFormat f : SoakFormat.values()) {
                Latencies.Recovery rec = recoveries(f).get(i);
                md.append(" | ").append(rec.recovered() ? rec.seconds() + " s" : "not in window").append(" | ").append(ms(rec.peakMicros()))
                        .append(" | ").append(rec.secondsAbove());
            }
            md.append(" |\n");
        }
        md.append("\n## Members' heap\n\nOld generation after `System.gc()` (Serial GC) with the load paused, at the start of the steady"
                + " state and at the end; every member was replaced at least once in between. Map heap cost: Hazelcast's"
                + " `LocalMapStats.getHeapCost()` (owned and backup entries).\n\n");
        md.append("| | start | end | drift |\n|---|---:|---:|---:|\n");
        md.append("| old generation, all members | ").append(kib(r.heapStart().oldGen())).append(" | ").append(kib(r.heapEnd().oldGen()))
                .append(" | ").append(pct(heapDrift())).append(" |\n");
        for (SoakFormat f : SoakFormat.values()) {
            String key = "map." + f.map() + ".heapCost";
            md.append("| heap cost of ").append(f.map()).append(" | ").append(kib(r.heapStart().sum(key))).append(" | ")
                    .append(kib(r.heapEnd().sum(key))).append(" | ").append(pct(mapDrift(f))).append(" |\n");
        }
        for (String member : r.heapEnd().byMember().keySet()) {
            Map<String, String> s = r.heapStart().byMember().getOrDefault(member, Map.of());
            Map<String, String> e = r.heapEnd().byMember().get(member);
            md.append("| ").append(member).append(" old generation | ").append(kib(Long.parseLong(s.getOrDefault("heap.old.after.gc", "0"))))
                    .append(" | ").append(kib(Long.parseLong(e.getOrDefault("heap.old.after.gc", "0")))).append(" | |\n");
        }
        md.append("\n## Checks after each heal\n\nEvery owner reads all its keys, runs each query shape and two SQL queries, and the owners"
                + " with a query cache wait until it agrees (transient failures retried), while the other owners keep loading.\n\n");
        md.append("| after | navpack | Compact |\n|---|---|---|\n");
        for (CheckRound c : r.checks()) {
            md.append("| ").append(c.after());
            for (SoakFormat f : SoakFormat.values()) {
                CheckTotals t = c.totals().get(f);
                md.append(" | ").append(t.right() ? "right" : "**wrong**").append(": ").append(t.keys()).append(" keys, lost ").append(t.lost())
                        .append(", in doubt ").append(t.inDoubt()).append(", queries wrong ").append(t.queriesWrong()).append('/')
                        .append(t.queries()).append(", SQL wrong ").append(t.sqlWrong()).append('/').append(t.sql())
                        .append(", query cache agreed after ").append(t.queryCacheMillis()).append(" ms")
                        .append(t.queryCacheHow().equals("direct") ? "" : " (" + t.queryCacheHow() + ")")
                        .append(t.queryCacheWrong() > 0 ? ", **" + t.queryCacheWrong() + " keys wrong**" : "");
            }
            md.append(" |\n");
        }
        md.append("\n## navpack's meters during the run\n\n").append(meters()).append('\n');
        md.append("## Per operation, whole run\n\n| operation | format | count | failed | p50 | p99 | p99.9 | max |\n|---|---|---:|---:|---:|---:|---:|---:|\n");
        for (Op op : Op.values()) {
            for (SoakFormat f : SoakFormat.values()) {
                Histogram h = r.latencies().op(f, op);
                md.append("| ").append(op.label()).append(" | ").append(f.label()).append(" | ").append(h.getTotalCount()).append(" | ")
                        .append(r.latencies().opCounts(f, op)[1]).append(" | ").append(ms(h.getValueAtPercentile(50))).append(" | ")
                        .append(ms(h.getValueAtPercentile(99))).append(" | ").append(ms(h.getValueAtPercentile(99.9))).append(" | ")
                        .append(ms(h.getMaxValue())).append(" |\n");
            }
        }
        md.append("\n## Member logs\n\n| member | unknown schema | unreadable | SEVERE | disagreements | lines about merging |\n|---|---:|---:|---:|---:|---:|\n");
        r.memberLogs().forEach((m, s) -> md.append("| ").append(m).append(" | ").append(s.unknownSchema()).append(" | ").append(s.unreadable())
                .append(" | ").append(s.severe()).append(" | ").append(s.disagreements()).append(" | ").append(s.merges()).append(" |\n"));
        for (Map.Entry<String, LogScan> e : r.memberLogs().entrySet()) {
            for (String line : e.getValue().samples()) {
                md.append("\n    ").append(e.getKey()).append(": ").append(line);
            }
        }
        md.append("\n\n## Final check samples\n");
        r.finals().forEach((f, c) -> c.samples().forEach(s -> md.append("\n    ").append(s)));
        md.append("\n\n## Timeline\n\n");
        for (Event e : r.events()) {
            md.append(String.format(Locale.ROOT, "    %+8.1f s  %s%n", (e.epochMs() - r.loadStartMs()) / 1000.0, e.text()));
        }
        md.append("\nClients: ").append(r.clientEnds()).append('\n');
        return md.toString();
    }

    /** The goals, each with what navpack and Compact reached. */
    String goals() {
        StringBuilder md = new StringBuilder("## Goals\n\n| goal | navpack | Compact |\n|---|---|---|\n");
        for (String[] g : List.of(
                new String[] {"acknowledged writes lost: 0", "lost"},
                new String[] {"unknown-schema or unreadable values: 0", "unreadable"},
                new String[] {"query, SQL and query-cache answers after every heal equal to the oracle", "answers"},
                new String[] {"p99 back within 2 × baseline ≤ " + RECOVERY_GOAL_SECONDS + " s after each fault", "recovery"})) {
            md.append("| ").append(g[0]);
            for (SoakFormat f : SoakFormat.values()) {
                String value = switch (g[1]) {
                    case "lost" -> Long.toString(r.finals().get(f).lost());
                    case "unreadable" -> Long.toString(clientCount(f, 2) + clientCount(f, 3) + (f == SoakFormat.NAVPACK ? memberUnreadable(f) : 0)
                            + r.memberLogs().values().stream().mapToLong(x -> f == SoakFormat.NAVPACK ? x.unknownSchema() + x.unreadable() : 0).sum());
                    case "answers" -> (r.checks().size() - checkWrong(f)) + " of " + r.checks().size() + " checks right";
                    default -> "worst " + recoveries(f).stream().mapToLong(x -> x.recovered() ? x.seconds() : Long.MAX_VALUE).max()
                            .stream().mapToObj(x -> x == Long.MAX_VALUE ? "not recovered" : x + " s").findFirst().orElse("-");
                };
                boolean met = switch (g[1]) {
                    case "lost", "unreadable" -> value.equals("0");
                    case "answers" -> checkWrong(f) == 0;
                    default -> recoveries(f).stream().allMatch(x -> x.recovered() && x.seconds() <= RECOVERY_GOAL_SECONDS);
                };
                md.append(" | ").append(met ? "met: " : "**missed**: ").append(value);
            }
            md.append(" |\n");
        }
        md.append("| members' old generation after GC, end against start: drift ≤ ").append(Math.round(HEAP_DRIFT_GOAL * 100)).append(" % | ")
                .append(Math.abs(heapDrift()) <= HEAP_DRIFT_GOAL ? "met: " : "**missed**: ").append(pct(heapDrift()))
                .append(" (one cluster for both) | |\n\n");
        return md.toString();
    }

    /** A fault's notes, and for a split what was written while the cluster was split. */
    private List<String> notes(FaultRecord f) {
        List<String> notes = new ArrayList<>(f.notes());
        if (f.fault().kind() == SoakPlan.Kind.SPLIT_BRAIN) {
            List<String> written = new ArrayList<>();
            for (SoakFormat format : SoakFormat.values()) {
                long writes = 0;
                for (Op op : List.of(Op.PUT, Op.PUT_ALL, Op.PROCESS)) {
                    writes += r.latencies().counts(format, op, f.startMs() / 1000, f.healedMs() / 1000)[0];
                }
                written.add(format.label() + " " + writes);
            }
            List<String> lost = new ArrayList<>();
            for (CheckRound c : r.checks()) {
                if (c.after().equals(f.name() + " healed")) {
                    for (SoakFormat format : SoakFormat.values()) {
                        lost.add(format.label() + " " + c.totals().get(format).lost());
                    }
                }
            }
            boolean none = lost.stream().allMatch(x -> x.endsWith(" 0"));
            notes.add("write operations acknowledged from the cut to the merge (all on the side the clients reached): "
                    + String.join(", ", written) + "; acknowledged writes missing in the check after the merge: "
                    + String.join(", ", lost) + (none ? " (the merge kept that side's values; the cut-off member's older copies"
                    + " were dropped)" : ""));
        }
        return notes;
    }

    /** The navpack / Compact table. */
    String table() {
        Map<String, Function<SoakFormat, String>> rows = new LinkedHashMap<>();
        long seconds = Math.max(1, (r.loadEndMs() - r.loadStartMs()) / 1000);
        rows.put("operations (mean per second)", f -> String.format(Locale.ROOT, "%,d (%,d/s)", operations(f), operations(f) / seconds));
        rows.put("writes acknowledged", f -> String.format(Locale.ROOT, "%,d", r.finals().get(f).acknowledged()));
        rows.put("**acknowledged writes lost** (end, against the oracle)", f -> Long.toString(r.finals().get(f).lost()));
        rows.put("writes failed, outcome unknown (keys still in doubt at the end)", f -> String.format(Locale.ROOT, "%,d (%d)",
                r.finals().get(f).writesInDoubt(), r.finals().get(f).keysInDoubt()));
        rows.put("faults survived", f -> r.faults().size() + " of " + r.plan().faults().size());
        rows.put("**unknown-schema failures** (clients)", f -> Long.toString(clientCount(f, 2)));
        rows.put("**unreadable values** (clients / members' queries)", f -> clientCount(f, 3) + " / " + memberUnreadable(f));
        rows.put("values with wrong fields", f -> Long.toString(clientCount(f, 4) + r.finals().get(f).invalid()));
        rows.put("reads of an own key older than its last acknowledged write, during the load", f -> Long.toString(clientCount(f, 5)));
        rows.put("**wrong query/SQL answers**: during the load / check rounds after heals / end",
                f -> liveWrong(f) + " / " + checkWrong(f) + " of " + r.checks().size() + " / "
                        + (r.finals().get(f).queriesWrong() + r.finals().get(f).sqlWrong()));
        rows.put("failed operations (all kinds; writes among them are in doubt)", f -> String.format(Locale.ROOT, "%,d", clientCount(f, 1)));
        rows.put("p50 / p99 / p99.9 baseline", f -> percentiles(r.latencies().merged(f, r.baselineFromMs() / 1000, r.baselineToMs() / 1000)));
        rows.put("p50 / p99 / p99.9 whole load", f -> percentiles(r.latencies().merged(f, r.loadStartMs() / 1000, r.loadEndMs() / 1000)));
        rows.put("**p99 back within 2 × baseline after each heal**", f -> String.join(", ", recoveries(f).stream()
                .map(x -> x.recovered() ? x.seconds() + " s" : "no").toList()));
        rows.put("query caches: events Hazelcast reported lost / checks that found one wrong with no loss reported / tryRecover "
                + "calls (failed) / caches made again", f -> {
                    long[] q = r.queryCaches().get(f);
                    return q[0] + " / " + q[1] + " / " + q[2] + " (" + q[3] + ") / " + q[4];
                });
        rows.put("map heap cost start → end", f -> kib(r.heapStart().sum("map." + f.map() + ".heapCost")) + " → "
                + kib(r.heapEnd().sum("map." + f.map() + ".heapCost")) + " (" + pct(mapDrift(f)) + ")");
        StringBuilder md = new StringBuilder("| | navpack | Compact |\n|---|---|---|\n");
        rows.forEach((k, v) -> md.append("| ").append(k).append(" | ").append(v.apply(SoakFormat.NAVPACK)).append(" | ")
                .append(v.apply(SoakFormat.COMPACT)).append(" |\n"));
        md.append("| **members' old generation after GC, end against start** (shared) | ").append(pct(heapDrift())).append(" (")
                .append(kib(r.heapStart().oldGen())).append(" → ").append(kib(r.heapEnd().oldGen())).append(") | (same cluster) |\n");
        return md.toString();
    }

    private String meters() {
        StringBuilder md = new StringBuilder();
        Map<String, Map<String, String>> firstBreakEven = new TreeMap<>();
        Map<String, Map<String, String>> lastBreakEven = new TreeMap<>();
        long withUnanswered = 0;
        long maxDisagreements = 0;
        long samples = 0;
        long fullAgreement = 0;
        long unanswered = 0;
        String disagreement = null;
        List<String> lacking = new ArrayList<>();
        for (MeterSample m : r.meters()) {
            if (m.member().equals("cluster")) {
                if (m.values().containsKey("error")) {
                    unanswered++;
                    continue;
                }
                samples++;
                long members = Long.parseLong(m.values().get("schemas.members"));
                long agreeing = Long.parseLong(m.values().get("schemas.membersHoldingCatalog"));
                boolean allAnswered = "0".equals(m.values().get("schemas.unanswered"));
                if (agreeing == members && allAnswered) {
                    fullAgreement++;
                }
                if (!allAnswered) {
                    withUnanswered++;
                }
                maxDisagreements = Math.max(maxDisagreements, Long.parseLong(m.values().get("schemas.disagreements")));
                if (m.values().containsKey("schemas.lacking")) {
                    lacking.add(String.format(Locale.ROOT, "%+.0f s: %s", (m.epochMs() - r.loadStartMs()) / 1000.0,
                            m.values().get("schemas.lacking")));
                }
                if (disagreement == null) {
                    disagreement = m.values().get("schemas.disagreement");
                }
                continue;
            }
            m.values().forEach((k, v) -> {
                if (k.startsWith("breakeven.")) {
                    firstBreakEven.computeIfAbsent(m.member(), x -> new TreeMap<>()).putIfAbsent(k.substring(10), v);
                    lastBreakEven.computeIfAbsent(m.member(), x -> new TreeMap<>()).put(k.substring(10), v);
                }
            });
        }
        md.append(String.format(Locale.ROOT, "Schema agreement (`ClusterSchemas`, every %d s): %d samples; in %d every member answered and"
                        + " held every schema of the catalog, in %d a member did not answer within 5 s (during a fault), in %d a member lacked a"
                        + " schema of the catalog; most disagreements (two schemas under one id and version) at once: %d%s; %d samples failed"
                        + " as a whole (during a fault).%n%n",
                r.plan().meterEvery().toSeconds(), samples, fullAgreement, withUnanswered, lacking.size(), maxDisagreements,
                disagreement == null ? "" : " (" + disagreement + ")", unanswered));
        if (!lacking.isEmpty()) {
            md.append("Samples in which a member lacked schemas of the catalog (seconds into the load: member, schemas held): ")
                    .append(String.join("; ", lacking)).append(".\n\n");
        }
        md.append("Break-even per member (`BreakEven`: fields, calibrations, reads), first and last sample of each member JVM name:\n\n");
        md.append("| member | schema | first seen | last seen |\n|---|---|---|---|\n");
        lastBreakEven.forEach((member, schemas) -> schemas.forEach((schema, last) -> md.append("| ").append(member).append(" | ")
                .append(schema).append(" | ").append(firstBreakEven.get(member).get(schema)).append(" | ").append(last).append(" |\n")));
        md.append("\nUnreadable values counted by members' queries (`UnreadableValues`): navpack ").append(memberUnreadable(SoakFormat.NAVPACK))
                .append(".\n");
        return md.toString();
    }

    private static String percentiles(Histogram h) {
        if (h.getTotalCount() == 0) {
            return "-";
        }
        return ms(h.getValueAtPercentile(50)) + " / " + ms(h.getValueAtPercentile(99)) + " / " + ms(h.getValueAtPercentile(99.9));
    }

    static String ms(long micros) {
        if (micros < 0) {
            return "-";
        }
        return micros >= 100_000 ? String.format(Locale.ROOT, "%,d ms", micros / 1000) : String.format(Locale.ROOT, "%.1f ms", micros / 1000.0);
    }

    private static String kib(long bytes) {
        return String.format(Locale.ROOT, "%,.1f MiB", bytes / 1048576.0);
    }

    private static String pct(double d) {
        return Double.isFinite(d) ? String.format(Locale.ROOT, "%+.1f %%", d * 100) : "-";
    }

    // ------------------------------------------------------------------ SVG

    private static final String[] COLORS = {"#1f5fa8", "#c0392b"};

    /** Latency (p50, p99, p99.9 per second, log scale) and throughput over the load, each fault a shaded band. */
    String svg() {
        Latencies l = r.latencies();
        long t0 = r.loadStartMs() / 1000;
        long t1 = r.loadEndMs() / 1000;
        int width = 1100;
        int left = 70;
        int right = 20;
        int top = 56;
        int latencyHeight = 360;
        int gap = 50;
        int throughputHeight = 150;
        int bottom = 60;
        int height = top + latencyHeight + gap + throughputHeight + bottom;
        double plotWidth = width - left - right;
        Function<Long, Double> x = s -> left + plotWidth * (s - t0) / Math.max(1, t1 - t0);
        int window = (int) Math.max(1, Math.round((t1 - t0) / 400.0));
        long maxMicros = 1_000;
        long maxOps = 1;
        Map<SoakFormat, TreeMap<Long, long[]>> series = new EnumMap<>(SoakFormat.class);
        for (SoakFormat f : SoakFormat.values()) {
            TreeMap<Long, long[]> s = new TreeMap<>();
            for (long sec = t0; sec <= t1; sec += window) {
                Histogram h = l.merged(f, sec, sec + window - 1);
                if (h.getTotalCount() > 0) {
                    long[] v = {h.getValueAtPercentile(50), h.getValueAtPercentile(99), h.getValueAtPercentile(99.9), h.getTotalCount() / window};
                    s.put(sec, v);
                    maxMicros = Math.max(maxMicros, v[2]);
                    maxOps = Math.max(maxOps, v[3]);
                } else {
                    s.put(sec, new long[] {-1, -1, -1, 0});
                }
            }
            series.put(f, s);
        }
        double lowLog = 2; // 100 µs
        double highLog = Math.ceil(Math.log10(maxMicros));
        Function<Long, Double> y = us -> top + latencyHeight * (1 - (Math.log10(Math.max(us, 100)) - lowLog) / (highLog - lowLog));
        long opsScale = niceCeiling(maxOps);
        int tpTop = top + latencyHeight + gap;
        Function<Long, Double> yOps = ops -> tpTop + throughputHeight * (1 - (double) ops / opsScale);
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                + "font-family=\"sans-serif\" font-size=\"11\">%n", width, height, width, height));
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"16\" font-size=\"14\" font-weight=\"bold\">Soak \"%s\": latency of all "
                + "operations (p50 thin, p99 thick, p99.9 dotted, per %d s) and throughput</text>%n", left, r.plan().name(), window));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"32\">navpack blue, Compact red; faults shaded from their start to the heal;"
                + " grey dashes: check rounds</text>%n", left));
        for (FaultRecord f : r.faults()) {
            double a = x.apply(f.startMs() / 1000);
            double b = Math.max(a + 2, x.apply(f.healedMs() / 1000));
            svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#f2c94c\" fill-opacity=\"0.3\"/>%n",
                    a, top, b - a, latencyHeight + gap + throughputHeight));
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\">%s %s</text>%n", a + 2, top - 4, f.name(),
                    label(f)));
        }
        for (CheckRound c : r.checks()) {
            double xx = x.apply(c.epochMs() / 1000);
            if (c.epochMs() / 1000 <= t1) {
                svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#777777\" "
                        + "stroke-dasharray=\"3 3\"/>%n", xx, xx, top, tpTop + throughputHeight));
            }
        }
        for (double d = lowLog; d <= highLog; d++) {
            double yy = y.apply((long) Math.pow(10, d));
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#dddddd\"/>%n", left, width - right, yy, yy));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n", left - 5, yy + 4,
                    ms((long) Math.pow(10, d))));
        }
        for (int i = 0; i <= 4; i++) {
            long ops = opsScale * i / 4;
            double yy = yOps.apply(ops);
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#dddddd\"/>%n", left, width - right, yy, yy));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%,d/s</text>%n", left - 5, yy + 4, ops));
        }
        long step = niceStep(t1 - t0);
        for (long s = 0; s <= t1 - t0; s += step) {
            double xx = x.apply(t0 + s);
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d s</text>%n", xx,
                    tpTop + throughputHeight + 16, s));
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#eeeeee\"/>%n", xx, xx, top,
                    tpTop + throughputHeight));
        }
        for (SoakFormat f : SoakFormat.values()) {
            String color = COLORS[f.ordinal()];
            long limit = (long) (RECOVERY_FACTOR * baselineP99(f));
            if (limit > 0) {
                double yy = y.apply(limit);
                svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-dasharray=\"8 4\" "
                        + "stroke-opacity=\"0.6\"/>%n", left, width - right, yy, yy, color));
            }
            svg.append(path(series.get(f), 0, x, y, color, 0.8, ""));
            svg.append(path(series.get(f), 1, x, y, color, 1.6, ""));
            svg.append(path(series.get(f), 2, x, y, color, 0.8, " stroke-dasharray=\"2 2\""));
            svg.append(path(series.get(f), 3, x, yOps, color, 1.2, ""));
        }
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%.0f\" height=\"%d\" fill=\"none\" stroke=\"#888888\"/>%n", left, top,
                plotWidth, latencyHeight));
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%.0f\" height=\"%d\" fill=\"none\" stroke=\"#888888\"/>%n", left, tpTop,
                plotWidth, throughputHeight));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">latency (log scale; dashed: 2 × baseline p99)</text>%n", left + 4,
                top + 14));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">operations completed per second</text>%n", left + 4, tpTop + 14));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">seconds into the load</text>%n", left, height - 20));
        int legendX = width - right - 260;
        for (SoakFormat f : SoakFormat.values()) {
            int ly = height - 40 + 16 * f.ordinal();
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>%n", legendX,
                    legendX + 24, ly, ly, COLORS[f.ordinal()]));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s</text>%n", legendX + 30, ly + 4, f == SoakFormat.NAVPACK
                    ? "navpack" : "Compact"));
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static String label(FaultRecord f) {
        return switch (f.fault().kind()) {
            case KILL -> "kill m" + f.fault().member();
            case ROLLING_RESTART -> "rolling restart";
            case SPLIT_BRAIN -> "split m" + f.fault().member();
            case CLIENT_ROLL -> "client v2";
        };
    }

    private static String path(TreeMap<Long, long[]> series, int column, Function<Long, Double> x, Function<Long, Double> y, String color,
                               double width, String extra) {
        StringBuilder d = new StringBuilder();
        boolean pen = false;
        for (Map.Entry<Long, long[]> e : series.entrySet()) {
            long v = e.getValue()[column];
            if (v < 0 || (column < 3 && e.getValue()[3] == 0)) {
                pen = false;
                continue;
            }
            d.append(pen ? " L" : " M").append(String.format(Locale.ROOT, "%.1f,%.1f", x.apply(e.getKey()), y.apply(v)));
            pen = true;
        }
        return String.format(Locale.ROOT, "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\"%s/>%n", d.toString().trim(), color,
                width, extra);
    }

    private static long niceCeiling(long v) {
        long p = 1;
        while (p * 10 < v) {
            p *= 10;
        }
        for (long m : new long[] {1, 2, 5, 10}) {
            if (p * m >= v) {
                return p * m;
            }
        }
        return p * 10;
    }

    private static long niceStep(long seconds) {
        for (long s : new long[] {10, 20, 30, 60, 120, 300, 600}) {
            if (seconds / s <= 12) {
                return s;
            }
        }
        return 1200;
    }
}
