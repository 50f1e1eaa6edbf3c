package io.navpack.bench;

import com.acme.trading.Trade;
import io.navpack.bench.codec.Codec;
import io.navpack.bench.codec.Codecs;
import io.navpack.bench.model.Fixtures;
import io.navpack.bench.model.Shape;
import io.navpack.bench.model.Wide1024;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The field-reading benchmarks read the same logical field in every format. */
class FieldReadersTest {
    @Test
    void everyFormatReadsTheSameFieldAtEveryPosition() {
        Object[] values = Wide1024.values(Fixtures.SEED);
        for (String format : FieldPositionBenchmark.FORMATS) {
            for (int p = 1; p <= Wide1024.FIELDS; p *= 2) {
                assertThat(Wide1024.kind(p - 1)).isEqualTo(Wide1024.Kind.LONG);
                long read = FieldPositionBenchmark.reader(format, p).read();
                assertThat(read).as("%s at %d", format, p).isEqualTo(values[p - 1]);
            }
        }
    }

    @Test
    void everyNavigatorReadsTheTradeFields() {
        @SuppressWarnings("unchecked")
        List<Trade> trades = (List<Trade>) Shape.TRADE.data();
        for (String format : List.of("navpack", "pof", "compact")) {
            Codec codec = Codecs.create(format);
            TradeFieldReadBenchmark.Navigator nav = TradeFieldReadBenchmark.navigator(codec);
            for (Trade t : trades) {
                Object stored = codec.encode(codec.prepare(t));
                assertThat(nav.view(stored)).isNotNull();
                assertThat(nav.id(stored)).as(format).isEqualTo(t.id());
                assertThat(nav.currency1(stored)).as(format).isEqualTo(t.currency1());
                assertThat(nav.amount1(stored)).as(format).isEqualTo(t.amount1());
            }
        }
    }
}
