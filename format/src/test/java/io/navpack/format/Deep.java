package io.navpack.format;

import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** Turns values into trees that compare with equals: arrays become lists, records maps of their components. */
public final class Deep {
    private Deep() {
    }

    static Object normalize(Object v) {
        if (v == null) {
            return null;
        }
        if (v.getClass().isArray()) {
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < Array.getLength(v); i++) {
                out.add(normalize(Array.get(v, i)));
            }
            return out;
        }
        if (v instanceof Record) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("@type", v.getClass().getName());
            for (RecordComponent rc : v.getClass().getRecordComponents()) {
                try {
                    out.put(rc.getName(), normalize(rc.getAccessor().invoke(v)));
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
            return out;
        }
        if (v instanceof List) {
            List<Object> out = new ArrayList<>();
            for (Object x : (List<?>) v) {
                out.add(normalize(x));
            }
            return out;
        }
        if (v instanceof Set) {
            Set<Object> out = new HashSet<>();
            for (Object x : (Set<?>) v) {
                out.add(normalize(x));
            }
            return out;
        }
        if (v instanceof Map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                out.put(normalize(e.getKey()), normalize(e.getValue()));
            }
            return out;
        }
        return v;
    }

    /** Equal values, arrays compared by content wherever they are (NaN equals NaN), collections and maps in order. */
    public static boolean same(Object a, Object b) {
        if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
            return same(x.keySet(), y.keySet()) && same(x.values(), y.values());
        }
        if (a instanceof Collection<?> x && b instanceof Collection<?> y) {
            return same(x.toArray(), y.toArray());
        }
        if (a instanceof Object[] x && b instanceof Object[] y) {
            if (x.length != y.length) {
                return false;
            }
            for (int i = 0; i < x.length; i++) {
                if (!same(x[i], y[i])) {
                    return false;
                }
            }
            return true;
        }
        return Objects.deepEquals(a, b);
    }
}
