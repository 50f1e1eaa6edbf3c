package io.navpack.format;

import com.acme.trading.Leg;
import com.acme.trading.Side;
import com.acme.trading.Trade;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SchemaTest {
    @Test
    void reflectionBuildsTheSchemaOfARecord() {
        Schema s = new SchemaRegistry().register(Trade.class).schema();
        assertThat(s.typeName()).isEqualTo("Trade");
        assertThat(s.typeId()).isEqualTo(1);
        assertThat(s.version()).isEqualTo(1);
        assertThat(s.fields()).extracting(Field::toString).containsExactly("id: long", "tradeDate: date?",
                "buySell: enum<com.acme.trading.Side>[BUY, SELL]?", "currency1: string?", "amount1: decimal?",
                "exchangeRate: decimal?", "currency2: string?", "amount2: decimal?", "settlementDate: date?");
    }

    @Test
    void theFingerprintIsStableAcrossRunsAndJvms() {
        Schema s = new SchemaRegistry().register(Trade.class).schema();
        // a fixed value: the fingerprint is FNV-1a over the canonical form plus a finaliser, nothing JVM-specific
        assertThat(Long.toHexString(s.fingerprint())).isEqualTo("fb1909cf14da9f1b");
        assertThat(Schema.fromBytes(s.toBytes())).isEqualTo(s);
        assertThat(Schema.fromBytes(s.toBytes()).fingerprint()).isEqualTo(s.fingerprint());
    }

    @Test
    void aBuilderDeclaresTheSameSchemaAsReflection() {
        Schema declared = Schema.builder("Trade").typeId(1).version(1)
                .field("id", FieldType.LONG)
                .field("tradeDate", FieldType.DATE)
                .field("buySell", FieldType.enumOf(Side.class.getName(), List.of("BUY", "SELL")))
                .field("currency1", FieldType.STRING)
                .field("amount1", FieldType.DECIMAL)
                .field("exchangeRate", FieldType.DECIMAL)
                .field("currency2", FieldType.STRING)
                .field("amount2", FieldType.DECIMAL)
                .field("settlementDate", FieldType.DATE)
                .build();
        assertThat(declared).isEqualTo(new SchemaRegistry().register(Trade.class).schema());
    }

    /** A class the user cannot change: stored under its own name with fewer fields in another order. */
    public static final class ThirdPartyQuote {
        private String symbol;
        private double bid;
        private double ask;
        private String internalNote;

        public ThirdPartyQuote() {
        }

        ThirdPartyQuote(String symbol, double bid, double ask, String internalNote) {
            this.symbol = symbol;
            this.bid = bid;
            this.ask = ask;
            this.internalNote = internalNote;
        }
    }

    @Test
    void aBuilderSchemaBindsToAClassByPropertyName() {
        SchemaRegistry registry = new SchemaRegistry();
        Schema quote = Schema.builder("Quote").typeId(60)
                .field("ask", FieldType.DOUBLE).field("bid", FieldType.DOUBLE).field("symbol", FieldType.STRING).build();
        registry.register(ThirdPartyQuote.class, quote);
        PackedWriter w = new PackedWriter(registry, 32);
        w.writeRecord(new ThirdPartyQuote("ACME", 9.5, 10.5, "secret"));
        PackedRecord v = PackedRecord.of(w.toByteArray(), registry);
        assertThat(v.fieldCount()).isEqualTo(3);
        assertThat(v.getDouble(0)).isEqualTo(10.5);
        ThirdPartyQuote back = v.toObject(ThirdPartyQuote.class);
        assertThat(back.symbol).isEqualTo("ACME");
        assertThat(back.bid).isEqualTo(9.5);
        assertThat(back.internalNote).isNull();

        Schema wrong = Schema.builder("Quote2").field("symbol", FieldType.LONG).build();
        assertThatThrownBy(() -> new SchemaRegistry().register(ThirdPartyQuote.class, wrong))
                .isInstanceOf(SchemaException.class).hasMessageContaining("symbol").hasMessageContaining("cannot hold a long");
        Schema missing = Schema.builder("Quote3").field("price", FieldType.DOUBLE).build();
        assertThatThrownBy(() -> new SchemaRegistry().register(ThirdPartyQuote.class, missing))
                .isInstanceOf(SchemaException.class).hasMessageContaining("price");
    }

    @Test
    void twoDifferentSchemasWithTheSameIdAndVersionAreRefusedNamingBoth() {
        SchemaRegistry registry = new SchemaRegistry();
        Schema a = registry.register(Schema.builder("Deal").typeId(10).field("x", FieldType.INT).build());
        Schema b = Schema.builder("Deal").typeId(10).field("x", FieldType.LONG).build();
        assertThat(a.fingerprint()).isNotEqualTo(b.fingerprint());
        assertThatThrownBy(() -> registry.register(b)).isInstanceOfSatisfying(SchemaConflictException.class, e -> {
            assertThat(e.existing()).isSameAs(a);
            assertThat(e.refused()).isSameAs(b);
            assertThat(e).hasMessageContaining("type id 10 version 1").hasMessageContaining("x: int")
                    .hasMessageContaining("x: long");
        });
        // the same schema again is fine, and returns the registered instance
        assertThat(registry.register(Schema.builder("Deal").typeId(10).field("x", FieldType.INT).build())).isSameAs(a);
        assertThatThrownBy(() -> registry.register(Schema.builder("Other").typeId(10).version(2).build()))
                .isInstanceOf(SchemaConflictException.class).hasMessageContaining("type id 10 already belongs to Deal");
        assertThatThrownBy(() -> registry.register(Schema.builder("Deal").typeId(11).version(2).build()))
                .isInstanceOf(SchemaConflictException.class).hasMessageContaining("type Deal already has type id 10");
    }

    static class Holder {
        Object anything;
    }

    static class RawList {
        @SuppressWarnings("rawtypes")
        List items;
    }

    static class Generic<T> {
        T value;
    }

    static class Immutable {
        private final int x = 1;
    }

    @Test
    void unsupportedJavaTypesAreRefusedNamingTheField() {
        SchemaRegistry r = new SchemaRegistry();
        assertThatThrownBy(() -> r.register(Holder.class)).isInstanceOf(SchemaException.class)
                .hasMessageContaining("Holder.anything").hasMessageContaining("java.lang.Object");
        assertThatThrownBy(() -> r.register(RawList.class)).isInstanceOf(SchemaException.class)
                .hasMessageContaining("RawList.items").hasMessageContaining("needs type arguments");
        assertThatThrownBy(() -> r.register(Generic.class)).isInstanceOf(SchemaException.class)
                .hasMessageContaining("type variable");
        assertThatThrownBy(() -> r.register(Immutable.class)).isInstanceOf(SchemaException.class)
                .hasMessageContaining("is final");
        assertThatThrownBy(() -> r.register(Side.class)).isInstanceOf(SchemaException.class);
        assertThatThrownBy(() -> r.binding(String.class)).isInstanceOf(SchemaException.class)
                .hasMessageContaining("java.lang.String is not registered");
    }

    @Test
    void builderChecksNames() {
        assertThatThrownBy(() -> Schema.builder("T").field("a.b", FieldType.INT)).isInstanceOf(SchemaException.class);
        assertThatThrownBy(() -> Schema.builder("T").field("a", FieldType.INT).field("a", FieldType.LONG).build())
                .isInstanceOf(SchemaException.class).hasMessageContaining("two fields named a");
        assertThatThrownBy(() -> Schema.builder("T").typeId(-1)).isInstanceOf(SchemaException.class);
        assertThatThrownBy(() -> FieldType.enumOf("E", List.of("A", "A"))).isInstanceOf(SchemaException.class);
    }

    @Test
    void nestedTypesAreRegisteredWithTheirParent() {
        SchemaRegistry r = new SchemaRegistry();
        r.register(Leg.class);
        assertThat(r.schemas()).extracting(Schema::typeName).containsExactlyInAnyOrder("Leg", "Period");
        assertThat(r.binding(Leg.Period.class).schema().field("rate").type()).isEqualTo(FieldType.DOUBLE);
        assertThat(r.binding(Leg.class).schema().referencedTypes()).containsExactlyInAnyOrder("Leg", "Period");
    }

    @Test
    void defaultTypeIdsAreStableHashesOfTheName() {
        assertThat(Schema.defaultTypeId("com.acme.Trade")).isEqualTo(Schema.defaultTypeId("com.acme.Trade"))
                .isBetween(0, 0xFFFFF);
        assertThat(Schema.builder("com.acme.Trade").build().typeId()).isEqualTo(Schema.defaultTypeId("com.acme.Trade"));
        assertThat(Schema.defaultTypeId("com.acme.Trade")).isNotEqualTo(Schema.defaultTypeId("com.acme.Order"));
    }
}
