package com.acme.trading;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TradeGeneratorTest {
    @Test
    void aTradeIsTheSameWhateverElseIsDrawn() {
        Trade seventh = TradeGenerator.trade(7);
        TradeGenerator.range(1, 1_000);
        assertThat(TradeGenerator.trade(7)).isEqualTo(seventh);
        assertThat(TradeGenerator.range(5, 9)).containsExactly(TradeGenerator.trade(5), TradeGenerator.trade(6), seventh,
                TradeGenerator.trade(8), TradeGenerator.trade(9));
    }

    @Test
    void aSequenceIsTheSameForItsSeedAndGrowsAtTheEnd() {
        List<Trade> ten = TradeGenerator.trades(10, TradeGenerator.SEED);
        assertThat(TradeGenerator.trades(20, TradeGenerator.SEED).subList(0, 10)).isEqualTo(ten);
        assertThat(TradeGenerator.trades(10, 42)).isNotEqualTo(ten);
        assertThat(ten).extracting(Trade::id).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L);
    }

    /** The benchmarks' trades: their recorded results (a scan's result count, heap per entry) are for these values. */
    @Test
    void theBenchmarksTradesStayTheSame() {
        List<Trade> trades = TradeGenerator.trades(3_000, TradeGenerator.SEED);
        assertThat(trades.get(0)).isEqualTo(new Trade(1, LocalDate.of(2015, 6, 19), Side.SELL, "AUD",
                new BigDecimal("78000000.00"), new BigDecimal("1.4385"), "CAD", new BigDecimal("112203000.00"),
                LocalDate.of(2015, 7, 15)));
        assertThat(trades.get(2_999)).isEqualTo(new Trade(3_000, LocalDate.of(2015, 7, 2), Side.SELL, "SEK",
                new BigDecimal("126500000.00"), new BigDecimal("1.6656"), "GBP", new BigDecimal("210698400.00"),
                LocalDate.of(2015, 7, 31)));
    }

    @Test
    void valuesLieInTheirRanges() {
        for (Trade t : TradeGenerator.range(1, 5_000)) {
            assertThat(t.tradeDate()).isBetween(LocalDate.of(2014, 7, 21), LocalDate.of(2015, 7, 20));
            assertThat(t.currency1()).isNotEqualTo(t.currency2());
            assertThat(t.amount1()).isBetween(new BigDecimal("500000.00"), new BigDecimal("199500000.00"));
            assertThat(t.exchangeRate()).isBetween(new BigDecimal("0.5000"), new BigDecimal("1.9999"));
            assertThat(t.amount2()).isEqualByComparingTo(t.amount1().multiply(t.exchangeRate())
                    .setScale(2, RoundingMode.HALF_EVEN));
            assertThat(t.settlementDate()).isBetween(t.tradeDate().plusDays(2), t.tradeDate().plusDays(31));
        }
    }
}
