package io.navpack.hazelcast.internal;

import com.hazelcast.internal.serialization.impl.InternalGenericRecord;
import com.hazelcast.internal.serialization.impl.compact.CompactGenericRecord;
import com.hazelcast.internal.serialization.impl.compact.Schema;
import com.hazelcast.nio.serialization.HazelcastSerializationException;
import com.hazelcast.query.impl.getters.MultiResult;

import java.util.List;

/**
 * The base of navpack's values as Hazelcast's query engine reads them. Hazelcast's getters reach the fields of a
 * value by plain name ({@code currency}, {@code customer.address.city}, {@code legs[any].notional}) only when the
 * value is a {@code CompactGenericRecord} (an internal abstract class; implementing the public
 * {@code GenericRecord} interface is not enough), whose query reader also asks for nested records through the
 * internal {@code InternalGenericRecord} type. This class is that bridge: subclasses implement the public generic
 * record methods and the three nested-record reads below in terms of their own type.
 *
 * <p>Hazelcast asks a generic record for its Compact schema only to write it with its Compact serializer, which
 * must never happen to a navpack value (it would silently become a Compact value): {@link #getSchema} refuses,
 * with the subclass's explanation.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
public abstract class QueryableGenericRecord extends CompactGenericRecord {
    protected QueryableGenericRecord() {
    }

    /** The nested record in field {@code fieldName}, as a query's path steps into it. */
    protected abstract QueryableGenericRecord nestedOnPath(String fieldName);

    /** The nested record at {@code index} of the list or array in field {@code fieldName}, on a query's path. */
    protected abstract QueryableGenericRecord nestedOnPath(String fieldName, int index);

    /** The nested records of the list or array in field {@code fieldName}, on a query's path ({@code [any]}). */
    protected abstract QueryableGenericRecord[] nestedRecordsOnPath(String fieldName);

    /**
     * Attribute {@code name} (a field or a path) as Hazelcast's getter would read it from this record for a query: the
     * value, a multi-result, null, or "no value" ({@link AttributeEntries}).
     */
    protected abstract Object attribute(String name);

    /** Why this record cannot be written by Hazelcast's Compact serializer, and the fix. */
    protected abstract String compactWriteRefused();

    @Override
    public final InternalGenericRecord getInternalGenericRecord(String fieldName) {
        return nestedOnPath(fieldName);
    }

    @Override
    public final InternalGenericRecord getInternalGenericRecordFromArray(String fieldName, int index) {
        return nestedOnPath(fieldName, index);
    }

    @Override
    public final InternalGenericRecord[] getArrayOfInternalGenericRecord(String fieldName) {
        return nestedRecordsOnPath(fieldName);
    }

    /**
     * What Hazelcast's query reader makes of a path that reaches several values, or none through a null, empty or
     * missing step ({@code nullOrEmpty}: Hazelcast then puts a null first, which aggregations tell apart).
     */
    public static Object multiResult(List<Object> results, boolean nullOrEmpty) {
        MultiResult<Object> m = new MultiResult<>(results);
        m.setNullOrEmptyTarget(nullOrEmpty);
        return m;
    }

    /** Whether {@code value} is such a multi-result. */
    public static boolean isMultiResult(Object value) {
        return value instanceof MultiResult;
    }

    @Override
    public final Schema getSchema() {
        throw new HazelcastSerializationException(compactWriteRefused());
    }
}
