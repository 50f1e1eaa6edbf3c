package io.navpack.extract;

import com.hazelcast.query.Predicate;
import com.hazelcast.query.Predicates;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * Random predicates over trade fields, each built twice from the same draw: once over
 * {@code nav[field]} attributes and once over the plain attribute names of a Java-serialized oracle.
 */
final class RandomPredicates {
    private static final String[] CCY = {"EUR", "USD", "GBP", "JPY", "CHF", "AUD", "CAD"};

    private final SplittableRandom r;

    RandomPredicates(long seed) {
        this.r = new SplittableRandom(seed);
    }

    /** A pair of equivalent predicates: [navpack, oracle]. */
    @SuppressWarnings("unchecked")
    Predicate<Object, Object>[] api(int depth) {
        long seed = r.nextLong();
        return new Predicate[] {api(new SplittableRandom(seed), depth, f -> "nav[" + f + "]"),
                api(new SplittableRandom(seed), depth, f -> f)};
    }

    /** A pair of equivalent SQL predicate strings: [navpack, oracle]. */
    String[] sql(int depth) {
        long seed = r.nextLong();
        return new String[] {sql(new SplittableRandom(seed), depth, f -> "nav[" + f + "]"),
                sql(new SplittableRandom(seed), depth, f -> f)};
    }

    private static Predicate<Object, Object> api(SplittableRandom r, int depth, Function<String, String> a) {
        if (depth > 0 && r.nextInt(3) > 0) {
            switch (r.nextInt(3)) {
                case 0: return Predicates.and(api(r, depth - 1, a), api(r, depth - 1, a));
                case 1: return Predicates.or(api(r, depth - 1, a), api(r, depth - 1, a));
                default: return Predicates.not(api(r, depth - 1, a));
            }
        }
        switch (r.nextInt(8)) {
            case 0: return Predicates.equal(a.apply(r.nextBoolean() ? "currency1" : "currency2"), CCY[r.nextInt(CCY.length)]);
            case 1: return Predicates.in(a.apply("currency1"), CCY[r.nextInt(CCY.length)], CCY[r.nextInt(CCY.length)]);
            case 2: return Predicates.greaterThan(a.apply("amount1"), amount(r));
            case 3: return Predicates.between(a.apply("exchangeRate"), new BigDecimal("0.8"), new BigDecimal("1.2"));
            case 4: return Predicates.lessThan(a.apply(r.nextBoolean() ? "tradeDate" : "settlementDate"), date(r));
            case 5: return Predicates.equal(a.apply("buySell"), r.nextBoolean() ? "BUY" : "SELL");
            case 6: return Predicates.like(a.apply("currency2"), r.nextBoolean() ? "%D" : "C%");
            default: return Predicates.lessEqual(a.apply("id"), (long) r.nextInt(60_000));
        }
    }

    private static String sql(SplittableRandom r, int depth, Function<String, String> a) {
        if (depth > 0 && r.nextInt(3) > 0) {
            switch (r.nextInt(3)) {
                case 0: return "(" + sql(r, depth - 1, a) + " and " + sql(r, depth - 1, a) + ")";
                case 1: return "(" + sql(r, depth - 1, a) + " or " + sql(r, depth - 1, a) + ")";
                default: return "not (" + sql(r, depth - 1, a) + ")";
            }
        }
        switch (r.nextInt(8)) {
            case 0: return a.apply(r.nextBoolean() ? "currency1" : "currency2") + " = '" + CCY[r.nextInt(CCY.length)] + "'";
            case 1: return a.apply("currency1") + " in ('" + CCY[r.nextInt(CCY.length)] + "', '" + CCY[r.nextInt(CCY.length)] + "')";
            case 2: return a.apply("amount2") + " >= " + amount(r).toPlainString();
            case 3: return a.apply("exchangeRate") + " between 0.9 and 1.5";
            case 4: return a.apply(r.nextBoolean() ? "tradeDate" : "settlementDate") + " > '" + date(r) + "'";
            case 5: return a.apply("buySell") + " = '" + (r.nextBoolean() ? "BUY" : "SELL") + "'";
            case 6: return a.apply("currency1") + " like '" + (r.nextBoolean() ? "%P" : "E%") + "'";
            default: return a.apply("id") + " > " + r.nextInt(60_000);
        }
    }

    private static BigDecimal amount(SplittableRandom r) {
        return BigDecimal.valueOf((1 + r.nextInt(200)) * 500_000L).setScale(2);
    }

    private static LocalDate date(SplittableRandom r) {
        return LocalDate.of(2014, 7, 21).plusDays(r.nextInt(80));
    }
}
