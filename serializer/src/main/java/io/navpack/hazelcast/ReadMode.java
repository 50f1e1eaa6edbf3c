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
    OBJECT,
    /**
     * An implementation of the interface configured for the value's type ({@code navpack.view.<type>},
     * {@link NavpackConfig#view}) over a copy of the value's bytes: one small object per value, each field
     * decoded when its accessor is called ({@link io.navpack.format.PackedRecord#as(Class)}). Values of
     * types without an interface are read as with {@link #OBJECT}. Meant for clients and their near caches.
     */
    VIEW;

    static ReadMode parse(String text, String property) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(property + " must be 'record', 'object' or 'view', not '" + text + "'", e);
        }
    }
}
