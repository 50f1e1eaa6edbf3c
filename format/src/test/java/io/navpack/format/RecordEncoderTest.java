package io.navpack.format;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link RecordEncoder} writes the bytes {@link PackedWriter} writes for the same values, whatever order the
 * fields come in; {@link RecordCursor} finds each field where a {@link PackedRecord} reads it.
 */
class RecordEncoderTest {
    private static Schema wide(String name, int id, int fields) {
        Schema.Builder b = Schema.builder(name).typeId(id);
        FieldType[] kinds = {FieldType.LONG, FieldType.STRING, FieldType.DECIMAL, FieldType.DATE, FieldType.BOOLEAN,
                FieldType.TIME, FieldType.DATE_TIME, FieldType.OFFSET_DATE_TIME, FieldType.list(FieldType.STRING),
                FieldType.INT, FieldType.BYTES, FieldType.DOUBLE, FieldType.BIG_INTEGER,
                FieldType.enumOf("E", List.of("A", "B", "C"))};
        for (int i = 0; i < fields; i++) {
            b.field("f" + i, kinds[i % kinds.length], true);
        }
        return b.build();
    }

    private static Object value(FieldType t, Random r) {
        return switch (t.kind()) {
            case LONG -> r.nextLong() >> r.nextInt(64);
            case INT -> r.nextInt() >> r.nextInt(32);
            case STRING -> List.of("", "EUR", "Grüße", "😀 x", "a\u0000b").get(r.nextInt(5));
            case DECIMAL -> List.of(new BigDecimal("50000000.00"), new BigDecimal("-12.5"), new BigDecimal("1E+3"),
                    new BigDecimal("12345678901234567890.1"), BigDecimal.ZERO).get(r.nextInt(5));
            case DATE -> LocalDate.ofEpochDay(r.nextInt(80_000) - 20_000);
            case BOOLEAN -> r.nextBoolean();
            case TIME -> LocalTime.ofNanoOfDay(Math.floorMod(r.nextLong(), 86_400_000_000_000L));
            case DATE_TIME -> LocalDateTime.of(LocalDate.ofEpochDay(r.nextInt(30_000)), LocalTime.ofSecondOfDay(r.nextInt(86_400)));
            case OFFSET_DATE_TIME -> OffsetDateTime.of(LocalDateTime.of(2024, 5, 31, 10, 15, 30, r.nextInt(1000)),
                    ZoneOffset.ofTotalSeconds((r.nextInt(72) - 36) * 900 + (r.nextInt(4) == 0 ? 37 : 0)));
            case LIST -> {
                List<String> l = new ArrayList<>();
                for (int i = r.nextInt(4); i > 0; i--) {
                    l.add(r.nextInt(5) == 0 ? null : "s" + r.nextInt(100));
                }
                yield l;
            }
            case BYTES -> new byte[] {1, 2, (byte) r.nextInt()};
            case DOUBLE -> r.nextDouble();
            case BIG_INTEGER -> new BigInteger(100, r).negate();
            case ENUM -> List.of("A", "B", "C").get(r.nextInt(3));
            default -> throw new IllegalStateException(t.toString());
        };
    }

    /** Writes {@code v} as {@code t} into the encoder, the way a transcoder would from parsed text. */
    private static void write(RecordEncoder e, FieldType t, Object v) {
        switch (t.kind()) {
            case LONG -> e.writeLong((Long) v);
            case INT -> e.writeInt((Integer) v);
            case STRING -> {
                char[] c = ((String) v).toCharArray();
                e.writeString(c, 0, c.length);
            }
            case DECIMAL -> e.writeDecimal((BigDecimal) v);
            case DATE -> e.writeDate(((LocalDate) v).toEpochDay());
            case BOOLEAN -> e.writeBoolean((Boolean) v);
            case TIME -> e.writeTime(((LocalTime) v).toSecondOfDay(), ((LocalTime) v).getNano());
            case DATE_TIME -> {
                LocalDateTime d = (LocalDateTime) v;
                e.writeDateTime(d.toLocalDate().toEpochDay(), d.toLocalTime().toSecondOfDay(), d.getNano());
            }
            case OFFSET_DATE_TIME -> {
                OffsetDateTime o = (OffsetDateTime) v;
                e.writeOffsetDateTime(o.toLocalDate().toEpochDay(), o.toLocalTime().toSecondOfDay(), o.getNano(),
                        o.getOffset().getTotalSeconds());
            }
            case LIST -> {
                List<?> l = (List<?>) v;
                int[] s = new int[l.size()];
                int[] en = new int[l.size()];
                for (int i = 0; i < l.size(); i++) {
                    if (l.get(i) == null) {
                        s[i] = -1;
                        continue;
                    }
                    s[i] = e.position();
                    e.writeString((String) l.get(i));
                    en[i] = e.position();
                }
                int at = e.position();
                e.writeList(s, en, 0, l.size());
                // what the list was assembled from now lies before it: move the list down over it
                if (l.size() > 0 && s.length > 0) {
                    int from = -1;
                    for (int x : s) {
                        if (x >= 0) {
                            from = x;
                            break;
                        }
                    }
                    if (from >= 0) {
                        e.moveDown(at, from);
                    }
                }
            }
            case BYTES -> e.writeBytes((byte[]) v, 0, ((byte[]) v).length);
            case DOUBLE -> e.writeDouble((Double) v);
            case BIG_INTEGER -> e.writeBigInteger((BigInteger) v);
            case ENUM -> e.writeInt(t.constants().indexOf((String) v));
            default -> throw new IllegalStateException(t.toString());
        }
    }

