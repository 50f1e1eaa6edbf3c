package io.navpack.hazelcast;

import io.navpack.format.GeneratedView;
import io.navpack.format.PackedRecord;

/**
 * Registers {@link NavpackSerializer} for {@link PackedRecord} in every Hazelcast member and client
 * that has the navpack jar: listed in {@code META-INF/services/com.hazelcast.SerializerHook}, so no
 * configuration is needed for members to store, query and return views.
 */
public final class NavpackSerializerHook extends NavpackTypeHook<PackedRecord> {
    public NavpackSerializerHook() {
        super(PackedRecord.class);
    }

    /** The same for interface views ({@link ReadMode#VIEW}), which are written by copying their bytes. */
    public static final class View extends NavpackTypeHook<GeneratedView> {
        public View() {
            super(GeneratedView.class);
        }
    }

    /** The same for {@link PackedGenericRecord}, the form in which Hazelcast reads navpack values. */
    public static final class Generic extends NavpackTypeHook<PackedGenericRecord> {
        public Generic() {
            super(PackedGenericRecord.class);
        }
    }
}
