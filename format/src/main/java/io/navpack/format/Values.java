package io.navpack.format;

import io.navpack.format.spi.PackedInts;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * What the codecs share: bounds checks of fixed-size and length-prefixed values, big-endian words, the
 * end check of a container or record, the nesting limit, and the validation of a whole record. What
 * each kind's bytes mean is in its {@link Codec} (built by {@link Codecs}); docs/format.md specifies it.
 */
final class Values {
    /** Deepest nesting of records and containers a reader follows. */
    static final int MAX_DEPTH = 64;

    private Values() {
    }

    /** Position after a value of {@code size} bytes at {@code p}, which must fit before {@code limit}. */
    static int fixed(int p, int size, int limit) {
        if (p > limit - size) {
            throw new NavpackFormatException("truncated input: value needs " + size + " bytes, " + (limit - p) + " left", p);
        }
        return p + size;
    }

    /** Position after a packed byte length and the bytes it announces. */
    static int skipLengthPrefixed(byte[] b, int p, int limit) {
        int q = PackedInts.skipInt(b, p, limit);
        return q + checkedLength(b, p, q, limit);
    }

    /** The byte length at {@code p} whose payload starts at {@code q}; must fit before {@code limit}. */
    static int checkedLength(byte[] b, int p, int q, int limit) {
        int n = PackedInts.readInt(b, p, limit);
        if (n < 0 || n > limit - q) {
            throw new NavpackFormatException("length " + n + " exceeds the " + (limit - q) + " bytes left", p);
        }
        return n;
    }

    private static final VarHandle INT32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    /** The big-endian 32-bit word at {@code p}. */
    static int int32(byte[] b, int p) {
        return (int) INT32.get(b, p);
    }

    /** The big-endian 64-bit word at {@code p}. */
    static long int64(byte[] b, int p) {
        return (long) INT64.get(b, p);
    }

    static void requireEnd(int p, int end, FieldType t) {
        if (p != end) {
            throw new NavpackFormatException("a " + t + " ends at offset " + p + " but its length says " + end, p);
        }
    }

    /** {@link #requireEnd} for the body of a record of {@code schema}; the type is only described on failure. */
    static void requireRecordEnd(int p, int end, Schema schema) {
        if (p != end) {
            requireEnd(p, end, FieldType.record(schema.typeName()));
        }
    }

    /**
     * A Java collection or map (a class the target names) that would not take what the bytes hold, e.g.
     * a null in a {@code TreeMap}. The cause's own message is not asked for: a JDK's helpful
     * {@code NullPointerException} message costs far more to build than the input it is about.
     */
    static NavpackFormatException refused(Object container, String what, RuntimeException ex, int at) {
        return new NavpackFormatException("a " + container.getClass().getName() + " refuses " + what + ": "
                + ex.getClass().getName(), at, ex);
    }

    static Object newInstance(JavaTarget target) {
        try {
            return target.factory.invokeExact();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new SchemaException("cannot create a " + target.raw.getName(), e);
        }
    }

    /** {@link PackedRecord#validate()}: decodes every field of {@code r} and of the records in it; collects their schemas. */
    static void validate(PackedRecord r, List<Schema> schemas) {
        if (!schemas.contains(r.schema())) {
            schemas.add(r.schema());
        }
        for (Object v : r.decodeAll()) {
            validateValue(v, schemas);
        }
    }

    private static void validateValue(Object v, List<Schema> schemas) {
        if (v instanceof PackedRecord) {
            validate((PackedRecord) v, schemas);
        } else if (v instanceof Collection) {
            for (Object x : (Collection<?>) v) {
                validateValue(x, schemas);
            }
        } else if (v instanceof Map) {
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                validateValue(e.getKey(), schemas);
                validateValue(e.getValue(), schemas);
            }
        } else if (v instanceof Object[]) {
            for (Object x : (Object[]) v) {
                validateValue(x, schemas);
            }
        }
    }
}
