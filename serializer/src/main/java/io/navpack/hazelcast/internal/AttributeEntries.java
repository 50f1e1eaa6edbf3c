package io.navpack.hazelcast.internal;

import com.hazelcast.query.impl.Extractable;

import java.util.Map;

/**
 * Entries whose attributes a navpack value answers itself: Hazelcast's predicates ({@code Predicates.*},
 * {@code Predicates.sql}) read an attribute of the entry they test through Hazelcast's internal {@code Extractable}
 * interface, which its query entries implement by looking up a getter, switching class loaders and walking the path
 * per entry and attribute. An entry made here hands each value attribute to the navpack value
 * ({@link QueryableGenericRecord#attribute}), which reads it from its bytes as the getter would have; key attributes
 * ({@code __key}, {@code __key.x}) and the value as a whole ({@code this}) go to the entry as before.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
public final class AttributeEntries {
    private AttributeEntries() {
    }

    /** {@code entry} with its value's attributes read by {@code value}, the value the entry holds. */
    public static <K, V> Map.Entry<K, V> readBy(Map.Entry<K, V> entry, QueryableGenericRecord value) {
        return new Reading<>(entry, value);
    }

    /** An entry whose value attributes its navpack value reads. */
    private static final class Reading<K, V> implements Map.Entry<K, V>, Extractable {
        private final Map.Entry<K, V> entry;
        private final QueryableGenericRecord value;

        Reading(Map.Entry<K, V> entry, QueryableGenericRecord value) {
            this.entry = entry;
            this.value = value;
        }

        @Override
        public Object getAttributeValue(String attributeName) {
            if (attributeName.startsWith("__key") || attributeName.equals("this") || !(entry instanceof Extractable)) {
                return entry instanceof Extractable e ? e.getAttributeValue(attributeName) : null;
            }
            return value.attribute(attributeName);
        }

        @Override
        public K getKey() {
            return entry.getKey();
        }

        @Override
        public V getValue() {
            return entry.getValue();
        }

        @Override
        public V setValue(V v) {
            return entry.setValue(v);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Reading<?, ?> r ? entry.equals(r.entry) : entry.equals(o);
        }

        @Override
        public int hashCode() {
            return entry.hashCode();
        }

        @Override
        public String toString() {
            return entry.toString();
        }
    }
}
