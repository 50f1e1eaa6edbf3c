package io.navpack.hazelcast;

import com.hazelcast.nio.serialization.HazelcastSerializationException;
import com.hazelcast.nio.serialization.genericrecord.GenericRecord;
import com.hazelcast.nio.serialization.genericrecord.GenericRecordBuilder;
import io.navpack.format.Field;
import io.navpack.format.Kind;
import io.navpack.format.PackedRecord;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Hazelcast's {@link GenericRecordBuilder} for navpack values, as {@link PackedGenericRecord#newBuilder()}
 * and {@link PackedGenericRecord#newBuilderWithClone()} return it: code written for Compact generic records
 * (entry processors on members without the user's classes) builds navpack values the same way. Each setter
 * takes the Java type its name says and hands it to navpack's {@link PackedRecord.Builder}, which checks it
 * against the field's navpack type: {@code setString} also sets an enum field by constant name, the
 * {@code setArrayOf...} setters fill lists, sets and arrays alike, {@code setArrayOfInt8} a {@code byte[]}
 * field too. Types Compact has no setter for ({@code UUID}, {@code Instant}, {@code BigInteger}, maps) are
 * set with {@link #set(String, Object)}.
 *
 * <p>As with Compact: a builder from {@code newBuilder()} sets each field once and must set all of them;
 * one from {@code newBuilderWithClone()} starts from the record's fields, which are copied as bytes unless
 * set again. Errors are {@link HazelcastSerializationException}s naming the field and both types.
 */
public final class PackedGenericRecordBuilder implements GenericRecordBuilder {
    private final PackedRecord.Builder builder;
    private final boolean clone;
    private final Set<String> set = new HashSet<>();
    private boolean built;

    PackedGenericRecordBuilder(PackedRecord.Builder builder, boolean clone) {
        this.builder = builder;
        this.clone = clone;
    }

    /** Sets a field to any value in navpack's plain form ({@link PackedRecord.Builder#set}). */
    public PackedGenericRecordBuilder set(String fieldName, Object value) {
        if (built) {
            throw new UnsupportedOperationException("this builder has built its record; start another one");
        }
        if (!clone && !set.add(fieldName)) {
            throw new HazelcastSerializationException("field " + fieldName + " of " + builder.schema().typeName()
                    + " is set twice: a builder from newBuilder() sets each field once (newBuilderWithClone() allows more)");
        }
        try {
            builder.set(fieldName, value);
        } catch (IllegalArgumentException e) {
            set.remove(fieldName);
            throw new HazelcastSerializationException(e.getMessage(), e);
        }
        return this;
    }

    @Override
    public GenericRecord build() {
        if (built) {
            throw new UnsupportedOperationException("this builder has built its record; start another one");
        }
        if (!clone) {
            List<String> unset = new ArrayList<>();
            for (String name : builder.schema().fieldNames()) {
                if (!set.contains(name)) {
                    unset.add(name);
                }
            }
            if (!unset.isEmpty()) {
                throw new HazelcastSerializationException("fields of " + builder.schema().typeName() + " not set: " + unset
                        + " (a builder from newBuilder() sets every field; newBuilderWithClone() keeps the others)");
            }
        }
        try {
            PackedGenericRecord r = PackedGenericRecord.of(builder.build());
            built = true;
            return r;
        } catch (RuntimeException e) {
            throw new HazelcastSerializationException("navpack cannot build the " + builder.schema().typeName() + ": "
                    + e.getMessage(), e);
        }
    }

    private Field field(String name) {
        Field f = builder.schema().field(name);
        if (f == null) {
            throw new HazelcastSerializationException("no field '" + name + "' in " + builder.schema().typeName() + " v"
                    + builder.schema().version() + " (fields: " + builder.schema().fieldNames() + ")");
        }
        return f;
    }

    /** An array given to a {@code setArrayOf...} setter, as the field's container: a list, a set or the array. */
    private Object container(String name, Object array) {
        if (array == null) {
            return null;
        }
        Kind k = field(name).type().kind();
        if (k == Kind.ARRAY || k == Kind.BYTES) {
            if (k == Kind.ARRAY && !field(name).type().isPrimitiveArray() && array.getClass().getComponentType().isPrimitive()) {
                return boxed(array).toArray((Object[]) Array.newInstance(box(array.getClass().getComponentType()), 0));
            }
            return array;
        }
        List<Object> list = boxed(array);
        return k == Kind.SET ? new LinkedHashSet<>(list) : list;
    }

    private static List<Object> boxed(Object array) {
        int n = Array.getLength(array);
        List<Object> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Object v = Array.get(array, i);
            list.add(v instanceof GenericRecord ? record((GenericRecord) v) : v);
        }
        return list;
    }

    private static Class<?> box(Class<?> c) {
        if (c == boolean.class) return Boolean.class;
        if (c == byte.class) return Byte.class;
        if (c == short.class) return Short.class;
        if (c == char.class) return Character.class;
        if (c == int.class) return Integer.class;
        if (c == long.class) return Long.class;
        if (c == float.class) return Float.class;
        return Double.class;
    }

    private static PackedRecord record(GenericRecord r) {
        if (r == null || r instanceof PackedRecord) {
            return (PackedRecord) r;
        }
        throw new HazelcastSerializationException("a navpack record nests navpack records, not a " + r.getClass().getName()
                + ": build the nested record with newBuilder() of a navpack record, or with PackedRecord.builder");
    }

    @Override
    public GenericRecordBuilder setBoolean(String fieldName, boolean value) {
        return set(fieldName, value);
    }

    @Override
    public GenericRecordBuilder setInt8(String fieldName, byte value) {
        return set(fieldName, value);
    }

    @Override
    public GenericRecordBuilder setChar(String fieldName, char value) {
        return set(fieldName, value);
    }

    @Override
    public GenericRecordBuilder setInt16(String fieldName, short value) {
        return set(fieldName, value);
    }

    @Override
    public GenericRecordBuilder setInt32(String fieldName, int value) {
        return set(fieldName, value);
    }

    @Override
    public GenericRecordBuilder setInt64(String fieldName, long value) {
        return set(fieldName, value);
    }

    @Override
    public GenericRecordBuilder setFloat32(String fieldName, float value) {
        return set(fieldName, value);
    }

    @Override
    public GenericRecordBuilder setFloat64(String fieldName, double value) {
        return set(fieldName, value);
    }

    @Override
    public GenericRecordBuilder setNullableBoolean(String fieldName, Boolean value) {
        return set(fieldName, value);
    }

    @Override
    public GenericRecordBuilder setNullableInt8(String fieldName, Byte value) {
        return set(fieldName, value);
    }

    @Override
    public GenericRecordBuilder setNullableInt16(String fieldName, Short value) {
        return set(fieldName, value);
    }

    @Override
    public GenericRecordBuilder setNullableInt32(String fieldName, Integer value) {
        return set(fieldName, value);
    }

    @Override
    public GenericRecordBuilder setNullableInt64(String fieldName, Long value) {
        return set(fieldName, value);
    }

    @Override
    public GenericRecordBuilder setNullableFloat32(String fieldName, Float value) {
        return set(fieldName, value);
    }

    @Override
    public GenericRecordBuilder setNullableFloat64(String fieldName, Double value) {
        return set(fieldName, value);
    }

    @Override
    public GenericRecordBuilder setString(String fieldName, String value) {
        return set(fieldName, value);
    }

    @Override
    public GenericRecordBuilder setGenericRecord(String fieldName, GenericRecord value) {
        return set(fieldName, record(value));
    }

    @Override
    public GenericRecordBuilder setDecimal(String fieldName, BigDecimal value) {
        return set(fieldName, value);
    }

    @Override
    public GenericRecordBuilder setTime(String fieldName, LocalTime value) {
        return set(fieldName, value);
    }

    @Override
    public GenericRecordBuilder setDate(String fieldName, LocalDate value) {
        return set(fieldName, value);
    }

    @Override
    public GenericRecordBuilder setTimestamp(String fieldName, LocalDateTime value) {
        return set(fieldName, value);
    }

    @Override
    public GenericRecordBuilder setTimestampWithTimezone(String fieldName, OffsetDateTime value) {
        return set(fieldName, value);
    }

    @Override
    public GenericRecordBuilder setArrayOfBoolean(String fieldName, boolean[] value) {
        return set(fieldName, container(fieldName, value));
    }

    @Override
    public GenericRecordBuilder setArrayOfInt8(String fieldName, byte[] value) {
        return set(fieldName, container(fieldName, value));
    }

    @Override
    public GenericRecordBuilder setArrayOfChar(String fieldName, char[] value) {
        return set(fieldName, container(fieldName, value));
    }

    @Override
    public GenericRecordBuilder setArrayOfInt16(String fieldName, short[] value) {
        return set(fieldName, container(fieldName, value));
    }

    @Override
    public GenericRecordBuilder setArrayOfInt32(String fieldName, int[] value) {
        return set(fieldName, container(fieldName, value));
    }

    @Override
    public GenericRecordBuilder setArrayOfInt64(String fieldName, long[] value) {
        return set(fieldName, container(fieldName, value));
    }

    @Override
    public GenericRecordBuilder setArrayOfFloat32(String fieldName, float[] value) {
        return set(fieldName, container(fieldName, value));
    }

    @Override
    public GenericRecordBuilder setArrayOfFloat64(String fieldName, double[] value) {
        return set(fieldName, container(fieldName, value));
    }

    @Override
    public GenericRecordBuilder setArrayOfNullableBoolean(String fieldName, Boolean[] value) {
        return set(fieldName, container(fieldName, value));
    }

    @Override
    public GenericRecordBuilder setArrayOfNullableInt8(String fieldName, Byte[] value) {
        return set(fieldName, container(fieldName, value));
    }

    @Override
    public GenericRecordBuilder setArrayOfNullableInt16(String fieldName, Short[] value) {
        return set(fieldName, container(fieldName, value));
    }

    @Override
    public GenericRecordBuilder setArrayOfNullableInt32(String fieldName, Integer[] value) {
        return set(fieldName, container(fieldName, value));
    }

    @Override
    public GenericRecordBuilder setArrayOfNullableInt64(String fieldName, Long[] value) {
        return set(fieldName, container(fieldName, value));
    }

    @Override
    public GenericRecordBuilder setArrayOfNullableFloat32(String fieldName, Float[] value) {
        return set(fieldName, container(fieldName, value));
    }

    @Override
    public GenericRecordBuilder setArrayOfNullableFloat64(String fieldName, Double[] value) {
        return set(fieldName, container(fieldName, value));
    }

    @Override
    public GenericRecordBuilder setArrayOfString(String fieldName, String[] value) {
        return set(fieldName, container(fieldName, value));
    }

    @Override
    public GenericRecordBuilder setArrayOfDecimal(String fieldName, BigDecimal[] value) {
        return set(fieldName, container(fieldName, value));
    }

    @Override
    public GenericRecordBuilder setArrayOfTime(String fieldName, LocalTime[] value) {
        return set(fieldName, container(fieldName, value));
    }

    @Override
    public GenericRecordBuilder setArrayOfDate(String fieldName, LocalDate[] value) {
        return set(fieldName, container(fieldName, value));
    }

    @Override
    public GenericRecordBuilder setArrayOfTimestamp(String fieldName, LocalDateTime[] value) {
        return set(fieldName, container(fieldName, value));
    }

    @Override
    public GenericRecordBuilder setArrayOfTimestampWithTimezone(String fieldName, OffsetDateTime[] value) {
        return set(fieldName, container(fieldName, value));
    }

    @Override
    public GenericRecordBuilder setArrayOfGenericRecord(String fieldName, GenericRecord[] value) {
        if (value == null) {
            return set(fieldName, null);
        }
        Kind k = field(fieldName).type().kind();
        if (k == Kind.ARRAY) {
            PackedRecord[] records = new PackedRecord[value.length];
            for (int i = 0; i < value.length; i++) {
                records[i] = record(value[i]);
            }
            return set(fieldName, records);
        }
        return set(fieldName, container(fieldName, value));
    }

    @Override
    public String toString() {
        return "GenericRecordBuilder of navpack " + builder.schema().typeName() + (clone ? " (from a record)" : "");
    }
}
