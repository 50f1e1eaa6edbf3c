package io.navpack.format.spi;

import io.navpack.format.PackedRecord;

import java.lang.reflect.Array;
import java.util.Collection;
import java.util.List;

/**
 * The containers among values in their plain form (see {@link PackedRecord}): lists, sets and arrays,
 * as the query paths over decoded values ({@code list[2]}, {@code list[any]}) step into them.
 */
public final class PlainContainers {
    private PlainContainers() {
    }

    /** Whether {@code v} is a list, a set (any collection) or an array. */
    public static boolean isContainer(Object v) {
        return v instanceof Collection || v != null && v.getClass().isArray();
    }

    /**
     * The elements of a list, set or array as objects (an object array itself, primitives boxed), or null
     * when {@code v} is none of these.
     */
    public static Object[] elements(Object v) {
        if (v instanceof Object[]) {
            return (Object[]) v;
        }
        if (v instanceof Collection) {
            return ((Collection<?>) v).toArray();
        }
        if (v == null || !v.getClass().isArray()) {
            return null;
        }
        int n = Array.getLength(v);
        Object[] out = new Object[n];
        for (int i = 0; i < n; i++) {
            out[i] = Array.get(v, i);
        }
        return out;
    }

    /**
     * Element {@code index} of a list, set (in its iteration order) or array; null past the end or for a
     * negative index. {@code v} must be a container ({@link #isContainer}).
     */
    public static Object element(Object v, int index) {
        if (index < 0) {
            return null;
        }
        if (v instanceof List) {
            List<?> l = (List<?>) v;
            return index < l.size() ? l.get(index) : null;
        }
        if (v instanceof Collection) {
            int k = 0;
            for (Object e : (Collection<?>) v) {
                if (k++ == index) {
                    return e;
                }
            }
            return null;
        }
        if (v.getClass().isArray()) {
            return index < Array.getLength(v) ? Array.get(v, index) : null;
        }
        throw new IllegalArgumentException("a " + v.getClass().getName() + " is not a list, set or array");
    }
}
