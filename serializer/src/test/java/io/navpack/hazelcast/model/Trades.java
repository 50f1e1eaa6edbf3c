package io.navpack.hazelcast.model;

import com.acme.trading.Side;
import com.acme.trading.Trade;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Deterministic trades in the style of seed-trades.csv. */
public final class Trades {
    private static final String[] CCY = {"EUR", "USD", "GBP", "JPY", "CHF", "AUD", "CAD"};

    private Trades() {
    }

    public static List<Trade> generate(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Trade> out = new ArrayList<>(n);
        LocalDate start = LocalDate.of(2014, 7, 21);
        for (int i = 1; i <= n; i++) {
            LocalDate trade = start.plusDays(r.nextInt(60));
            String c1 = CCY[r.nextInt(CCY.length)];
            String c2 = CCY[(indexOf(c1) + 1 + r.nextInt(CCY.length - 1)) % CCY.length];
            BigDecimal amount1 = BigDecimal.valueOf((1 + r.nextInt(200)) * 500_000L, 0).setScale(2);
            BigDecimal rate = BigDecimal.valueOf(5_000 + r.nextInt(15_000), 4);
            out.add(new Trade(i, trade, r.nextBoolean() ? Side.BUY : Side.SELL, c1, amount1, rate, c2,
                    amount1.multiply(rate).setScale(2, java.math.RoundingMode.HALF_EVEN), trade.plusDays(2 + r.nextInt(30))));
        }
        return out;
    }

    private static int indexOf(String c) {
        for (int i = 0; i < CCY.length; i++) {
            if (CCY[i].equals(c)) {
                return i;
            }
        }
        return -1;
    }
}
