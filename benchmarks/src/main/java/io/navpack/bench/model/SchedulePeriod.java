package io.navpack.bench.model;

import io.navpack.format.NavpackType;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * One calculation period of a swap leg. {@code fixingDate} is null on fixed legs; {@code rate} is the
 * fixed rate or the projected floating rate.
 */
@NavpackType(id = 5, version = 1, name = "SchedulePeriod")
public record SchedulePeriod(LocalDate startDate, LocalDate endDate, LocalDate paymentDate, LocalDate fixingDate,
                             BigDecimal notional, BigDecimal rate, double dayCountFraction, BigDecimal amount)
        implements Serializable {
}
