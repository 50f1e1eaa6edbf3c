package io.navpack.cli.demo;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.SplittableRandom;

/**
 * Deterministic trades in the style of seed-trades.csv: trade {@code id} is the same on every run and
 * machine, whatever else is generated.
 */
public final class TradeGenerator {
    private static final String[] CURRENCIES = {"EUR", "USD", "GBP", "JPY", "CHF", "AUD", "CAD"};
    private static final LocalDate FIRST_DAY = LocalDate.of(2014, 7, 21);

    private TradeGenerator() {
    }

    public static Trade trade(long id) {
        SplittableRandom r = new SplittableRandom(0x5EED_7EADL ^ (id * 0x9E3779B97F4A7C15L));
        LocalDate day = FIRST_DAY.plusDays(r.nextInt(90));
        int c1 = r.nextInt(CURRENCIES.length);
        int c2 = (c1 + 1 + r.nextInt(CURRENCIES.length - 1)) % CURRENCIES.length;
        BigDecimal amount1 = BigDecimal.valueOf((1 + r.nextInt(300)) * 500_000L).setScale(2);
        BigDecimal rate = BigDecimal.valueOf(5_000 + r.nextInt(15_000), 4);
        return new Trade(id, day, r.nextBoolean() ? Side.BUY : Side.SELL, CURRENCIES[c1], amount1, rate, CURRENCIES[c2],
                amount1.multiply(rate).setScale(2, RoundingMode.HALF_EVEN), day.plusDays(2 + r.nextInt(30)));
    }
}
