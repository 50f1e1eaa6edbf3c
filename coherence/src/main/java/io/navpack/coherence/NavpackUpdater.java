package io.navpack.coherence;

import com.tangosol.io.ExternalizableLite;
import com.tangosol.util.Binary;
import com.tangosol.util.BinaryEntry;
import com.tangosol.util.ExternalizableHelper;
import com.tangosol.util.InvocableMap;
import com.tangosol.util.extractor.AbstractUpdater;
import io.navpack.format.PackedRecord;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Map;
import java.util.Objects;

/**
 * A Coherence {@code ValueUpdater} that sets one top-level field of a navpack value, for
 * {@code new UpdaterProcessor<>(NavpackUpdater.of("status"), "SETTLED")} and wherever Coherence updates an entry
 * through an updater. On a storage member the new value is built from the stored bytes (the other fields are copied,
 * not decoded) and stored as bytes: no user class, no deserialisation. navpack values are immutable, so the updater
 * works on entries ({@link #updateEntry}), not on a detached object ({@link #update} refuses).
 */
public class NavpackUpdater<U> extends AbstractUpdater<Object, Object, U> implements ExternalizableLite {
    private static final long serialVersionUID = 1L;
    private String field;

    /** For Coherence's deserialisation. */
    public NavpackUpdater() {
    }

    public NavpackUpdater(String field) {
        this.field = Objects.requireNonNull(field, "field");
    }

    public static <U> NavpackUpdater<U> of(String field) {
        return new NavpackUpdater<>(field);
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public void updateEntry(Map.Entry<Object, Object> entry, U value) {
        if ((Object) entry instanceof BinaryEntry be) {
            PackedRecord r = NavpackCoherenceSerializer.view(be.getBinaryValue(), NavpackCoherence.get().registry());
            if (r != null) {
                PackedRecord updated = r.toBuilder().set(field, value).build();
                be.updateBinaryValue((Binary) ExternalizableHelper.toBinary(updated, be.getSerializer()));
                return;
            }
        }
        PackedRecord r = PackedRecord.ofView(entry.getValue());
        if (r == null) {
            throw new IllegalArgumentException("NavpackUpdater sets fields of navpack values; the entry's value is a "
                    + (entry.getValue() == null ? "null" : entry.getValue().getClass().getName()));
        }
        PackedRecord updated = r.toBuilder().set(field, value).build();
        if ((Object) entry instanceof InvocableMap.Entry ie) {
            ie.setValue(updated, false);
        } else {
            entry.setValue(updated);
        }
    }

    @Override
    public void update(Object target, U value) {
        throw new UnsupportedOperationException("navpack values are immutable: NavpackUpdater(" + field + ") updates"
                + " entries (UpdaterProcessor, InvocableMap.Entry.update), not detached values");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NavpackUpdater<?> u && u.field.equals(field);
    }

    @Override
    public int hashCode() {
        return field.hashCode();
    }

    @Override
    public String toString() {
        return "NavpackUpdater(" + field + ")";
    }

    @Override
    public void readExternal(DataInput in) throws IOException {
        field = in.readUTF();
    }

    @Override
    public void writeExternal(DataOutput out) throws IOException {
        out.writeUTF(field);
    }
}
