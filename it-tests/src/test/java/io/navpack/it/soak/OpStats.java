package io.navpack.it.soak;

import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Latency (microseconds, HdrHistogram) and outcome counters of one operation of one format in one client JVM;
 * the reporter takes an interval of each every second.
 */
final class OpStats {
    final Recorder latency = new Recorder(3);
    final LongAdder ok = new LongAdder();
    final LongAdder errors = new LongAdder();
    /** Unknown schema (navpack's "unknown schema", Compact's "schema can not be found"). */
    final LongAdder unknownSchema = new LongAdder();
    /** Values that could not be deserialised for another reason. */
    final LongAdder unreadable = new LongAdder();
    /** Values read whose fields are not what their key and seq say. */
    final LongAdder invalid = new LongAdder();
    /** Reads of an own key that found an older value than the last acknowledged write (or none). */
    final LongAdder stale = new LongAdder();
    /** Reads of an own key that found a value its owner never wrote there. */
    final LongAdder unexpected = new LongAdder();
    /** Query, SQL or query-cache answers that differ from the oracle. */
    final LongAdder wrong = new LongAdder();
    private Histogram recycled;

    void record(long nanos) {
        latency.recordValue(Math.max(1, nanos / 1_000));
    }

    Histogram interval() {
        recycled = latency.getIntervalHistogram(recycled);
        return recycled;
    }

    long[] counts() {
        return new long[] {ok.sum(), errors.sum(), unknownSchema.sum(), unreadable.sum(), invalid.sum(), stale.sum(), unexpected.sum(),
                wrong.sum()};
    }

    static final String COUNT_COLUMNS = "ok,errors,unknownSchema,unreadable,invalid,stale,unexpected,wrong";
}
