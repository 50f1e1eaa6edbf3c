package io.navpack.cli.demo;

import io.navpack.format.NavpackType;

import java.math.BigDecimal;
import java.time.LocalDate;

/** The demo's trade, shaped like seed-trades.csv; stored with navpack. */
@NavpackType(id = 1, version = 1, name = "Trade")
public record Trade(long id, LocalDate tradeDate, Side buySell, String currency1, BigDecimal amount1,
                    BigDecimal exchangeRate, String currency2, BigDecimal amount2, LocalDate settlementDate) {
}
