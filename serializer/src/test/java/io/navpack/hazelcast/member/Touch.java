package io.navpack.hazelcast.member;

import com.hazelcast.map.EntryProcessor;
import io.navpack.format.PackedRecord;

import java.util.Map;

/** Reads an entry on its member and writes it back unchanged (the view's bytes are copied). */
public final class Touch implements EntryProcessor<Object, Object, String> {
    private static final long serialVersionUID = 1L;

    @Override
    public String process(Map.Entry<Object, Object> entry) {
        PackedRecord r = (PackedRecord) entry.getValue();
        entry.setValue(r);
        return r.schema().typeName();
    }
}
