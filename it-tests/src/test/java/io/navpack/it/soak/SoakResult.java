package io.navpack.it.soak;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Everything a soak run found, for its report and its assertions. */
record SoakResult(SoakPlan plan, Path out, long startedMs, long loadStartMs, long loadEndMs, long endedMs,
                  List<Event> events, List<FaultRecord> faults, List<CheckRound> checks, Map<SoakFormat, FinalCheck> finals,
                  Heap heapStart, Heap heapEnd, List<MeterSample> meters, Map<String, LogScan> memberLogs,
                  Map<String, String> clientEnds, Latencies latencies, long baselineFromMs, long baselineToMs,
                  Map<SoakFormat, long[]> queryCaches) {

    /**
     * Query cache counters per format, over every client JVM: events Hazelcast reported lost, checks that found a cache
     * wrong without such a report, tryRecover calls, of which failed, and caches made again.
     */
    static final String QUERY_CACHE_COUNTERS = "eventsLost,silent,recoveries,recoveriesFailed,recreations";

    /** Something the run did or saw, at a wall-clock time. */
    record Event(long epochMs, String text) {
    }

    /** One fault: when it began and healed (the cluster settled again), its events and what it found on the way. */
    record FaultRecord(int number, SoakPlan.Fault fault, long startMs, long healedMs, List<String> notes) {
        String name() {
            return "F" + number;
        }
    }

    /**
     * One format's totals of a check round (every owner of every client checked its keys, queries, SQL and query cache).
     * Query cache: how the slowest one came to agree ({@code direct}, after {@code tryRecover}, or {@code recreated}),
     * and, counted since each client started, events Hazelcast reported lost, checks that found it wrong without such a
     * report ("silent"), and the times it was made again.
     */
    record CheckTotals(long keys, long lost, long unexpected, long invalid, long inDoubt, long queries, long queriesWrong, long sql,
                       long sqlWrong, long queryCacheMillis, long queryCacheWrong, long queryCacheEventsLost, String queryCacheHow,
                       long queryCacheSilent, long queryCacheRecreations, int owners) {
        boolean right() {
            return lost == 0 && unexpected == 0 && invalid == 0 && queriesWrong == 0 && sqlWrong == 0 && queryCacheWrong == 0;
        }
    }

    /** A check round after a heal (or at the end), per format. */
    record CheckRound(String after, long epochMs, Map<SoakFormat, CheckTotals> totals) {
    }

    /** The end of the run, checked by the test JVM against the oracle replayed from every client's write log. */
    record FinalCheck(long keys, long acknowledged, long writesInDoubt, long keysInDoubt, long present, long lost, long unexpected,
                      long invalid, long queries, long queriesWrong, long sql, long sqlWrong, long venues, List<String> samples) {
        boolean right() {
            return lost == 0 && unexpected == 0 && invalid == 0 && queriesWrong == 0 && sqlWrong == 0;
        }
    }

    /** Members' old generation after collection and the maps' heap cost, per member. */
    record Heap(long epochMs, Map<String, Map<String, String>> byMember) {
        long oldGen() {
            return sum("heap.old.after.gc");
        }

        long sum(String key) {
            return byMember.values().stream().mapToLong(m -> Long.parseLong(m.getOrDefault(key, "0"))).sum();
        }
    }

    /** One probe of one member, or the cluster's schema agreement ({@code member} = "cluster"). */
    record MeterSample(long epochMs, String member, Map<String, String> values) {
    }

    /** Lines of a member's log that the run counts. */
    record LogScan(long unknownSchema, long unreadable, long severe, long disagreements, long merges, List<String> samples) {
    }
}
