package io.navpack.extract;

import com.hazelcast.query.extractor.ValueCollector;
import com.hazelcast.query.extractor.ValueExtractor;
import com.hazelcast.query.extractor.ValueReader;
import io.navpack.format.FieldPath;
import io.navpack.format.NavpackException;
import io.navpack.hazelcast.UnreadableValues;
import io.navpack.format.PackedRecord;
import io.navpack.hazelcast.internal.GenericRecordPaths;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A Hazelcast query attribute over navpack values. Register it as a custom attribute (default name
 * {@code nav}) and query with ordinary predicates: {@code nav[currency1] = 'EUR'},
 * {@code nav[counterparty.name]}, {@code nav[legs[0].notional]}, {@code nav[legs[any].notional]}.
 *
 * <p>The argument is a {@link FieldPath}. Values come out in their plain form: numbers as their
 * boxes, {@code BigDecimal}, {@code LocalDate} and the other {@code java.time} types, strings, and
 * enum constants as their names. A field the value's schema version lacks, or a null on the path,
 * gives null. {@code [any]} offers every element to the collector, as Hazelcast's own {@code [any]} does.
 *
 * <p>How fields are read — one by one, or the whole value once a measured break-even says so — is
 * described in {@link ValueReads} and {@link BreakEven}; the mode comes from {@code navpack.extract.mode}.
 * {@link Partial} and {@link Full} fix the mode for one attribute, e.g. to compare strategies on the
 * same map.
 *
 * <p>A value that cannot be read (bytes that did not come through navpack's writer, or damaged ones)
 * gives Hazelcast's "no value" marker: the query or index build skips it, and it is logged and counted
 * ({@link UnreadableValues}).
 */
public class NavpackExtractor implements ValueExtractor<Object, String> {
    private static final int MAX_CACHED_PATHS = 10_000;

    private final Map<String, FieldPath> paths = new ConcurrentHashMap<>();
    private final ExtractionMode mode;

    /** An extractor in the mode the instance's configuration gives. */
    public NavpackExtractor() {
        this(null);
    }

    NavpackExtractor(ExtractionMode mode) {
        this.mode = mode;
    }

    /** Always reads field by field. */
    public static final class Partial extends NavpackExtractor {
        public Partial() {
            super(ExtractionMode.PARTIAL);
        }
    }

    /** Always decodes the whole value at its first read. */
    public static final class Full extends NavpackExtractor {
        public Full() {
            super(ExtractionMode.FULL);
        }
    }

    @Override
    public final void extract(Object target, String argument, ValueCollector collector) {
        if (argument == null || argument.isBlank()) {
            throw new IllegalArgumentException("the navpack attribute needs a field, e.g. nav[currency1]");
        }
        if (target == null) {
            collector.addObject(null);
            return;
        }
        FieldPath path = path(argument);
        if (!(target instanceof PackedRecord)) {
            extractOther(target, path, collector);
            return;
        }
        PackedRecord record = (PackedRecord) target;
        int top = record.schema().indexOf(path.step(0).name());
        if (top < 0) {
            // the value was written with a version of its type that has no such field
            collector.addObject(null);
            return;
        }
        try {
            Object v = ValueReads.read(AdaptiveQueryReads.plain(record), top, mode);
            if (path.size() == 1) {
                collector.addObject(v);
            } else {
                PlainPath.offer(v, path, 1, collector::addObject, record);
            }
        } catch (NavpackException e) {
            // a value navpack cannot read must not fail the query or index build: it is skipped, logged and counted
            collector.addObject(UnreadableValues.skip(record, e));
        }
    }

    /**
     * A value of a map that is not a navpack value: Compact and Portable values (which Hazelcast hands
     * over as a reader of the serialized form, or as a generic record) are read by Hazelcast's own
     * reader; other objects through their accessors or fields.
     */
    @SuppressWarnings("unchecked")
    private static void extractOther(Object target, FieldPath path, ValueCollector collector) {
        if (target instanceof ValueReader) {
            ((ValueReader) target).read(hazelcastPath(path), collector);
        } else if (GenericRecordPaths.readable(target)) {
            GenericRecordPaths.read(target, hazelcastPath(path), collector);
        } else {
            PlainPath.offer(target, path, 0, collector::addObject);
        }
    }

    /** The path in Hazelcast's attribute syntax: {@code legs[1].payer}, {@code legs[any].notional}. */
    private static String hazelcastPath(FieldPath path) {
        StringBuilder sb = new StringBuilder();
        for (int s = 0; s < path.size(); s++) {
            FieldPath.Step step = path.step(s);
            if (step.type() == FieldPath.Step.Type.FIELD) {
                sb.append(sb.length() > 0 ? "." : "").append(step.name());
            } else {
                sb.append(step);
            }
        }
        return sb.toString();
    }

    private FieldPath path(String argument) {
        FieldPath p = paths.get(argument);
        if (p == null) {
            p = FieldPath.parse(argument);
            if (paths.size() < MAX_CACHED_PATHS) {
                paths.put(argument, p);
            }
        }
        return p;
    }
}
