package io.navpack.sql;

import com.hazelcast.core.HazelcastJsonValue;
import com.hazelcast.jet.sql.impl.inject.UpsertInjector;
import com.hazelcast.jet.sql.impl.inject.UpsertTarget;
import com.hazelcast.jet.sql.impl.inject.UpsertTargetDescriptor;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.DataSerializable;
import com.hazelcast.sql.impl.QueryException;
import com.hazelcast.sql.impl.expression.ExpressionEvalContext;
import com.hazelcast.sql.impl.type.QueryDataType;
import io.navpack.format.Field;
import io.navpack.format.FieldType;
import io.navpack.format.Kind;
import io.navpack.format.PackedRecord;
import io.navpack.format.PackedWriter;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;
import io.navpack.hazelcast.NavpackContext;
import io.navpack.hazelcast.PackedGenericRecord;
import io.navpack.json.JsonWriter;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import io.navpack.hazelcast.internal.ProvenOn;
import java.util.Arrays;

/**
 * Builds the navpack value that {@code INSERT}, {@code SINK INTO} and {@code UPDATE} store, from the row's
 * column values, in the newest schema of the mapping's type that the cluster knows. No user class is
 * needed. A value the statement starts from (the stored value, on {@code UPDATE}) keeps every field that
 * no column sets — including fields that the mapping has no column for — so that an {@code UPDATE} of one
 * column changes that field alone. Nested-record columns ({@code "customer.address.city"}) build the nested
 * records; a nested record none of whose columns has a value, and that the base value lacks, stays null.
 *
 * <p>List, set, array and map fields are JSON columns; SQL can keep them as they are (an {@code UPDATE}
 * that does not set them) but not write new contents into them: that is refused with a message.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
final class NavpackUpsertTarget implements UpsertTarget {
    private final String typeName;
    private final SchemaRegistry registry;
    private final PackedWriter writer;
    /** Column paths in injector order, and the values the current row gave them. */
    private final List<String> paths = new ArrayList<>();
    private final Map<String, Integer> slotByPath = new HashMap<>();
    private Object[] values = new Object[0];
    private boolean[] given = new boolean[0];
    private PackedRecord base;

    NavpackUpsertTarget(String typeName, SchemaRegistry registry) {
        this.typeName = typeName;
        this.registry = registry;
        this.writer = new PackedWriter(registry, 256);
    }

    @Override
    public UpsertInjector createInjector(String path, QueryDataType type) {
        if (path == null || path.equals(NavpackSqlConnector.BASE_COLUMN)) {
            return value -> {
                if (value == null) {
                    return;
                }
                if (!(value instanceof PackedRecord)) {
                    throw QueryException.error("the value of a navpack mapping must be a navpack value, not a "
                            + value.getClass().getName());
                }
                PackedRecord r = (PackedRecord) value;
                if (!r.schema().typeName().equals(typeName)) {
                    throw QueryException.error("a " + r.schema().typeName() + " cannot be stored in a mapping of "
                            + typeName);
                }
                base = r instanceof PackedGenericRecord ? ((PackedGenericRecord) r).record() : r;
            };
        }
        int slot = paths.size();
        paths.add(path);
        slotByPath.put(path, slot);
        values = new Object[paths.size()];
        given = new boolean[paths.size()];
        return value -> {
            values[slot] = value;
            given[slot] = true;
        };
    }

    @Override
    public void init() {
        base = null;
        Arrays.fill(values, null);
        Arrays.fill(given, false);
    }

    @Override
    public Object conclude() {
        Schema schema = ValueColumns.newest(registry, typeName);
        if (schema == null) {
            throw QueryException.error("no navpack schema of type " + typeName + " is known in the cluster");
        }
        PackedRecord out = build(schema, base, "");
        base = null;
        return PackedGenericRecord.of(out);
    }

    private PackedRecord build(Schema schema, PackedRecord from, String prefix) {
        int n = schema.fieldCount();
        Object[] vals = new Object[n];
        Object[] old = new Object[n];
        if (from != null) {
            Schema fs = from.schema();
            if (fs == schema) {
                old = from.decodeAll();
            } else {
                for (int i = 0; i < n; i++) {
                    int j = fs.indexOf(schema.field(i).name());
                    old[i] = j < 0 ? null : from.get(j);
                }
            }
        }
        for (int i = 0; i < n; i++) {
            Field f = schema.field(i);
            String path = prefix + f.name();
            Integer slot = slotByPath.get(path);
            if (slot != null && given[slot]) {
                vals[i] = fromSql(values[slot], f, path, old[i]);
            } else if (f.type().kind() == Kind.RECORD && under(path + ".")) {
                Schema nested = ValueColumns.newest(registry, f.type().name());
                PackedRecord nestedOld = old[i] instanceof PackedRecord ? (PackedRecord) old[i] : null;
                vals[i] = nested == null || (nestedOld == null && !anyValueUnder(path + "."))
                        ? nestedOld : build(nested, nestedOld, path + ".");
            } else {
                vals[i] = old[i];
            }
            if (vals[i] == null && !f.nullable()) {
                throw QueryException.error("column \"" + path + "\" must have a value: field " + f.name() + " of "
                        + schema.typeName() + " is a " + f.type() + " and cannot be null");
            }
        }
        writer.reset();
        try {
            writer.writeRecord(schema, vals);
        } catch (RuntimeException e) {
            throw QueryException.error("cannot write a navpack " + schema.typeName() + ": " + e.getMessage(), e);
        }
        return PackedRecord.of(writer.toByteArray(), registry);
    }

    /** Whether some column sets a field below {@code prefix}. */
    private boolean under(String prefix) {
        for (int s = 0; s < paths.size(); s++) {
            if (given[s] && paths.get(s).startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    private boolean anyValueUnder(String prefix) {
        for (int s = 0; s < paths.size(); s++) {
            if (given[s] && values[s] != null && paths.get(s).startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** A column value as the plain form of field {@code f}; {@code old} is the base value's field. */
    private Object fromSql(Object v, Field f, String path, Object old) {
        if (v == null) {
            return null;
        }
        FieldType t = f.type();
        try {
            switch (t.kind()) {
                case BOOLEAN: return (Boolean) v;
                case BYTE: return (byte) exact(v, Byte.MIN_VALUE, Byte.MAX_VALUE);
                case SHORT: return (short) exact(v, Short.MIN_VALUE, Short.MAX_VALUE);
                case INT: return (int) exact(v, Integer.MIN_VALUE, Integer.MAX_VALUE);
                case LONG: return exact(v, Long.MIN_VALUE, Long.MAX_VALUE);
                case FLOAT: return ((Number) v).floatValue();
                case DOUBLE: return ((Number) v).doubleValue();
                case CHAR: {
                    String s = v.toString();
                    if (s.length() != 1) {
                        throw new IllegalArgumentException("a char field takes one character, not '" + s + "'");
                    }
                    return s.charAt(0);
                }
                case STRING: return v.toString();
                case ENUM: {
                    String s = v.toString();
                    if (!t.constants().contains(s)) {
                        throw new IllegalArgumentException("'" + s + "' is not a constant of " + t.name() + " "
                                + t.constants());
                    }
                    return s;
                }
                case DECIMAL: return v instanceof BigDecimal ? v : new BigDecimal(v.toString());
                case BIG_INTEGER: return (v instanceof BigDecimal ? (BigDecimal) v : new BigDecimal(v.toString()))
                        .toBigIntegerExact();
                case DATE: return (LocalDate) v;
                case TIME: return (LocalTime) v;
                case DATE_TIME: return (LocalDateTime) v;
                case OFFSET_DATE_TIME: return (OffsetDateTime) v;
                case INSTANT: return v instanceof Instant ? v : ((OffsetDateTime) v).toInstant();
                case UUID: return v instanceof UUID ? v : UUID.fromString(v.toString());
                case BYTES: return (byte[]) v;
                default:
                    return container(v, f, path, old);
            }
        } catch (QueryException e) {
            throw e;
        } catch (ClassCastException | ArithmeticException | IllegalArgumentException e) {
            throw QueryException.error("column \"" + path + "\" cannot hold " + v + " (" + v.getClass().getSimpleName()
                    + "): field " + f.name() + " is a " + t + (e.getMessage() != null ? "; " + e.getMessage() : ""));
        }
    }

    private static long exact(Object v, long min, long max) {
        long x;
        if (v instanceof BigDecimal) {
            x = ((BigDecimal) v).longValueExact();
        } else if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            x = (long) d;
            if (x != d) {
                throw new ArithmeticException("not a whole number");
            }
        } else {
            x = ((Number) v).longValue();
        }
        if (x < min || x > max) {
            throw new ArithmeticException("out of range");
        }
        return x;
    }

    /** A list, set, array, map or unflattened record: kept when it is what the field holds already. */
    private Object container(Object v, Field f, String path, Object old) {
        if (v instanceof PackedRecord && f.type().kind() == Kind.RECORD) {
            return v;
        }
        String text = v instanceof HazelcastJsonValue ? v.toString() : v instanceof String ? (String) v : null;
        if (text != null) {
            if (text.trim().equals("null")) {
                return null;
            }
            if (old != null && JsonWriter.compact(old).equals(text)) {
                return old;
            }
        }
        throw QueryException.error("column \"" + path + "\" (a " + f.type() + ") cannot be written from SQL: "
                + "navpack's SQL mappings write the scalar and nested-record fields of a value; write lists, sets, "
                + "arrays and maps from Java (an UPDATE that does not set this column keeps it as it is)");
    }

    /** Creates the target on the member that stores; carries the mapping's type name. */
    public static final class Descriptor implements UpsertTargetDescriptor, DataSerializable {
        private String typeName;

        public Descriptor() {
        }

        Descriptor(String typeName) {
            this.typeName = typeName;
        }

        @Override
        public UpsertTarget create(ExpressionEvalContext context) {
            SchemaRegistry registry = NavpackContext.of(context.getNodeEngine().getHazelcastInstance()).registry();
            return new NavpackUpsertTarget(typeName, registry);
        }

        @Override
        public void writeData(ObjectDataOutput out) throws IOException {
            out.writeString(typeName);
        }

        @Override
        public void readData(ObjectDataInput in) throws IOException {
            typeName = in.readString();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Descriptor && ((Descriptor) o).typeName.equals(typeName);
        }

        @Override
        public int hashCode() {
            return typeName.hashCode();
        }

        @Override
        public String toString() {
            return "NavpackUpsertTarget(" + typeName + ")";
        }
    }
}
