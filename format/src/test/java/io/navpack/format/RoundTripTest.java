package io.navpack.format;

import com.acme.trading.Bean;
import com.acme.trading.Everything;
import com.acme.trading.FieldPojo;
import com.acme.trading.Leg;
import com.acme.trading.SeedTrades;
import com.acme.trading.Side;
import com.acme.trading.Trade;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Everything written comes back exactly: every type, nulls, empty containers, extremes. */
class RoundTripTest {
    private static final Navpack NAVPACK = Navpack.of(Everything.class, Trade.class, Bean.class, FieldPojo.class);

    private static <T> T roundTrip(T value, Class<T> type) {
        byte[] bytes = NAVPACK.encode(value);
        T back = NAVPACK.decode(bytes, type);
        // a decoded value encodes to the same bytes
        assertThat(NAVPACK.encode(back)).isEqualTo(bytes);
        return back;
    }

    @Property(tries = 400)
    void everythingRoundTrips(@ForAll long seed) {
        Everything e = new RandomValues(seed, 3).of(Everything.class);
        Everything back = roundTrip(e, Everything.class);
        assertThat(Deep.normalize(back)).isEqualTo(Deep.normalize(e));
    }

    @Property(tries = 200)
    void everyFieldReadAloneEqualsTheFullDecode(@ForAll long seed) {
        Everything e = new RandomValues(seed, 2).of(Everything.class);
        PackedRecord view = NAVPACK.view(NAVPACK.encode(e));
        Map<String, Object> all = view.toMap();
        for (int i = 0; i < view.fieldCount(); i++) {
            String name = view.schema().field(i).name();
            Object alone = view.get(name);
            Object plain = alone instanceof PackedRecord ? ((PackedRecord) alone).toMap() : alone;
            if (!(plain instanceof List) || !((List<?>) plain).stream().anyMatch(x -> x instanceof PackedRecord)) {
                assertThat(Deep.normalize(plain)).as(name).isEqualTo(Deep.normalize(all.get(name)));
            }
        }
    }

    @Test
    void nullsEverywhereAllowed() {
        Object[] args = new Object[Everything.class.getRecordComponents().length];
        for (int i = 0; i < args.length; i++) {
            Class<?> t = Everything.class.getRecordComponents()[i].getType();
            args[i] = t.isPrimitive() ? java.lang.reflect.Array.get(java.lang.reflect.Array.newInstance(t, 1), 0) : null;
        }
        Everything e = newEverything(args);
        Everything back = roundTrip(e, Everything.class);
        assertThat(Deep.normalize(back)).isEqualTo(Deep.normalize(e));
        PackedRecord view = NAVPACK.view(NAVPACK.encode(e));
        for (int i = 8; i < view.fieldCount(); i++) {
            assertThat(view.isNull(i)).as(view.schema().field(i).name()).isTrue();
            assertThat(view.get(i)).isNull();
        }
    }

