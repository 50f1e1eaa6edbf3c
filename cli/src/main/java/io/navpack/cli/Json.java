package io.navpack.cli;

import io.navpack.format.Hex;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.Map;

/** Writes plain values (maps, lists, numbers, strings, java.time values, byte arrays) as JSON. */
final class Json {
    private Json() {
    }

    static String write(Object value) {
        StringBuilder sb = new StringBuilder();
        write(value, sb, 0);
        return sb.toString();
    }

    private static void write(Object v, StringBuilder sb, int indent) {
        if (v == null) {
            sb.append("null");
        } else if (v instanceof Map) {
            Map<?, ?> m = (Map<?, ?>) v;
            if (m.isEmpty()) {
                sb.append("{}");
                return;
            }
            sb.append("{\n");
            int i = 0;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                pad(sb, indent + 2);
                string(String.valueOf(e.getKey()), sb);
                sb.append(": ");
                write(e.getValue(), sb, indent + 2);
                sb.append(++i < m.size() ? ",\n" : "\n");
            }
            pad(sb, indent);
            sb.append('}');
        } else if (v instanceof Collection || v instanceof Object[]) {
            Collection<?> c = v instanceof Collection ? (Collection<?>) v : java.util.Arrays.asList((Object[]) v);
            sb.append('[');
            int i = 0;
            for (Object x : c) {
                write(x, sb, indent);
                if (++i < c.size()) {
                    sb.append(", ");
                }
            }
            sb.append(']');
        } else if (v instanceof com.hazelcast.core.HazelcastJsonValue) {
            sb.append(v.toString());
        } else if (v instanceof io.navpack.format.PackedRecord) {
            write(((io.navpack.format.PackedRecord) v).toMap(), sb, indent);
        } else if (v instanceof byte[]) {
            string(Hex.of((byte[]) v), sb);
        } else if (v.getClass().isArray()) {
            int n = java.lang.reflect.Array.getLength(v);
            sb.append('[');
            for (int i = 0; i < n; i++) {
                write(java.lang.reflect.Array.get(v, i), sb, indent);
                if (i + 1 < n) {
                    sb.append(", ");
                }
            }
            sb.append(']');
        } else if (v instanceof BigDecimal) {
            sb.append(((BigDecimal) v).toString());
        } else if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (Double.isFinite(d)) {
                sb.append(v);
            } else {
                string(v.toString(), sb);
            }
        } else if (v instanceof Number && !(v instanceof BigInteger) || v instanceof Boolean) {
            sb.append(v);
        } else {
            string(v.toString(), sb);
        }
    }

    private static void pad(StringBuilder sb, int n) {
        sb.append(" ".repeat(n));
    }

    private static void string(String s, StringBuilder sb) {
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
