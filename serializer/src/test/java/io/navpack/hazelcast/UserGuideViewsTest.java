package io.navpack.hazelcast;

import com.acme.orders.Order;
import com.acme.orders.Orders;
import com.acme.trading.Side;
import com.acme.trading.Trade;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.client.config.XmlClientConfigBuilder;
import com.hazelcast.client.config.YamlClientConfigBuilder;
import com.hazelcast.config.Config;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.NearCacheConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.EntryProcessor;
import com.hazelcast.map.IMap;
import io.navpack.format.PackedRecord;
import io.navpack.format.SchemaRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The examples of docs/user-guide.md's sections on interface views, near caches of views and building values
 * without classes, run on an embedded member and clients; the XML and YAML fragments are loaded from the page.
 */
class UserGuideViewsTest {
    private final List<HazelcastInstance> instances = new ArrayList<>();
    private final String cluster = Loopback.clusterName();
    private final int port = Loopback.freePort();

    /** The guide's interface. */
    public interface TradeView {
        long id();

        String currency1();

        BigDecimal amount1();

        LocalDate settlementDate();

        default boolean isEuro() { return "EUR".equals(currency1()); }   // default methods stay yours
    }

    /** The guide's entry processor. */
    static final class MarkPaid implements EntryProcessor<Long, Object, Object> {
        private static final long serialVersionUID = 1L;

        @Override
        public Object process(Map.Entry<Long, Object> entry) {           // an EntryProcessor on members
            PackedRecord r = (PackedRecord) entry.getValue();
            entry.setValue(r.toBuilder().set("status", "PAID").build());
            return null;
        }
    }

    private HazelcastInstance member() {
        Config c = NavpackConfig.of(Trade.class, Order.class).applyTo(new Config());
        HazelcastInstance hz = Hazelcast.newHazelcastInstance(Loopback.member(c, cluster, port, port));
        instances.add(hz);
        return hz;
    }

    private HazelcastInstance client(ClientConfig config) {
        HazelcastInstance hz = HazelcastClient.newHazelcastClient(Loopback.client(config, cluster, port));
        instances.add(hz);
        return hz;
    }

    @AfterEach
    void shutdown() {
        for (int i = instances.size() - 1; i >= 0; i--) {
            instances.get(i).shutdown();
        }
    }

    static String snippet(String id) {
        try {
            String doc = Files.readString(Path.of(System.getProperty("basedir", "."), "..", "docs", "user-guide.md"));
            int marker = doc.indexOf("<!-- snippet: " + id + " -->");
            assertThat(marker).as("snippet %s in user-guide.md", id).isNotNegative();
            int open = doc.indexOf("```", marker);
            int start = doc.indexOf('\n', open) + 1;
            return doc.substring(start, doc.indexOf("```", start));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void viewsFromAClientAndItsNearCacheAndValuesBuiltWithoutTheClass() {
        HazelcastInstance hz = member();
        Trade seed = new Trade(1L, LocalDate.of(2014, 7, 21), Side.BUY, "EUR", new BigDecimal("1500000.00"),
                new BigDecimal("1.35"), "USD", new BigDecimal("2025000.00"), LocalDate.of(2014, 7, 23));
        hz.getMap("trades").put(1L, seed);

        ClientConfig config = NavpackConfig.of(Trade.class).view("Trade", TradeView.class).applyTo(new ClientConfig());
        config.addNearCacheConfig(new NearCacheConfig("trades").setInMemoryFormat(InMemoryFormat.OBJECT));
        HazelcastInstance client = client(config);
        TradeView t = (TradeView) client.getMap("trades").get(1L);   // also values(), entrySet(), query results
        assertThat(t).isNotInstanceOf(Trade.class);
        assertThat(t.id()).isEqualTo(1L);
        assertThat(t.amount1()).isEqualByComparingTo("1500000");
        assertThat(t.settlementDate()).isEqualTo(seed.settlementDate());
        assertThat(t.isEuro()).isTrue();
        // the near cache holds the view: the second get returns the same object
        assertThat(client.getMap("trades").get(1L)).isSameAs(t);
        assertThat(client.getMap("trades").getLocalMapStats().getNearCacheStats().getHits()).isEqualTo(1);

        SchemaRegistry registry = NavpackContext.of(hz).registry();        // on a member or client
        PackedRecord trade = registry.builder("Trade")                    // the newest version known
                .set("id", 7L).set("currency1", "EUR").set("amount1", new BigDecimal("100.50"))
                .set("buySell", "BUY")                                    // an enum by constant name
                .build();
        hz.getMap("trades").put(7L, trade);
        TradeView built = (TradeView) client.getMap("trades").get(7L);
        assertThat(built.id()).isEqualTo(7L);
        assertThat(built.amount1()).isEqualTo(new BigDecimal("100.50"));
        assertThat(built.settlementDate()).isNull();
        Trade asClass = (Trade) client(NavpackConfig.of(Trade.class).applyTo(new ClientConfig())).getMap("trades").get(7L);
        assertThat(asClass).isEqualTo(new Trade(7L, null, Side.BUY, "EUR", new BigDecimal("100.50"), null, null, null,
                null));

        Order order = Orders.generate(1, 18).get(0);
        IMap<Long, Object> orders = client(NavpackConfig.of(Order.class).applyTo(new ClientConfig())).getMap("orders");
        orders.put(order.id(), order);
        orders.executeOnKey(order.id(), new MarkPaid());
        Order paid = (Order) orders.get(order.id());
        assertThat(paid.status()).isEqualTo("PAID");
        assertThat(paid.lines()).isEqualTo(order.lines());
        assertThat(paid.customer()).isEqualTo(order.customer());
    }

    @Test
    void theViewPropertyInXmlAndYaml() {
        String xml = "<hazelcast-client xmlns=\"http://www.hazelcast.com/schema/client-config\">\n" + snippet("view-xml")
                + "</hazelcast-client>\n";
        ClientConfig fromXml = new XmlClientConfigBuilder(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)))
                .build();
        String yaml = "hazelcast-client:\n" + snippet("view-yaml").indent(2);
        ClientConfig fromYaml = new YamlClientConfigBuilder(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)))
                .build();
        for (ClientConfig c : List.of(fromXml, fromYaml)) {
            assertThat(c.getProperty("navpack.view.Trade")).isEqualTo("com.acme.trading.TradeView");
            NavpackSettings s = NavpackSettings.from(c.getProperties(), false);
            assertThat(s.readMode("Trade")).isEqualTo(ReadMode.VIEW);
            assertThat(s.view("Trade")).isEqualTo(com.acme.trading.TradeView.class.getName());
        }
    }
}
