package io.navpack.extract;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.navpack.hazelcast.UnknownFields;
import io.navpack.format.spi.DecoderFallbacks;
import io.navpack.hazelcast.OtherFormats;
import io.navpack.hazelcast.UnreadableValues;

/**
 * Micrometer meters of the extractor, per schema (tags {@code schema} = type name, {@code version}):
 *
 * <ul>
 * <li>{@code navpack.extract.reads.single} — fields read one at a time</li>
 * <li>{@code navpack.extract.decodes.full} — values decoded in full</li>
 * <li>{@code navpack.extract.switches} — values switched from single reads to a full decode at the break-even</li>
 * <li>{@code navpack.extract.reads.cached} — reads served from a value already decoded in full</li>
 * <li>{@code navpack.extract.breakeven} (gauge) — the break-even in fields per value (pinned, or the measured
 * full decode over the mean single read; the extractor weighs each field by its own measured read)</li>
 * <li>{@code navpack.extract.calibration.full.nanos}, {@code ...single.nanos} (gauges) — the measurement behind it</li>
 * </ul>
 *
 * and, for the whole JVM, {@code navpack.query.unknown.fields} — values asked for an attribute that no
 * navpack schema has, answered with null ({@code navpack.query.unknown-fields: warn}; with the default
 * {@code error} such a query fails instead); and per map (tag {@code map}) {@code navpack.query.unreadable.values}
 * — values a query or index build met but could not read, and skipped ({@link UnreadableValues}); and per map
 * {@code navpack.map.other.formats} — values of another format put into a map that holds navpack values only
 * ({@link OtherFormats}); and {@code navpack.format.decoder.fallbacks} — record classes decoded without a generated
 * decoder class ({@link DecoderFallbacks}).
 *
 * <p>Schemas seen after binding get their meters when they first appear.
 */
public final class NavpackMetrics implements MeterBinder {
    @Override
    public void bindTo(MeterRegistry registry) {
        FunctionCounter.builder("navpack.query.unknown.fields", UnknownFields.class, c -> UnknownFields.count())
                .description("values asked for an attribute that no navpack schema has").register(registry);
        FunctionCounter.builder("navpack.format.decoder.fallbacks", DecoderFallbacks.class, c -> DecoderFallbacks.count())
                .description("record classes decoded through method handles, without a generated decoder class")
                .register(registry);
        OtherFormats.onNewMap(map -> otherFormats(registry, map));
        for (String map : OtherFormats.counts().keySet()) {
            otherFormats(registry, map);
        }
        UnreadableValues.onNewMap(map -> unreadable(registry, map));
        for (String map : UnreadableValues.counts().keySet()) {
            unreadable(registry, map);
        }
        BreakEven.onNew(b -> register(registry, b));
        for (BreakEven b : BreakEven.all()) {
            register(registry, b);
        }
    }

    private static void otherFormats(MeterRegistry registry, String map) {
        FunctionCounter.builder("navpack.map.other.formats", map, OtherFormats::count).tags("map", map)
                .description("values of another format put into a map that holds navpack values only").register(registry);
    }

    private static void unreadable(MeterRegistry registry, String map) {
        FunctionCounter.builder("navpack.query.unreadable.values", map, UnreadableValues::count).tags("map", map)
                .description("values a query or index build met but could not read, and skipped").register(registry);
    }

    private static void register(MeterRegistry registry, BreakEven b) {
        Tags tags = Tags.of("schema", b.schema().typeName(), "version", Integer.toString(b.schema().version()));
        FunctionCounter.builder("navpack.extract.reads.single", b, BreakEven::singleReads).tags(tags)
                .description("fields read one at a time").register(registry);
        FunctionCounter.builder("navpack.extract.decodes.full", b, BreakEven::fullDecodes).tags(tags)
                .description("values decoded in full").register(registry);
        FunctionCounter.builder("navpack.extract.switches", b, BreakEven::switches).tags(tags)
                .description("values switched to a full decode at the break-even").register(registry);
        FunctionCounter.builder("navpack.extract.reads.cached", b, BreakEven::cachedReads).tags(tags)
                .description("reads served from a value decoded in full").register(registry);
        Gauge.builder("navpack.extract.breakeven", b, BreakEven::value).tags(tags)
                .description("fields read on one value at which it is decoded in full (at the mean single read unless pinned)").register(registry);
        Gauge.builder("navpack.extract.calibration.full.nanos", b,
                x -> x.measurement() == null ? Double.NaN : x.measurement().fullNanos()).tags(tags)
                .description("measured cost of a full decode").baseUnit("nanoseconds").register(registry);
        Gauge.builder("navpack.extract.calibration.single.nanos", b,
                x -> x.measurement() == null ? Double.NaN : x.measurement().singleNanos()).tags(tags)
                .description("measured cost of one single-field read").baseUnit("nanoseconds").register(registry);
    }
}
