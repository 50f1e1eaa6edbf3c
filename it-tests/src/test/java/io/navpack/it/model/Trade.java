package io.navpack.it.model;

import io.navpack.format.NavpackType;

import java.math.BigDecimal;
import java.time.LocalDate;

/** The user's trade, version 1: only the test JVM has it, never a member. */
@NavpackType(id = 1, version = 1, name = "Trade")
public record Trade(long id, LocalDate tradeDate, Side buySell, String currency1, BigDecimal amount1,
                    BigDecimal exchangeRate, String currency2, BigDecimal amount2, LocalDate settlementDate) {
}
