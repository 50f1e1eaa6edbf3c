package io.navpack.extract;

import io.navpack.format.FieldPath;

import java.io.Serializable;
import java.util.Comparator;
import java.util.Map;

/**
 * Orders map entries by a field of their values, for a {@code PagingPredicate}: members compare their
 * navpack values without the user's classes, the client compares your objects, and both see the same
 * order. Enum fields order by the constant's name (as queries compare them); nulls come first.
 *
 * <pre>{@code
 * PagingPredicate<Long, Order> page = Predicates.pagingPredicate(Predicates.equal("status", "OPEN"),
 *         FieldComparator.byDescending("total"), 20);
 * }</pre>
 *
 * Needs navpack-extractors on the members (as queries do).
 */
public final class FieldComparator<K, V> implements Comparator<Map.Entry<K, V>>, Serializable {
    private static final long serialVersionUID = 1L;

    private final String path;
    private final boolean descending;
    private transient FieldPath parsed;

    private FieldComparator(String path, boolean descending) {
        this.path = path;
        this.descending = descending;
        this.parsed = FieldPath.parse(path);
    }

    /** Ascending by the field or path {@code path} ({@code total}, {@code customer.name}) of the entries' values. */
    public static <K, V> FieldComparator<K, V> by(String path) {
        return new FieldComparator<>(path, false);
    }

    /** Descending by the field or path {@code path} of the entries' values. */
    public static <K, V> FieldComparator<K, V> byDescending(String path) {
        return new FieldComparator<>(path, true);
    }

    /** The same field, the other way round; serializable, unlike {@link Comparator#reversed()}'s result. */
    @Override
    public FieldComparator<K, V> reversed() {
        return new FieldComparator<>(path, !descending);
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public int compare(Map.Entry<K, V> a, Map.Entry<K, V> b) {
        Object x = valueOf(a.getValue());
        Object y = valueOf(b.getValue());
        int c;
        if (x == null || y == null) {
            c = x == null ? (y == null ? 0 : -1) : 1;
        } else {
            c = ((Comparable) x).compareTo(y);
        }
        return descending ? -c : c;
    }

    private Object valueOf(Object value) {
        FieldPath p = parsed;
        if (p == null) {
            p = FieldPath.parse(path);
            parsed = p;
        }
        return PlainPath.follow(value, p, "FieldComparator orders by a field, not by an element");
    }

    @Override
    public String toString() {
        return "FieldComparator(" + path + (descending ? " descending" : "") + ")";
    }
}
