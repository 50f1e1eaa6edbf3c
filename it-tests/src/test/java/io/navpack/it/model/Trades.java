package io.navpack.it.model;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Deterministic trades shaped like seed-trades.csv. */
public final class Trades {
    private static final String[] CCY = {"EUR", "USD", "GBP", "JPY", "CHF", "AUD", "CAD"};

    private Trades() {
    }

    public static Trade trade(long id) {
        SplittableRandom r = new SplittableRandom(id * 0x9E3779B97F4A7C15L + 20140721);
        LocalDate day = LocalDate.of(2014, 7, 21).plusDays(r.nextInt(60));
        int c1 = r.nextInt(CCY.length);
        int c2 = (c1 + 1 + r.nextInt(CCY.length - 1)) % CCY.length;
        BigDecimal amount1 = BigDecimal.valueOf((1 + r.nextInt(300)) * 500_000L).setScale(2);
        BigDecimal rate = BigDecimal.valueOf(5_000 + r.nextInt(15_000), 4);
        return new Trade(id, day, r.nextBoolean() ? Side.BUY : Side.SELL, CCY[c1], amount1, rate, CCY[c2],
                amount1.multiply(rate).setScale(2, RoundingMode.HALF_EVEN), day.plusDays(2 + r.nextInt(30)));
    }

    public static List<Trade> range(long from, long to) {
        List<Trade> out = new ArrayList<>();
        for (long id = from; id <= to; id++) {
            out.add(trade(id));
        }
        return out;
    }
}
