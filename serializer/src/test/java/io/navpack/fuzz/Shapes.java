package io.navpack.fuzz;

import io.navpack.format.FieldType;
import io.navpack.format.Kind;
import io.navpack.format.PackedRecord;
import io.navpack.format.PackedWriter;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Random schemas of every field kind and every container combination — lists, sets, arrays (primitive
 * and of objects, of records too), maps with any key and value, nested records, records that contain
 * themselves, containers nested to the type-depth limit — and random valid values of them, written
 * with {@link PackedWriter#writeRecord(Schema, Object[])} and so needing no class.
 */
final class Shapes {
    private static final Kind[] SCALARS = {Kind.BOOLEAN, Kind.BYTE, Kind.SHORT, Kind.CHAR, Kind.INT, Kind.LONG,
            Kind.FLOAT, Kind.DOUBLE, Kind.STRING, Kind.DECIMAL, Kind.BIG_INTEGER, Kind.DATE, Kind.TIME, Kind.DATE_TIME,
            Kind.INSTANT, Kind.OFFSET_DATE_TIME, Kind.UUID, Kind.BYTES};
    private static final String[] TEXT = {"", "EUR", "a", "Grüße", "日本語", "emoji 😀 and 𝄞", "\u0000nul", "x".repeat(70)};

    private final SplittableRandom r;
    private final SchemaRegistry registry;
    private final List<Schema> types = new ArrayList<>();
    /** Values left to generate for the current record: keeps a value small whatever its shape. */
    private int budget;

    Shapes(long seed, SchemaRegistry registry) {
        this.r = new SplittableRandom(seed);
        this.registry = registry;
    }

    List<Schema> types() {
        return types;
    }

    /**
     * Registers {@code count} random record types with ids from {@code firstId}; type k may hold records
     * of the types before it and (through nullable fields) of itself.
     */
    void randomTypes(int firstId, int count) {
        for (int k = 0; k < count; k++) {
            String name = "Shape" + (firstId + k);
            int fields = r.nextInt(10) == 0 ? 9 + r.nextInt(120) : 1 + r.nextInt(14);
            Schema.Builder b = Schema.builder(name).typeId(firstId + k);
            for (int f = 0; f < fields; f++) {
                FieldType t = type(name, 0);
                boolean nullable = t.kind().isPrimitive() ? r.nextInt(3) == 0 : t.kind() != Kind.RECORD || !name.equals(t.name())
                        ? r.nextInt(5) != 0 : true;
                b.field("f" + f + (r.nextInt(4) == 0 ? "_" + Integer.toString(f * 7919, 36) : ""), t, nullable);
            }
            types.add(registry.register(b.build()));
        }
    }

    /** A chain type for deep values: a record holding itself and lists of lists nested to the type-depth limit. */
    void deepTypes(int id) {
        FieldType deepList = FieldType.LONG;
        for (int i = 0; i < FieldType.MAX_DEPTH; i++) {
            deepList = FieldType.list(deepList);
        }
        types.add(registry.register(Schema.builder("Chain").typeId(id)
                .field("n", FieldType.INT, false)
                .field("next", FieldType.record("Chain"), true)
                .field("deep", deepList, true)
                .field("items", FieldType.array(FieldType.record("Chain"), true), true)
                .build()));
    }

    private FieldType type(String self, int depth) {
        int roll = r.nextInt(100);
        if (depth >= 3 || roll < 45) {
            return FieldType.of(SCALARS[r.nextInt(SCALARS.length)]);
        }
        if (roll < 52) {
            int n = 1 + r.nextInt(r.nextInt(8) == 0 ? 200 : 5);
            List<String> constants = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                constants.add("C" + i);
            }
            return FieldType.enumOf("E" + n, constants);
        }
        if (roll < 62) {
            if (r.nextInt(6) == 0) {
                return FieldType.record(self);
            }
            return types.isEmpty() ? FieldType.STRING : FieldType.record(types.get(r.nextInt(types.size())).typeName());
        }
        if (roll < 72) {
            return FieldType.list(type(self, depth + 1));
        }
        if (roll < 77) {
            return FieldType.set(type(self, depth + 1));
        }
        if (roll < 90) {
            FieldType e = type(self, depth + 1);
            return FieldType.array(e, !e.kind().isPrimitive() || r.nextBoolean());
        }
        return FieldType.map(type(self, depth + 1), type(self, depth + 1));
    }

    /** A valid encoded value of {@code schema}, nested values at most {@code maxDepth} levels deep. */
    byte[] encode(Schema schema, int maxDepth) {
        budget = 400;
        PackedWriter w = new PackedWriter(registry, 64);
        w.writeRecord(schema, fields(schema, 0, maxDepth));
        return w.toByteArray();
    }

    private Object[] fields(Schema schema, int depth, int maxDepth) {
        Object[] values = new Object[schema.fieldCount()];
        for (int i = 0; i < values.length; i++) {
            io.navpack.format.Field f = schema.field(i);
            if (f.nullable() && (depth >= maxDepth || budget <= 0 || r.nextInt(6) == 0)) {
                continue;
            }
            values[i] = value(f.type(), depth, maxDepth);
        }
        return values;
    }

    private PackedRecord record(String typeName, int depth, int maxDepth) {
        Schema s = null;
        for (Schema t : types) {
            if (t.typeName().equals(typeName)) {
                s = t;
            }
        }
        if (s == null) {
            throw new IllegalStateException("no type " + typeName);
        }
        PackedWriter w = new PackedWriter(registry, 64);
        w.writeRecord(s, fields(s, depth + 1, maxDepth));
        return PackedRecord.of(w.toByteArray(), registry);
    }

    private int count(int depth, int maxDepth) {
        if (depth >= maxDepth || budget <= 0) {
            return 0;
        }
        int roll = r.nextInt(20);
        return roll == 0 ? 0 : roll == 1 ? 9 + r.nextInt(30) : r.nextInt(4);
    }

    Object value(FieldType t, int depth, int maxDepth) {
        budget--;
        switch (t.kind()) {
            case BOOLEAN: return r.nextBoolean();
            case BYTE: return (byte) r.nextInt();
            case SHORT: return (short) (r.nextInt() >> r.nextInt(16));
            case CHAR: return (char) r.nextInt(0x10000);
            case INT: return pick(0, -1, 63, 64, -65, Integer.MAX_VALUE, Integer.MIN_VALUE, r.nextInt() >> r.nextInt(32));
            case LONG: return pick(0L, -1L, Long.MAX_VALUE, Long.MIN_VALUE, r.nextLong() >> r.nextInt(64));
            case FLOAT: return pick(Float.NaN, -0.0f, Float.MAX_VALUE, r.nextInt() / 7f);
            case DOUBLE: return pick(Double.NaN, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, r.nextDouble() * 1e9);
            case STRING: return r.nextInt(3) == 0 ? TEXT[r.nextInt(TEXT.length)] : "s" + r.nextInt(1000);
            case DECIMAL: return pick(BigDecimal.ZERO, new BigDecimal("50000000.00"), BigDecimal.valueOf(r.nextLong(), r.nextInt(30) - 5),
                    new BigDecimal(new BigInteger(100, new java.util.Random(r.nextLong())), r.nextInt(20)));
            case BIG_INTEGER: return BigInteger.valueOf(r.nextLong()).shiftLeft(r.nextInt(100));
            case DATE: return pick(LocalDate.MIN, LocalDate.MAX, LocalDate.ofEpochDay(r.nextInt(100_000) - 30_000));
            case TIME: return pick(LocalTime.MIN, LocalTime.MAX, LocalTime.ofSecondOfDay(r.nextInt(86_400)));
            case DATE_TIME: return LocalDateTime.of((LocalDate) value(FieldType.DATE, depth, maxDepth),
                    (LocalTime) value(FieldType.TIME, depth, maxDepth));
            case INSTANT: return pick(Instant.MIN, Instant.MAX, Instant.ofEpochSecond(r.nextInt(), r.nextInt(1_000_000_000)));
            case OFFSET_DATE_TIME: return OffsetDateTime.of((LocalDateTime) value(FieldType.DATE_TIME, depth, maxDepth),
                    pick(ZoneOffset.UTC, ZoneOffset.MAX, ZoneOffset.MIN, ZoneOffset.ofTotalSeconds(-37)));
            case UUID: return new UUID(r.nextLong(), r.nextLong());
            case BYTES: {
                byte[] b = new byte[r.nextInt(5) == 0 ? 0 : r.nextInt(24)];
                r.nextBytes(b);
                return b;
            }
            case ENUM: return t.constants().get(r.nextInt(t.constants().size()));
            case RECORD: return record(t.name(), depth, maxDepth);
            case LIST: {
                List<Object> out = new ArrayList<>();
                for (int i = count(depth, maxDepth); i > 0; i--) {
                    out.add(r.nextInt(5) == 0 ? null : value(t.element(), depth + 1, maxDepth));
                }
                return out;
            }
            case SET: {
                Set<Object> out = new LinkedHashSet<>();
                for (int i = count(depth, maxDepth); i > 0; i--) {
                    out.add(r.nextInt(5) == 0 ? null : value(t.element(), depth + 1, maxDepth));
                }
                return out;
            }
            case MAP: {
                Map<Object, Object> out = new LinkedHashMap<>();
                for (int i = count(depth, maxDepth); i > 0; i--) {
                    out.put(r.nextInt(6) == 0 ? null : value(t.key(), depth + 1, maxDepth),
                            r.nextInt(5) == 0 ? null : value(t.element(), depth + 1, maxDepth));
                }
                return out;
            }
            default: {
                int n = count(depth, maxDepth);
                if (t.isPrimitiveArray()) {
                    Object a = java.lang.reflect.Array.newInstance(primitive(t.element().kind()), n);
                    for (int i = 0; i < n; i++) {
                        java.lang.reflect.Array.set(a, i, value(t.element(), depth + 1, maxDepth));
                    }
                    return a;
                }
                Object[] a = new Object[n];
                for (int i = 0; i < n; i++) {
                    a[i] = t.elementNullable() && r.nextInt(5) == 0 ? null : value(t.element(), depth + 1, maxDepth);
                }
                return a;
            }
        }
    }

    private static Class<?> primitive(Kind k) {
        switch (k) {
            case BOOLEAN: return boolean.class;
            case BYTE: return byte.class;
            case SHORT: return short.class;
            case CHAR: return char.class;
            case INT: return int.class;
            case LONG: return long.class;
            case FLOAT: return float.class;
            default: return double.class;
        }
    }

    @SafeVarargs
    private <V> V pick(V... options) {
        return options[r.nextInt(options.length)];
    }
}
