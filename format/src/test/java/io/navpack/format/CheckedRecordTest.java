package io.navpack.format;

import com.acme.trading.Leg;
import com.acme.trading.SeedTrades;
import com.acme.trading.Trade;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link PackedRecord#checked}: checked in full once, then its schemas without decoding; bad bytes refused at once. */
class CheckedRecordTest {
    @Test
    void aCheckedRecordAnswersTheSchemasAFullCheckFinds() {
        Navpack navpack = Navpack.of(Trade.class, Leg.class);
        for (Trade t : SeedTrades.load()) {
            byte[] bytes = navpack.encode(t);
            PackedRecord checked = PackedRecord.checked(bytes, navpack.registry());
            assertThat(checked.validate()).isEqualTo(PackedRecord.of(bytes, navpack.registry()).validate());
            assertThat(checked.bytes()).isEqualTo(bytes);
            assertThat(checked.toObject(Trade.class)).isEqualTo(t);
        }
    }

    @Test
    void badBytesAreRefusedWhenTheRecordIsMade() {
        Navpack navpack = Navpack.of(Trade.class);
        byte[] bytes = navpack.encode(SeedTrades.load().get(0));
        byte[] truncated = Arrays.copyOf(bytes, bytes.length - 2);
        assertThatThrownBy(() -> PackedRecord.checked(truncated, navpack.registry()))
                .isInstanceOf(NavpackFormatException.class);
        byte[] unknown = bytes.clone();
        unknown[0] = 0x3F;
        assertThatThrownBy(() -> PackedRecord.checked(unknown, navpack.registry()))
                .isInstanceOf(NavpackFormatException.class).hasMessageContaining("unknown schema");
    }
}
