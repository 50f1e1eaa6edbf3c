package io.navpack.sizing;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * What an index would cost across the cluster, predicted before it exists: one {@link MemberWhatIf} per member,
 * and totals over the members that answered. Renders as a text table and JSON.
 */
public final class WhatIfReport {

    private final IndexSpec spec;
    private final List<MemberWhatIf> members;
    private final Instant takenAt;
    private final Duration elapsed;

    public WhatIfReport(IndexSpec spec, List<MemberWhatIf> members, Instant takenAt, Duration elapsed) {
        this.spec = spec;
        this.members = List.copyOf(members);
        this.takenAt = takenAt;
        this.elapsed = elapsed;
    }

    /** The map and index predicted. */
    public IndexSpec spec() {
        return spec;
    }

    public List<MemberWhatIf> members() {
        return members;
    }

    public Instant takenAt() {
        return takenAt;
    }

    public Duration elapsed() {
        return elapsed;
    }

    /** True if every member answered OK. */
    public boolean complete() {
        return members.stream().allMatch(m -> m.status() == MemberStatus.OK);
    }

    private long sum(java.util.function.ToLongFunction<MemberWhatIf> figure) {
        long total = 0;
        for (MemberWhatIf m : members) {
            if (m.status() == MemberStatus.OK) {
                total += Math.max(0, figure.applyAsLong(m));
            }
        }
        return total;
    }

    /** Entries of the map on the members that answered. */
    public long entries() {
        return sum(MemberWhatIf::entries);
    }

    /** The index's predicted heap, summed over the members that answered. */
    public long indexHeapBytes() {
        return sum(MemberWhatIf::indexHeapBytes);
    }

    /** Low end of the 95 % interval of {@link #indexHeapBytes()} (members' intervals added). */
    public long indexHeapBytesLow() {
        return sum(MemberWhatIf::indexHeapBytesLow);
    }

    public long indexHeapBytesHigh() {
        return sum(MemberWhatIf::indexHeapBytesHigh);
    }

    /** The heap of the values the records would start to cache, summed over the members that answered. */
    public long valuesCacheHeapBytes() {
        return sum(MemberWhatIf::valuesCacheHeapBytes);
    }

    public long valuesCacheHeapBytesLow() {
        return sum(MemberWhatIf::valuesCacheHeapBytesLow);
    }

    public long valuesCacheHeapBytesHigh() {
        return sum(MemberWhatIf::valuesCacheHeapBytesHigh);
    }

    /** Index plus values cache: what creating the index would cost, summed over the members that answered. */
    public long costBytes() {
        return indexHeapBytes() + valuesCacheHeapBytes();
    }

    /** A plain-text table for a terminal. */
    public String toTable() {
        StringBuilder sb = new StringBuilder();
        sb.append("What creating index ").append(spec.index().getType()).append(" (")
                .append(String.join(", ", spec.index().getAttributes())).append(") on map ").append(spec.map())
                .append(" would cost, predicted ").append(takenAt).append(" in ").append(elapsed.toMillis())
                .append(" ms (95 % intervals)\n\n");
        String[] head = {"member", "status", "entries", "distinct values", "sampled", "index heap bytes",
            "index 95 % interval", "values to cache", "values cache bytes", "cache 95 % interval", "cost bytes",
            "ms", "reason"};
        List<String[]> rows = new java.util.ArrayList<>();
        rows.add(head);
        for (MemberWhatIf m : members) {
            boolean ok = m.status() == MemberStatus.OK;
            rows.add(new String[] {m.member(), m.status().name(), num(m.entries()),
                ok ? num(m.distinctValues()) + (m.distinctExact() ? "" : " (est.)") : "", num(m.sampledEntries()),
                num(m.indexHeapBytes()), ok ? interval(m.indexHeapBytesLow(), m.indexHeapBytesHigh()) : "",
                num(m.recordsToCache()), num(m.valuesCacheHeapBytes()),
                ok ? interval(m.valuesCacheHeapBytesLow(), m.valuesCacheHeapBytesHigh()) : "", num(m.costBytes()),
                num(m.walkDuration().toMillis()), m.reason() == null ? "" : m.reason()});
        }
        rows.add(new String[] {"total", complete() ? "OK" : "incomplete", num(entries()), "", "",
            num(indexHeapBytes()), interval(indexHeapBytesLow(), indexHeapBytesHigh()), "", num(valuesCacheHeapBytes()),
            interval(valuesCacheHeapBytesLow(), valuesCacheHeapBytesHigh()), num(costBytes()), "", ""});
        int[] width = new int[head.length];
        for (String[] r : rows) {
            for (int c = 0; c < r.length; c++) {
                width[c] = Math.max(width[c], r[c].length());
            }
        }
        for (int i = 0; i < rows.size(); i++) {
            String[] r = rows.get(i);
            for (int c = 0; c < r.length; c++) {
                sb.append(c > 0 ? "  " : "").append(r[c]);
                if (c < r.length - 1) {
                    sb.append(" ".repeat(width[c] - r[c].length()));
                }
            }
            sb.append('\n');
            if (i == 0 || i == rows.size() - 2) {
                for (int c = 0; c < r.length; c++) {
                    sb.append(c > 0 ? "  " : "").append("-".repeat(width[c]));
                }
                sb.append('\n');
            }
        }
        for (MemberWhatIf m : members) {
            if (m.method() != null) {
                sb.append('\n').append(m.member()).append(": ").append(m.method());
            }
        }
        return sb.append('\n').toString();
    }

