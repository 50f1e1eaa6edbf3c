package io.navpack.format;

import com.acme.orders.Order;
import com.acme.orders.Orders;
import com.acme.trading.SeedTrades;
import com.acme.trading.Side;
import com.acme.trading.Trade;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Records built without their class: new ones from a schema, changed ones from a record whose other
 * fields are copied as bytes; every value checked against its field's type when it is set.
 */
class RecordBuilderTest {
    private final Navpack navpack = Navpack.of(Trade.class, Order.class);
    private final Schema trade = navpack.registry().binding(Trade.class).schema();
    private final Schema order = navpack.registry().binding(Order.class).schema();

    @Test
    void aNewRecordFromASchemaIsTheRecordTheClassWrites() {
        Trade t = SeedTrades.load().get(0);
        PackedRecord built = PackedRecord.builder(trade, navpack.registry())
                .set("id", 1L).set("tradeDate", t.tradeDate()).set("buySell", "BUY").set("currency1", "EUR")
                .set("amount1", t.amount1()).set("exchangeRate", t.exchangeRate()).set("currency2", "USD")
                .set("amount2", t.amount2()).set("settlementDate", t.settlementDate()).build();
        assertThat(built.bytes()).isEqualTo(navpack.encode(t));
        assertThat(built.toObject(Trade.class)).isEqualTo(t);
        assertThat(built.registry()).isSameAs(navpack.registry());
    }

    @Test
    void aBuilderWithARegistryOfItsOwnLearnsTheNestedRecordsItIsGiven() {
        Order o = Orders.generate(40, 9).stream().filter(x -> x.customer() != null && x.customer().address() != null)
                .findFirst().orElseThrow();
        PackedRecord customer = navpack.view(navpack.encode(o)).getRecord("customer");
        PackedRecord built = PackedRecord.builder(order).set("id", 5).set("status", "OPEN").set("customer", customer)
                .set("weight", 2.5).build();
        assertThat(built.getLong("id")).isEqualTo(5);
        assertThat(built.get("customer.address.city")).isEqualTo(o.customer().address().city());
        assertThat(built.isNull("lines")).isTrue();
        assertThat(built.getDouble("weight")).isEqualTo(2.5);
    }

    @Test
    void theNewestVersionOfATypeByName() {
        PackedRecord.Builder b = navpack.registry().builder("Order");
        assertThat(b.schema()).isSameAs(order);
        assertThatThrownBy(() -> navpack.registry().builder("Nothing")).isInstanceOf(SchemaException.class)
                .hasMessageContaining("no schema of type Nothing");
    }

