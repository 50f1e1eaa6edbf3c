package com.acme.trading;

import java.math.BigDecimal;
import java.time.LocalDate;

/** The trade as an interface with the record's accessor names; {@link Trade} implements nothing of it. */
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

    /** Default methods stay the interface's own. */
    default String pair() {
        return currency1() + "/" + currency2();
    }
}
