package io.navpack.documents.hazelcast;

import io.navpack.format.FieldType;
import io.navpack.format.PackedRecord;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A document's key path ({@code navpack load --key}) under the rule of every path: a repeated element on the way, and
 * the last step too (a key is one value), names its occurrence with {@code [n]}; a path that does not is refused
 * naming the step and the way to write it.
 */
class KeyPathTest {
    private static PackedRecord trade() {
        SchemaRegistry r = new SchemaRegistry();
        Schema id = r.register(Schema.builder("PartyTradeIdentifier").typeId(81)
                .field("tradeId", FieldType.list(FieldType.STRING), true).build());
        Schema header = r.register(Schema.builder("TradeHeader").typeId(82)
                .field("partyTradeIdentifier", FieldType.list(FieldType.record("PartyTradeIdentifier")), true)
                .field("number", FieldType.LONG, true).build());
        Schema trade = r.register(Schema.builder("Trade").typeId(83).field("tradeHeader", FieldType.record("TradeHeader"), true)
                .build());
        List<PackedRecord> ids = List.of(
                PackedRecord.builder(id, r).set("tradeId", List.of("T1", "T1b")).build(),
                PackedRecord.builder(id, r).set("tradeId", List.of("T2")).build());
        PackedRecord h = PackedRecord.builder(header, r).set("partyTradeIdentifier", ids).set("number", 42L).build();
        return PackedRecord.builder(trade, r).set("tradeHeader", h).build();
    }

    @Test
    void aKeyPathNamesEveryRepeatedElementsOccurrence() {
        PackedRecord t = trade();
        assertThat(KeyPath.parse("tradeHeader.partyTradeIdentifier[0].tradeId[0]").keyOf(t)).isEqualTo("T1");
        assertThat(KeyPath.parse("tradeHeader.partyTradeIdentifier[0].tradeId[1]").keyOf(t)).isEqualTo("T1b");
        assertThat(KeyPath.parse("tradeHeader.partyTradeIdentifier[1].tradeId[0]").keyOf(t)).isEqualTo("T2");
        assertThat(KeyPath.parse("tradeHeader.number").keyOf(t)).isEqualTo(42L);
    }

    @Test
    void aFieldHoldingASingleValueIsAListOfOneUnderZero() {
        // the same path over a schema where the elements occurred once: single records and values, not lists
        SchemaRegistry r = new SchemaRegistry();
        Schema id = r.register(Schema.builder("PartyTradeIdentifier").typeId(91).field("tradeId", FieldType.STRING, true).build());
        Schema header = r.register(Schema.builder("TradeHeader").typeId(92)
                .field("partyTradeIdentifier", FieldType.record("PartyTradeIdentifier"), true).build());
        Schema trade = r.register(Schema.builder("Trade").typeId(93).field("tradeHeader", FieldType.record("TradeHeader"), true)
                .build());
        PackedRecord t = PackedRecord.builder(trade, r).set("tradeHeader", PackedRecord.builder(header, r)
                .set("partyTradeIdentifier", PackedRecord.builder(id, r).set("tradeId", "T7").build()).build()).build();
        assertThat(KeyPath.parse("tradeHeader.partyTradeIdentifier[0].tradeId[0]").keyOf(t)).isEqualTo("T7");
        assertThat(KeyPath.parse("tradeHeader.partyTradeIdentifier[0].tradeId").keyOf(t)).isEqualTo("T7");
        assertThat(KeyPath.parse("tradeHeader.partyTradeIdentifier.tradeId").keyOf(t)).isEqualTo("T7");
        assertThatThrownBy(() -> KeyPath.parse("tradeHeader.partyTradeIdentifier[1].tradeId").keyOf(t))
                .hasMessageContaining("no element 1 (the field holds a single value here; [0] is that value)");
    }

    @Test
    void aRepeatedElementWithoutItsOccurrenceIsRefusedNamingTheStepAndTheWayToWriteIt() {
        PackedRecord t = trade();
        assertThatThrownBy(() -> KeyPath.parse("tradeHeader.partyTradeIdentifier.tradeId[0]").keyOf(t))
                .hasMessageContaining("'partyTradeIdentifier' is repeated in TradeHeader")
                .hasMessageContaining("a key takes one value")
                .hasMessageContaining("'tradeHeader.partyTradeIdentifier[0].tradeId[0]'");
        assertThatThrownBy(() -> KeyPath.parse("tradeHeader.partyTradeIdentifier[0].tradeId").keyOf(t))
                .hasMessageContaining("'tradeId' is repeated in PartyTradeIdentifier")
                .hasMessageContaining("'tradeHeader.partyTradeIdentifier[0].tradeId[0]'");
        assertThatThrownBy(() -> KeyPath.parse("tradeHeader.partyTradeIdentifier[any].tradeId[0]"))
                .hasMessageContaining("[any]");
    }
}
