package io.navpack.extract;

import com.hazelcast.query.extractor.ValueCollector;
import com.hazelcast.internal.serialization.impl.GenericRecordQueryReader;
import com.hazelcast.internal.serialization.impl.InternalGenericRecord;
import com.hazelcast.query.extractor.ValueExtractor;
import com.hazelcast.query.extractor.ValueReader;
import io.navpack.format.FieldPath;
import io.navpack.format.PackedRecord;

import java.lang.reflect.Array;
import java.util.Collection;
import java.util.List;
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
        int top = record.schema().indexOf(path.name(0));
        if (top < 0) {
            // the value was written with a version of its type that has no such field
            collector.addObject(null);
            return;
        }
        Object v = ValueReads.read(record, top, mode);
        if (path.size() == 1) {
            collector.addObject(v);
        } else {
            offer(v, path, 1, collector);
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
        } else if (target instanceof InternalGenericRecord) {
            new GenericRecordQueryReader((InternalGenericRecord) target).read(hazelcastPath(path), collector);
        } else {
            offer(target, path, 0, collector);
        }
    }

    /** The path in Hazelcast's attribute syntax: {@code legs[1].payer}, {@code legs[any].notional}. */
    private static String hazelcastPath(FieldPath path) {
        StringBuilder sb = new StringBuilder();
        for (int s = 0; s < path.size(); s++) {
            if (path.isName(s)) {
                sb.append(sb.length() > 0 ? "." : "").append(path.name(s));
            } else {
                int sel = path.selector(s);
                sb.append('[').append(sel < 0 ? "any" : Integer.toString(sel)).append(']');
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

    /** Follows steps {@code s..} of the path from a plain value, offering what it reaches. */
    private static void offer(Object v, FieldPath path, int s, ValueCollector collector) {
        for (; s < path.size(); s++) {
            if (v == null) {
                collector.addObject(null);
                return;
            }
            int selector = path.selector(s);
            boolean container = v instanceof Collection || v.getClass().isArray();
            if (path.isName(s) || (selector == FieldPath.ANY_OR_FIELD && !container)) {
                if (v instanceof PackedRecord) {
                    PackedRecord r = (PackedRecord) v;
                    int i = r.schema().indexOf(path.name(s));
                    v = i < 0 ? null : r.get(i);
                } else if (container || v instanceof Map) {
                    throw new IllegalArgumentException("path '" + path + "': '" + path.name(s) + "' follows a "
                            + v.getClass().getSimpleName() + ", not a record");
                } else {
                    v = JavaProperties.get(v, path.name(s));
                }
                continue;
            }
            if (selector == FieldPath.ANY || selector == FieldPath.ANY_OR_FIELD) {
                for (Object e : elements(v, path)) {
                    offer(e, path, s + 1, collector);
                }
                return;
            }
            v = element(v, selector, path);
        }
        collector.addObject(v instanceof Enum ? ((Enum<?>) v).name() : v);
    }

    private static Iterable<?> elements(Object v, FieldPath path) {
        if (v instanceof Collection) {
            return (Collection<?>) v;
        }
        if (v != null && v.getClass().isArray()) {
            int n = Array.getLength(v);
            Object[] out = new Object[n];
            for (int i = 0; i < n; i++) {
                out[i] = Array.get(v, i);
            }
            return java.util.Arrays.asList(out);
        }
        throw new IllegalArgumentException("path '" + path + "': [any] applies to a list, set or array");
    }

    private static Object element(Object v, int index, FieldPath path) {
        if (v instanceof List) {
            List<?> l = (List<?>) v;
            return index < l.size() ? l.get(index) : null;
        }
        if (v instanceof Collection) {
            int i = 0;
            for (Object e : (Collection<?>) v) {
                if (i++ == index) {
                    return e;
                }
            }
            return null;
        }
        if (v.getClass().isArray()) {
            return index < Array.getLength(v) ? Array.get(v, index) : null;
        }
        throw new IllegalArgumentException("path '" + path + "': [" + index + "] applies to a list, set or array");
    }
}
