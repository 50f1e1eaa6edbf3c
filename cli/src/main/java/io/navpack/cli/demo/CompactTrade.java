package io.navpack.cli.demo;

import java.math.BigDecimal;
import java.time.LocalDate;

/** The same trade for Hazelcast Compact (zero-config: Hazelcast derives the schema from the record). */
public record CompactTrade(long id, LocalDate tradeDate, Side buySell, String currency1, BigDecimal amount1,
                           BigDecimal exchangeRate, String currency2, BigDecimal amount2, LocalDate settlementDate) {
    static CompactTrade of(Trade t) {
        return new CompactTrade(t.id(), t.tradeDate(), t.buySell(), t.currency1(), t.amount1(), t.exchangeRate(),
                t.currency2(), t.amount2(), t.settlementDate());
    }
}
