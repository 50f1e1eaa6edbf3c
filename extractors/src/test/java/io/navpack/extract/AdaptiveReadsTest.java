package io.navpack.extract;

import com.acme.trading.SeedTrades;
import com.acme.trading.Trade;
import io.navpack.format.Navpack;
import io.navpack.format.PackedRecord;
import io.navpack.format.Schema;
import io.navpack.hazelcast.NavpackSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the extractor does on each value: single reads up to the break-even, then one full decode;
 * a full decode at the first read once the previous value reached the break-even. Counted exactly.
 */
class AdaptiveReadsTest {
    private static final String[] FIELDS = {"id", "tradeDate", "buySell", "currency1", "amount1", "exchangeRate",
            "currency2", "amount2", "settlementDate"};
    private final NavpackExtractor extractor = new NavpackExtractor();
    private final List<Trade> trades = SeedTrades.load();

    @AfterEach
    void forget() {
        ValueReads.reset();
    }

    /** A registry of its own, so that the counters of this test's schema start at zero. */
    private static Navpack navpack(String mode, int typeId) {
        Properties p = new Properties();
        p.setProperty(ExtractSettings.MODE, mode);
        Navpack n = new Navpack(new io.navpack.format.SchemaRegistry(NavpackSettings.from(p)));
        Schema trade = n.registry().register(Trade.class).schema();
        // a distinct schema per test: same fields, another name and id
        Schema.Builder b = Schema.builder("AdaptiveTrade" + typeId).typeId(typeId);
        trade.fields().forEach(f -> b.field(f.name(), f.type(), f.nullable()));
        n.registry().register(b.build());
        return n;
    }

    private PackedRecord view(Navpack n, Trade t, int typeId) {
        Schema s = n.registry().schema(typeId, 1);
        Object[] values = n.view(n.encode(t)).decodeAll();
        io.navpack.format.PackedWriter w = n.newWriter(64);
        w.writeRecord(s, values);
        return n.view(w.toByteArray());
    }

    @Test
    void adaptiveSwitchesAtTheBreakEvenAndDecodesLaterValuesAtOnce() {
        Navpack n = navpack("adaptive", 501);
        PackedRecord first = view(n, trades.get(0), 501);
        BreakEven be = BreakEven.of(first.schema());
        be.pin(3);
        assertThat(Collected.one(extractor, first, "currency1")).isEqualTo("EUR");
        assertThat(Collected.one(extractor, first, "amount1")).isEqualTo(trades.get(0).amount1());
        assertThat(be.singleReads()).isEqualTo(2);
        assertThat(be.fullDecodes()).isZero();
        // the third distinct field reaches the break-even: the value is decoded once
        assertThat(Collected.one(extractor, first, "tradeDate")).isEqualTo(trades.get(0).tradeDate());
        assertThat(be.switches()).isEqualTo(1);
        assertThat(be.fullDecodes()).isEqualTo(1);
        // later reads, repeated or new, come from the decoded value
        assertThat(Collected.one(extractor, first, "currency1")).isEqualTo("EUR");
        assertThat(Collected.one(extractor, first, "settlementDate")).isEqualTo(trades.get(0).settlementDate());
        assertThat(be.cachedReads()).isEqualTo(2);
        assertThat(be.singleReads()).isEqualTo(2);

        // the next value of the schema: the last one read 4 fields >= 3, so it is decoded at its first read
        PackedRecord second = view(n, trades.get(1), 501);
        assertThat(Collected.one(extractor, second, "currency1")).isEqualTo("USD");
        assertThat(be.fullDecodes()).isEqualTo(2);
        assertThat(be.switches()).isEqualTo(1);
        assertThat(be.singleReads()).isEqualTo(2);

        // the second value ends with 4 distinct fields: the third is decoded at once too; it is read for
        // one field only, which brings the fourth back to single reads
        Collected.one(extractor, second, "amount1");
        Collected.one(extractor, second, "amount2");
        Collected.one(extractor, second, "exchangeRate");
        PackedRecord third = view(n, trades.get(2), 501);
        Collected.one(extractor, third, "currency1");
        assertThat(be.fullDecodes()).isEqualTo(3);
        PackedRecord fourth = view(n, trades.get(3), 501);
        long single = be.singleReads();
        assertThat(Collected.one(extractor, fourth, "currency1")).isEqualTo("AUD");
        assertThat(be.fullDecodes()).isEqualTo(3);
        assertThat(be.singleReads()).isEqualTo(single + 1);
    }

