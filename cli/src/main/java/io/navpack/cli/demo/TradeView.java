package io.navpack.cli.demo;

import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * The trade's accessors as an interface: a client configured with {@code navpack.view.Trade} reads each
 * trade as an implementation navpack generates over the value's bytes.
 */
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
