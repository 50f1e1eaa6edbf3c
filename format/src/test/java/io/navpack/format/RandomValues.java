package io.navpack.format;

import java.lang.reflect.Array;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
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
import java.util.Random;
import java.util.Set;
import java.util.UUID;

/**
 * Random values of any supported Java type, biased towards the edges: nulls, empty containers,
 * extremes of every numeric and time type, non-BMP text.
 */
public final class RandomValues {
    private static final String[] TEXT = {"", "EUR", "a", "Grüße", "日本語", "emoji 😀 and 𝄞", "\u0000nul", "x".repeat(70),
            "long ".repeat(400)};

    private final Random r;
    private final int maxDepth;

    public RandomValues(long seed, int maxDepth) {
        this.r = new Random(seed);
        this.maxDepth = maxDepth;
    }

    @SuppressWarnings("unchecked")
    public <T> T of(Class<T> type) {
        return (T) value(type, 0, false);
    }

    private boolean edge() {
        return r.nextInt(4) == 0;
    }

    Object value(Type type, int depth, boolean nullable) {
        Class<?> c = Reflection.rawClass(type);
        if (nullable && !c.isPrimitive() && r.nextInt(6) == 0) {
            return null;
        }
        if (c == boolean.class || c == Boolean.class) return r.nextBoolean();
        if (c == byte.class || c == Byte.class) return (byte) r.nextInt();
        if (c == short.class || c == Short.class) return edge() ? pick(Short.MIN_VALUE, Short.MAX_VALUE, (short) 0) : (short) r.nextInt();
        if (c == char.class || c == Character.class) return edge() ? pick(Character.MIN_VALUE, Character.MAX_VALUE, '€') : (char) r.nextInt(0x10000);
        if (c == int.class || c == Integer.class) return edge() ? pick(Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1, 63, 64) : r.nextInt() >> r.nextInt(32);
        if (c == long.class || c == Long.class) return edge() ? pick(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L) : r.nextLong() >> r.nextInt(64);
        if (c == float.class || c == Float.class) return edge() ? pick(Float.NaN, -0.0f, Float.MIN_VALUE, Float.MAX_VALUE, Float.NEGATIVE_INFINITY) : r.nextFloat() * 1e6f;
        if (c == double.class || c == Double.class) return edge() ? pick(Double.NaN, -0.0, Double.MIN_VALUE, Double.MAX_VALUE, Double.POSITIVE_INFINITY) : r.nextGaussian() * 1e9;
        if (c == String.class) return edge() ? TEXT[r.nextInt(TEXT.length)] : randomText();
        if (c == BigDecimal.class) return decimal();
        if (c == BigInteger.class) return edge() ? pick(BigInteger.ZERO, BigInteger.ONE.shiftLeft(200).negate(), BigInteger.valueOf(Long.MIN_VALUE)) : new BigInteger(r.nextInt(130), r).subtract(BigInteger.ONE.shiftLeft(64));
        if (c == LocalDate.class) return edge() ? pick(LocalDate.MIN, LocalDate.MAX, LocalDate.EPOCH) : LocalDate.ofEpochDay(r.nextInt(100_000) - 30_000);
        if (c == LocalTime.class) return edge() ? pick(LocalTime.MIN, LocalTime.MAX, LocalTime.NOON) : LocalTime.ofNanoOfDay((long) (r.nextDouble() * 86_400e9));
        if (c == LocalDateTime.class) return edge() ? pick(LocalDateTime.MIN, LocalDateTime.MAX) : LocalDateTime.of((LocalDate) value(LocalDate.class, depth, false), (LocalTime) value(LocalTime.class, depth, false));
        if (c == Instant.class) return edge() ? pick(Instant.MIN, Instant.MAX, Instant.EPOCH, Instant.ofEpochSecond(-1, 1)) : Instant.ofEpochSecond(r.nextInt(), r.nextBoolean() ? 0 : r.nextInt(1_000_000_000));
        if (c == OffsetDateTime.class) return OffsetDateTime.of((LocalDateTime) value(LocalDateTime.class, depth, false),
                edge() ? pick(ZoneOffset.MIN, ZoneOffset.MAX, ZoneOffset.ofTotalSeconds(-37)) : ZoneOffset.ofTotalSeconds((r.nextInt(73) - 36) * 900));
        if (c == UUID.class) return new UUID(r.nextLong(), r.nextLong());
        if (c == byte[].class) {
            byte[] b = new byte[edge() ? 0 : r.nextInt(40)];
            r.nextBytes(b);
            return b;
        }
        if (c.isEnum()) {
            Object[] constants = c.getEnumConstants();
            return constants[r.nextInt(constants.length)];
        }
        int n = depth >= maxDepth || edge() ? 0 : r.nextInt(5);
        if (c.isArray()) {
            Type component = type instanceof GenericArrayType ? ((GenericArrayType) type).getGenericComponentType() : c.getComponentType();
            Object a = Array.newInstance(c.getComponentType(), n);
            for (int i = 0; i < n; i++) {
                Array.set(a, i, value(component, depth + 1, true));
            }
            return a;
        }
        if (List.class.isAssignableFrom(c)) {
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                out.add(value(arg(type, 0), depth + 1, true));
            }
            return out;
        }
        if (Set.class.isAssignableFrom(c)) {
            Set<Object> out = new LinkedHashSet<>();
            for (int i = 0; i < n; i++) {
                out.add(value(arg(type, 0), depth + 1, true));
            }
            return out;
        }
        if (Map.class.isAssignableFrom(c)) {
            Map<Object, Object> out = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                out.put(value(arg(type, 0), depth + 1, true), value(arg(type, 1), depth + 1, true));
            }
            return out;
        }
        if (c.isRecord()) {
            if (depth >= maxDepth && nullable) {
                return null;
            }
            RecordComponent[] rcs = c.getRecordComponents();
            Object[] args = new Object[rcs.length];
            Class<?>[] types = new Class<?>[rcs.length];
            for (int i = 0; i < rcs.length; i++) {
                types[i] = rcs[i].getType();
                boolean selfReference = rcs[i].getType() == c;
                args[i] = selfReference && depth + 1 >= maxDepth ? null : value(rcs[i].getGenericType(), depth + 1, true);
            }
            try {
                var ctor = c.getDeclaredConstructor(types);
                ctor.setAccessible(true);
                return ctor.newInstance(args);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        throw new IllegalArgumentException("no generator for " + type);
    }

    private static Type arg(Type t, int i) {
        return ((ParameterizedType) t).getActualTypeArguments()[i];
    }

    @SafeVarargs
    private <V> V pick(V... options) {
        return options[r.nextInt(options.length)];
    }

    private String randomText() {
        StringBuilder sb = new StringBuilder();
        int n = r.nextInt(12);
        for (int i = 0; i < n; i++) {
            switch (r.nextInt(5)) {
                case 0: sb.appendCodePoint(0x1F600 + r.nextInt(80)); break;
                case 1: sb.append((char) (0x400 + r.nextInt(0x100))); break;
                case 2: sb.append((char) (0x3040 + r.nextInt(0x60))); break;
                default: sb.append((char) ('A' + r.nextInt(26))); break;
            }
        }
        return sb.toString();
    }

    private BigDecimal decimal() {
        switch (r.nextInt(8)) {
            case 0: return new BigDecimal(new BigInteger(r.nextInt(200) + 1, r).negate(), r.nextInt(40) - 10);
            case 1: return BigDecimal.valueOf(r.nextLong(), r.nextInt(30) - 5);
            case 2: return new BigDecimal("0.00");
            case 3: return BigDecimal.valueOf(r.nextInt(1_000_000), 2).multiply(BigDecimal.TEN.pow(r.nextInt(10)));
            case 4: return new BigDecimal(BigInteger.valueOf(r.nextInt()), r.nextBoolean() ? Integer.MAX_VALUE : Integer.MIN_VALUE + 1);
            case 5: return BigDecimal.valueOf(r.nextInt(100_000) - 50_000, r.nextInt(23));
            case 6: return new BigDecimal(BigInteger.valueOf(r.nextLong() >> r.nextInt(20)), r.nextInt(23));
            default: return BigDecimal.valueOf((long) (r.nextDouble() * 1e15), r.nextInt(23));
        }
    }
}
