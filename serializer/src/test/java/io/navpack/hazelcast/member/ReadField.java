package io.navpack.hazelcast.member;

import com.hazelcast.map.EntryProcessor;
import io.navpack.format.PackedRecord;

import java.util.Map;

/**
 * Runs on the member that owns an entry and reads one field of it through {@link PackedRecord}, without
 * the user's class: "version:value". Fails when the member cannot describe the stored bytes.
 */
public final class ReadField implements EntryProcessor<Object, Object, String> {
    private static final long serialVersionUID = 1L;

    private final String field;

    public ReadField(String field) {
        this.field = field;
    }

    @Override
    public String process(Map.Entry<Object, Object> entry) {
        Object value = entry.getValue();
        if (!(value instanceof PackedRecord)) {
            throw new IllegalStateException("expected a PackedRecord on the member, got " + value.getClass());
        }
        PackedRecord r = (PackedRecord) value;
        return r.schema().version() + ":" + r.get(field);
    }

    @Override
    public EntryProcessor<Object, Object, String> getBackupProcessor() {
        return null;
    }
}
