package io.navpack.sql;

import com.acme.orders.Order;
import com.acme.trading.Leg;
import com.hazelcast.sql.impl.type.QueryDataType;
import io.navpack.format.SchemaRegistry;
import io.navpack.json.JsonWriter;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** Columns derived from schemas: flattening, JSON for containers and for records that contain themselves. */
class ValueColumnsTest {

    private static List<String> describe(List<ValueColumns.Column> columns) {
        return columns.stream().map(c -> c.name + " " + c.type.getTypeFamily()).collect(Collectors.toList());
    }

    @Test
    void nestedRecordsAreFlattenedAndContainersAreJson() {
        SchemaRegistry registry = new SchemaRegistry();
        registry.register(Order.class);
        assertThat(describe(ValueColumns.of(registry.binding(Order.class).schema(), registry,
                ValueColumns.DEFAULT_MAX_COLUMNS))).containsExactly(
                "id BIGINT", "status VARCHAR", "customer.name VARCHAR", "customer.address.city VARCHAR",
                "customer.address.country VARCHAR", "lines JSON", "tags JSON", "scores JSON", "total DECIMAL",
                "placed DATE", "priority VARCHAR", "createdAt TIMESTAMP WITH TIME ZONE", "ref VARCHAR", "counts JSON",
                "extras JSON", "discount BIGINT", "weight DOUBLE");
    }

    @Test
    void recordsAreFlattenedLevelByLevelWithinTheColumnBound() {
        SchemaRegistry registry = new SchemaRegistry();
        registry.register(Order.class);
        io.navpack.format.Schema order = registry.binding(Order.class).schema();
        assertThat(ValueColumns.of(order, registry, ValueColumns.DEFAULT_MAX_COLUMNS)).hasSize(17);
        assertThat(ValueColumns.of(order, registry, 17)).hasSize(17);
        // the address level would make 17: it stays one JSON column, the customer's level is flattened
        assertThat(describe(ValueColumns.of(order, registry, 16))).hasSize(16)
                .contains("customer.name VARCHAR", "customer.address JSON").doesNotContain("customer.address.city VARCHAR");
        // the top level is always columns, however many
        assertThat(describe(ValueColumns.of(order, registry, 3))).hasSize(15).contains("customer JSON", "weight DOUBLE");
    }

    @Test
    void aRecordThatContainsItselfIsOneJsonColumn() {
        SchemaRegistry registry = new SchemaRegistry();
        registry.register(Leg.class);
        assertThat(describe(ValueColumns.of(registry.binding(Leg.class).schema(), registry, ValueColumns.DEFAULT_MAX_COLUMNS)))
                .containsExactly("payer VARCHAR", "notional DECIMAL", "periods JSON", "next JSON");
        assertThat(ValueColumns.sqlType(registry.binding(Leg.class).schema().field("next").type()))
                .isEqualTo(QueryDataType.JSON);
    }

    @Test
    void jsonTextOfPlainValues() {
        assertThat(JsonWriter.compact(List.of(1, "a\"b", new java.math.BigDecimal("1.50"), java.util.Map.of("k", true))))
                .isEqualTo("[1,\"a\\\"b\",1.50,{\"k\":true}]");
        assertThat(JsonWriter.compact(new int[] {1, 2})).isEqualTo("[1,2]");
        assertThat(JsonWriter.compact(Double.NaN)).isEqualTo("\"NaN\"");
    }
}