    @Test
    void partialNeverDecodesFullyAndFullAlwaysDoes() {
        Navpack partial = navpack("partial", 502);
        PackedRecord p = view(partial, trades.get(0), 502);
        BreakEven pb = BreakEven.of(p.schema());
        pb.pin(2);
        for (String f : FIELDS) {
            Collected.one(extractor, p, f);
        }
        assertThat(pb.singleReads()).isEqualTo(FIELDS.length);
        assertThat(pb.fullDecodes()).isZero();

        Navpack full = navpack("full", 503);
        PackedRecord q = view(full, trades.get(0), 503);
        BreakEven fb = BreakEven.of(q.schema());
        for (String f : FIELDS) {
            Collected.one(extractor, q, f);
        }
        assertThat(fb.fullDecodes()).isEqualTo(1);
        assertThat(fb.singleReads()).isZero();
        assertThat(fb.cachedReads()).isEqualTo(FIELDS.length);
    }

    @Test
    void everyModeGivesTheSameValues() {
        for (String mode : List.of("adaptive", "partial", "full")) {
            Navpack n = navpack(mode, 510 + mode.length());
            for (Trade t : trades) {
                PackedRecord v = view(n, t, 510 + mode.length());
                Object[] all = v.decodeAll();
                for (int i = 0; i < FIELDS.length; i++) {
                    assertThat(Collected.one(extractor, v, FIELDS[i])).as("%s %s", mode, FIELDS[i]).isEqualTo(all[i]);
                }
            }
        }
    }

    @Test
    void oneValueReadFromManyThreadsAtOnce() throws Exception {
        Navpack n = navpack("adaptive", 520);
        List<PackedRecord> views = new ArrayList<>();
        for (Trade t : trades) {
            views.add(view(n, t, 520));
        }
        BreakEven.of(views.get(0).schema()).pin(4);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int thread = 0; thread < 8; thread++) {
                int offset = thread;
                results.add(pool.submit(() -> {
                    for (int round = 0; round < 5_000; round++) {
                        int i = (round + offset) % views.size();
                        PackedRecord v = views.get(i);
                        Trade t = trades.get(i);
                        for (int k = 0; k < 1 + (round % FIELDS.length); k++) {
                            Object expected = v.get(k);
                            if (!java.util.Objects.equals(Collected.one(extractor, v, FIELDS[k]), expected)) {
                                return false;
                            }
                        }
                        if (!Collected.one(extractor, v, "currency1").equals(t.currency1())) {
                            return false;
                        }
                    }
                    return true;
                }));
            }
            for (Future<Boolean> f : results) {
                assertThat(f.get(120, TimeUnit.SECONDS)).isTrue();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void missingFieldsOfOlderVersionsAndNullsGiveNull() {
        Navpack n = navpack("adaptive", 530);
        PackedRecord v = n.view(n.encode(new Trade(1, null, null, null, null, null, null, null, null)));
        assertThat(Collected.one(extractor, v, "currency1")).isNull();
        assertThat(Collected.one(extractor, v, "venue")).isNull();
        assertThat(Collected.one(extractor, null, "currency1")).isNull();
    }

    @Test
    void eachRegistryIsReadWithTheSettingsItWasCreatedWith() {
        Navpack partial = navpack("partial", 507);
        Navpack full = navpack("full", 508);
        BreakEven p = BreakEven.of(partial.registry().schema(507, 1));
        BreakEven f = BreakEven.of(full.registry().schema(508, 1));
        Collected.one(extractor, view(partial, trades.get(0), 507), "currency1");
        Collected.one(extractor, view(full, trades.get(1), 508), "currency1");
        Collected.one(extractor, view(partial, trades.get(2), 507), "currency1");
        assertThat(p.singleReads()).as("partial: field by field").isEqualTo(2);
        assertThat(p.fullDecodes()).isZero();
        assertThat(f.fullDecodes()).as("the same thread reads the other registry's values in full").isEqualTo(1);
        assertThat(f.singleReads()).isZero();
    }
}
