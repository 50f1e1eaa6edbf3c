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
 *       that member.</li>
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

    private final Supplier<ClusterIndexReport> source;
    private final List<MultiGauge> indexGauges = new CopyOnWriteArrayList<>();
    private final List<MultiGauge> mapGauges = new CopyOnWriteArrayList<>();
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
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        MultiGauge index = MultiGauge.builder(INDEX_HEAP_BYTES)
                .description("Heap that only this index keeps alive on the member (freed if it were dropped)")
                .baseUnit("bytes")
                .register(registry);
        MultiGauge map = MultiGauge.builder(MAP_HEAP_BYTES)
                .description("Heap held by the map's owned entries on the member (records, keys, values)")
                .baseUnit("bytes")
                .register(registry);
        indexGauges.add(index);
        mapGauges.add(map);
        ClusterIndexReport report = last;
        if (report != null) {
            publish(report, List.of(index), List.of(map));
        }
    }

    /** Sizes the cluster now and updates every bound registry; returns the report. */
    public ClusterIndexReport refresh() {
        ClusterIndexReport report = source.get();
        publish(report, indexGauges, mapGauges);
        // published first: whoever sees the report also sees the gauges it gave
        last = report;
        return report;
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
        scheduler.scheduleWithFixedDelay(() -> {
            try {
                refresh();
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

    private static void publish(ClusterIndexReport report, List<MultiGauge> indexGauges, List<MultiGauge> mapGauges) {
        List<MultiGauge.Row<?>> indexRows = new ArrayList<>();
        List<MultiGauge.Row<?>> mapRows = new ArrayList<>();
        for (MemberIndexReport m : report.members()) {
            if (m.status() != MemberStatus.OK) {
                continue;
            }
            for (MapReport map : m.maps()) {
                if (map.dataHeapBytes() >= 0) {
                    mapRows.add(MultiGauge.Row.of(Tags.of("map", map.name(), "member", m.member()),
                            map.dataHeapBytes()));
                }
                for (IndexReport i : map.indexes()) {
                    if (i.heapBytes() >= 0) {
                        indexRows.add(MultiGauge.Row.of(
                                Tags.of("map", map.name(), "index", i.name(), "member", m.member()), i.heapBytes()));
                    }
                }
            }
        }
        for (MultiGauge g : indexGauges) {
            g.register(indexRows, true);
        }
        for (MultiGauge g : mapGauges) {
            g.register(mapRows, true);
        }
    }
}
