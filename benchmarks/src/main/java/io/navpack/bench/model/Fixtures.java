package io.navpack.bench.model;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The values every benchmark uses, identical for every format: the ten seed trades of
 * {@code seed-trades.csv}, and deterministic generators (fixed seeds) for more trades, 50-field
 * wide records and FpML-like swaps with 2 legs of 20 schedule periods.
 */
public final class Fixtures {
    public static final long SEED = 20140721L;
    public static final int PERIODS_PER_LEG = 20;

    private static final DateTimeFormatter CSV_DATE = DateTimeFormatter.ofPattern("dd/MM/yyyy", Locale.ROOT);
    private static final String[] CURRENCIES = {"EUR", "USD", "GBP", "JPY", "CHF", "AUD", "CAD", "SEK"};
    private static final String[] CENTERS = {"EUTA", "USNY", "GBLO", "JPTO", "CHZU", "AUSY", "CATO", "SEST"};
    private static final String[] INDEXES = {"EUR-EURIBOR-Reuters", "USD-SOFR-COMPOUND", "GBP-SONIA-COMPOUND",
        "JPY-TONA-OIS-COMPOUND", "CHF-SARON-OIS-COMPOUND", "AUD-BBR-BBSW", "CAD-CORRA-OIS-COMPOUND",
        "SEK-STIBOR-SIDE"};
    private static final LocalDate BASE_DATE = LocalDate.of(2014, 7, 21);

    private Fixtures() {
    }

    /** The ten seed trades, in file order. */
    public static List<Trade> seedTrades() {
        InputStream in = Fixtures.class.getResourceAsStream("/io/navpack/bench/seed-trades.csv");
        if (in == null) {
            throw new IllegalStateException("seed-trades.csv is not on the class path");
        }
        List<Trade> trades = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            r.readLine();
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (!line.isBlank()) {
                    trades.add(parseTrade(line));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return trades;
    }

    /** One CSV line: ID,TradeDate,BuySell,Currency1,Amount1,Exchange Rate,Currency2,Amount2,Settlement Date. */
    public static Trade parseTrade(String line) {
        String[] f = line.trim().split(",");
        if (f.length != 9) {
            throw new IllegalArgumentException("expected 9 fields: " + line);
        }
        return new Trade(Long.parseLong(f[0]), LocalDate.parse(f[1], CSV_DATE),
                Side.valueOf(f[2].toUpperCase(Locale.ROOT)), f[3], new BigDecimal(f[4]), new BigDecimal(f[5]), f[6],
                new BigDecimal(f[7]), LocalDate.parse(f[8], CSV_DATE));
    }

    /** {@code n} trades shaped like the seed trades, ids from 1. */
    public static List<Trade> trades(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Trade> trades = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            LocalDate tradeDate = BASE_DATE.plusDays(rnd.nextInt(365));
            int c1 = rnd.nextInt(CURRENCIES.length);
            int c2 = (c1 + 1 + rnd.nextInt(CURRENCIES.length - 1)) % CURRENCIES.length;
            BigDecimal amount1 = BigDecimal.valueOf(rnd.nextLong(1, 400) * 500_000L).setScale(2);
            BigDecimal rate = BigDecimal.valueOf(rnd.nextLong(5_000, 20_000), 4);
            trades.add(new Trade(i + 1, tradeDate, rnd.nextBoolean() ? Side.BUY : Side.SELL, CURRENCIES[c1], amount1,
                    rate, CURRENCIES[c2], amount1.multiply(rate).setScale(2, RoundingMode.HALF_EVEN),
                    tradeDate.plusDays(2 + rnd.nextInt(30))));
        }
        return trades;
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
