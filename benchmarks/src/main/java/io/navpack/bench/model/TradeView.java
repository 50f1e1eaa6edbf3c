package io.navpack.bench.model;

import java.math.BigDecimal;
import java.time.LocalDate;

/** The accessors of {@link Trade} as an interface: what a client asks navpack to implement over a value's bytes. */
public interface TradeView {
    long id();

    LocalDate tradeDate();

    Side buySell();

    String currency1();

    BigDecimal amount1();

    BigDecimal exchangeRate();

    String currency2();

    BigDecimal amount2();

    LocalDate settlementDate();
}
