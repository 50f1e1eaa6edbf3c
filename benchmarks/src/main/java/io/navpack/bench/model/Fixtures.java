package io.navpack.bench.model;

import com.acme.trading.SeedTrades;
import com.acme.trading.TradeGenerator;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The values every benchmark uses besides the trades ({@link SeedTrades}, {@link TradeGenerator}), identical for
 * every format: deterministic generators (fixed seeds) for 50-field wide records and FpML-like swaps with 2 legs of
 * 20 schedule periods.
 */
public final class Fixtures {
    /** The seed of the benchmarks' generated values, the trades' among them. */
    public static final long SEED = TradeGenerator.SEED;
    public static final int PERIODS_PER_LEG = 20;

    private static final String[] CURRENCIES = {"EUR", "USD", "GBP", "JPY", "CHF", "AUD", "CAD", "SEK"};
    private static final String[] CENTERS = {"EUTA", "USNY", "GBLO", "JPTO", "CHZU", "AUSY", "CATO", "SEST"};
    private static final String[] INDEXES = {"EUR-EURIBOR-Reuters", "USD-SOFR-COMPOUND", "GBP-SONIA-COMPOUND",
        "JPY-TONA-OIS-COMPOUND", "CHF-SARON-OIS-COMPOUND", "AUD-BBR-BBSW", "CAD-CORRA-OIS-COMPOUND",
        "SEK-STIBOR-SIDE"};
    private static final LocalDate BASE_DATE = LocalDate.of(2014, 7, 21);

    private Fixtures() {
    }

    /** {@code n} wide records; see {@link Wide50} for the field types. */
    public static List<Wide50> wides(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Wide50> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Object[] v = new Object[50];
            for (int f = 0; f < 50; f++) {
                v[f] = wideValue(f % 10, rnd);
            }
            list.add(newWide50(v));
        }
        return list;
    }

    private static Object wideValue(int kind, SplittableRandom rnd) {
        switch (kind) {
            case 0: return rnd.nextLong(1, 1_000_000_000_000L);
            case 1: return "counterparty-" + rnd.nextInt(100_000);
            case 2: return BigDecimal.valueOf(rnd.nextLong(1, 100_000_000_000L), 2);
            case 3: return BASE_DATE.plusDays(rnd.nextInt(3650));
            case 4: return rnd.nextInt(100_000);
            case 5: return rnd.nextDouble() * 1000;
            case 6: return rnd.nextBoolean();
            case 7: return CURRENCIES[rnd.nextInt(CURRENCIES.length)];
            case 8: return rnd.nextLong(1, 1_000_000L);
            default: return BigDecimal.valueOf(rnd.nextLong(1, 10_000_000L), 6);
        }
    }

    private static Wide50 newWide50(Object[] v) {
        try {
            Class<?>[] types = new Class<?>[50];
            for (int f = 0; f < 50; f++) {
                types[f] = Wide50.class.getRecordComponents()[f].getType();
            }
            return Wide50.class.getDeclaredConstructor(types).newInstance(v);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code n} interest rate swaps: a fixed and a floating leg of {@value #PERIODS_PER_LEG} semi-annual periods. */
    public static List<Swap> swaps(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Swap> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            LocalDate tradeDate = BASE_DATE.plusDays(rnd.nextInt(365));
            LocalDate effective = tradeDate.plusDays(2);
            LocalDate termination = effective.plusMonths(6L * PERIODS_PER_LEG);
            String party1 = "PARTY-" + (1000 + rnd.nextInt(9000));
            String party2 = "PARTY-" + (1000 + rnd.nextInt(9000));
            int ccy = rnd.nextInt(CURRENCIES.length);
            BigDecimal notional = BigDecimal.valueOf(rnd.nextLong(1, 200) * 1_000_000L).setScale(2);
            BigDecimal fixedRate = BigDecimal.valueOf(rnd.nextLong(50, 600), 4);
            List<SwapLeg> legs = new ArrayList<>(2);
            legs.add(new SwapLeg("fixedLeg", party1, party2, CURRENCIES[ccy], notional, DayCount.THIRTY_360,
                    CENTERS[ccy], fixedRate, null, null, periods(effective, notional, fixedRate, false, rnd)));
            legs.add(new SwapLeg("floatingLeg", party2, party1, CURRENCIES[ccy], notional, DayCount.ACT_360,
                    CENTERS[ccy], null, INDEXES[ccy], BigDecimal.valueOf(rnd.nextLong(0, 50), 4),
                    periods(effective, notional, null, true, rnd)));
            list.add(new Swap(String.format(Locale.ROOT, "IRS-%08d", i + 1), tradeDate, effective, termination, party1,
                    party2, "InterestRateSwap", legs));
        }
        return list;
    }

    private static List<SchedulePeriod> periods(LocalDate effective, BigDecimal notional, BigDecimal fixedRate,
                                                boolean floating, SplittableRandom rnd) {
        List<SchedulePeriod> periods = new ArrayList<>(PERIODS_PER_LEG);
        for (int k = 0; k < PERIODS_PER_LEG; k++) {
            LocalDate start = effective.plusMonths(6L * k);
            LocalDate end = start.plusMonths(6);
            BigDecimal rate = floating ? BigDecimal.valueOf(rnd.nextLong(50, 600_000), 6) : fixedRate;
            double dcf = ChronoUnit.DAYS.between(start, end) / 360.0;
            BigDecimal amount = notional.multiply(rate).multiply(BigDecimal.valueOf(dcf))
                    .setScale(2, RoundingMode.HALF_EVEN);
            periods.add(new SchedulePeriod(start, end, end.plusDays(2), floating ? start.minusDays(2) : null, notional,
                    rate, dcf, amount));
        }
        return periods;
    }
}
