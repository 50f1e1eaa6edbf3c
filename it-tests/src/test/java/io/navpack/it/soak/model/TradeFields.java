package io.navpack.it.soak.model;

import com.acme.trading.Side;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.SplittableRandom;

/**
 * The fields of one soak trade, whatever class or format carries them. A value is a function of its key and its
 * write number ({@code seq}): fields that depend on the key alone never change, the others change with every
 * write, so an oracle that knows the last acknowledged {@code seq} of a key knows every field it must read.
 * {@code venue} is the field version 2 of the type adds (null in values of version 1).
 */
public record TradeFields(long id, int owner, long seq, LocalDate tradeDate, Side buySell, String currency1,
                          BigDecimal amount1, BigDecimal exchangeRate, String currency2, BigDecimal amount2,
                          LocalDate settlementDate, String book, String venue) {

    public static final String[] CURRENCIES = {"EUR", "USD", "GBP", "JPY", "CHF", "AUD", "CAD"};
    private static final String[] VENUES = {"XLON", "XPAR", "XNYS", "XTKS"};
    public static final LocalDate FIRST_TRADE_DATE = LocalDate.of(2014, 7, 21);
    public static final int TRADE_DAYS = 60;

    /** The value written for {@code key} by write {@code seq}; {@code v2}: by a writer of version 2 (with a venue). */
    public static TradeFields of(long key, int owner, long seq, boolean v2) {
        SplittableRandom base = new SplittableRandom(key * 0x9E3779B97F4A7C15L + 27);
        Side side = base.nextBoolean() ? Side.BUY : Side.SELL;
        String currency2 = CURRENCIES[base.nextInt(CURRENCIES.length)];
        BigDecimal rate = BigDecimal.valueOf(5_000 + base.nextInt(15_000), 4);
        LocalDate settlement = LocalDate.of(2014, 9, 1).plusDays(base.nextInt(90));
        String book = "BOOK-" + base.nextInt(40);
        String venue = VENUES[base.nextInt(VENUES.length)];
        Changing c = changing(key, seq, rate);
        return new TradeFields(key, owner, seq, c.tradeDate, side, c.currency1, c.amount1, rate, currency2, c.amount2,
                settlement, book, v2 ? venue : null);
    }

    /** The fields a write changes (an entry processor sets just these), for {@code key}'s write {@code seq}. */
    public static Changing changing(long key, long seq, BigDecimal exchangeRate) {
        SplittableRandom s = new SplittableRandom(key * 0x632BE59BD9B4E019L + seq * 0x9E3779B97F4A7C15L);
        LocalDate tradeDate = FIRST_TRADE_DATE.plusDays(s.nextInt(TRADE_DAYS));
        String currency1 = CURRENCIES[s.nextInt(CURRENCIES.length)];
        BigDecimal amount1 = BigDecimal.valueOf((1 + s.nextInt(300)) * 500_000L).setScale(2);
        BigDecimal amount2 = amount1.multiply(exchangeRate).setScale(2, RoundingMode.HALF_EVEN);
        return new Changing(seq, tradeDate, currency1, amount1, amount2);
    }

    /** The same fields without the venue: what a reader of version 1 sees. */
    public TradeFields withoutVenue() {
        return venue == null ? this : new TradeFields(id, owner, seq, tradeDate, buySell, currency1, amount1, exchangeRate,
                currency2, amount2, settlementDate, book, null);
    }

    /** The fields one write changes. */
    public record Changing(long seq, LocalDate tradeDate, String currency1, BigDecimal amount1, BigDecimal amount2) {
    }
}