    @Override
    public String toString() {
        return toTable();
    }

    /** The report as one JSON object; unknown figures are {@code null}. */
    public String toJson() {
        StringBuilder sb = new StringBuilder("{");
        field(sb, "map", spec.map()).append(',');
        field(sb, "type", spec.index().getType().name()).append(',');
        sb.append("\"attributes\":[");
        for (int i = 0; i < spec.index().getAttributes().size(); i++) {
            sb.append(i > 0 ? "," : "");
            quote(sb, spec.index().getAttributes().get(i));
        }
        sb.append("],");
        field(sb, "takenAt", takenAt.toString()).append(',');
        sb.append("\"elapsedMillis\":").append(elapsed.toMillis()).append(',');
        sb.append("\"complete\":").append(complete()).append(',');
        sb.append("\"members\":[");
        for (int i = 0; i < members.size(); i++) {
            MemberWhatIf m = members.get(i);
            sb.append(i > 0 ? "," : "").append('{');
            field(sb, "member", m.member()).append(',');
            field(sb, "uuid", m.memberUuid()).append(',');
            field(sb, "status", m.status().name()).append(',');
            field(sb, "reason", m.reason()).append(',');
            opt(sb, "entries", m.entries()).append(',');
            opt(sb, "indexEntries", m.indexEntries()).append(',');
            opt(sb, "sampledEntries", m.sampledEntries()).append(',');
            opt(sb, "distinctValues", m.distinctValues()).append(',');
            sb.append("\"distinctExact\":").append(m.distinctExact()).append(',');
            opt(sb, "nullValues", m.nullValues()).append(',');
            opt(sb, "indexHeapBytes", m.indexHeapBytes()).append(',');
            opt(sb, "indexHeapBytesLow", m.indexHeapBytesLow()).append(',');
            opt(sb, "indexHeapBytesHigh", m.indexHeapBytesHigh()).append(',');
            opt(sb, "recordsToCache", m.recordsToCache()).append(',');
            opt(sb, "valuesCacheHeapBytes", m.valuesCacheHeapBytes()).append(',');
            opt(sb, "valuesCacheHeapBytesLow", m.valuesCacheHeapBytesLow()).append(',');
            opt(sb, "valuesCacheHeapBytesHigh", m.valuesCacheHeapBytesHigh()).append(',');
            opt(sb, "costBytes", m.costBytes()).append(',');
            field(sb, "method", m.method()).append(',');
            sb.append("\"walkMillis\":").append(m.walkDuration().toMillis()).append(',');
            sb.append("\"cpuMillis\":").append(m.cpuNanos() / 1_000_000);
            sb.append('}');
        }
        sb.append("],\"total\":{");
        sb.append("\"entries\":").append(entries()).append(',');
        sb.append("\"indexHeapBytes\":").append(indexHeapBytes()).append(',');
        sb.append("\"indexHeapBytesLow\":").append(indexHeapBytesLow()).append(',');
        sb.append("\"indexHeapBytesHigh\":").append(indexHeapBytesHigh()).append(',');
        sb.append("\"valuesCacheHeapBytes\":").append(valuesCacheHeapBytes()).append(',');
        sb.append("\"valuesCacheHeapBytesLow\":").append(valuesCacheHeapBytesLow()).append(',');
        sb.append("\"valuesCacheHeapBytesHigh\":").append(valuesCacheHeapBytesHigh()).append(',');
        sb.append("\"costBytes\":").append(costBytes());
        return sb.append("}}").toString();
    }

    private static String num(long v) {
        return v < 0 ? "-" : String.format(Locale.ROOT, "%,d", v);
    }

    private static String interval(long low, long high) {
        return low < 0 ? "-" : num(low) + " – " + num(high);
    }

    private static StringBuilder field(StringBuilder sb, String name, String value) {
        quote(sb, name);
        sb.append(':');
        if (value == null) {
            sb.append("null");
        } else {
            quote(sb, value);
        }
        return sb;
    }

    private static StringBuilder opt(StringBuilder sb, String name, long value) {
        quote(sb, name);
        sb.append(':');
        sb.append(value < 0 ? "null" : Long.toString(value));
        return sb;
    }

    private static void quote(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
