package io.navpack.format;

import io.navpack.format.spi.Hex;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Records decode through a class generated for the record and the writer's schema version: every kind of
 * component, nulls, private records, and versions that add, drop and reorder fields give what the
 * method-handle path gives, with the same checks.
 */
class RecordDecodersTest {
    enum Side { BUY, SELL }

    record Leaf(String name, long n) {
    }

    record Everything(boolean z, byte b, short s, char c, int i, long j, float f, double d, Boolean boxedZ, Long boxedJ,
                      String text, BigDecimal decimal, BigInteger big, LocalDate date, LocalDateTime dateTime,
                      Instant instant, UUID uuid, byte[] bytes, Side side, Leaf leaf, List<Leaf> leaves,
                      Set<String> tags, Map<String, Long> counts, int[] ints, String[] names) {
    }

    private record Hidden(long id, String name) {
    }

    record Numbers(long a, int b, short c, char d, long e, String s, int f) {
    }

    @NavpackType(id = 61, version = 1, name = "Evolving")
    record EvolvingV1(long id, String dropped, double price, Side side, String keep) {
    }

    /** Drops {@code dropped}, reorders the rest and adds two fields. */
    @NavpackType(id = 61, version = 2, name = "Evolving")
    record EvolvingV2(String keep, int added, Side side, long id, double price, List<String> more) {
    }

    private static byte[] write(SchemaRegistry registry, Object value) {
        PackedWriter w = new PackedWriter(registry, 64);
        w.writeRecord(value);
        return w.toByteArray();
    }

    private static <T> T decodeGenerated(SchemaRegistry registry, byte[] bytes, Class<T> type) {
        PackedRecord view = PackedRecord.of(bytes, registry);
        assertThat(registry.binding(type).plan(view.schema()).decoder).as("generated decoder of " + type).isNotNull();
        return view.toObject(type);
    }

    @Test
    void everyKindOfComponentDecodes() {
        SchemaRegistry registry = new SchemaRegistry();
        registry.register(Everything.class);
        Everything e = new Everything(true, (byte) -3, (short) 300, 'x', -70_000, 1L << 40, 1.5f, -2.25, null, 12L,
                "a longer string than sixteen bytes, with ünïcödé", new BigDecimal("-12345678901234567890.123"),
                BigInteger.TEN.pow(30), LocalDate.of(2024, 2, 29), LocalDateTime.of(2020, 1, 2, 3, 4, 5, 6),
                Instant.ofEpochSecond(1_700_000_000L, 42), new UUID(1, 2), new byte[] {1, 2, 3}, Side.SELL,
                new Leaf("leaf", 5), List.of(new Leaf("a", 1), new Leaf("b", -1)), Set.of("t"), Map.of("k", 7L),
                new int[] {1, -1, 1 << 30}, new String[] {"x", null});
        Everything back = decodeGenerated(registry, write(registry, e), Everything.class);
        assertThat(back).usingRecursiveComparison().isEqualTo(e);

        Everything nulls = new Everything(false, (byte) 0, (short) 0, '\0', 0, 0, 0, 0, null, null, null, null, null,
                null, null, null, null, null, null, null, null, null, null, null, null);
        assertThat(decodeGenerated(registry, write(registry, nulls), Everything.class))
                .usingRecursiveComparison().isEqualTo(nulls);
    }

    @Test
    void privateRecordsDecodeThroughAGeneratedClassToo() {
        SchemaRegistry registry = new SchemaRegistry();
        registry.register(Hidden.class);
        assertThat(decodeGenerated(registry, write(registry, new Hidden(3, "h")), Hidden.class))
                .isEqualTo(new Hidden(3, "h"));
    }

    @Test
    void versionsAddDropAndReorderFields() {
        SchemaRegistry jvm1 = new SchemaRegistry();
        SchemaRegistry jvm2 = new SchemaRegistry();
        Schema v1 = jvm1.register(EvolvingV1.class).schema();
        Schema v2 = jvm2.register(EvolvingV2.class).schema();
        jvm1.register(v2);
        jvm2.register(v1);

        byte[] old = write(jvm1, new EvolvingV1(7, "gone", 9.5, Side.BUY, "kept"));
        assertThat(decodeGenerated(jvm2, old, EvolvingV2.class))
                .isEqualTo(new EvolvingV2("kept", 0, Side.BUY, 7, 9.5, null));

        byte[] newer = write(jvm2, new EvolvingV2("k", 3, Side.SELL, 8, -1, List.of("m")));
        assertThat(decodeGenerated(jvm1, newer, EvolvingV1.class))
                .isEqualTo(new EvolvingV1(8, null, -1, Side.SELL, "k"));
    }

    @Test
    void aPrimitiveComponentOfANullableFieldReadsNullAsZero() {
        SchemaRegistry registry = new SchemaRegistry();
        Schema s = Schema.builder("Leaf").field("name", FieldType.STRING).field("n", FieldType.LONG, true).build();
        registry.register(Leaf.class, s);
        byte[] bytes = PackedRecord.builder(s, registry).set("name", "x").build().bytes();
        assertThat(decodeGenerated(registry, bytes, Leaf.class)).isEqualTo(new Leaf("x", 0));
    }

