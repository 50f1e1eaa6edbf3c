package io.navpack.cli;

import com.acme.trading.Trade;
import com.acme.trading.TradeView;
import io.navpack.cli.demo.Demo;
import io.navpack.cli.demo.DemoReport;
import io.navpack.cli.demo.HtmlReport;
import io.navpack.sizing.ClusterIndexReport;
import io.navpack.sizing.MemberIndexReport;
import io.navpack.sizing.MemberStatus;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** The demo end to end with a small number of trades; the report must be consistent. */
class DemoTest {
    @Test
    void demoReportIsConsistent() {
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        DemoReport r = new Demo(3, 6_000, 2, true, new PrintStream(progress, true, StandardCharsets.UTF_8)).run();

        assertThat(r.members).isEqualTo(3);
        assertThat(r.bytesPerTrade).containsOnlyKeys("navpack", "Java serialization", "IdentifiedDataSerializable", "Compact");
        assertThat(r.bytesPerTrade.values()).allMatch(v -> v > 8);
        assertThat(r.bytesPerTrade.get("navpack")).isLessThan(r.bytesPerTrade.get("Compact"))
                .isLessThan(r.bytesPerTrade.get("IdentifiedDataSerializable"));
        assertThat(r.heapPerEntry).isPositive();
        assertThat(r.hazelcastCostPerEntry).isPositive();

        assertThat(r.nearCacheEntries).isEqualTo(6_000);
        assertThat(r.nearCacheBytesPerEntry).containsOnlyKeys("views", "class");
        assertThat(r.nearCacheBytesPerEntry.values()).allMatch(v -> v > 0);
        assertThat(r.nearCacheValueClass.get("class")).isEqualTo(Trade.class);
        assertThat(r.nearCacheValueClass.get("views")).isNotEqualTo(Trade.class)
                .isAssignableTo(TradeView.class);

        assertThat(r.queries).hasSize(3);
        for (DemoReport.QueryRun q : r.queries) {
            assertThat(q.identical()).as(q.name()).isTrue();
            assertThat(q.results().get("partial")).as(q.name()).isPositive().isLessThan(6_000L);
            assertThat(q.millis().values()).allMatch(ms -> ms > 0);
        }
        assertThat(r.indexedQuery.results().get("adaptive")).isPositive();
        assertThat(r.sql.table().columns()).containsExactly("currency1", "trades", "amount1");
        assertThat(r.sql.table().rows()).isNotEmpty();
        assertThat(r.sql.agreesWithPredicates()).isTrue();
        assertThat(r.sql.millis()).isPositive();
        assertThat(r.breakEvens).anyMatch(b -> b.schema().equals("Trade v1") && b.breakEven() >= 1);

        ClusterIndexReport sizing = r.sizing;
        assertThat(sizing.members()).hasSize(3).allMatch(m -> m.status() == MemberStatus.OK);
        assertThat(sizing.complete()).isTrue();
        assertThat(sizing.mapTotal(Demo.MAP).entries()).isEqualTo(6_000);
        assertThat(sizing.indexTotals()).hasSize(3).allMatch(t -> t.heapBytes() > 0 && t.entries() == 6_000);
        for (MemberIndexReport m : sizing.members()) {
            assertThat(m.map(Demo.MAP).indexes()).hasSize(3);
        }
        // indexing the map made its records cache their values: part of what indexing it costs
        ClusterIndexReport.MapTotal total = sizing.mapTotal(Demo.MAP);
        assertThat(total.cachedValues()).isEqualTo(6_000);
        assertThat(total.cachedValuesHeapBytes()).isPositive();
        assertThat(total.indexingCostBytes()).isEqualTo(total.indexesHeapBytes() + total.cachedValuesHeapBytes());

        String html = HtmlReport.render(r);
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<svg", "Bytes per trade", "Client near cache", "trades_sorted_amount1",
                "<h2>SQL</h2>", "CREATE MAPPING trades TYPE NavpackMap", "indexing cost (MB)", "values cache (MB)", "BOUNDED")
                .doesNotContain("NaN");
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        DemoCommand.print(r, new PrintStream(text, true, StandardCharsets.UTF_8));
        assertThat(text.toString(StandardCharsets.UTF_8)).contains("Bytes per trade", "Client near cache", "Break-even per schema",
                "Totals per index", "SQL on the members", "currency1 | trades");
        assertThat(progress.toString(StandardCharsets.UTF_8)).contains("Loading trades", "100%");
    }
}
