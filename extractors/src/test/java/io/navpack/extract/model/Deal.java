package io.navpack.extract.model;

import com.acme.trading.Leg;
import com.acme.trading.Side;
import io.navpack.format.NavpackType;

import java.time.LocalDate;
import java.util.List;

/** A deal with a nested counterparty and a list of legs. */
@NavpackType(id = 30, name = "Deal")
public record Deal(long id, Counterparty counterparty, List<Leg> legs, List<String> tags, Side side, LocalDate tradeDate) {
    @NavpackType(id = 31, name = "Counterparty")
    public record Counterparty(String name, String country, int rating) {
    }
}
