package io.navpack.sql;

import com.acme.orders.Order;
import com.acme.orders.Orders;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.MemberJvm;
import io.navpack.hazelcast.NavpackConfig;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static io.navpack.sql.SqlMembers.rows;
import static io.navpack.sql.SqlMembers.update;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Hazelcast SQL internals the NavpackMap connector relies on (the connector SPI, the IMap connector
 * running its tables, query and upsert targets, index matching) on two member JVMs of every supported
 * Hazelcast version, each with that version's hazelcast and hazelcast-sql jars, navpack's jars and no user
 * classes: a mapping from the schemas, a full scan, an index scan, a nested column, a join, writes.
 */
class SqlVersionsTest {
    private static final int ENTRIES = 400;

    private static List<Path> hazelcastJars(String version) {
        if (version.equals(com.hazelcast.instance.GeneratedBuildProperties.VERSION)) {
            return List.of(); // the jars of this JVM's class path
        }
        Path dir = Path.of(System.getProperty("navpack.sql.jars", "target/sql-jars"));
        List<Path> jars = List.of(dir.resolve("hazelcast-" + version + ".jar"), dir.resolve("hazelcast-sql-" + version + ".jar"));
        jars.forEach(j -> assertThat(j).as("the build copies %s", j).exists());
        return jars;
    }

    /** hazelcast.xml in elements every supported version reads; Jet on, 127.0.0.1 only. */
    static String memberXml(String cluster, int port, int[] ports, boolean jet) {
        return Loopback.memberXml(cluster, port, ports,
                "<jet enabled=\"" + jet + "\"><instance><cooperative-thread-count>2</cooperative-thread-count></instance></jet>"
                + "<map name=\"orders_indexed\"><indexes><index type=\"SORTED\"><attributes><attribute>total</attribute>"
                + "</attributes></index><index type=\"HASH\"><attributes><attribute>customer.address.city</attribute>"
                + "</attributes></index></indexes></map>");
    }

    @ParameterizedTest
    @ValueSource(strings = {"5.5.0", "5.6.0", "5.7.0"})
    void theNavpackMapConnectorOnMembersOfThisVersion(String version) {
        String cluster = Loopback.clusterName();
        int[] ports = {Loopback.freePort(), Loopback.freePort()};
        Path work = Path.of("target", "sql-versions-test", version + "-" + cluster);
        List<MemberJvm> members = new ArrayList<>();
        HazelcastInstance client = null;
        try {
            for (int i = 0; i < ports.length; i++) {
                members.add(MemberJvm.start("member-" + (i + 1), memberXml(cluster, ports[i], ports, true),
                        hazelcastJars(version), work));
            }
            client = HazelcastClient.newHazelcastClient(Loopback.client(NavpackConfig.of(Order.class)
                    .applyTo(new ClientConfig()), cluster, ports));
            List<Order> orders = Orders.generate(ENTRIES, 13);
            Map<Long, Order> all = new HashMap<>();
            orders.forEach(o -> all.put(o.id(), o));
            for (String name : List.of("orders", "orders_indexed")) {
                client.getMap(name).putAll(all);
                update(client, "CREATE MAPPING " + name + " TYPE NavpackMap");
                assertThat(keys(rows(client, "SELECT __key FROM " + name + " WHERE status = 'OPEN' AND total > 5000")))
                        .isEqualTo(ids(orders, o -> o.status().equals("OPEN") && o.total().compareTo(new BigDecimal("5000")) > 0));
                assertThat(keys(rows(client, "SELECT __key FROM " + name + " WHERE \"customer.address.city\" = 'Oslo'")))
                        .isEqualTo(ids(orders, o -> o.customer() != null && o.customer().address() != null
                                && o.customer().address().city().equals("Oslo")));
            }
            String plan = rows(client, "EXPLAIN SELECT __key FROM orders_indexed WHERE total > 9000").toString();
            assertThat(plan).contains("IndexScan");
            assertThat(keys(rows(client, "SELECT __key FROM orders_indexed WHERE total > 9000")))
                    .isEqualTo(ids(orders, o -> o.total().compareTo(new BigDecimal("9000")) > 0));
            assertThat(keys(rows(client, "SELECT a.__key FROM orders a JOIN orders_indexed b ON a.id = b.id WHERE b.status = 'PAID'")))
                    .isEqualTo(ids(orders, o -> o.status().equals("PAID")));

            // rows of a repeated element: a full scan, and an index lookup on a parent field
            update(client, "CREATE MAPPING order_lines EXTERNAL NAME orders_indexed TYPE NavpackMap OPTIONS ("
                    + "'rows' = 'lines[any]', 'parentFields' = 'customer.address.city')");
            for (String where : List.of("", " WHERE \"customer.address.city\" = 'Oslo'")) {
                Map<String, BigDecimal> sums = new TreeMap<>();
                rows(client, "SELECT sku, SUM(price) FROM order_lines" + where + " GROUP BY sku")
                        .forEach(r -> sums.put((String) r.get(0), (BigDecimal) r.get(1)));
                Map<String, BigDecimal> expected = new TreeMap<>();
                orders.stream().filter(o -> where.isEmpty() || o.customer() != null && o.customer().address() != null
                                && o.customer().address().city().equals("Oslo"))
                        .forEach(o -> o.lines().forEach(l -> expected.merge(l.sku(), l.price(), BigDecimal::add)));
                assertThat(sums).as(where).isEqualTo(expected).isNotEmpty();
            }

            IMap<Long, Order> map = client.getMap("orders");
            update(client, "INSERT INTO orders (__key, id, status, \"customer.name\", total, weight) VALUES (9000, 9000, 'OPEN', 'Ada', 1.25, 1)");
            update(client, "UPDATE orders SET status = 'PAID' WHERE __key = 9000 OR __key = 1");
            assertThat(map.get(9000L).status()).isEqualTo("PAID");
            assertThat(map.get(9000L).customer().name()).isEqualTo("Ada");
            assertThat(map.get(1L)).usingRecursiveComparison().ignoringFields("status").isEqualTo(orders.get(0));
            update(client, "DELETE FROM orders WHERE __key = 9000");
            assertThat(map.containsKey(9000L)).isFalse();
            for (MemberJvm m : members) {
                assertThat(m.logText()).contains("[" + version + "]");
            }
        } finally {
            if (client != null) {
                client.shutdown();
            }
            members.forEach(MemberJvm::close);
        }
    }

    private static Set<Long> keys(List<List<Object>> rows) {
        return rows.stream().map(r -> (Long) r.get(0)).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<Long> ids(List<Order> orders, java.util.function.Predicate<Order> p) {
        Set<Long> ids = orders.stream().filter(p).map(Order::id).collect(Collectors.toCollection(TreeSet::new));
        assertThat(ids).isNotEmpty();
        return ids;
    }
}
