package io.navpack.sql;

import com.hazelcast.sql.impl.type.QueryDataType;
import io.navpack.format.Field;
import io.navpack.format.FieldType;
import io.navpack.format.Kind;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import io.navpack.hazelcast.internal.ProvenOn;

/**
 * The SQL columns of a navpack type: every field of its newest schema, with nested records flattened
 * into columns named by their path ({@code "customer.address.city"}), each with the SQL type its kind maps
 * to ({@link #sqlType}). Lists, sets, arrays and maps are {@code JSON} columns; a nested record whose
 * type the cluster does not know, or that contains itself, is one {@code JSON} column too.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
final class ValueColumns {
    /** How deep nested records are flattened; deeper records become JSON columns. */
    static final int MAX_DEPTH = 8;

    /** A column: its name, the field path it reads (dot-separated field names) and its SQL type. */
    static final class Column {
        final String name;
        final String path;
        final QueryDataType type;

        Column(String path, QueryDataType type) {
            this.name = path;
            this.path = path;
            this.type = type;
        }

        @Override
        public String toString() {
            return name + " " + type;
        }
    }

    private ValueColumns() {
    }

    /** The newest schema of {@code typeName} that {@code registry} knows, or null. */
    static Schema newest(SchemaRegistry registry, String typeName) {
        Schema best = null;
        for (Schema s : registry.schemas()) {
            if (s.typeName().equals(typeName) && (best == null || s.version() > best.version())) {
                best = s;
            }
        }
        return best;
    }

    /** The columns of {@code schema}'s values, nested records flattened. */
    static List<Column> of(Schema schema, SchemaRegistry registry) {
        List<Column> out = new ArrayList<>();
        Deque<String> types = new ArrayDeque<>();
        types.push(schema.typeName());
        add(schema, "", registry, types, out);
        return Collections.unmodifiableList(out);
    }

    private static void add(Schema schema, String prefix, SchemaRegistry registry, Deque<String> types, List<Column> out) {
        for (Field f : schema.fields()) {
            String path = prefix + f.name();
            FieldType t = f.type();
            if (t.kind() == Kind.RECORD) {
                Schema nested = newest(registry, t.name());
                if (nested != null && !types.contains(t.name()) && types.size() < MAX_DEPTH) {
                    types.push(t.name());
                    add(nested, path + ".", registry, types, out);
                    types.pop();
                    continue;
                }
            }
            out.add(new Column(path, sqlType(t)));
        }
    }

    /**
     * The SQL type of a navpack field type: the type of the same Java class (BIGINT for long, DECIMAL for
     * BigDecimal and BigInteger, DATE, TIME, TIMESTAMP, TIMESTAMP WITH TIME ZONE for OffsetDateTime and
     * Instant), VARCHAR for strings, chars, enums (the constant's name) and UUIDs, OBJECT for byte arrays,
     * JSON for lists, sets, arrays, maps and records that are not flattened.
     */
    static QueryDataType sqlType(FieldType t) {
        switch (t.kind()) {
            case BOOLEAN: return QueryDataType.BOOLEAN;
            case BYTE: return QueryDataType.TINYINT;
            case SHORT: return QueryDataType.SMALLINT;
            case INT: return QueryDataType.INT;
            case LONG: return QueryDataType.BIGINT;
            case FLOAT: return QueryDataType.REAL;
            case DOUBLE: return QueryDataType.DOUBLE;
            case CHAR:
            case STRING:
            case ENUM:
            case UUID: return QueryDataType.VARCHAR;
            case DECIMAL:
            case BIG_INTEGER: return QueryDataType.DECIMAL;
            case DATE: return QueryDataType.DATE;
            case TIME: return QueryDataType.TIME;
            case DATE_TIME: return QueryDataType.TIMESTAMP;
            case INSTANT:
            case OFFSET_DATE_TIME: return QueryDataType.TIMESTAMP_WITH_TZ_OFFSET_DATE_TIME;
            case BYTES: return QueryDataType.OBJECT;
            default: return QueryDataType.JSON;
        }
    }

    /**
     * The field type at {@code path} (dot-separated names) from {@code schema}, looking nested record
     * types up in {@code registry} (their newest schema); null when a step names no field.
     */
    static FieldType typeAt(Schema schema, String path, SchemaRegistry registry) {
        Schema s = schema;
        String[] steps = path.split("\\.", -1);
        for (int i = 0; i < steps.length; i++) {
            if (s == null) {
                return null;
            }
            Field f = s.field(steps[i]);
            if (f == null) {
                return null;
            }
            if (i == steps.length - 1) {
                return f.type();
            }
            if (f.type().kind() != Kind.RECORD) {
                return null;
            }
            s = newest(registry, f.type().name());
        }
        return null;
    }
}
