package com.acme.trading;

import io.navpack.format.NavpackType;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

@NavpackType(id = 3, name = "Leg")
public record Leg(String payer, BigDecimal notional, List<Period> periods, Leg next) {
    @NavpackType(id = 4, name = "Period")
    public record Period(LocalDate start, LocalDate end, double rate) {
    }
}
