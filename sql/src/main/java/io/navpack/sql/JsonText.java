package io.navpack.sql;

import io.navpack.format.PackedRecord;
import io.navpack.format.Schema;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.util.Collection;
import java.util.Map;

/**
 * A field value in its plain form ({@link PackedRecord#get(int)}) as JSON text, for the JSON columns of
 * lists, sets, arrays, maps and records: numbers as numbers (decimals exactly, non-finite doubles as
 * strings), booleans, strings and everything else that has a text form (dates, times, UUIDs, enum names)
 * as strings, byte arrays as hex strings, records as objects of their fields, maps as objects keyed by
 * the keys' text.
 */
final class JsonText {
    private JsonText() {
    }

    static String of(Object value) {
        StringBuilder sb = new StringBuilder();
        write(sb, value, 0);
        return sb.toString();
    }

    private static void write(StringBuilder sb, Object v, int depth) {
        if (depth > 64) {
            throw new IllegalArgumentException("value nested deeper than 64 levels");
        }
        if (v == null) {
            sb.append("null");
        } else if (v instanceof Boolean) {
            sb.append(v);
        } else if (v instanceof BigDecimal) {
            sb.append(((BigDecimal) v).toPlainString());
        } else if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (Double.isFinite(d)) {
                sb.append(v);
            } else {
                string(sb, v.toString());
            }
        } else if (v instanceof Number) {
            sb.append(v);
        } else if (v instanceof byte[]) {
            StringBuilder hex = new StringBuilder();
            for (byte b : (byte[]) v) {
                hex.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
            }
            string(sb, hex.toString());
        } else if (v instanceof PackedRecord) {
            PackedRecord r = (PackedRecord) v;
            Schema s = r.schema();
            sb.append('{');
            for (int i = 0; i < s.fieldCount(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                string(sb, s.field(i).name());
                sb.append(':');
                write(sb, r.get(i), depth + 1);
            }
            sb.append('}');
        } else if (v instanceof Map) {
            sb.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                string(sb, String.valueOf(e.getKey()));
                sb.append(':');
                write(sb, e.getValue(), depth + 1);
            }
            sb.append('}');
        } else if (v instanceof Collection) {
            sb.append('[');
            boolean first = true;
            for (Object e : (Collection<?>) v) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                write(sb, e, depth + 1);
            }
            sb.append(']');
        } else if (v.getClass().isArray()) {
            sb.append('[');
            for (int i = 0, n = Array.getLength(v); i < n; i++) {
                if (i > 0) {
                    sb.append(',');
                }
                write(sb, Array.get(v, i), depth + 1);
            }
            sb.append(']');
        } else {
            string(sb, v.toString());
        }
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': sb.append("\\\""); break;
                case '\\': sb.append("\\\\"); break;
                case '\n': sb.append("\\n"); break;
                case '\r': sb.append("\\r"); break;
                case '\t': sb.append("\\t"); break;
                default:
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
            }
        }
        sb.append('"');
    }
}
