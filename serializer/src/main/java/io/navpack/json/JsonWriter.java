package io.navpack.json;

import io.navpack.format.spi.Hex;
import io.navpack.format.PackedRecord;
import io.navpack.format.Schema;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.Locale;
import java.util.Map;

/**
 * JSON text, written as it goes: objects and arrays are opened and closed, members named, values added.
 * {@link #value(Object)} writes a whole plain value: {@code null}; booleans; numbers as numbers (decimals in
 * full, without an exponent; non-finite floats and doubles as strings); byte arrays as lower-case hex strings;
 * {@link PackedRecord}s as objects of their fields in schema order; maps as objects keyed by the keys' text;
 * collections and arrays as arrays; anything else (dates, times, UUIDs, enum names, strings) as a string of its
 * text. Two layouts: {@link #compact()} ({@code {"a":1,"b":[1,2]}}) and {@link #indented()}, which puts each
 * member of an object on its own line, indented by two spaces per enclosing object, and keeps arrays on one line
 * ({@code [1, 2]}).
 *
 * <p>Not thread-safe; one writer writes one text.
 */
public final class JsonWriter {

    /** How deep {@link #value(Object)} follows containers and records inside each other. */
    static final int MAX_DEPTH = 64;

    private final StringBuilder sb = new StringBuilder();
    private final boolean indented;
    /** One entry per open object or array: true while it has no member or element yet. */
    private final Deque<Boolean> empty = new ArrayDeque<>();
    private int objects;
    /** True after {@link #name(String)}, until its value is written. */
    private boolean named;

    private JsonWriter(boolean indented) {
        this.indented = indented;
    }

    /** A writer without white space. */
    public static JsonWriter compact() {
        return new JsonWriter(false);
    }

    /** A writer that puts the members of objects on lines of their own. */
    public static JsonWriter indented() {
        return new JsonWriter(true);
    }

    /** {@code value} as compact JSON text. */
    public static String compact(Object value) {
        return compact().value(value).toString();
    }

    /** {@code value} as indented JSON text. */
    public static String indented(Object value) {
        return indented().value(value).toString();
    }

    public JsonWriter beginObject() {
        beforeValue();
        sb.append('{');
        empty.push(Boolean.TRUE);
        objects++;
        return this;
    }

    public JsonWriter endObject() {
        objects--;
        if (!empty.pop() && indented) {
            sb.append('\n');
            pad(objects);
        }
        sb.append('}');
        return this;
    }

    public JsonWriter beginArray() {
        beforeValue();
        sb.append('[');
        empty.push(Boolean.TRUE);
        return this;
    }

    public JsonWriter endArray() {
        empty.pop();
        sb.append(']');
        return this;
    }

    /** Names the next member of the object that is open; its value comes next. */
    public JsonWriter name(String name) {
        boolean first = empty.pop();
        empty.push(Boolean.FALSE);
        if (indented) {
            sb.append(first ? "\n" : ",\n");
            pad(objects);
        } else if (!first) {
            sb.append(',');
        }
        string(name);
        sb.append(indented ? ": " : ":");
        named = true;
        return this;
    }

    /** A whole plain value (see the class comment); {@code null} writes {@code null}. */
    public JsonWriter value(Object value) {
        write(value, 0);
        return this;
    }

    /** A value that is JSON text already, written as it is (a number in a chosen form, a stored JSON document). */
    public JsonWriter rawValue(String json) {
        beforeValue();
        sb.append(json);
        return this;
    }

    /** The text written so far. */
    @Override
    public String toString() {
        return sb.toString();
    }

    private void beforeValue() {
        if (named) {
            named = false;
            return;
        }
        if (!empty.isEmpty()) {
            if (!empty.pop()) {
                sb.append(indented ? ", " : ",");
            }
            empty.push(Boolean.FALSE);
        }
    }

    private void write(Object v, int depth) {
        if (depth > MAX_DEPTH) {
            throw new IllegalArgumentException("value nested deeper than " + MAX_DEPTH + " levels");
        }
        if (v instanceof PackedRecord) {
            PackedRecord r = (PackedRecord) v;
            Schema s = r.schema();
            beginObject();
            for (int i = 0; i < s.fieldCount(); i++) {
                name(s.field(i).name());
                write(r.get(i), depth + 1);
            }
            endObject();
        } else if (v instanceof Map) {
            beginObject();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                name(String.valueOf(e.getKey()));
                write(e.getValue(), depth + 1);
            }
            endObject();
        } else if (v instanceof Collection) {
            beginArray();
            for (Object e : (Collection<?>) v) {
                write(e, depth + 1);
            }
            endArray();
        } else if (v != null && v.getClass().isArray() && !(v instanceof byte[])) {
            beginArray();
            for (int i = 0, n = Array.getLength(v); i < n; i++) {
                write(Array.get(v, i), depth + 1);
            }
            endArray();
        } else {
            beforeValue();
            scalar(v);
        }
    }

    private void scalar(Object v) {
        if (v == null) {
            sb.append("null");
        } else if (v instanceof Boolean) {
            sb.append(v);
        } else if (v instanceof BigDecimal) {
            sb.append(((BigDecimal) v).toPlainString());
        } else if (v instanceof Double || v instanceof Float) {
            if (Double.isFinite(((Number) v).doubleValue())) {
                sb.append(v);
            } else {
                string(v.toString());
            }
        } else if (v instanceof Number) {
            sb.append(v);
        } else if (v instanceof byte[]) {
            string(Hex.of((byte[]) v));
        } else {
            string(v.toString());
        }
    }

    private void pad(int objects) {
        sb.append(" ".repeat(2 * objects));
    }

    private void string(String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
