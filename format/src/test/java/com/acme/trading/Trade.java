package com.acme.trading;

import io.navpack.format.NavpackType;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.LocalDate;

/** The seed trade, modelled naturally; Serializable only to compare with Java serialization. */
@NavpackType(id = 1, version = 1, name = "Trade")
public record Trade(long id, LocalDate tradeDate, Side buySell, String currency1, BigDecimal amount1,
                    BigDecimal exchangeRate, String currency2, BigDecimal amount2, LocalDate settlementDate)
        implements Serializable {
}
