package io.navpack.hazelcast;

import com.hazelcast.logging.ILogger;
import com.hazelcast.logging.Logger;
import io.navpack.format.Schema;
import io.navpack.hazelcast.internal.OperationThreads;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Attributes that name no field of any navpack schema the cluster knows, met while a query reads a
 * value ({@link PackedGenericRecord#hasField}). By default ({@value NavpackSettings#UNKNOWN_FIELDS_ERROR})
 * the query fails with a message naming the type and its fields: a misspelt attribute would otherwise
 * match nothing in silence. With {@code navpack.query.unknown-fields: warn} — for maps that also hold
 * values of other formats that do have the field — the value reads as null, one warning is logged per
 * type and name, and {@link #count()} counts such reads.
 */
public final class UnknownFields {
    private static final ILogger LOGGER = Logger.getLogger(UnknownFields.class);
    private static final AtomicLong COUNT = new AtomicLong();
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();
    /** The value and name this thread counted last: Hazelcast asks a value about a name more than once per read. */
    private static final ThreadLocal<Object[]> LAST = ThreadLocal.withInitial(() -> new Object[2]);

    private UnknownFields() {
    }

    /** Values asked for an attribute that no navpack schema has, answered with null (in {@code warn} mode), in this JVM. */
    public static long count() {
        return COUNT.get();
    }

    static void report(Schema schema, String name, boolean warnOnly, Object value) {
        if (!warnOnly) {
            throw new IllegalArgumentException("navpack: no field '" + name + "' in any version of " + schema.typeName()
                    + " (its fields: " + String.join(", ", schema.fieldNames()) + ") nor in any other navpack type;"
                    + " check the attribute's spelling (names are case-sensitive), or set "
                    + NavpackSettings.UNKNOWN_FIELDS + "=" + NavpackSettings.UNKNOWN_FIELDS_WARN
                    + " if the map also holds values of other formats that have it");
        }
        Object[] last = LAST.get();
        if (last[0] != value || !name.equals(last[1])) {
            last[0] = value;
            last[1] = name;
            COUNT.incrementAndGet();
        }
        if (WARNED.size() < 10_000 && WARNED.add(schema.typeName() + '\u0000' + name)) {
            LOGGER.warning("navpack: a query" + OperationThreads.describe() + " reads '" + name + "', which no version of "
                    + schema.typeName() + " has (its fields: " + String.join(", ", schema.fieldNames())
                    + "); such values read as null (" + NavpackSettings.UNKNOWN_FIELDS + "="
                    + NavpackSettings.UNKNOWN_FIELDS_WARN + ")");
        }
    }
}
