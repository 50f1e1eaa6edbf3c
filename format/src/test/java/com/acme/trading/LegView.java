package com.acme.trading;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

/** A leg read through views all the way down: its periods and the next leg are views over the same bytes. */
public interface LegView {
    String payer();

    BigDecimal notional();

    List<PeriodView> periods();

    LegView next();

    interface PeriodView {
        LocalDate start();

        LocalDate end();

        double rate();
    }
}
