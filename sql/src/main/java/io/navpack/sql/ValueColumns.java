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
 * The SQL columns of a navpack type: every field of its newest schema, with nested records flattened (as deep as
 * the column bound allows, {@link #of(Schema, SchemaRegistry, int)}) into columns named by their path
 * ({@code "customer.address.city"}), each with the SQL type its kind maps
 * to ({@link #sqlType}). Lists, sets, arrays and maps are {@code JSON} columns; a nested record whose
 * type the cluster does not know, or that contains itself, is one {@code JSON} column too.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
final class ValueColumns {
    /** How deep nested records are flattened at most; deeper records become JSON columns. */
    static final int MAX_DEPTH = 8;
    /**
     * How many columns a mapping without a column list has at most, unless its {@code maxColumns} option says
     * otherwise: documents of wide schemas (an FpML trade flattens into tens of thousands of paths) would make every
     * query plan, and every member's copy of the mapping, that wide.
     */
    static final int DEFAULT_MAX_COLUMNS = 1_000;

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

    /**
     * The columns of {@code schema}'s values, nested records flattened level by level as deep as the columns stay
     * within {@code maxColumns} (and {@link #MAX_DEPTH}); the records of the first level that would exceed it are one
     * {@code JSON} column each. The top level's fields are columns however many they are.
     */
    static List<Column> of(Schema schema, SchemaRegistry registry, int maxColumns) {
        int depth = 1;
        Deque<String> types = new ArrayDeque<>();
        types.push(schema.typeName());
        while (depth < MAX_DEPTH && count(schema, registry, types, depth + 1, maxColumns) <= maxColumns) {
            depth++;
        }
        List<Column> out = new ArrayList<>();
        add(schema, "", registry, types, depth, out);
        return Collections.unmodifiableList(out);
    }

    /** The columns with records flattened {@code depth} levels deep (1: the top level only), or a number above {@code budget}. */
    private static int count(Schema schema, SchemaRegistry registry, Deque<String> types, int depth, int budget) {
        int n = 0;
        for (Field f : schema.fields()) {
            Schema nested = flattened(f, registry, types, depth);
            if (nested != null) {
                types.push(nested.typeName());
                n += count(nested, registry, types, depth, budget - n);
                types.pop();
            } else {
                n++;
            }
            if (n > budget) {
                break;
            }
        }
        return n;
    }

    private static void add(Schema schema, String prefix, SchemaRegistry registry, Deque<String> types, int depth,
                            List<Column> out) {
        for (Field f : schema.fields()) {
            String path = prefix + f.name();
            Schema nested = flattened(f, registry, types, depth);
            if (nested != null) {
                types.push(nested.typeName());
                add(nested, path + ".", registry, types, depth, out);
                types.pop();
            } else {
                out.add(new Column(path, sqlType(f.type())));
            }
        }
    }

    /**
     * The schema of {@code f}'s record when it is flattened at this level ({@code types}: the record types on the way
     * here): a record of a known type that is not one of those, above {@code depth}; null when {@code f} is a column.
     */
    private static Schema flattened(Field f, SchemaRegistry registry, Deque<String> types, int depth) {
        if (f.type().kind() != Kind.RECORD || types.size() >= depth || types.contains(f.type().name())) {
            return null;
        }
        return newest(registry, f.type().name());
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
