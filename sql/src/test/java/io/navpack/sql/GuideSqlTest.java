package io.navpack.sql;

import com.acme.orders.Order;
import com.acme.orders.Orders;
import com.acme.trading.SeedTrades;
import com.acme.trading.Side;
import com.acme.trading.Trade;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.IndexConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.config.MapConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.navpack.hazelcast.NavpackConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static io.navpack.sql.SqlMembers.rows;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The SQL snippets of docs/user-guide.md, read from the document and run as written on two member JVMs
 * without the user's classes; each answer is compared with the same question answered in memory.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GuideSqlTest {
    private final SqlMembers cluster = new SqlMembers(2);
    private final List<Trade> trades = SeedTrades.load();
    private final List<Order> orders = Orders.generate(1_000, 3);
    private HazelcastInstance client;

    /** The statements of one snippet, split at the semicolons that end lines. */
    static List<String> snippet(String id) {
        try {
            String doc = Files.readString(Path.of(System.getProperty("basedir", "."), "..", "docs", "user-guide.md"));
            int marker = doc.indexOf("<!-- snippet: " + id + " -->");
            assertThat(marker).as("snippet %s in user-guide.md", id).isNotNegative();
            int open = doc.indexOf("```sql", marker);
            int start = doc.indexOf('\n', open) + 1;
            String text = doc.substring(start, doc.indexOf("```", start));
            List<String> out = new ArrayList<>();
            for (String s : text.split(";\\s*\\n")) {
                if (!s.isBlank()) {
                    out.add(s.trim().replaceAll(";$", ""));
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @BeforeAll
    void start() {
        cluster.start("guide-sql-test", port -> SqlMembers.memberConfig(new Config(), cluster.cluster, port, cluster.ports)
                .addMapConfig(new MapConfig("orders").addIndexConfig(new IndexConfig(IndexType.HASH, "customer.address.city"))));
        client = cluster.client(NavpackConfig.of(Trade.class, Order.class).applyTo(new ClientConfig()));
        IMap<Long, Trade> t = client.getMap("trades");
        trades.forEach(x -> t.put(x.id(), x));
        Map<Long, Order> all = new HashMap<>();
        orders.forEach(o -> all.put(o.id(), o));
        client.getMap("orders").putAll(all);
        rows(client, "CREATE MAPPING orders TYPE NavpackMap");
    }

    @AfterAll
    void stop() {
        if (client != null) {
            client.shutdown();
        }
        cluster.close();
    }

    private static String city(Order o) {
        return o.customer() == null || o.customer().address() == null ? null : o.customer().address().city();
    }

    @Test
    void theGuidesStatementsAnswerWhatTheOracleSays() {
        List<String> mapping = snippet("sql-mapping");
        assertThat(mapping).hasSize(2);
        rows(client, mapping.get(0));
        List<List<Object>> eur = rows(client, mapping.get(1));
        assertThat(eur).isEqualTo(trades.stream().filter(x -> x.currency1().equals("EUR"))
                .sorted(Comparator.comparing(Trade::amount1).reversed())
                .map(x -> List.<Object>of(x.id(), x.tradeDate(), x.buySell().name(), x.currency1(), x.amount1()))
                .collect(Collectors.toList()));

        List<String> columns = snippet("sql-columns");
        rows(client, columns.get(0));
        Map<String, List<Order>> open = orders.stream().filter(o -> o.status().equals("OPEN") && city(o) != null)
                .collect(Collectors.groupingBy(GuideSqlTest::city, TreeMap::new, Collectors.toList()));
        List<List<Object>> byCity = rows(client, columns.get(1));
        long withoutCity = orders.stream().filter(o -> o.status().equals("OPEN") && city(o) == null).count();
        List<List<Object>> expectedByCity = new ArrayList<>();
        open.forEach((c, os) -> expectedByCity.add(List.of(c, (long) os.size(),
                os.stream().map(Order::total).reduce(BigDecimal.ZERO, BigDecimal::add))));
        // orders without a city form the NULL group, which ORDER BY puts first
        assertThat(byCity.get(0).get(0)).isNull();
        assertThat(byCity.get(0).get(1)).isEqualTo(withoutCity);
        assertThat(byCity.subList(1, byCity.size())).usingElementComparator((a, b) -> a.get(0).equals(b.get(0))
                && a.get(1).equals(b.get(1)) && ((BigDecimal) a.get(2)).compareTo((BigDecimal) b.get(2)) == 0 ? 0 : 1)
                .isEqualTo(expectedByCity);

        List<String> queries = snippet("sql-queries");
        assertThat(rows(client, queries.get(0))).isEqualTo(trades.stream()
                .collect(Collectors.groupingBy(Trade::currency1, TreeMap::new, Collectors.toList())).entrySet().stream()
                .map(e -> List.<Object>of(e.getKey(), (long) e.getValue().size(),
                        e.getValue().stream().map(Trade::amount1).reduce(BigDecimal.ZERO, BigDecimal::add)))
                .collect(Collectors.toList()));
        assertThat(rows(client, queries.get(1))).isEqualTo(orders.stream()
                .filter(o -> "Oslo".equals(city(o)) && o.total().compareTo(new BigDecimal("9000")) > 0)
                .sorted(Comparator.comparing(Order::total).reversed()).limit(5)
                .map(o -> List.<Object>of(o.id(), o.customer().name(), o.total())).collect(Collectors.toList()));
        Set<Long> buys = trades.stream().filter(x -> x.buySell() == Side.BUY).map(Trade::id).collect(Collectors.toSet());
        assertThat(rows(client, queries.get(2)).stream().map(r -> (Long) r.get(0)).collect(Collectors.toSet()))
                .isEqualTo(buys);

        List<String> writes = snippet("sql-writes");
        assertThat(writes).hasSize(4);
        writes.forEach(w -> rows(client, w));
        IMap<Long, Trade> map = client.getMap("trades");
        assertThat(map.get(11L)).isEqualTo(new Trade(11, LocalDate.of(2014, 8, 1), Side.SELL, "EUR",
                new BigDecimal("2000000"), new BigDecimal("1.3"), "USD", new BigDecimal("1300000"), LocalDate.of(2014, 8, 5)));
        assertThat(map.containsKey(12L)).isFalse();
        map.delete(11L);
    }

    @Test
    void jsonColumnsAreReachedWithJsonFunctions() {
        List<List<Object>> r = rows(client, "SELECT __key, JSON_VALUE(lines, '$[0].sku') FROM orders "
                + "WHERE JSON_VALUE(lines, '$[0].sku') = 'C-3'");
        assertThat(r.stream().map(x -> (Long) x.get(0)).collect(Collectors.toSet())).isEqualTo(orders.stream()
                .filter(o -> !o.lines().isEmpty() && o.lines().get(0).sku().equals("C-3")).map(Order::id)
                .collect(Collectors.toSet())).isNotEmpty();
    }
}
