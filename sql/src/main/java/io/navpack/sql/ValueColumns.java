package io.navpack.sql;

import com.hazelcast.sql.impl.type.QueryDataType;
import io.navpack.format.Field;
import io.navpack.format.FieldPath;
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
     * One step of a column's path: a field name, and the element index that follows it ({@code legs[0]}) or -1.
     *
     * @param end where the name ends in the path
     */
    record Step(String name, int index, int end) {
    }

    /**
     * The steps of a column's path: field names separated by dots, each optionally followed by {@code [n]} (element n,
     * from 0, of a list, set or array: a column holds one value, so {@code [any]} is refused).
     */
    static Step[] steps(String path) {
        String[] parts = path.split("\\.", -1);
        Step[] out = new Step[parts.length];
        int at = 0;
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i];
            int open = part.indexOf('[');
            int index = -1;
            if (open >= 0) {
                String selector = part.endsWith("]") ? part.substring(open + 1, part.length() - 1).trim() : "";
                if (!selector.matches("\\d{1,9}")) {
                    throw new IllegalArgumentException("'" + path + "': [" + selector + "] after '" + part.substring(0, open)
                            + "' is not an element index; a column holds one value: name an element with [n] (from 0)");
                }
                index = Integer.parseInt(selector);
            }
            String name = open < 0 ? part : part.substring(0, open);
            out[i] = new Step(name, index, at + name.length());
            at += part.length() + 1;
        }
        return out;
    }

    /**
     * The field type at {@code path} ({@link #steps}) from {@code schema}, looking nested record types up in
     * {@code registry} (their newest schema): the element type where a step names an element; null when a step names
     * no field. A step into a list, set or array without an index is refused ({@link FieldPath#repeatedStep}).
     */
    static FieldType typeAt(Schema schema, String path, SchemaRegistry registry) {
        Schema s = schema;
        Step[] steps = steps(path);
        for (int i = 0; i < steps.length; i++) {
            if (s == null) {
                return null;
            }
            Field f = s.field(steps[i].name());
            if (f == null) {
                return null;
            }
            FieldType t = f.type();
            if (steps[i].index() >= 0 && t.kind().isCollection()) {
                t = t.element();
            } else if (t.kind().isCollection() && i < steps.length - 1) {
                throw FieldPath.repeatedStep(path, steps[i].end(), s, "a SQL column", false);
            }
            if (i == steps.length - 1) {
                return t;
            }
            if (t.kind() != Kind.RECORD) {
                return null;
            }
            s = newest(registry, t.name());
        }
        return null;
    }
}
