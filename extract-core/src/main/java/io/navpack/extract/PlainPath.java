package io.navpack.extract;

import io.navpack.format.FieldPath;
import io.navpack.format.PackedRecord;
import io.navpack.format.spi.PlainContainers;

import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Follows a {@link FieldPath} through values in their plain form: navpack records (a field by name), lists,
 * sets and arrays (one element or, for {@code [any]}, every one), and other objects (a field through their
 * accessors, as Hazelcast's own extraction reads them). What {@link PackedRecord#visit} does over a record's
 * bytes, this does over values already decoded, with the grids' rules for a query attribute: a null on the
 * way, a field the value lacks or an index past the end gives null, and {@code [any]} offers every element.
 */
public final class PlainPath {
    private PlainPath() {
    }

    /** Follows steps {@code s..} of {@code path} from {@code v}, offering what they reach; enums as their names. */
    public static void offer(Object v, FieldPath path, int s, Consumer<Object> collector) {
        offer(v, path, s, collector, null);
    }

    /** The same, {@code v} being a field of the record {@code in} (named in errors). */
    public static void offer(Object v, FieldPath path, int s, Consumer<Object> collector, PackedRecord in) {
        for (; s < path.size(); s++) {
            if (v == null) {
                collector.accept(null);
                return;
            }
            FieldPath.Step step = path.step(s);
            boolean container = v instanceof Collection || v.getClass().isArray();
            if (step.readsField(container)) {
                if (container) {
                    // the one rule for a path through a repeated element: say which occurrences
                    throw path.repeatedAt(s - 1, in == null ? null : in.schema(), null);
                }
                in = v instanceof PackedRecord r ? r : null;
                v = field(v, step.name(), path, false);
            } else if (step.everyElement()) {
                for (Object e : elements(v, path)) {
                    offer(e, path, s + 1, collector);
                }
                return;
            } else {
                v = element(v, step.index(), path);
            }
        }
        collector.accept(v instanceof Enum ? ((Enum<?>) v).name() : v);
    }

    /**
     * The value {@code path}, made only of field names, reaches from {@code v}; null if a null lies on the way.
     * A path with an element step is refused with {@code what} as the reason.
     */
    public static Object follow(Object v, FieldPath path, String what) {
        for (int s = 0; s < path.size(); s++) {
            if (path.step(s).type() != FieldPath.Step.Type.FIELD) {
                throw new IllegalArgumentException(what + ": " + path);
            }
        }
        Object[] out = new Object[1];
        offer(v, path, 0, value -> out[0] = value);
        return out[0];
    }

    private static Object field(Object v, String name, FieldPath path, boolean container) {
        if (v instanceof PackedRecord) {
            PackedRecord r = (PackedRecord) v;
            int i = r.schema().indexOf(name);
            return i < 0 ? null : r.get(i);
        }
        if (container || v instanceof Map) {
            throw new IllegalArgumentException("path '" + path + "': '" + name + "' follows a "
                    + v.getClass().getSimpleName() + ", not a record");
        }
        return JavaProperties.get(v, name);
    }

    private static Iterable<?> elements(Object v, FieldPath path) {
        if (v instanceof Collection) {
            return (Collection<?>) v;
        }
        Object[] array = PlainContainers.elements(v);
        if (array == null) {
            throw new IllegalArgumentException("path '" + path + "': [any] applies to a list, set or array");
        }
        return Arrays.asList(array);
    }

    private static Object element(Object v, int index, FieldPath path) {
        if (!PlainContainers.isContainer(v)) {
            throw new IllegalArgumentException("path '" + path + "': [" + index + "] applies to a list, set or array");
        }
        return PlainContainers.element(v, index);
    }
}
