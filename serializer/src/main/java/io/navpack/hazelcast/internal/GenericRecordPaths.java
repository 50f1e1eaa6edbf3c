package io.navpack.hazelcast.internal;

import com.hazelcast.internal.serialization.impl.GenericRecordQueryReader;
import com.hazelcast.internal.serialization.impl.InternalGenericRecord;
import com.hazelcast.query.extractor.ValueCollector;

/**
 * A path ({@code legs[any].notional}) read out of one of Hazelcast's own generic records — a Compact or Portable
 * value that a map holds beside navpack's — by Hazelcast's query reader, as its getters would read it.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
public final class GenericRecordPaths {
    private GenericRecordPaths() {
    }

    /** Whether {@code target} is a generic record that {@link #read} can read. */
    public static boolean readable(Object target) {
        return target instanceof InternalGenericRecord;
    }

    /** Offers the values at {@code path} (Hazelcast's attribute syntax) of {@code target} to {@code collector}. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static void read(Object target, String path, ValueCollector collector) {
        new GenericRecordQueryReader((InternalGenericRecord) target).read(path, collector);
    }
}