    @Test
    void fieldsThatCannotBeNullMustBeSet() {
        assertThatThrownBy(() -> PackedRecord.builder(trade, navpack.registry()).set("currency1", "EUR").build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("id (long)")
                .hasMessageContaining("cannot be null were not set");
        assertThatThrownBy(() -> PackedRecord.builder(trade, navpack.registry()).set("id", null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("field id of Trade v1 (a long)")
                .hasMessageContaining("cannot be null");
    }

    @Test
    void aChangedRecordKeepsTheOtherFieldsBytes() {
        for (Order o : Orders.generate(300, 11)) {
            PackedRecord original = navpack.view(navpack.encode(o));
            PackedRecord changed = original.toBuilder().set("status", "PAID").set("discount", null).build();
            Order expected = new Order(o.id(), "PAID", o.customer(), o.lines(), o.tags(), o.scores(), o.total(), o.placed(),
                    o.priority(), o.createdAt(), o.ref(), o.counts(), o.extras(), null, o.weight());
            assertThat(changed.bytes()).isEqualTo(navpack.encode(expected));
            assertThat(original.toBuilder().build()).isEqualTo(original);
        }
    }

    @Test
    void fieldsThatAreNotSetAreCopiedWithoutBeingDecoded() {
        // this JVM knows Order but none of the nested types: reading a nested record would fail, copying it cannot
        SchemaRegistry orderOnly = new SchemaRegistry();
        orderOnly.learn(order);
        Order o = Orders.generate(60, 12).stream().filter(x -> x.customer() != null && !x.lines().isEmpty())
                .findFirst().orElseThrow();
        PackedRecord r = PackedRecord.of(navpack.encode(o), orderOnly);
        assertThatThrownBy(() -> r.get("customer.name")).isInstanceOf(NavpackFormatException.class)
                .hasMessageContaining("unknown schema");
        PackedRecord changed = r.toBuilder().set("status", "SHIPPED").set("weight", 1.0).build();
        Order back = navpack.view(changed.bytes()).toObject(Order.class);
        assertThat(back.status()).isEqualTo("SHIPPED");
        assertThat(back.weight()).isEqualTo(1.0);
        assertThat(back.customer()).isEqualTo(o.customer());
        assertThat(back.lines()).isEqualTo(o.lines());
        assertThat(back.extras()).isEqualTo(o.extras());
    }

    @Test
    void aViewIsRebuiltThroughTheRecordBehindIt() {
        Trade t = SeedTrades.load().get(3);
        com.acme.trading.TradeView v = navpack.view(navpack.encode(t), com.acme.trading.TradeView.class);
        PackedRecord paid = PackedRecord.ofView(v).toBuilder().set("amount1", new BigDecimal("1.00")).build();
        assertThat(paid.as(com.acme.trading.TradeView.class).amount1()).isEqualTo(new BigDecimal("1.00"));
        assertThat(paid.as(com.acme.trading.TradeView.class).currency1()).isEqualTo(t.currency1());
    }

    @Test
    void valuesOfEveryKindAreAccepted() {
        Order o = Orders.generate(1, 4).get(0);
        PackedRecord source = navpack.view(navpack.encode(o));
        PackedRecord line = source.toBuilder().build();
        PackedRecord built = line.toBuilder()
                .set("lines", List.of(new Order.Line("Z-9", 2, BigDecimal.ONE)))
                .set("tags", Set.of("x"))
                .set("scores", new int[] {1, 2})
                .set("priority", Order.Priority.HIGH)
                .set("counts", Map.of("n", 3))
                .set("extras", new Order.Line[] {new Order.Line("Y", 1, BigDecimal.TEN)})
                .set("discount", 4)
                .setDouble("weight", 0.5)
                .build();
        Order back = built.toObject(Order.class);
        assertThat(back.lines()).containsExactly(new Order.Line("Z-9", 2, BigDecimal.ONE));
        assertThat(back.tags()).containsExactly("x");
        assertThat(back.scores()).containsExactly(1, 2);
        assertThat(back.priority()).isEqualTo(Order.Priority.HIGH);
        assertThat(back.counts()).isEqualTo(Map.of("n", 3));
        assertThat(Arrays.asList(back.extras())).containsExactly(new Order.Line("Y", 1, BigDecimal.TEN));
        assertThat(back.discount()).isEqualTo(4L);
        assertThat(back.weight()).isEqualTo(0.5);
        assertThat(built.toBuilder().set("priority", "LOW").build().getEnumName("priority")).isEqualTo("LOW");
    }

    @Test
    void valuesOfTheWrongTypeAreRefusedNamingFieldAndTypes() {
        PackedRecord.Builder b = PackedRecord.builder(order, navpack.registry());
        assertThatThrownBy(() -> b.set("id", "seven")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("field id of Order v1 (a long)").hasMessageContaining("java.lang.String")
                .hasMessageContaining("seven");
        assertThatThrownBy(() -> b.set("nope", 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no field 'nope' in Order v1").hasMessageContaining("status");
        assertThatThrownBy(() -> b.set("priority", "URGENT")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("URGENT is not one of its constants [LOW, NORMAL, HIGH]");
        assertThatThrownBy(() -> b.set("priority", Side.BUY)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("BUY is not one of its constants");
        assertThatThrownBy(() -> b.set("lines", List.of("not a line"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("field lines of Order v1 (a list<record<Line>>").hasMessageContaining("java.lang.String");
        assertThatThrownBy(() -> b.set("tags", List.of("a"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("set<string>").hasMessageContaining("java.util.Set");
        assertThatThrownBy(() -> b.set("scores", new long[] {1})).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("array<int>").hasMessageContaining("int[]");
        assertThatThrownBy(() -> b.set("customer", navpack.view(navpack.encode(SeedTrades.load().get(0)))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("a Trade record cannot be stored there");
        assertThatThrownBy(() -> b.set("placed", "2026-01-01")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("(a date").hasMessageContaining("java.time.LocalDate");
        assertThatThrownBy(() -> PackedRecord.builder(trade, navpack.registry()).set("buySell", 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("enum");
        Schema small = Schema.builder("Small").field("s", FieldType.SHORT).build();
        assertThatThrownBy(() -> PackedRecord.builder(small).set("s", 70_000)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("70000 does not fit");
        assertThat(PackedRecord.builder(small).set("s", 7).build().getShort("s")).isEqualTo((short) 7);
        // nothing was set by the refused calls
        assertThat(b.set("id", 1).set("weight", 1.0).build().isNull("status")).isTrue();
    }

    @Test
    void dateFieldsTakeLocalDates() {
        PackedRecord r = PackedRecord.builder(order, navpack.registry()).set("id", 1).set("weight", 0.0)
                .set("placed", LocalDate.of(2026, 3, 1)).build();
        assertThat(r.getDate("placed")).isEqualTo(LocalDate.of(2026, 3, 1));
    }
}
