package io.navpack.format;

import com.acme.trading.Canary;
import com.acme.trading.Leg;
import com.acme.trading.SeedTrades;
import com.acme.trading.Trade;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** Bad bytes give a NavpackFormatException that says what is wrong and where, and nothing else. */
class BadBytesTest {
    private static final Navpack NAVPACK = Navpack.of(Trade.class, Leg.class);
    private static final byte[] TRADE = NAVPACK.encode(SeedTrades.load().get(0));

    private static void decodeFully(byte[] bytes) {
        PackedRecord v = NAVPACK.view(bytes);
        v.toMap();
        v.toObject(Trade.class);
    }

    @Test
    void everyTruncationIsReportedWithItsOffset() {
        for (int cut = 0; cut < TRADE.length; cut++) {
            byte[] part = Arrays.copyOf(TRADE, cut);
            NavpackFormatException e = catchThrowableOfType(NavpackFormatException.class, () -> decodeFully(part));
            assertThat(e).as("cut at %d", cut).isNotNull();
            assertThat(e.getMessage()).contains("at offset");
            assertThat(e.offset()).isBetween(0, cut);
        }
    }

    @Test
    void trailingBytesAreReported() {
        byte[] longer = Arrays.copyOf(TRADE, TRADE.length + 1);
        assertThatThrownBy(() -> NAVPACK.view(longer).toObject(Trade.class)).isInstanceOf(NavpackFormatException.class)
                .hasMessageContaining("ends at offset");
    }

    @Test
    void unknownSchemaIdIsNamed() {
        byte[] bytes = TRADE.clone();
        bytes[0] = 50;
        assertThatThrownBy(() -> NAVPACK.view(bytes)).isInstanceOf(NavpackFormatException.class)
                .hasMessage("unknown schema: type id 50 version 1 at offset 0");
        bytes[0] = 1;
        bytes[1] = 7;
        assertThatThrownBy(() -> NAVPACK.view(bytes)).isInstanceOf(NavpackFormatException.class)
                .hasMessageContaining("type id 1 version 7").hasMessageContaining("Trade is known in other versions");
    }

    @Test
    void lengthLargerThanTheRestIsRefusedBeforeAllocating() {
        // currency1 is the 4th field; its length byte follows id (1), date (3) and enum (1) in the body
        RecordView v = (RecordView) NAVPACK.view(TRADE);
        int at = v.fieldPosition(3);
        assertThat(TRADE[at]).isEqualTo((byte) 3);
        byte[] bytes = TRADE.clone();
        bytes[at] = (byte) 0x3F; // 63 bytes announced, far fewer follow
        assertThatThrownBy(() -> NAVPACK.view(bytes).getString(3)).isInstanceOf(NavpackFormatException.class)
                .hasMessageContaining("length 63 exceeds");
        // a four-byte length of ~134 million in a tiny record
        byte[] huge = new byte[TRADE.length + 3];
        System.arraycopy(TRADE, 0, huge, 0, at);
        huge[at] = (byte) 0xBF;
        huge[at + 1] = (byte) 0xFF;
        huge[at + 2] = (byte) 0xFF;
        huge[at + 3] = (byte) 0x3F;
        assertThatThrownBy(() -> NAVPACK.view(huge).getString(3)).isInstanceOf(NavpackFormatException.class)
                .hasMessageContaining("exceeds");
    }

    @Test
    void nestingDeeperThanTheLimitIsRefused() {
        // a chain of 100 legs, each wrapping the bytes of the one inside it
        Schema legSchema = NAVPACK.registry().binding(Leg.class).schema();
        PackedWriter w = NAVPACK.newWriter(64);
        w.writeRecord(new Leg("0", BigDecimal.ONE, List.of(), null));
        PackedRecord inner = NAVPACK.view(w.toByteArray());
        for (int depth = 1; depth < 100; depth++) {
            w.reset();
            w.writeRecord(legSchema, new Object[] {String.valueOf(depth), BigDecimal.ONE, List.of(), inner});
            inner = NAVPACK.view(w.toByteArray());
        }
        PackedRecord outer = inner;
        assertThatThrownBy(() -> outer.toObject(Leg.class)).isInstanceOf(NavpackFormatException.class)
                .hasMessageContaining("nested deeper than 64");
        assertThatThrownBy(outer::toMap).isInstanceOf(NavpackFormatException.class)
                .hasMessageContaining("nested deeper than 64");
        // one level at a time, paths still work: they do not recurse
        assertThat(outer.get("next.next.next.payer")).isEqualTo("96");
    }

    @Test
    void writingACyclicGraphIsRefused() {
        // records cannot form cycles, so use generic values: a view cannot contain itself; a deep chain is the analogue
        Leg leg = new Leg("x", BigDecimal.ONE, List.of(), null);
        for (int i = 0; i < 70; i++) {
            leg = new Leg("x" + i, BigDecimal.ONE, List.of(), leg);
        }
        Leg deep = leg;
        assertThatThrownBy(() -> NAVPACK.encode(deep)).isInstanceOf(NavpackException.class)
                .hasMessageContaining("nested deeper than 64");
    }

    @Test
    void noClassIsLoadedByANameFromTheBytes() {
        SchemaRegistry registry = new SchemaRegistry();
        Schema canary = Schema.builder(Canary.class.getName()).typeId(77)
                .field("kind", FieldType.enumOf(Canary.class.getName(), List.of("A", "B")))
                .field("self", FieldType.record(Canary.class.getName())).build();
        registry.register(canary);
        PackedWriter w = new PackedWriter(registry, 32);
        w.writeRecord(canary, new Object[] {"B", null});
        PackedRecord v = PackedRecord.of(w.toByteArray(), registry);
        assertThat(v.toMap()).containsEntry("kind", "B");
        assertThat(v.toString()).contains("kind=B");
        assertThatThrownBy(() -> v.toObject(Canary.class)).isInstanceOf(SchemaException.class)
                .hasMessageContaining("not registered");
        assertThat(Canary.Flags.CANARY.get()).as("class initialised by a name in the bytes").isFalse();
    }
}
