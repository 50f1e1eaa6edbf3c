package io.navpack.extract;

import io.navpack.format.PackedRecord;
import io.navpack.hazelcast.PackedGenericRecord;
import io.navpack.hazelcast.QueryReads;

/**
 * The reads Hazelcast's query engine makes by plain field name, through the same per-thread policy as
 * the {@code nav[...]} attribute ({@link ValueReads}): single fields until the schema's measured
 * break-even, then one full decode; the mode comes from {@code navpack.extract.mode}.
 */
public final class AdaptiveQueryReads implements QueryReads {
    @Override
    public Object read(PackedRecord record, int field) {
        return ValueReads.read(plain(record), field, null);
    }

    /** The record itself under a generic record: the same value, whether a query reads it by plain name or through nav[...]. */
    static PackedRecord plain(PackedRecord record) {
        return record instanceof PackedGenericRecord g ? g.record() : record;
    }
}
