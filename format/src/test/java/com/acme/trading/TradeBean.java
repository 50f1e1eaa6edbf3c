package com.acme.trading;

import java.math.BigDecimal;
import java.time.LocalDate;

/** The trade's fields through bean-style getters, as a JavaBean would name them. */
public interface TradeBean {
    long getId();

    LocalDate getTradeDate();

    Side getBuySell();

    String getCurrency1();

    BigDecimal getAmount1();

    String getCurrency2();

    LocalDate getSettlementDate();
}
