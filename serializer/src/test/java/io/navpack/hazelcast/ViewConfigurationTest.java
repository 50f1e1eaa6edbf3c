package io.navpack.hazelcast;

import com.acme.trading.SeedTrades;
import com.acme.trading.Trade;
import com.acme.trading.TradeView;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.client.config.XmlClientConfigBuilder;
import com.hazelcast.client.config.YamlClientConfigBuilder;
import com.hazelcast.config.Config;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.navpack.format.GeneratedView;
import io.navpack.format.NavpackType;
import io.navpack.format.PackedRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Read mode VIEW configured programmatically, in XML and in YAML, and the errors of a wrong configuration. */
class ViewConfigurationTest {
    private final List<HazelcastInstance> instances = new ArrayList<>();
    private final String cluster = Loopback.clusterName();
    private final int port = Loopback.freePort();

    /** A quote that implements the interface it is read as on clients that ask for views. */
    @NavpackType(name = "Quote")
    public record Quote(long id, String symbol, BigDecimal price) implements QuoteView {
    }

    public interface QuoteView {
        long id();

        String symbol();

        BigDecimal price();
    }

    @NavpackType(name = "Quote")
    public interface AnnotatedQuoteView {
        String symbol();
    }

    private HazelcastInstance member() {
        HazelcastInstance hz = Hazelcast.newHazelcastInstance(Loopback.member(new Config(), cluster, port, port));
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

    @Test
    void settings() {
        Properties p = new Properties();
        p.setProperty("navpack.view.Trade", TradeView.class.getName());
        p.setProperty("navpack.view.Quote", QuoteView.class.getName());
        p.setProperty("navpack.read-mode.Quote", "object");
        NavpackSettings s = NavpackSettings.from(p, false);
        assertThat(s.readMode("Trade")).isEqualTo(ReadMode.VIEW);
        assertThat(s.view("Trade")).isEqualTo(TradeView.class.getName());
        assertThat(s.readMode("Quote")).isEqualTo(ReadMode.OBJECT);
        assertThat(s.readMode("Other")).isEqualTo(ReadMode.OBJECT);
        assertThat(s.views()).containsOnlyKeys("Trade", "Quote");

        Properties bad = new Properties();
        bad.setProperty("navpack.read-mode.Trade", "view");
        assertThatThrownBy(() -> NavpackSettings.from(bad, false)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("set navpack.view.Trade to the interface's class name");
        bad.setProperty("navpack.read-mode.Trade", "vue");
        assertThatThrownBy(() -> NavpackSettings.from(bad, false)).hasMessageContaining("'record', 'object' or 'view'");
        Properties all = new Properties();
        all.setProperty("navpack.read-mode", "view");
        assertThat(NavpackSettings.from(all, false).readMode("Trade")).isEqualTo(ReadMode.VIEW);
    }

    @Test
    void theTypeOfAViewIsNamedOrFoundFromTheClassThatImplementsIt() {
        assertThat(NavpackConfig.of(Quote.class).view(QuoteView.class).properties())
                .containsEntry("navpack.view.Quote", QuoteView.class.getName());
        assertThat(NavpackConfig.of().view(AnnotatedQuoteView.class).properties())
                .containsEntry("navpack.view.Quote", AnnotatedQuoteView.class.getName());
        assertThat(NavpackConfig.of().view("Trade", TradeView.class).properties())
                .containsEntry("navpack.view.Trade", TradeView.class.getName());
        assertThatThrownBy(() -> NavpackConfig.of(Trade.class).view(TradeView.class))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no configured class implements it")
                .hasMessageContaining("view(typeName, TradeView.class)");
        assertThatThrownBy(() -> NavpackConfig.of().view("Trade", Trade.class)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not one");
    }

    @Test
    void programmatic() {
        member();
        HazelcastInstance writer = client(NavpackConfig.of(Quote.class).applyTo(new ClientConfig()));
        HazelcastInstance reader = client(NavpackConfig.of(Quote.class).view(QuoteView.class).applyTo(new ClientConfig()));
        writer.getMap("quotes").put(1L, new Quote(1, "ACME", new BigDecimal("12.5")));
        Object read = reader.getMap("quotes").get(1L);
        assertThat(read).isInstanceOf(QuoteView.class).isInstanceOf(GeneratedView.class).isNotInstanceOf(Quote.class);
        QuoteView q = (QuoteView) read;
        assertThat(q.symbol()).isEqualTo("ACME");
        assertThat(q.price()).isEqualTo(new BigDecimal("12.5"));
        assertThat(writer.getMap("quotes").get(1L)).isEqualTo(new Quote(1, "ACME", new BigDecimal("12.5")));
    }

    private static final String CLIENT_XML = "<hazelcast-client xmlns=\"http://www.hazelcast.com/schema/client-config\">\n"
            + "  <serialization><serializers>\n"
            + "    <serializer type-class=\"com.acme.trading.Trade\" class-name=\"io.navpack.hazelcast.NavpackSerializer\"/>\n"
            + "  </serializers></serialization>\n"
            + "  <properties>\n"
            + "    <property name=\"navpack.view.Trade\">com.acme.trading.TradeView</property>\n"
            + "  </properties>\n"
            + "</hazelcast-client>\n";

    private static final String CLIENT_YAML = "hazelcast-client:\n"
            + "  properties:\n"
            + "    navpack.classes: com.acme.trading.Trade\n"
            + "    navpack.read-mode: view\n"
            + "    navpack.view.Trade: com.acme.trading.TradeView\n";

    @Test
    void xmlAndYaml() {
        member();
        HazelcastInstance writer = client(NavpackConfig.of(Trade.class).applyTo(new ClientConfig()));
        Trade t = SeedTrades.load().get(0);
        writer.getMap("trades").put(t.id(), t);
        for (ClientConfig config : List.of(
                new XmlClientConfigBuilder(new ByteArrayInputStream(CLIENT_XML.getBytes(StandardCharsets.UTF_8))).build(),
                new YamlClientConfigBuilder(new ByteArrayInputStream(CLIENT_YAML.getBytes(StandardCharsets.UTF_8))).build())) {
            HazelcastInstance reader = client(config);
            IMap<Long, TradeView> trades = reader.getMap("trades");
            TradeView v = trades.get(t.id());
            assertThat(v.currency1()).isEqualTo("EUR");
            assertThat(v.amount1()).isEqualTo(t.amount1());
            assertThat(PackedRecord.ofView(v).toObject(Trade.class)).isEqualTo(t);
        }
    }

    @Test
    void anInterfaceThatIsNotOnTheClassPathIsNamedWhenTheClientStarts() {
        member();
        ClientConfig config = NavpackConfig.of(Trade.class).applyTo(new ClientConfig());
        config.setProperty("navpack.view.Trade", "com.acme.Missing");
        assertThatThrownBy(() -> client(config)).hasMessageContaining("navpack cannot start on this client")
                .hasMessageContaining("navpack.view.Trade names com.acme.Missing, which is not on this client's class path");
    }
}
