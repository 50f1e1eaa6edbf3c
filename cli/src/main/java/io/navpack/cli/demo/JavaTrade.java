package io.navpack.cli.demo;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.LocalDate;

/** The same trade for Java serialization. */
public record JavaTrade(long id, LocalDate tradeDate, Side buySell, String currency1, BigDecimal amount1,
                        BigDecimal exchangeRate, String currency2, BigDecimal amount2, LocalDate settlementDate)
        implements Serializable {
    static JavaTrade of(Trade t) {
        return new JavaTrade(t.id(), t.tradeDate(), t.buySell(), t.currency1(), t.amount1(), t.exchangeRate(),
                t.currency2(), t.amount2(), t.settlementDate());
    }
}
