package io.navpack.hazelcast;

import java.util.Locale;

/** What {@link NavpackSerializer#read} returns. */
public enum ReadMode {
    /** A {@link io.navpack.format.PackedRecord} view over the bytes: nothing is decoded. The default on members. */
    RECORD,
    /**
     * An instance of the registered class of the value's type, decoded in full; a {@code PackedRecord}
     * when no class of that type is registered in this JVM. The default on clients.
     */
    OBJECT;

    static ReadMode parse(String text, String property) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(property + " must be 'record' or 'object', not '" + text + "'", e);
        }
    }
}
