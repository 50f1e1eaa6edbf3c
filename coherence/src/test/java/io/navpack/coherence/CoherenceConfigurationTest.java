package io.navpack.coherence;

import com.acme.trading.SeedTrades;
import com.acme.trading.Trade;
import com.tangosol.net.CacheFactory;
import com.tangosol.net.NamedCache;
import com.tangosol.util.Filter;
import com.tangosol.util.Filters;
import com.tangosol.util.aggregator.BigDecimalSum;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Coherence configuration snippets of docs/user-guide.md, loaded from the document: a storage member started
 * with the operational override that registers navpack's serializer and a cache configuration that names it; this
 * JVM configured in code and with a cache configuration that gives the serializer as an instance — the same service,
 * the same values — then the guide's query.
 */
class CoherenceConfigurationTest {
    private static CoherenceCluster cluster;

    static String snippet(String id) {
        try {
            String doc = Files.readString(Path.of(System.getProperty("basedir", "."), "..", "docs", "user-guide.md"));
            int marker = doc.indexOf("<!-- snippet: " + id + " -->");
            assertThat(marker).as("snippet %s in user-guide.md", id).isNotNegative();
            int open = doc.indexOf("```", marker);
            int start = doc.indexOf('\n', open) + 1;
            return doc.substring(start, doc.indexOf("```", start));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @AfterAll
    static void stop() {
        CacheFactory.shutdown();
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void theGuidesConfigurationsMakeOneServiceOfNavpackValues() throws IOException {
        cluster = CoherenceCluster.create("config");
        Path override = cluster.workDir().resolve("tangosol-coherence-override.xml");
        Files.writeString(override, snippet("coherence-override"), StandardCharsets.UTF_8);
        Path memberConfig = cluster.workDir().resolve("member-cache-config.xml");
        Files.writeString(memberConfig, snippet("coherence-cache-config"), StandardCharsets.UTF_8);
        cluster.startMember("member1", Map.of("coherence.override", override.toUri().toString(),
                "coherence.cacheconfig", memberConfig.toString()), "com.tangosol.net.DefaultCacheServer");

        Path appConfig = cluster.workDir().resolve("app-cache-config.xml");
        Files.writeString(appConfig, snippet("coherence-cache-config-instance"), StandardCharsets.UTF_8);
        cluster.joinAsApplication(null);
        System.setProperty("coherence.cacheconfig", appConfig.toString());

        NavpackCoherence.configure(CoherenceSettings.parse("navpack.classes=com.acme.trading.Trade"));

        NamedCache<Long, Trade> trades = CacheFactory.getCache("trades");
        List<Trade> seed = SeedTrades.load();
        for (Trade t : seed) {
            trades.put(t.id(), t);
        }
        assertThat(trades.get(seed.get(0).id())).isEqualTo(seed.get(0));

        trades.addIndex(NavpackExtractor.of("currency1"), false, null);
        Filter<Trade> eur = Filters.equal(NavpackExtractor.of("currency1"), "EUR");
        Set<Long> keys = trades.keySet(eur);
        BigDecimal eurAmounts = trades.aggregate(eur, new BigDecimalSum<>(NavpackExtractor.<Trade, BigDecimal>of("amount1")));

        Set<Long> expected = seed.stream().filter(t -> t.currency1().equals("EUR")).map(Trade::id).collect(Collectors.toSet());
        assertThat(new HashSet<>(keys)).isEqualTo(expected).isNotEmpty();
        assertThat(eurAmounts).isEqualByComparingTo(seed.stream().filter(t -> t.currency1().equals("EUR"))
                .map(Trade::amount1).reduce(BigDecimal.ZERO, BigDecimal::add));
        // the member, configured by name through the override, and this JVM, by instance, share one serializer
        assertThat(trades.getCacheService().getSerializer()).isInstanceOf(NavpackCoherenceSerializer.class);
    }
}
