package io.navpack.format;

import io.navpack.format.spi.Hex;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.Map;

/**
 * Navpack values as typed JSON, directed by their field types, for the golden files that other languages'
 * implementations are checked against (python/tests): records are objects with their type id and version
 * under {@code "@"}, numbers that JSON cannot hold exactly are strings (float and double as their IEEE 754
 * bits in hex, decimals as unscaled value and scale, big integers in decimal), dates and times as the numbers
 * navpack stores (epoch day, nano of day, epoch second and nano, offset seconds), byte arrays in hex, maps as
 * lists of key-value pairs. Non-ASCII text is escaped as UTF-16 code units.
 */
public final class GoldenJson {
    private GoldenJson() {
    }

    /** The record {@code r} with every field, nested records included. */
    public static String of(PackedRecord r) {
        StringBuilder sb = new StringBuilder();
        record(sb, r);
        return sb.toString();
    }

    private static void record(StringBuilder sb, PackedRecord r) {
        Schema s = r.schema();
        Object[] values = r.decodeAll();
        sb.append("{\"@\":[").append(s.typeId()).append(',').append(s.version()).append(']');
        for (int i = 0; i < values.length; i++) {
            sb.append(',');
            string(sb, s.field(i).name());
            sb.append(':');
            value(sb, s.field(i).type(), values[i]);
        }
        sb.append('}');
    }

    /** A value of type {@code t} in its plain form ({@link PackedRecord#get(int)}). */
    public static void value(StringBuilder sb, FieldType t, Object v) {
        if (v == null) {
            sb.append("null");
            return;
        }
        switch (t.kind()) {
            case BOOLEAN -> sb.append((boolean) (Boolean) v);
            case BYTE, SHORT, INT, LONG -> sb.append(((Number) v).longValue());
            case CHAR -> sb.append((int) (Character) v);
            case FLOAT -> sb.append('"').append(String.format("%08x", Float.floatToRawIntBits((Float) v))).append('"');
            case DOUBLE -> sb.append('"').append(String.format("%016x", Double.doubleToRawLongBits((Double) v))).append('"');
            case STRING, ENUM -> string(sb, (String) v);
            case DECIMAL -> {
                BigDecimal d = (BigDecimal) v;
                sb.append("[\"").append(d.unscaledValue()).append("\",").append(d.scale()).append(']');
            }
            case BIG_INTEGER -> sb.append('"').append((BigInteger) v).append('"');
            case DATE -> sb.append(((LocalDate) v).toEpochDay());
            case TIME -> sb.append(((LocalTime) v).toNanoOfDay());
            case DATE_TIME -> {
                LocalDateTime d = (LocalDateTime) v;
                sb.append('[').append(d.toLocalDate().toEpochDay()).append(',').append(d.toLocalTime().toNanoOfDay())
                        .append(']');
            }
            case INSTANT -> {
                Instant i = (Instant) v;
                sb.append('[').append(i.getEpochSecond()).append(',').append(i.getNano()).append(']');
            }
            case OFFSET_DATE_TIME -> {
                OffsetDateTime o = (OffsetDateTime) v;
                sb.append('[').append(o.toLocalDate().toEpochDay()).append(',').append(o.toLocalTime().toNanoOfDay())
                        .append(',').append(o.getOffset().getTotalSeconds()).append(']');
            }
            case UUID -> sb.append('"').append(v).append('"');
            case BYTES -> sb.append('"').append(Hex.of((byte[]) v)).append('"');
            case RECORD -> record(sb, (PackedRecord) v);
            case LIST, SET -> elements(sb, t.element(), ((Collection<?>) v).toArray());
            case ARRAY -> {
                Object[] a = new Object[Array.getLength(v)];
                for (int i = 0; i < a.length; i++) {
                    a[i] = Array.get(v, i);
                }
                elements(sb, t.element(), a);
            }
            case MAP -> {
                sb.append('[');
                boolean first = true;
                for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                    sb.append(first ? "[" : ",[");
                    first = false;
                    value(sb, t.key(), e.getKey());
                    sb.append(',');
                    value(sb, t.element(), e.getValue());
                    sb.append(']');
                }
                sb.append(']');
            }
            default -> throw new IllegalArgumentException("no JSON form for " + t);
        }
    }

    private static void elements(StringBuilder sb, FieldType element, Object[] values) {
        sb.append('[');
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            value(sb, element, values[i]);
        }
        sb.append(']');
    }

    /** A JSON string; everything outside printable ASCII as a UTF-16 escape. */
    public static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7E) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        sb.append('"');
    }
}