    @Test
    void recordsInAnyFieldOrderAreWhatPackedWriterWrites() {
        Random r = new Random(5);
        for (int fields : new int[] {0, 1, 8, 9, 30, 64, 65, 200}) {
            Schema s = wide("W" + fields, 10 + fields, fields);
            SchemaRegistry registry = new SchemaRegistry();
            registry.learn(s);
            for (int round = 0; round < 20; round++) {
                Object[] values = new Object[fields];
                for (int i = 0; i < fields; i++) {
                    values[i] = r.nextInt(4) == 0 ? null : value(s.field(i).type(), r);
                }
                PackedWriter w = new PackedWriter(registry, 64);
                w.writeRecord(s, values);
                byte[] expected = w.toByteArray();

                RecordEncoder e = new RecordEncoder(16);
                int[] start = new int[fields];
                int[] end = new int[fields];
                Arrays.fill(start, -1);
                // fields in a shuffled order, as a document may hold them
                List<Integer> order = new ArrayList<>();
                for (int i = 0; i < fields; i++) {
                    order.add(i);
                }
                java.util.Collections.shuffle(order, r);
                for (int i : order) {
                    if (values[i] != null) {
                        start[i] = e.position();
                        write(e, s.field(i).type(), values[i]);
                        end[i] = e.position();
                    }
                }
                int at = e.writeRecord(s, start, end, false);
                assertThat(e.toByteArray(at, e.position())).as("%d fields, round %d", fields, round).isEqualTo(expected);

                RecordCursor c = new RecordCursor(registry);
                assertThat(c.open(expected, 0, expected.length)).isSameAs(s);
                PackedRecord view = PackedRecord.of(expected, registry);
                for (int i = 0; i < fields; i++) {
                    assertThat(c.isNull(i)).isEqualTo(values[i] == null);
                    if (values[i] != null) {
                        int p = c.start(i);
                        assertThat(RecordCursor.skip(s.field(i).type(), expected, p, expected.length)).isEqualTo(c.end(i));
                        assertThat(view.get(i)).isNotNull();
                    }
                }
            }
        }
    }

    @Test
    void nestedRecordsCarryTheirLength() {
        Schema inner = Schema.builder("Inner").typeId(41).field("x", FieldType.LONG, true).build();
        Schema outer = Schema.builder("Outer").typeId(42).field("in", FieldType.record("Inner"), true)
                .field("all", FieldType.list(FieldType.record("Inner")), true).build();
        SchemaRegistry registry = new SchemaRegistry();
        registry.learn(inner);
        registry.learn(outer);
        RecordEncoder e = new RecordEncoder(8);
        int[] one = {e.position()};
        e.writeLong(7);
        int[] oneEnd = {e.position()};
        int[] s = new int[2];
        int[] en = new int[2];
        for (int k = 0; k < 2; k++) {
            s[k] = e.position();
            e.writeRecord(inner, one, oneEnd, true);
            en[k] = e.position();
        }
        int listAt = e.position();
        e.writeList(s, en, 0, 2);
        int listEnd = e.position();
        int at = e.writeRecord(outer, new int[] {s[0], listAt}, new int[] {en[0], listEnd}, false);
        PackedRecord r = PackedRecord.of(e.toByteArray(at, e.position()), registry);
        assertThat(r.getRecord("in").getLong("x")).isEqualTo(7);
        assertThat((List<?>) r.get("all")).hasSize(2);
        assertThat(r.validate()).hasSize(2);
    }

    @Test
    void aRecordItWroteKnowsItsSchemasWithoutDecoding() {
        Schema inner = Schema.builder("Inner2").typeId(44).field("x", FieldType.LONG, true).build();
        Schema outer = Schema.builder("Outer2").typeId(45).field("in", FieldType.record("Inner2"), true)
                .field("n", FieldType.STRING, true).build();
        SchemaRegistry registry = new SchemaRegistry();
        registry.learn(inner);
        registry.learn(outer);
        RecordEncoder e = new RecordEncoder(8);
        for (int round = 0; round < 2; round++) {
            int[] one = {e.position()};
            e.writeLong(round);
            int[] oneEnd = {e.position()};
            int in = e.position();
            e.writeRecord(inner, one, oneEnd, true);
            int inEnd = e.position();
            int at = e.writeRecord(outer, new int[] {in, -1}, new int[] {inEnd, -1}, false);
            PackedRecord r = e.toRecord(at, e.position(), registry);
            assertThat(r.getRecord("in").getLong("x")).isEqualTo(round);
            // its own schema first, then the nested ones, as a full check finds them; once per record handed out
            assertThat(r.validate()).containsExactly(outer, inner)
                    .isEqualTo(PackedRecord.of(Arrays.copyOfRange(r.array(), r.offset(), r.offset() + r.length()), registry).validate());
        }
        // a record of the last schema written, nothing else
        int[] one = {e.position()};
        e.writeLong(9);
        int at = e.writeRecord(inner, one, new int[] {e.position()}, false);
        assertThatThrownBy(() -> e.toRecord(0, at, registry)).isInstanceOf(IllegalArgumentException.class);
        assertThat(e.toRecord(at, e.position(), registry).validate()).containsExactly(inner);
        assertThatThrownBy(() -> e.toRecord(at, e.position(), registry))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a record this encoder wrote");
    }

