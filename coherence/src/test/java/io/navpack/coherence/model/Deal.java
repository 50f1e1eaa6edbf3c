package io.navpack.coherence.model;

import io.navpack.format.NavpackType;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

/** A deal with nested records, a list of records, an enum, decimals and dates: the shapes queries walk. */
@NavpackType(name = "Deal")
public record Deal(long id, String book, String currency, BigDecimal amount, LocalDate tradeDate, Side side,
                   Party counterparty, List<Leg> legs, int rank) {

    /** Buy or sell. */
    public enum Side { BUY, SELL }

    /** A counterparty. */
    @NavpackType(name = "Party")
    public record Party(String name, String country) {
    }

    /** One leg of a deal. */
    @NavpackType(name = "Leg")
    public record Leg(String payer, double notional) {
    }
}
