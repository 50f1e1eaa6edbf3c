package io.navpack.bench.model;

import io.navpack.format.NavpackType;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.LocalDate;

/** The seed FX trade: one line of {@code seed-trades.csv}. */
@NavpackType(id = 1, version = 1, name = "Trade")
public record Trade(long id, LocalDate tradeDate, Side buySell, String currency1, BigDecimal amount1,
                    BigDecimal exchangeRate, String currency2, BigDecimal amount2, LocalDate settlementDate)
        implements Serializable {
}