    @Test
    void aNullWhereTheSchemaSaysNotIsRefused() {
        Schema s = Schema.builder("P").typeId(43).field("x", FieldType.LONG).build();
        RecordEncoder e = new RecordEncoder(8);
        assertThatThrownBy(() -> e.writeRecord(s, new int[] {-1}, new int[] {-1}, false))
                .isInstanceOf(NavpackException.class).hasMessageContaining("must not be null");
        assertThatThrownBy(() -> e.writeRecord(s, new int[] {0}, new int[] {5}, false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("outside the written bytes");
        // the bitmap of up to 64 fields and of more is checked alike: the missing field is named
        for (int fields : new int[] {41, 64, 70, 200}) {
            int required = fields - 3;
            Schema.Builder b = Schema.builder("Q" + fields).typeId(300 + fields);
            for (int i = 0; i < fields; i++) {
                b.field("f" + i, FieldType.LONG, i != required);
            }
            Schema q = b.build();
            int[] start = new int[fields];
            int[] end = new int[fields];
            Arrays.fill(start, -1);
            Arrays.fill(end, -1);
            assertThatThrownBy(() -> e.writeRecord(q, start, end, false)).as("%d fields", fields)
                    .isInstanceOf(NavpackException.class).hasMessageContaining("field f" + required + " of Q" + fields);
            start[required] = e.position();
            e.writeLong(fields);
            end[required] = e.position();
            int at = e.writeRecord(q, start, end, false);
            SchemaRegistry registry = new SchemaRegistry();
            registry.learn(q);
            PackedRecord r = e.toRecord(at, e.position(), registry);
            assertThat(r.getLong("f" + required)).isEqualTo(fields);
            assertThat(r.isNull("f0")).isTrue();
        }
    }

    @Test
    void aValueOfManySchemasKnowsThemAll() {
        // a record of 150 fields, each a record of a type of its own: the encoder's set of schemas written grows twice
        int n = 150;
        Schema[] leaves = new Schema[n];
        SchemaRegistry registry = new SchemaRegistry();
        Schema.Builder rb = Schema.builder("Root").typeId(999);
        for (int i = 0; i < n; i++) {
            leaves[i] = Schema.builder("C" + i).typeId(1000 + i).field("x", FieldType.LONG, true).build();
            registry.learn(leaves[i]);
            rb.field("c" + i, FieldType.record("C" + i), true);
        }
        Schema root = rb.build();
        registry.learn(root);
        RecordEncoder e = new RecordEncoder(8);
        for (int round = 0; round < 2; round++) {
            int[] start = new int[n];
            int[] end = new int[n];
            for (int i = n - 1; i >= 0; i--) {
                int x = e.position();
                e.writeLong(i * 10L + round);
                int xEnd = e.position();
                if (i == n / 2) {
                    // the same schema written again on the way is still one schema of the value
                    e.writeRecord(leaves[n - 1], new int[] {x}, new int[] {xEnd}, true);
                }
                start[i] = e.position();
                e.writeRecord(leaves[i], new int[] {x}, new int[] {xEnd}, true);
                end[i] = e.position();
            }
            int at = e.writeRecord(root, start, end, false);
            PackedRecord r = e.toRecord(at, e.position(), registry);
            List<Schema> schemas = r.validate();
            assertThat(schemas.get(0)).isSameAs(root);
            assertThat(schemas).as("round %d", round).hasSize(n + 1).containsAll(Arrays.asList(leaves));
            for (int i = 0; i < n; i++) {
                assertThat(r.getRecord("c" + i).getLong("x")).isEqualTo(i * 10L + round);
            }
        }
    }

    @Test
    void aCursorRefusesBytesThatAreNotARecord() {
        Schema s = wide("C", 44, 20);
        SchemaRegistry registry = new SchemaRegistry();
        registry.learn(s);
        Object[] values = new Object[20];
        values[3] = LocalDate.of(2024, 1, 1);
        values[15] = "x";
        PackedWriter w = new PackedWriter(registry, 64);
        w.writeRecord(s, values);
        byte[] b = w.toByteArray();
        RecordCursor c = new RecordCursor(registry);
        assertThatThrownBy(() -> c.open(b, 0, b.length - 1)).isInstanceOf(NavpackFormatException.class);
        byte[] longer = Arrays.copyOf(b, b.length + 1);
        assertThatThrownBy(() -> c.open(longer, 0, longer.length)).isInstanceOf(NavpackFormatException.class);
    }
}
