package io.navpack.sizing;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * What an index would cost across the cluster, predicted before it exists: one {@link MemberWhatIf} per member,
 * and totals over the members that answered. Renders as a text table and JSON.
 *
 * @param spec the map and index predicted
 * @param members what each member predicted
 * @param takenAt when the prediction started
 * @param elapsed how long it took
 */
public record WhatIfReport(IndexSpec spec, List<MemberWhatIf> members, Instant takenAt, Duration elapsed) {

    public WhatIfReport {
        members = List.copyOf(members);
    }

    /** True if every member answered OK. */
    public boolean complete() {
        return members.stream().allMatch(m -> m.status() == MemberStatus.OK);
    }

    private long sum(ToLongFunction<MemberWhatIf> figure) {
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
        return ReportText.of(this);
    }

    @Override
    public String toString() {
        return toTable();
    }

    /** The report as one JSON object; unknown figures are {@code null}. */
    public String toJson() {
        return ReportJson.of(this);
    }
}
