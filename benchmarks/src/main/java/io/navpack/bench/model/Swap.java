package io.navpack.bench.model;

import io.navpack.format.NavpackType;

import java.io.Serializable;
import java.time.LocalDate;
import java.util.List;

/** An FpML-like interest rate swap: trade header and two legs of 20 schedule periods each. */
@NavpackType(id = 3, version = 1, name = "Swap")
public record Swap(String tradeId, LocalDate tradeDate, LocalDate effectiveDate, LocalDate terminationDate,
                   String party1, String party2, String productType, List<SwapLeg> legs)
        implements Serializable {
}
