package io.navpack.hazelcast.member;

import com.hazelcast.map.EntryProcessor;
import io.navpack.format.PackedRecord;

import java.util.Map;

/**
 * Runs on the members that hold an entry, without the value's class: changes one field through
 * {@link PackedRecord#toBuilder()} (the other fields are copied as bytes) and stores the new value.
 * Returns the old value of the field.
 */
public final class SetField implements EntryProcessor<Object, Object, Object> {
    private static final long serialVersionUID = 1L;

    private final String field;
    private final Object value;

    public SetField(String field, Object value) {
        this.field = field;
        this.value = value;
    }

    @Override
    public Object process(Map.Entry<Object, Object> entry) {
        PackedRecord r = (PackedRecord) entry.getValue();
        Object old = r.get(field);
        entry.setValue(r.toBuilder().set(field, value).build());
        return old;
    }
}
