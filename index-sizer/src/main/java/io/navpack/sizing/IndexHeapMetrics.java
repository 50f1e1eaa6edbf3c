package io.navpack.sizing;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Micrometer gauges of the latest index sizing:
 * <ul>
 *   <li>{@code navpack.index.heap.bytes} (tags {@code map}, {@code index}, {@code member}): what the index alone
 *       keeps alive on that member;</li>
 *   <li>{@code navpack.map.heap.bytes} (tags {@code map}, {@code member}): heap held by the map's owned data on
 *       that member;</li>
 *   <li>{@code navpack.map.cache.heap.bytes} (tags {@code map}, {@code member}): heap held by the map's cached
 *       deserialised values on that member (part of the data);</li>
 *   <li>{@code navpack.map.indexing.cost.bytes} (tags {@code map}, {@code member}): the map's indexes plus its
 *       values cache, what indexing the map costs on that member;</li>
 *   <li>{@code navpack.sizer.heap.peak.bytes} (tag {@code member}): the most heap the last sizing held for its
 *       own bookkeeping on that member.</li>
 * </ul>
 * Gauges change only on {@link #refresh()}, called by hand or on a schedule ({@link #refreshEvery}). Rows of
 * members that did not answer and of indexes that were dropped disappear at the next refresh.
 *
 * <pre>{@code
 * IndexHeapMetrics metrics = new IndexHeapMetrics(IndexSizer.forInstance(client), Duration.ofMinutes(2));
 * metrics.bindTo(registry);
 * metrics.refreshEvery(Duration.ofMinutes(15));
 * }</pre>
 */
public final class IndexHeapMetrics implements MeterBinder, AutoCloseable {

    public static final String INDEX_HEAP_BYTES = "navpack.index.heap.bytes";
    public static final String MAP_HEAP_BYTES = "navpack.map.heap.bytes";
    public static final String MAP_CACHE_HEAP_BYTES = "navpack.map.cache.heap.bytes";
    public static final String MAP_INDEXING_COST_BYTES = "navpack.map.indexing.cost.bytes";
    public static final String SIZER_HEAP_PEAK_BYTES = "navpack.sizer.heap.peak.bytes";

    private static final String[][] METERS = {
        {INDEX_HEAP_BYTES, "Heap that only this index keeps alive on the member (freed if it were dropped)"},
        {MAP_HEAP_BYTES, "Heap held by the map's owned entries on the member (records, keys, values, cached values)"},
        {MAP_CACHE_HEAP_BYTES, "Heap held by the map's cached deserialised values on the member"},
        {MAP_INDEXING_COST_BYTES, "The map's indexes plus the values cache they cause, on the member"},
        {SIZER_HEAP_PEAK_BYTES, "Most heap the last index sizing held for its own bookkeeping on the member"},
    };

    private final Supplier<ClusterIndexReport> source;
    /** One list of gauges per meter of {@link #METERS}, one gauge per bound registry. */
    private final List<List<MultiGauge>> gauges = new ArrayList<>();
    private volatile ClusterIndexReport last;
    private ScheduledExecutorService scheduler;

    /** Gauges fed by {@code sizer.size(timeout)}. */
    public IndexHeapMetrics(IndexSizer sizer, Duration timeout) {
        this(() -> sizer.size(timeout));
        Objects.requireNonNull(sizer);
        Objects.requireNonNull(timeout);
    }

    /** Gauges fed by any source of reports. */
    public IndexHeapMetrics(Supplier<ClusterIndexReport> source) {
        this.source = Objects.requireNonNull(source);
        for (int i = 0; i < METERS.length; i++) {
            gauges.add(new CopyOnWriteArrayList<>());
        }
    }

    @Override
    public synchronized void bindTo(MeterRegistry registry) {
        List<List<MultiGauge>> bound = new ArrayList<>();
        for (int i = 0; i < METERS.length; i++) {
            MultiGauge g = MultiGauge.builder(METERS[i][0]).description(METERS[i][1]).baseUnit("bytes")
                    .register(registry);
            gauges.get(i).add(g);
            bound.add(List.of(g));
        }
        ClusterIndexReport report = last;
        if (report != null) {
            publish(report, bound);
        }
    }

    /** Sizes the cluster now and updates every bound registry; returns the report. */
    public ClusterIndexReport refresh() {
        ClusterIndexReport report = source.get();
        synchronized (this) {
            publish(report, gauges);
            // published first: whoever sees the report also sees the gauges it gave
            last = report;
        }
        return report;
    }

    /** A scheduled refresh: what a sizing that {@link #close()} interrupted found is not published. */
    private void scheduledRefresh(ScheduledExecutorService by) {
        ClusterIndexReport report = source.get();
        synchronized (this) {
            if (scheduler != by) {
                return;
            }
            publish(report, gauges);
            last = report;
        }
    }

    /** The report behind the current gauge values, or null before the first refresh. */
    public ClusterIndexReport lastReport() {
        return last;
    }

    /** Refreshes on a daemon thread every {@code period}, the first time right away. */
    public synchronized IndexHeapMetrics refreshEvery(Duration period) {
        if (scheduler != null) {
            throw new IllegalStateException("already scheduled");
        }
        scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "navpack-index-heap-metrics");
            t.setDaemon(true);
            return t;
        });
        ScheduledExecutorService by = scheduler;
        scheduler.scheduleWithFixedDelay(() -> {
            try {
                scheduledRefresh(by);
            } catch (RuntimeException e) {
                // keep the previous values; the next run tries again
            }
        }, 0, period.toMillis(), TimeUnit.MILLISECONDS);
        return this;
    }

    /** Stops the schedule, if any. */
    @Override
    public synchronized void close() {
        if (scheduler != null) {
            scheduler.shutdownNow();
            scheduler = null;
        }
    }

    private static void publish(ClusterIndexReport report, List<List<MultiGauge>> gauges) {
        List<List<MultiGauge.Row<?>>> rows = new ArrayList<>();
        for (int i = 0; i < METERS.length; i++) {
            rows.add(new ArrayList<>());
        }
        for (MemberIndexReport m : report.members()) {
            if (m.status() != MemberStatus.OK) {
                continue;
            }
            if (m.sizerPeakHeapBytes() >= 0) {
                rows.get(4).add(MultiGauge.Row.of(Tags.of("member", m.member()), m.sizerPeakHeapBytes()));
            }
            for (MapReport map : m.maps()) {
                Tags tags = Tags.of("map", map.name(), "member", m.member());
                if (map.dataHeapBytes() >= 0) {
                    rows.get(1).add(MultiGauge.Row.of(tags, map.dataHeapBytes()));
                }
                if (map.cachedValuesHeapBytes() >= 0) {
                    rows.get(2).add(MultiGauge.Row.of(tags, map.cachedValuesHeapBytes()));
                }
                if (map.indexingCostBytes() >= 0) {
                    rows.get(3).add(MultiGauge.Row.of(tags, map.indexingCostBytes()));
                }
                for (IndexReport i : map.indexes()) {
                    if (i.heapBytes() >= 0) {
                        rows.get(0).add(MultiGauge.Row.of(
                                Tags.of("map", map.name(), "index", i.name(), "member", m.member()), i.heapBytes()));
                    }
                }
            }
        }
        for (int i = 0; i < METERS.length; i++) {
            for (MultiGauge g : gauges.get(i)) {
                g.register(rows.get(i), true);
            }
        }
    }
}
