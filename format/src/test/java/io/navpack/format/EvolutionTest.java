package io.navpack.format;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Versions of a type read each other: a v2 reader reads v1 bytes (added fields default or null), a
 * v1 reader reads v2 bytes (unknown fields skipped, removed fields default or null). Two JVMs are
 * modelled by two registries that share schemas but each hold one version of the class.
 */
class EvolutionTest {
    @NavpackType(id = 40, version = 1, name = "Order")
    record OrderV1(long id, String currency, BigDecimal amount, List<String> tags) {
    }

    /** Drops amount, adds venue, quantity and a list. */
    @NavpackType(id = 40, version = 2, name = "Order")
    record OrderV2(long id, String venue, String currency, int quantity, List<String> tags, List<Long> fills) {
    }

    @NavpackType(id = 40, version = 3, name = "Order")
    record OrderV3(long id, long currency) {
    }

    private final SchemaRegistry jvm1 = new SchemaRegistry();
    private final SchemaRegistry jvm2 = new SchemaRegistry();

    EvolutionTest() {
        Schema v1 = jvm1.register(OrderV1.class).schema();
        Schema v2 = jvm2.register(OrderV2.class).schema();
        jvm1.register(v2);
        jvm2.register(v1);
    }

    private static byte[] write(SchemaRegistry registry, Object value) {
        PackedWriter w = new PackedWriter(registry, 64);
        w.writeRecord(value);
        return w.toByteArray();
    }

    @Test
    void newReaderReadsOldBytes() {
        byte[] v1 = write(jvm1, new OrderV1(7, "EUR", new BigDecimal("12.50"), List.of("a")));
        PackedRecord view = PackedRecord.of(v1, jvm2);
        assertThat(view.schema().version()).isEqualTo(1);
        assertThat(view.toObject(OrderV2.class)).isEqualTo(new OrderV2(7, null, "EUR", 0, List.of("a"), null));
    }

    @Test
    void oldReaderReadsNewBytes() {
        byte[] v2 = write(jvm2, new OrderV2(8, "XLON", "GBP", 100, List.of(), List.of(1L, 2L)));
        PackedRecord view = PackedRecord.of(v2, jvm1);
        assertThat(view.toObject(OrderV1.class)).isEqualTo(new OrderV1(8, "GBP", null, List.of()));
        // a member without either class still sees every field the bytes hold
        assertThat(view.get("venue")).isEqualTo("XLON");
        assertThat(view.get("fills[1]")).isEqualTo(2L);
    }

    @Test
    void bothVersionsSurviveARoundTripThroughTheOtherVersion() {
        OrderV1 o = new OrderV1(9, "JPY", BigDecimal.ONE, List.of("x", "y"));
        OrderV2 asV2 = PackedRecord.of(write(jvm1, o), jvm2).toObject(OrderV2.class);
        OrderV1 backToV1 = PackedRecord.of(write(jvm2, asV2), jvm1).toObject(OrderV1.class);
        assertThat(backToV1).isEqualTo(new OrderV1(9, "JPY", null, List.of("x", "y")));
    }

    @Test
    void unknownVersionNamesTheTypeAndVersion() {
        SchemaRegistry alone = new SchemaRegistry();
        alone.register(OrderV1.class);
        byte[] v2 = write(jvm2, new OrderV2(1, "X", "Y", 1, List.of(), List.of()));
        assertThatThrownBy(() -> PackedRecord.of(v2, alone)).isInstanceOf(NavpackFormatException.class)
                .hasMessageContaining("type id 40 version 2").hasMessageContaining("Order is known in other versions");
    }

    @Test
    void aFieldThatChangesTypeIsRefusedAtRegistrationNamingTypeFieldAndBothTypes() {
        SchemaRegistry jvm3 = new SchemaRegistry();
        jvm3.register(OrderV3.class);
        Schema v1 = jvm1.binding(OrderV1.class).schema();
        assertThatThrownBy(() -> jvm3.register(v1)).isInstanceOfSatisfying(SchemaConflictException.class, e -> {
            assertThat(e.problem()).contains("field currency of Order (type id 40) is a long in version 3 but a string"
                    + " in version 1, which is being registered").contains("Fix:");
            assertThat(e.existing()).isEqualTo(jvm3.binding(OrderV3.class).schema());
        });
        assertThat(jvm3.local(40, 1)).isNull();
    }

    @Test
    void aReaderStillRefusesAFieldThatChangedTypeWhenTheSchemaCameFromAnAuthority() {
        SchemaRegistry jvm3 = new SchemaRegistry();
        jvm3.register(OrderV3.class);
        jvm3.accept(jvm1.binding(OrderV1.class).schema());
        byte[] v1 = write(jvm1, new OrderV1(1, "EUR", BigDecimal.ONE, List.of()));
        assertThatThrownBy(() -> PackedRecord.of(v1, jvm3).toObject(OrderV3.class)).isInstanceOf(SchemaException.class)
                .hasMessageContaining("field currency of Order is a string in version 1 but a long in version 3");
    }

    @Test
    void aSchemaSourceSuppliesUnknownVersions() {
        SchemaRegistry late = new SchemaRegistry();
        late.register(OrderV1.class);
        late.setSource((id, version) -> jvm2.find(id, version));
        byte[] v2 = write(jvm2, new OrderV2(3, "V", "C", 2, List.of(), List.of()));
        assertThat(PackedRecord.of(v2, late).toObject(OrderV1.class)).isEqualTo(new OrderV1(3, "C", null, List.of()));
        assertThat(late.find(40, 2)).isEqualTo(jvm2.binding(OrderV2.class).schema());
    }
}
