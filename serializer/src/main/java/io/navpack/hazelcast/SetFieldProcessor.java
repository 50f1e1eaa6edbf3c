package io.navpack.hazelcast;

import com.hazelcast.map.EntryProcessor;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.IdentifiedDataSerializable;
import io.navpack.format.GeneratedView;
import io.navpack.format.PackedRecord;
import io.navpack.hazelcast.internal.SerializationInternals;
import io.navpack.hazelcast.schemas.ForeignSchemaTasks;

import java.io.IOException;
import java.util.Map;

/**
 * An entry processor that sets one field of a navpack value by the field's name, on the members that hold the
 * entry, without the value's class: the stored value is read as a record over its bytes, the new field value is
 * encoded, and the bytes of every other field are copied into the new value as they are
 * ({@link PackedRecord#toBuilder()}) — nothing else is decoded, and the new value is stored without being checked
 * again, since navpack built it from a stored value. It ships in navpack's jar, with its own
 * {@code IdentifiedDataSerializable} id: members need nothing else.
 *
 * <pre>{@code
 * trades.executeOnKey(id, new SetFieldProcessor<>("amount2", new BigDecimal("1250000.00")));
 * }</pre>
 *
 * <p>The value takes the plain form of the field's type ({@link PackedRecord.Builder}): a Java box, {@code String},
 * {@code BigDecimal}, a {@code java.time} value, an enum constant (sent as its name), a {@link PackedRecord} or an
 * instance of a registered class for a nested record, a list, set, array or map of these; {@code null} for a field
 * that may be null. A field the value's type does not have, or a value of another type, fails the call with a message
 * that names the field and what it holds; the entry is left as it was. An absent entry stays absent. Returns
 * {@code null}. The backup replicas apply the same change.
 *
 * <p>The stored value must be read as a record on the members, which is their default read mode
 * ({@code navpack.read-mode: record}).
 *
 * @param <K> the map's key type
 * @param <V> the map's value type as the caller sees it (on the members, the value is a record)
 */
public final class SetFieldProcessor<K, V> implements EntryProcessor<K, V, Object>, IdentifiedDataSerializable {
    /** Class id in navpack's {@code IdentifiedDataSerializable} factory ({@link ForeignSchemaTasks#FACTORY_ID}). */
    public static final int CLASS_ID = 3;

    private String field;
    private Object value;

    /** For Hazelcast's factory. */
    public SetFieldProcessor() {
    }

    /** Sets field {@code field} to {@code value} (see the class description for the values a field takes). */
    public SetFieldProcessor(String field, Object value) {
        if (field == null || field.isEmpty()) {
            throw new IllegalArgumentException("name the field to set");
        }
        this.field = field;
        this.value = value instanceof Enum<?> e ? e.name() : value instanceof GeneratedView ? PackedRecord.ofView(value)
                : value;
    }

    /** The name of the field this processor sets. */
    public String field() {
        return field;
    }

    /** The value it sets the field to. */
    public Object value() {
        return value;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Object process(Map.Entry<K, V> entry) {
        Object stored = entry.getValue();
        if (stored == null) {
            return null;
        }
        PackedRecord record = PackedRecord.ofView(stored);
        if (record == null) {
            throw new IllegalStateException("SetFieldProcessor sets fields of navpack values read as records; the entry's"
                    + " value is " + SerializationInternals.describeFormat(stored) + " (a navpack value reads as a record"
                    + " on members whose read mode is 'record', their default: remove navpack.read-mode there)");
        }
        // from a stored record, the builder's record is stored without a check (PackedGenericRecord#toBuilder)
        entry.setValue((V) record.toBuilder().set(field, value).build());
        return null;
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
        out.writeString(field);
        out.writeObject(value);
    }

    @Override
    public void readData(ObjectDataInput in) throws IOException {
        field = in.readString();
        value = in.readObject();
    }

    @Override
    public String toString() {
        return "SetFieldProcessor{" + field + " = " + value + "}";
    }
}
