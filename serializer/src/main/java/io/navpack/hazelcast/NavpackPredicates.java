package io.navpack.hazelcast;

import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.IdentifiedDataSerializable;
import com.hazelcast.query.Predicate;
import io.navpack.hazelcast.internal.AttributeEntries;
import io.navpack.hazelcast.schemas.ForeignSchemaTasks;

import java.io.IOException;
import java.util.Map;
import java.util.Objects;

/**
 * Hazelcast predicates evaluated on navpack values with navpack's own attribute reads. A scan with an ordinary
 * predicate spends most of its time per entry in Hazelcast's attribute machinery, the same for every format: a getter
 * looked up per entry and attribute, the class loader switched around each read, the path cut into steps, the JSON
 * metadata looked up. Wrapped here, the same predicate — the same Hazelcast classes compare, convert, combine and
 * match {@code [any]} — asks the navpack value for each attribute, which reads it from its bytes as the getter would
 * have (the same values, nulls, multi-results and errors), without that machinery:
 *
 * <pre>{@code
 * Predicate<String, Object> p = NavpackPredicates.of(Predicates.sql("trade.tradeHeader.tradeDate >= '2018-01-01'"
 *         + " or party[any].partyName = 'ABC Bank'"));
 * Set<String> keys = documents.keySet(p);
 * }</pre>
 *
 * <p>It is for scans: the query is answered by testing every entry, never from an index (an indexed query is faster
 * with the plain predicate). Values of other formats in the same map, and key attributes ({@code __key}), are read as
 * Hazelcast reads them. Members need navpack's jar, which they have for navpack maps; the predicate travels with its
 * own {@code IdentifiedDataSerializable} id.
 *
 * @param <K> the map's key type
 * @param <V> the map's value type
 */
public final class NavpackPredicates<K, V> implements Predicate<K, V>, IdentifiedDataSerializable {
    private static final long serialVersionUID = 1L;
    /** Class id in navpack's {@code IdentifiedDataSerializable} factory ({@link ForeignSchemaTasks#FACTORY_ID}). */
    public static final int CLASS_ID = 4;

    private Predicate<K, V> predicate;

    /** For Hazelcast's factory. */
    public NavpackPredicates() {
    }

    private NavpackPredicates(Predicate<K, V> predicate) {
        this.predicate = Objects.requireNonNull(predicate, "predicate");
    }

    /** {@code predicate} (built with {@code Predicates.*} or {@code Predicates.sql}) evaluated with navpack's reads. */
    public static <K, V> Predicate<K, V> of(Predicate<K, V> predicate) {
        return predicate instanceof NavpackPredicates<K, V> n ? n : new NavpackPredicates<>(predicate);
    }

    /** The predicate evaluated. */
    public Predicate<K, V> predicate() {
        return predicate;
    }

    @Override
    public boolean apply(Map.Entry<K, V> entry) {
        Object value = entry.getValue();
        if (value instanceof PackedGenericRecord g) {
            return predicate.apply(AttributeEntries.readBy(entry, g));
        }
        return predicate.apply(entry);
    }

    @Override
    public int getFactoryId() {
        return ForeignSchemaTasks.FACTORY_ID;
    }

    @Override
    public int getClassId() {
        return CLASS_ID;
    }

    @Override
    public void writeData(ObjectDataOutput out) throws IOException {
        out.writeObject(predicate);
    }

    @Override
    public void readData(ObjectDataInput in) throws IOException {
        predicate = in.readObject();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NavpackPredicates<?, ?> n && Objects.equals(predicate, n.predicate);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(predicate);
    }

    @Override
    public String toString() {
        return "navpack(" + predicate + ")";
    }
}
