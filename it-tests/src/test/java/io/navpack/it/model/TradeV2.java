package io.navpack.it.model;

import com.acme.trading.Side;
import io.navpack.format.NavpackType;

import java.math.BigDecimal;
import java.time.LocalDate;

/** Version 2 of the trade ({@link com.acme.trading.Trade}, version 1): one added field. */
@NavpackType(id = 1, version = 2, name = "Trade")
public record TradeV2(long id, LocalDate tradeDate, Side buySell, String currency1, BigDecimal amount1,
                      BigDecimal exchangeRate, String currency2, BigDecimal amount2, LocalDate settlementDate,
                      String venue) {
}
