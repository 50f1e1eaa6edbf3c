package io.navpack.it.soak.model;

import io.navpack.format.NavpackType;
import com.acme.trading.Side;
import java.math.BigDecimal;
import java.time.LocalDate;

/** The soak trade as a navpack value, version 1 (the version is chosen by the cluster). Only clients have it. */
@NavpackType(id = 27, name = "SoakTrade")
public record NavTrade(long id, int owner, long seq, LocalDate tradeDate, Side buySell, String currency1, BigDecimal amount1,
                       BigDecimal exchangeRate, String currency2, BigDecimal amount2, LocalDate settlementDate, String book) {

    public static NavTrade of(TradeFields f) {
        return new NavTrade(f.id(), f.owner(), f.seq(), f.tradeDate(), f.buySell(), f.currency1(), f.amount1(), f.exchangeRate(),
                f.currency2(), f.amount2(), f.settlementDate(), f.book());
    }

    public TradeFields fields() {
        return new TradeFields(id, owner, seq, tradeDate, buySell, currency1, amount1, exchangeRate, currency2, amount2,
                settlementDate, book, null);
    }
}
