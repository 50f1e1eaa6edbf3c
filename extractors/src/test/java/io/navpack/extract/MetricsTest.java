package io.navpack.extract;

import com.acme.trading.SeedTrades;
import com.acme.trading.Trade;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.navpack.format.Navpack;
import io.navpack.format.PackedRecord;
import io.navpack.format.Schema;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MetricsTest {
    private final NavpackExtractor extractor = new NavpackExtractor();

    private static PackedRecord trade(Navpack n, String typeName, int typeId) {
        Schema trade = n.registry().register(Trade.class).schema();
        Schema.Builder b = Schema.builder(typeName).typeId(typeId);
        trade.fields().forEach(f -> b.field(f.name(), f.type(), f.nullable()));
        Schema s = n.registry().register(b.build());
        io.navpack.format.PackedWriter w = n.newWriter(64);
        w.writeRecord(s, n.view(n.encode(SeedTrades.load().get(0))).decodeAll());
        return n.view(w.toByteArray());
    }

    @Test
    void countersAndGaugesPerSchemaInSimpleAndPrometheusRegistries() {
        SimpleMeterRegistry simple = new SimpleMeterRegistry();
        new NavpackMetrics().bindTo(simple);
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        new NavpackMetrics().bindTo(prometheus);

        Navpack n = new Navpack(new io.navpack.format.SchemaRegistry());
        PackedRecord v = trade(n, "MeteredTrade", 801);
        BreakEven be = BreakEven.of(v.schema());
        be.pin(2);
        Collected.one(extractor, v, "currency1");
        Collected.one(extractor, v, "amount1");
        Collected.one(extractor, v, "currency2");
        ValueReads.reset();

        assertThat(simple.get("navpack.extract.reads.single").tag("schema", "MeteredTrade").functionCounter().count()).isEqualTo(1.0);
        assertThat(simple.get("navpack.extract.decodes.full").tag("schema", "MeteredTrade").functionCounter().count()).isEqualTo(1.0);
        assertThat(simple.get("navpack.extract.switches").tag("schema", "MeteredTrade").functionCounter().count()).isEqualTo(1.0);
        assertThat(simple.get("navpack.extract.reads.cached").tag("schema", "MeteredTrade").functionCounter().count()).isEqualTo(1.0);
        assertThat(simple.get("navpack.extract.breakeven").tag("schema", "MeteredTrade").tag("version", "1").gauge().value()).isEqualTo(2.0);

        String scrape = prometheus.scrape();
        assertThat(scrape).contains("navpack_extract_reads_single_total{schema=\"MeteredTrade\",version=\"1\"} 1.0");
        assertThat(scrape).contains("navpack_extract_switches_total{schema=\"MeteredTrade\",version=\"1\"} 1.0");
        assertThat(scrape).contains("navpack_extract_breakeven{schema=\"MeteredTrade\",version=\"1\"} 2.0");
    }
}