    private static Everything newEverything(Object[] args) {
        try {
            Class<?>[] types = Arrays.stream(Everything.class.getRecordComponents())
                    .map(java.lang.reflect.RecordComponent::getType).toArray(Class<?>[]::new);
            return Everything.class.getDeclaredConstructor(types).newInstance(args);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void emptyContainersAndNullElements() {
        Leg leg = new Leg("A", BigDecimal.ONE, List.of(), null);
        List<String> withNulls = Arrays.asList("a", null, "", null);
        Everything e = new Everything(true, (byte) -1, Short.MIN_VALUE, Character.MAX_VALUE, Integer.MIN_VALUE,
                Long.MAX_VALUE, Float.NaN, -0.0, true, (byte) 1, (short) 2, 'x', 3, 4L, 5f, 6d, "😀", new BigDecimal("-0.000"),
                BigInteger.ZERO, LocalDate.MIN, java.time.LocalTime.MAX, java.time.LocalDateTime.MAX, java.time.Instant.MIN,
                java.time.OffsetDateTime.MAX, new java.util.UUID(0, 0), Side.SELL, new byte[0], leg, withNulls,
                new java.util.HashSet<>(Arrays.asList(1, null)), new ArrayList<>(), new boolean[0], new short[0],
                new char[0], new int[0], new long[0], new float[0], new double[0], new String[] {null, "x"},
                new Integer[] {null}, new Leg[] {leg, null}, Arrays.asList(null, leg), new BigDecimal[0],
                new java.util.HashMap<>(java.util.Collections.singletonMap(null, null)), Map.of(), Map.of(),
                List.of(List.of(), Arrays.asList((String) null)), Set.of(), List.of(new byte[0]), List.of());
        Everything back = roundTrip(e, Everything.class);
        assertThat(Deep.normalize(back)).isEqualTo(Deep.normalize(e));
    }

    @Test
    void decimalsKeepTheirScaleAndEveryDigit() {
        List<BigDecimal> values = new ArrayList<>(List.of(new BigDecimal("50000000.00"), new BigDecimal("1.344"),
                new BigDecimal("0.7441"), new BigDecimal("1E+5"), new BigDecimal("1.000000000000000000000000"),
                new BigDecimal("-999999999999999.9"), new BigDecimal("123456789012345678901234567890.123456789"),
                new BigDecimal(BigInteger.ONE.shiftLeft(63), 3), new BigDecimal(BigInteger.valueOf(Long.MIN_VALUE), 22),
                new BigDecimal(BigInteger.valueOf(Long.MAX_VALUE), -3), BigDecimal.valueOf(999_999_999_999_999L, 22),
                BigDecimal.valueOf(-999_999_999_999_999L, 1), BigDecimal.valueOf(1, Integer.MIN_VALUE),
                BigDecimal.valueOf(1, Integer.MAX_VALUE)));
        java.util.Random r = new java.util.Random(7);
        for (int i = 0; i < 200_000; i++) {
            long digits = r.nextLong() % 1_000_000_000_000_000L;
            values.add(BigDecimal.valueOf(digits >> r.nextInt(50), r.nextInt(25) - 1));
        }
        PackedWriter w = new PackedWriter(64);
        for (BigDecimal d : values) {
            w.reset();
            w.writeDecimal(d);
            BigDecimal back = ScalarCodecs.DecimalCodec.at(w.buffer(), 0, w.size());
            assertThat(back).isEqualTo(d);
            assertThat(back.scale()).isEqualTo(d.scale());
            assertThat(FieldType.DECIMAL.codec().skip(w.buffer(), 0, w.size())).isEqualTo(w.size());
        }
    }

    @Test
    void seedTradesRoundTrip() {
        for (Trade t : SeedTrades.load()) {
            assertThat(roundTrip(t, Trade.class)).isEqualTo(t);
        }
    }

    @Test
    void beansAndFieldPojos() {
        Bean b = new Bean();
        b.setId(42);
        b.setName("bean");
        b.setActive(true);
        b.setPrice(new BigDecimal("9.99"));
        b.setDay(LocalDate.of(2024, 2, 29));
        b.setTags(List.of("x", "y"));
        assertThat(roundTrip(b, Bean.class)).isEqualTo(b);
        assertThat(roundTrip(new Bean(), Bean.class)).isEqualTo(new Bean());

        FieldPojo p = new FieldPojo("label", 7, null, Map.of("b", 2, "a", 1));
        FieldPojo back = roundTrip(p, FieldPojo.class);
        assertThat(back).isEqualTo(p);
        assertThat(back.sorted()).isInstanceOf(java.util.TreeMap.class);
        // POJO fields are ordered by name, superclass fields included; static and transient ones are not stored
        assertThat(NAVPACK.registry().binding(FieldPojo.class).schema().fields()).extracting(Field::name)
                .containsExactly("count", "label", "ratio", "sorted");
        assertThat(NAVPACK.registry().binding(Bean.class).schema().fields()).extracting(Field::name)
                .containsExactly("active", "day", "id", "name", "price", "tags");
    }

    @Test
    void primitiveFieldsCannotBeNullOtherFieldsCan() {
        Schema s = NAVPACK.registry().binding(Everything.class).schema();
        assertThat(s.field("l").nullable()).isFalse();
        assertThat(s.field("lBox").nullable()).isTrue();
        assertThat(s.field("ints").type()).isEqualTo(FieldType.array(FieldType.INT, false));
        assertThat(s.field("boxedInts").type()).isEqualTo(FieldType.array(FieldType.INT, true));
        assertThat(s.field("schedule").type()).isEqualTo(FieldType.map(FieldType.INT, FieldType.list(FieldType.DATE)));
        assertThat(s.field("leg").type()).isEqualTo(FieldType.record("Leg"));
    }
}
