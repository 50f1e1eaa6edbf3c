package io.navpack.bench.scan;

import io.navpack.bench.model.Side;
import io.navpack.bench.model.Trade;

import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * The trade of the scan-query benchmark for its Compact map: the same components as {@link Trade},
 * a class of its own because in one cluster {@link Trade} is navpack's.
 */
public record CompactTrade(long id, LocalDate tradeDate, Side buySell, String currency1, BigDecimal amount1,
                           BigDecimal exchangeRate, String currency2, BigDecimal amount2, LocalDate settlementDate) {
    public static CompactTrade of(Trade t) {
        return new CompactTrade(t.id(), t.tradeDate(), t.buySell(), t.currency1(), t.amount1(), t.exchangeRate(),
                t.currency2(), t.amount2(), t.settlementDate());
    }
}
