package io.navpack.bench.model;

import io.navpack.format.NavpackType;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.List;

/**
 * One leg of an interest rate swap, FpML style: parties, notional, rate definition and the
 * calculation period schedule. A fixed leg has {@code fixedRate} and no index or spread; a floating
 * leg the reverse.
 */
@NavpackType(id = 4, version = 1, name = "SwapLeg")
public record SwapLeg(String legId, String payerPartyReference, String receiverPartyReference, String currency,
                      BigDecimal notional, DayCount dayCount, String businessCenter, BigDecimal fixedRate,
                      String floatingRateIndex, BigDecimal spread, List<SchedulePeriod> periods)
        implements Serializable {
}
