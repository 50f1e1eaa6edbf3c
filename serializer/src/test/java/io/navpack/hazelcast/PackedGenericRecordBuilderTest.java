package io.navpack.hazelcast;

import com.acme.orders.Order;
import com.acme.orders.Orders;
import com.acme.trading.Everything;
import com.acme.trading.SeedTrades;
import com.acme.trading.Trade;
import com.hazelcast.nio.serialization.HazelcastSerializationException;
import com.hazelcast.nio.serialization.genericrecord.GenericRecord;
import com.hazelcast.nio.serialization.genericrecord.GenericRecordBuilder;
import io.navpack.format.Navpack;
import io.navpack.format.PackedRecord;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Hazelcast's generic-record builders over navpack values, with Compact's rules. */
class PackedGenericRecordBuilderTest {
    private final Navpack navpack = Navpack.of(Trade.class, Order.class, Everything.class);

    private PackedGenericRecord record(Object value) {
        return PackedGenericRecord.of(navpack.view(navpack.encode(value)));
    }

    @Test
    void newBuilderSetsEveryFieldOnce() {
        Trade t = SeedTrades.load().get(1);
        GenericRecordBuilder b = record(t).newBuilder();
        b.setInt64("id", 2).setDate("tradeDate", t.tradeDate()).setString("buySell", "SELL").setString("currency1", "USD")
                .setDecimal("amount1", t.amount1()).setDecimal("exchangeRate", t.exchangeRate()).setString("currency2", "EUR")
                .setDecimal("amount2", t.amount2());
        assertThatThrownBy(b::build).isInstanceOf(HazelcastSerializationException.class)
                .hasMessageContaining("not set: [settlementDate]");
        b.setDate("settlementDate", t.settlementDate());
        assertThatThrownBy(() -> b.setInt64("id", 3)).isInstanceOf(HazelcastSerializationException.class)
                .hasMessageContaining("set twice");
        GenericRecord built = b.build();
        assertThat(built).isInstanceOf(PackedGenericRecord.class);
        assertThat(((PackedRecord) built).toObject(Trade.class)).isEqualTo(t);
        assertThatThrownBy(() -> b.setInt64("id", 4)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void newBuilderWithCloneKeepsTheOtherFields() {
        Order o = Orders.generate(30, 2).stream().filter(x -> x.customer() != null).findFirst().orElseThrow();
        PackedGenericRecord r = record(o);
        GenericRecord changed = r.newBuilderWithClone().setString("status", "PAID").setString("status", "SHIPPED")
                .setNullableInt64("discount", 9L).setArrayOfInt32("scores", new int[] {4, 5})
                .setArrayOfString("tags", new String[] {"a", "b"}).setString("priority", "LOW").build();
        Order back = ((PackedRecord) changed).toObject(Order.class);
        assertThat(back.status()).isEqualTo("SHIPPED");
        assertThat(back.discount()).isEqualTo(9L);
        assertThat(back.scores()).containsExactly(4, 5);
        assertThat(back.tags()).containsExactly("a", "b");
        assertThat(back.priority()).isEqualTo(Order.Priority.LOW);
        assertThat(back.customer()).isEqualTo(o.customer());
        assertThat(back.lines()).isEqualTo(o.lines());
        assertThat(changed.getString("status")).isEqualTo("SHIPPED");
    }

    @Test
    void nestedRecordsAndArraysOfThem() {
        Order o = Orders.generate(40, 3).stream().filter(x -> x.customer() != null && x.lines().size() >= 2).findFirst()
                .orElseThrow();
        PackedGenericRecord r = record(o);
        GenericRecord customer = r.getGenericRecord("customer");
        GenericRecord[] lines = r.getArrayOfGenericRecord("lines");
        GenericRecord line = lines[0].newBuilderWithClone().setInt32("qty", 77).build();
        GenericRecord changed = r.newBuilderWithClone().setGenericRecord("customer", customer)
                .setArrayOfGenericRecord("lines", new GenericRecord[] {line}).setArrayOfGenericRecord("extras", lines).build();
        Order back = ((PackedRecord) changed).toObject(Order.class);
        assertThat(back.customer()).isEqualTo(o.customer());
        assertThat(back.lines()).containsExactly(new Order.Line(o.lines().get(0).sku(), 77, o.lines().get(0).price()));
        assertThat(back.extras()).containsExactlyElementsOf(o.lines());
        assertThatThrownBy(() -> r.newBuilderWithClone().setGenericRecord("customer",
                GenericRecordBuilder.compact("Customer").setString("name", "x").build()))
                .isInstanceOf(HazelcastSerializationException.class).hasMessageContaining("navpack record nests navpack records");
    }

    @Test
    void typesCompactHasNoSetterForAreSetWithSet() {
        Order o = Orders.generate(1, 4).get(0);
        UUID ref = new UUID(1, 2);
        GenericRecord changed = ((PackedGenericRecordBuilder) record(o).newBuilderWithClone()).set("ref", ref)
                .set("counts", Map.of("a", 1)).build();
        Order back = ((PackedRecord) changed).toObject(Order.class);
        assertThat(back.ref()).isEqualTo(ref);
        assertThat(back.counts()).isEqualTo(Map.of("a", 1));
    }

    @Test
    void mismatchesAreHazelcastSerializationExceptionsNamingFieldAndTypes() {
        PackedGenericRecord r = record(Orders.generate(1, 5).get(0));
        assertThatThrownBy(() -> r.newBuilderWithClone().setInt32("status", 3))
                .isInstanceOf(HazelcastSerializationException.class).hasMessageContaining("field status of Order v1 (a string")
                .hasMessageContaining("java.lang.Integer");
        assertThatThrownBy(() -> r.newBuilderWithClone().setString("nope", "x"))
                .isInstanceOf(HazelcastSerializationException.class).hasMessageContaining("no field 'nope'");
        assertThatThrownBy(() -> r.newBuilderWithClone().setDate("total", LocalDate.of(2026, 1, 1)))
                .isInstanceOf(HazelcastSerializationException.class).hasMessageContaining("decimal");
        assertThatThrownBy(() -> r.newBuilderWithClone().setString("priority", "URGENT"))
                .isInstanceOf(HazelcastSerializationException.class).hasMessageContaining("[LOW, NORMAL, HIGH]");
        assertThatThrownBy(() -> r.newBuilderWithClone().setNullableInt64("id", null))
                .isInstanceOf(HazelcastSerializationException.class).hasMessageContaining("cannot be null");
        assertThat(((PackedRecord) r.newBuilderWithClone().setDecimal("total", BigDecimal.TEN).build()).getDecimal("total"))
                .isEqualTo(BigDecimal.TEN);
    }

    @Test
    void everyArraySetterFillsListsSetsAndArrays() {
        Everything e = io.navpack.format.RandomEverything.of(8);
        PackedGenericRecord r = record(e);
        GenericRecord changed = r.newBuilderWithClone()
                .setArrayOfBoolean("booleans", new boolean[] {true}).setArrayOfInt16("shorts", new short[] {1, 2})
                .setArrayOfChar("chars", new char[] {'x'}).setArrayOfInt32("ints", new int[] {3})
                .setArrayOfInt64("longs", new long[] {4}).setArrayOfFloat32("floats", new float[] {0.5f})
                .setArrayOfFloat64("doubles", new double[] {0.25}).setArrayOfString("stringArray", new String[] {"s", null})
                .setArrayOfNullableInt32("boxedInts", new Integer[] {1, null}).setArrayOfNullableInt32("intSet", new Integer[] {7, 8})
                .setArrayOfString("strings", new String[] {"p", "q"}).setArrayOfInt8("bytes", new byte[] {9})
                .setArrayOfDecimal("decimals", new BigDecimal[] {BigDecimal.ONE}).setArrayOfString("sides", new String[] {"BUY"})
                .setNullableInt64("lBox", null).setChar("c", 'k').setInt8("b", (byte) 3).setFloat32("f", 1.5f)
                .build();
        Everything back = ((PackedRecord) changed).toObject(Everything.class);
        assertThat(back.booleans()).containsExactly(true);
        assertThat(back.shorts()).containsExactly(1, 2);
        assertThat(back.chars()).containsExactly('x');
        assertThat(back.ints()).containsExactly(3);
        assertThat(back.longs()).containsExactly(4L);
        assertThat(back.floats()).containsExactly(0.5f);
        assertThat(back.doubles()).containsExactly(0.25);
        assertThat(back.stringArray()).containsExactly("s", null);
        assertThat(back.boxedInts()).containsExactly(1, null);
        assertThat(back.intSet()).isEqualTo(Set.of(7, 8));
        assertThat(back.strings()).isEqualTo(List.of("p", "q"));
        assertThat(back.bytes()).containsExactly(9);
        assertThat(back.decimals()).containsExactly(BigDecimal.ONE);
        assertThat(back.sides()).containsExactly(com.acme.trading.Side.BUY);
        assertThat(back.lBox()).isNull();
        assertThat(back.c()).isEqualTo('k');
        assertThat(back.b()).isEqualTo((byte) 3);
        assertThat(back.f()).isEqualTo(1.5f);
        assertThat(back.string()).isEqualTo(e.string());
        assertThat(back.leg()).isEqualTo(e.leg());
    }
}
