package io.navpack.it.soak.model;

import io.navpack.format.NavpackType;
import com.acme.trading.Side;
import java.math.BigDecimal;
import java.time.LocalDate;

/** Version 2 of the navpack soak trade: one field added. */
@NavpackType(id = 27, name = "SoakTrade")
public record NavTradeV2(long id, int owner, long seq, LocalDate tradeDate, Side buySell, String currency1, BigDecimal amount1,
                         BigDecimal exchangeRate, String currency2, BigDecimal amount2, LocalDate settlementDate, String book,
                         String venue) {

    public static NavTradeV2 of(TradeFields f) {
        return new NavTradeV2(f.id(), f.owner(), f.seq(), f.tradeDate(), f.buySell(), f.currency1(), f.amount1(), f.exchangeRate(),
                f.currency2(), f.amount2(), f.settlementDate(), f.book(), f.venue());
    }

    public TradeFields fields() {
        return new TradeFields(id, owner, seq, tradeDate, buySell, currency1, amount1, exchangeRate, currency2, amount2,
                settlementDate, book, venue);
    }
}