    @Test
    void corruptBytesAreRefusedAsBefore() {
        SchemaRegistry registry = new SchemaRegistry();
        registry.register(Leaf.class);
        byte[] bytes = write(registry, new Leaf("name", 1));
        byte[] truncated = java.util.Arrays.copyOf(bytes, bytes.length - 1);
        assertThatThrownBy(() -> decodeGenerated(registry, truncated, Leaf.class))
                .isInstanceOf(NavpackFormatException.class);
        byte[] longer = java.util.Arrays.copyOf(bytes, bytes.length + 1);
        assertThatThrownBy(() -> decodeGenerated(registry, longer, Leaf.class))
                .isInstanceOf(NavpackFormatException.class).hasMessageContaining("ends at offset");
    }

    @Test
    void packedIntegersOfEveryLengthReadAsTheViewReadsThem() {
        SchemaRegistry registry = new SchemaRegistry();
        registry.register(Numbers.class);
        java.util.SplittableRandom r = new java.util.SplittableRandom(16);
        for (int c = 0; c < 20_000; c++) {
            Numbers n = new Numbers(any(r), (int) any(r), (short) any(r), (char) any(r), any(r), "s" + (c & 7), (int) any(r));
            byte[] bytes = write(registry, n);
            // alone in its array (the last bytes cannot be read as one word) and inside a larger one
            byte[] padded = new byte[bytes.length + 16];
            System.arraycopy(bytes, 0, padded, 3, bytes.length);
            for (PackedRecord view : List.of(PackedRecord.of(bytes, registry),
                    PackedRecord.of(padded, 3, bytes.length, registry))) {
                assertThat(registry.binding(Numbers.class).plan(view.schema()).decoder).isNotNull();
                Numbers back = view.toObject(Numbers.class);
                assertThat(back).isEqualTo(n);
                assertThat(back.a()).isEqualTo(view.getLong("a"));
                assertThat(back.e()).isEqualTo(view.getLong("e"));
                assertThat(back.f()).isEqualTo(view.getInt("f"));
            }
        }
    }

    @Test
    void mutatedBytesAreRefusedOrDecodeAsTheFieldReadsSay() {
        SchemaRegistry registry = new SchemaRegistry();
        registry.register(Numbers.class);
        java.util.SplittableRandom r = new java.util.SplittableRandom(61);
        for (int c = 0; c < 50_000; c++) {
            byte[] bytes = write(registry, new Numbers(any(r), (int) any(r), (short) any(r), (char) any(r), any(r),
                    "x", (int) any(r)));
            byte[] m = new byte[bytes.length + 12];
            System.arraycopy(bytes, 0, m, 0, bytes.length);
            for (int i = 0; i < 1 + r.nextInt(3); i++) {
                m[3 + r.nextInt(bytes.length - 3)] = (byte) r.nextInt();
            }
            int length = r.nextInt(4) == 0 ? bytes.length - 1 - r.nextInt(3) : bytes.length;
            PackedRecord view;
            Object[] all;
            try {
                view = PackedRecord.of(m, 0, length, registry);
                all = view.decodeAll();
            } catch (NavpackException refused) {
                continue;
            }
            Numbers back;
            try {
                back = view.toObject(Numbers.class);
            } catch (NavpackException refused) {
                continue;
            }
            assertThat(new Object[] {back.a(), back.b(), back.c(), back.d(), back.e(), back.s(), back.f()})
                    .as("case %d: %s", c, Hex.of(java.util.Arrays.copyOf(m, length))).containsExactly(all);
        }
    }

    /** A long of a random bit length (so every packed length occurs), either sign. */
    private static long any(java.util.SplittableRandom r) {
        long v = r.nextLong() >>> r.nextInt(64);
        return r.nextBoolean() ? v : ~v;
    }

    @Test
    void writersOfMoreFieldsThanAGeneratedMethodTakesDecodeThroughHandles() {
        SchemaRegistry registry = new SchemaRegistry();
        registry.register(Leaf.class);
        Schema.Builder b = Schema.builder(SchemaRegistry.typeName(Leaf.class)).version(2);
        for (int i = 0; i <= RecordDecoders.MAX_FIELDS; i++) {
            b.field("extra" + i, FieldType.INT);
            if (i == 7) {
                b.field("n", FieldType.LONG);
            }
        }
        Schema wide = b.field("name", FieldType.STRING).build();
        registry.register(wide);
        PackedRecord.Builder record = PackedRecord.builder(wide, registry).set("name", "w").setLong("n", -9);
        for (int i = 0; i <= RecordDecoders.MAX_FIELDS; i++) {
            record.setInt("extra" + i, i);
        }
        PackedRecord view = PackedRecord.of(record.build().bytes(), registry);
        assertThat(registry.binding(Leaf.class).plan(view.schema()).decoder).isNull();
        assertThat(view.toObject(Leaf.class)).isEqualTo(new Leaf("w", -9));
    }
}
