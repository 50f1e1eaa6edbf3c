package io.navpack.it.soak;

import com.hazelcast.query.Predicate;
import com.hazelcast.query.Predicates;
import com.acme.trading.Side;
import io.navpack.it.soak.model.TradeFields;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.BiFunction;

/**
 * The soak's queries. Each is confined to the keys of one owner ({@code owner = n}), which only one thread
 * writes, so that thread knows the exact answer while the load goes on: the oracle is the same condition in Java
 * over the fields the owner's last acknowledged writes gave each key.
 */
final class Queries {

    private Queries() {
    }

    /** A predicate on plain field names, the same condition in Java, and whether values are fetched (or keys only). */
    record Query(String text, Predicate<Long, Object> predicate, java.util.function.Predicate<TradeFields> oracle, boolean values) {
        @Override
        public String toString() {
            return text;
        }
    }

    /** An SQL statement with its parameters and the same condition in Java. */
    record Sql(String statement, List<Object> parameters, java.util.function.Predicate<TradeFields> oracle) {
        @Override
        public String toString() {
            return statement + " " + parameters;
        }
    }

    static Query byCurrencyAndSide(int owner, String currency, Side side) {
        String text = "owner = " + owner + " AND currency1 = '" + currency + "' AND buySell = '" + side.name() + "'";
        return new Query(text, Predicates.sql(text),
                f -> f.owner() == owner && f.currency1().equals(currency) && f.buySell() == side, true);
    }

    static Query byAmount(int owner, long from, long to) {
        String text = "owner = " + owner + " AND amount1 BETWEEN " + from + " AND " + to;
        BigDecimal low = BigDecimal.valueOf(from);
        BigDecimal high = BigDecimal.valueOf(to);
        return new Query(text, Predicates.sql(text),
                f -> f.owner() == owner && f.amount1().compareTo(low) >= 0 && f.amount1().compareTo(high) <= 0, true);
    }

    static Query byDateAndCurrencies(int owner, LocalDate from, String c1, String c2) {
        String text = "owner = " + owner + " AND tradeDate >= '" + from + "' AND currency1 IN ('" + c1 + "', '" + c2 + "')";
        return new Query(text, Predicates.sql(text),
                f -> f.owner() == owner && !f.tradeDate().isBefore(from) && (f.currency1().equals(c1) || f.currency1().equals(c2)), false);
    }

    /** One of the three query shapes with random arguments. */
    static Query random(int owner, SplittableRandom r) {
        String[] ccy = TradeFields.CURRENCIES;
        return switch (r.nextInt(3)) {
            case 0 -> byCurrencyAndSide(owner, ccy[r.nextInt(ccy.length)], r.nextBoolean() ? Side.BUY : Side.SELL);
            case 1 -> {
                long from = (1 + r.nextInt(290)) * 500_000L;
                yield byAmount(owner, from, from + 5_000_000L);
            }
            default -> {
                int a = r.nextInt(ccy.length);
                yield byDateAndCurrencies(owner, TradeFields.FIRST_TRADE_DATE.plusDays(r.nextInt(TradeFields.TRADE_DAYS)), ccy[a],
                        ccy[(a + 1 + r.nextInt(ccy.length - 1)) % ccy.length]);
            }
        };
    }

    /** The queries of a check: every shape once. */
    static List<Query> check(int owner) {
        return List.of(byCurrencyAndSide(owner, "EUR", Side.SELL), byAmount(owner, 40_000_000L, 60_000_000L),
                byDateAndCurrencies(owner, TradeFields.FIRST_TRADE_DATE.plusDays(45), "USD", "GBP"));
    }

    static Sql sql(SoakFormat format, int owner, String currency, boolean withVenue) {
        return new Sql("SELECT __key, seq" + (withVenue ? ", venue" : "") + " FROM " + format.map()
                + " WHERE owner = ? AND currency1 = ? AND buySell = ?", List.of(owner, currency, "SELL"),
                f -> f.owner() == owner && f.currency1().equals(currency) && f.buySell() == Side.SELL);
    }

    /** Every key of one owner, as SQL sees them. */
    static Sql sqlOwner(SoakFormat format, int owner, boolean withVenue) {
        return new Sql("SELECT __key, seq" + (withVenue ? ", venue" : "") + " FROM " + format.map() + " WHERE owner = ?", List.of(owner),
                f -> f.owner() == owner);
    }

    /**
     * Compares an answer with the oracle: {@code found} maps each key to the seq read ({@code -1} when only keys
     * were fetched) and the venue read ({@code null}: not read). Keys in doubt may be in or out, with any state
     * they may be in; {@code ownKeys} is sorted. Returns the keys that are wrong: missing, extra, or with a state the key cannot be in.
     */
    static List<String> wrongKeys(KeyStates states, long[] ownKeys, int owner, java.util.function.Predicate<TradeFields> oracle,
                                  Map<Long, long[]> found, BiFunction<Long, KeyStates.Candidate, TradeFields> fieldsOf) {
        java.util.ArrayList<String> wrong = new java.util.ArrayList<>();
        for (long key : ownKeys) {
            List<KeyStates.Candidate> candidates = states.acceptable(key);
            long[] got = found.get(key);
            boolean mayBeOut = false;
            boolean mayBeIn = false;
            boolean matched = got == null;
            for (KeyStates.Candidate c : candidates) {
                boolean in = !c.absent() && oracle.test(fieldsOf.apply(key, c));
                mayBeIn |= in;
                mayBeOut |= !in;
                if (got != null && in && (got[0] < 0 || got[0] == c.seq()) && (got[1] < 0 || (got[1] == 1) == c.venue())) {
                    matched = true;
                }
            }
            if (got == null && !mayBeOut) {
                wrong.add(key + " missing (holds " + candidates + ")");
            } else if (got != null && !mayBeIn) {
                wrong.add(key + " extra (seq " + got[0] + "; holds " + candidates + ")");
            } else if (!matched) {
                wrong.add(key + " read seq " + got[0] + (got[1] < 0 ? "" : " venue " + (got[1] == 1)) + " but holds " + candidates);
            }
        }
        for (long key : found.keySet()) {
            if (!contains(ownKeys, key)) {
                wrong.add(key + " is not a key of owner " + owner);
            }
        }
        return wrong;
    }

    private static boolean contains(long[] sorted, long key) {
        return java.util.Arrays.binarySearch(sorted, key) >= 0;
    }
}
