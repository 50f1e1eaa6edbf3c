package com.acme.trading;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Deterministic trades shaped like the seed trades, the same on every run and machine: a trade date in the year
 * from 21 July 2014, two different currencies of eight, an amount of 0.5 to 199.5 million in steps of 500 000, a
 * rate of 0.5000 to 1.9999, the second amount at that rate, settlement 2 to 31 days after the trade date.
 *
 * <p>Two ways to draw them, which give different trades for the same id:
 * <ul>
 *   <li>{@link #trade(long)} (and {@link #range}): trade {@code id} on its own, whatever else is drawn, for
 *       loaders that stream ids and for oracles that need any id again;</li>
 *   <li>{@link #trades(int, long)}: {@code n} trades with ids from 1, drawn one after the other from one random
 *       sequence of {@code seed}.</li>
 * </ul>
 */
public final class TradeGenerator {
    /** The seed of {@link #trade(long)}, and the benchmarks' seed for {@link #trades(int, long)}. */
    public static final long SEED = 20140721L;

    private static final String[] CURRENCIES = {"EUR", "USD", "GBP", "JPY", "CHF", "AUD", "CAD", "SEK"};
    private static final LocalDate FIRST_DAY = LocalDate.of(2014, 7, 21);

    private TradeGenerator() {
    }

    /** Trade {@code id}: the same whatever else is drawn. */
    public static Trade trade(long id) {
        return draw(id, new SplittableRandom(new SplittableRandom(SEED + id).nextLong()));
    }

    /** Trades {@code from} to {@code to} (both included), each as {@link #trade(long)} draws it. */
    public static List<Trade> range(long from, long to) {
        List<Trade> out = new ArrayList<>();
        for (long id = from; id <= to; id++) {
            out.add(trade(id));
        }
        return out;
    }

    /** {@code n} trades with ids 1 to {@code n}, drawn one after the other from the random sequence of {@code seed}. */
    public static List<Trade> trades(int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Trade> out = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
            out.add(draw(i, random));
        }
        return out;
    }

    private static Trade draw(long id, SplittableRandom r) {
        LocalDate tradeDate = FIRST_DAY.plusDays(r.nextInt(365));
        int c1 = r.nextInt(CURRENCIES.length);
        int c2 = (c1 + 1 + r.nextInt(CURRENCIES.length - 1)) % CURRENCIES.length;
        BigDecimal amount1 = BigDecimal.valueOf(r.nextLong(1, 400) * 500_000L).setScale(2);
        BigDecimal rate = BigDecimal.valueOf(r.nextLong(5_000, 20_000), 4);
        return new Trade(id, tradeDate, r.nextBoolean() ? Side.BUY : Side.SELL, CURRENCIES[c1], amount1, rate,
                CURRENCIES[c2], amount1.multiply(rate).setScale(2, RoundingMode.HALF_EVEN),
                tradeDate.plusDays(2 + r.nextInt(30)));
    }
}
