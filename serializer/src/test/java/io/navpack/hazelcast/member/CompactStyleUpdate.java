package io.navpack.hazelcast.member;

import com.hazelcast.map.EntryProcessor;
import com.hazelcast.nio.serialization.genericrecord.GenericRecord;

import java.math.BigDecimal;
import java.util.Map;

/**
 * The entry processor a Compact user writes, run on a navpack value: Hazelcast's generic-record API,
 * {@code newBuilderWithClone()} and typed setters.
 */
public final class CompactStyleUpdate implements EntryProcessor<Object, Object, String> {
    private static final long serialVersionUID = 1L;

    private final String status;
    private final BigDecimal total;

    public CompactStyleUpdate(String status, BigDecimal total) {
        this.status = status;
        this.total = total;
    }

    @Override
    public String process(Map.Entry<Object, Object> entry) {
        GenericRecord r = (GenericRecord) entry.getValue();
        String old = r.getString("status");
        entry.setValue(r.newBuilderWithClone().setString("status", status).setDecimal("total", total)
                .setNullableInt64("discount", null).build());
        return old;
    }
}
