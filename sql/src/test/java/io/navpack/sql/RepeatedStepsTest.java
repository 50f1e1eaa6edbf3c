package io.navpack.sql;

import com.acme.orders.Order;
import com.acme.orders.Orders;
import com.hazelcast.aggregation.Aggregators;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.AttributeConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.IndexType;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.MapConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.projection.Projections;
import com.hazelcast.query.Predicates;
import io.navpack.hazelcast.NavpackConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.function.Executable;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static io.navpack.sql.SqlMembers.rows;
import static io.navpack.sql.SqlMembers.update;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The one rule for a path through a repeated element (a list, set or array), in every place a path is written, on two
 * member JVMs without the user's classes: without {@code [any]} or {@code [n]} a predicate, an SQL predicate string (what
 * {@code navpack export --where} sends), a projection, an aggregation, an index, the {@code nav[...]} attribute and a
 * SQL column are refused with a message that names the repeated step and the ways to write it; written with them, each
 * answers as an oracle over the orders the client wrote. (Document keys: {@code KeyPathTest}.)
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RepeatedStepsTest {
    private static final String RULE = "'lines' is repeated in Order";

    private final SqlMembers cluster = new SqlMembers(2);
    private final List<Order> orders = Orders.generate(1_000, 17);
    private HazelcastInstance client;
    private IMap<Long, Order> map;

    @BeforeAll
    void start() {
        cluster.start("repeated-steps-test", port -> {
            Config c = SqlMembers.memberConfig(new Config(), cluster.cluster, port, cluster.ports);
            c.addMapConfig(new MapConfig("lines*").setInMemoryFormat(InMemoryFormat.OBJECT)
                    .addAttributeConfig(new AttributeConfig("nav", "io.navpack.extract.NavpackExtractor")));
            return c;
        });
        client = cluster.client(NavpackConfig.of(Order.class).applyTo(new ClientConfig()));
        map = client.getMap("lines");
        Map<Long, Order> all = new HashMap<>();
        orders.forEach(o -> all.put(o.id(), o));
        map.putAll(all);
    }

    @AfterAll
    void stop() {
        if (client != null) {
            client.shutdown();
        }
        cluster.close();
    }

    private static void refused(Executable call, String any, String first) {
        assertThatThrownBy(call::execute).hasMessageContaining(RULE).hasMessageContaining(any).hasMessageContaining(first);
    }

    private Set<Long> oracle(java.util.function.Predicate<Order> p) {
        Set<Long> ids = orders.stream().filter(p).map(Order::id).collect(Collectors.toCollection(TreeSet::new));
        assertThat(ids).isNotEmpty().hasSizeLessThan(orders.size());
        return ids;
    }

    private static boolean anySku(Order o, String sku) {
        return o.lines() != null && o.lines().stream().anyMatch(l -> l.sku().equals(sku));
    }

    private static boolean firstSku(Order o, String sku) {
        return o.lines() != null && !o.lines().isEmpty() && o.lines().get(0).sku().equals(sku);
    }

    @Test
    void predicatesAndSqlPredicateStrings() {
        refused(() -> map.keySet(Predicates.equal("lines.sku", "A-1")), "'lines[any].sku'", "'lines[0].sku'");
        refused(() -> map.keySet(Predicates.sql("lines.sku = 'A-1'")), "'lines[any].sku'", "'lines[0].sku'");
        assertThat(new TreeSet<>(map.keySet(Predicates.equal("lines[any].sku", "A-1")))).isEqualTo(oracle(o -> anySku(o, "A-1")));
        assertThat(new TreeSet<>(map.keySet(Predicates.sql("lines[0].sku = 'A-1'")))).isEqualTo(oracle(o -> firstSku(o, "A-1")));
    }

    @Test
    void projectionsAndAggregations() {
        refused(() -> map.project(Projections.singleAttribute("lines.qty")), "'lines[any].qty'", "'lines[0].qty'");
        refused(() -> map.aggregate(Aggregators.integerSum("lines.qty")), "'lines[any].qty'", "'lines[0].qty'");
        long expected = orders.stream().filter(o -> o.lines() != null).flatMap(o -> o.lines().stream())
                .mapToLong(Order.Line::qty).sum();
        assertThat((long) map.aggregate(Aggregators.integerSum("lines[any].qty"))).isEqualTo(expected);
        Set<String> firstSkus = orders.stream().filter(o -> o.lines() != null && !o.lines().isEmpty())
                .map(o -> o.lines().get(0).sku()).collect(Collectors.toCollection(TreeSet::new));
        assertThat(new TreeSet<>(map.project(Projections.<Map.Entry<Long, Order>, String>singleAttribute("lines[0].sku"),
                Predicates.greaterEqual("lines[0].sku", "")))).isEqualTo(firstSkus);
    }

    @Test
    void indexes() {
        IMap<Long, Order> indexed = client.getMap("lines_indexed");
        indexed.putAll(orders.stream().collect(Collectors.toMap(Order::id, o -> o)));
        refused(() -> indexed.addIndex(IndexType.HASH, "lines.sku"), "'lines[any].sku'", "'lines[0].sku'");
        indexed.addIndex(IndexType.HASH, "lines[any].sku");
        assertThat(new TreeSet<>(indexed.keySet(Predicates.equal("lines[any].sku", "B-2")))).isEqualTo(oracle(o -> anySku(o, "B-2")));
    }

    @Test
    void theNavAttributeInItsDottedForm() {
        refused(() -> map.keySet(Predicates.equal("nav[lines.sku]", "A-1")), "'lines.any.sku'", "'lines.0.sku'");
        assertThat(new TreeSet<>(map.keySet(Predicates.equal("nav[lines.any.sku]", "C-3")))).isEqualTo(oracle(o -> anySku(o, "C-3")));
    }

    @Test
    void sqlColumns() {
        assertThatThrownBy(() -> update(client, "CREATE MAPPING lines_sku (__key BIGINT, sku VARCHAR EXTERNAL NAME \"this.lines.sku\")"
                + " TYPE NavpackMap OPTIONS ('valueNavpackType' = 'Order', 'keyFormat' = 'bigint')"))
                .hasMessageContaining(RULE).hasMessageContaining("a SQL column takes one value")
                .hasMessageContaining("'lines[0].sku'");
        assertThatThrownBy(() -> update(client, "CREATE MAPPING lines_any (__key BIGINT, sku VARCHAR EXTERNAL NAME \"this.lines[any].sku\")"
                + " TYPE NavpackMap OPTIONS ('valueNavpackType' = 'Order', 'keyFormat' = 'bigint')"))
                .hasMessageContaining("[any]").hasMessageContaining("name an element with [n]");
        update(client, "CREATE MAPPING lines (__key BIGINT, sku VARCHAR EXTERNAL NAME \"this.lines[0].sku\", "
                + "qty INT EXTERNAL NAME \"this.lines[1].qty\", city VARCHAR EXTERNAL NAME \"this.customer.address.city\") "
                + "TYPE NavpackMap OPTIONS ('valueNavpackType' = 'Order', 'keyFormat' = 'bigint')");
        Map<Long, List<Object>> expected = new HashMap<>();
        for (Order o : orders) {
            List<Order.Line> l = o.lines() == null ? List.of() : o.lines();
            String city = o.customer() == null || o.customer().address() == null ? null : o.customer().address().city();
            expected.put(o.id(), java.util.Arrays.asList(l.isEmpty() ? null : l.get(0).sku(), l.size() < 2 ? null : l.get(1).qty(),
                    city));
        }
        Map<Long, List<Object>> actual = new HashMap<>();
        for (List<Object> row : rows(client, "SELECT __key, sku, qty, city FROM lines")) {
            actual.put((Long) row.get(0), row.subList(1, 4));
        }
        assertThat(actual).isEqualTo(expected);
        assertThat(rows(client, "SELECT COUNT(*) FROM lines WHERE sku = 'D-4'").get(0).get(0))
                .isEqualTo((long) orders.stream().filter(o -> firstSku(o, "D-4")).count());
        assertThat(expected.values().stream().map(v -> v.get(1)).filter(Objects::nonNull).count()).isPositive();
    }
}
