package io.navpack.sql;

import com.acme.orders.Order;
import com.acme.orders.Orders;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.IndexConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.config.MapConfig;
import com.hazelcast.core.HazelcastInstance;
import io.navpack.hazelcast.MemberJvm;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.sql.member.RowsEntriesRead;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static io.navpack.sql.SqlMembers.rows;
import static io.navpack.sql.SqlMembers.update;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Rows mappings (a row per occurrence of a repeated element) over orders on two member JVMs without the order
 * classes: the columns, exact decimal sums per group, filters on the element's and the parent's fields, the entries an
 * index lookup reads against a full scan, lists of scalars and arrays of records, a join, and the errors; every answer
 * against the same question asked of the orders in memory.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RowsMappingTest {
    private static final int ENTRIES = 1_500;
    private final SqlMembers cluster = new SqlMembers(2);
    private final List<Order> orders = Orders.generate(ENTRIES, 11);
    private HazelcastInstance client;

    private Config memberConfig(int port) {
        Config c = SqlMembers.memberConfig(new Config(), cluster.cluster, port, cluster.ports);
        c.addMapConfig(new MapConfig("orders_idx")
                .addIndexConfig(new IndexConfig(IndexType.HASH, "lines[any].sku"))
                .addIndexConfig(new IndexConfig(IndexType.HASH, "status")));
        return c;
    }

    @BeforeAll
    void start() {
        Path work = Path.of("target", "rows-mapping-test", cluster.cluster);
        for (int i = 0; i < cluster.ports.length; i++) {
            cluster.members.add(MemberJvm.start("member-" + (i + 1), memberConfig(cluster.ports[i]), work,
                    "io.navpack.sql.member"));
        }
        client = cluster.client(NavpackConfig.of(Order.class).applyTo(new ClientConfig()));
        Map<Long, Order> all = new HashMap<>();
        orders.forEach(o -> all.put(o.id(), o));
        client.getMap("orders").putAll(all);
        client.getMap("orders_idx").putAll(all);
        update(client, "CREATE MAPPING orders TYPE NavpackMap");
        for (String map : List.of("orders", "orders_idx")) {
            update(client, "CREATE MAPPING " + map + "_lines EXTERNAL NAME " + map + " TYPE NavpackMap OPTIONS ("
                    + "'valueNavpackType' = 'Order', 'rows' = 'lines[any]', 'parentFields' = 'status, customer.address.city')");
        }
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

    /** Every line of every order as the rows mapping's columns, by "key/index". */
    private Map<String, List<Object>> lines(Predicate<Order> orderFilter, Predicate<Order.Line> lineFilter) {
        Map<String, List<Object>> out = new TreeMap<>();
        for (Order o : orders) {
            for (int i = 0; i < o.lines().size(); i++) {
                Order.Line l = o.lines().get(i);
                if (orderFilter.test(o) && lineFilter.test(l)) {
                    out.put(o.id() + "/" + i, List.of(l.sku(), l.qty(), l.price().toPlainString()));
                }
            }
        }
        assertThat(out).as("the oracle selects some rows").isNotEmpty();
        return out;
    }

    private static Map<String, List<Object>> byKeyAndIndex(List<List<Object>> rows) {
        Map<String, List<Object>> out = new TreeMap<>();
        for (List<Object> r : rows) {
            List<Object> rest = new ArrayList<>(r.subList(2, r.size()));
            rest.set(2, ((BigDecimal) rest.get(2)).toPlainString());
            assertThat(out.put(r.get(0) + "/" + r.get(1), rest)).as("one row per occurrence").isNull();
        }
        return out;
    }

    @Test
    void theColumnsAreTheKeyThePositionTheElementsFieldsAndTheChosenParentFields() {
        List<List<Object>> columns = rows(client, "SELECT column_name, data_type FROM information_schema.columns "
                + "WHERE table_name = 'orders_lines' ORDER BY ordinal_position");
        assertThat(columns).containsExactly(List.of("__key", "BIGINT"), List.of("__index", "INTEGER"),
                List.of("sku", "VARCHAR"), List.of("qty", "INTEGER"), List.of("price", "DECIMAL"),
                List.of("status", "VARCHAR"), List.of("customer.address.city", "VARCHAR"));
    }

    @Test
    void everyOccurrenceIsARowWithItsParentsFields() {
        Map<String, List<Object>> got = byKeyAndIndex(rows(client,
                "SELECT __key, __index, sku, qty, price FROM orders_lines"));
        assertThat(got).isEqualTo(lines(o -> true, l -> true));
        assertThat(got.size()).isGreaterThan(ENTRIES);

        Map<String, List<Object>> filtered = byKeyAndIndex(rows(client, "SELECT __key, __index, sku, qty, price "
                + "FROM orders_lines WHERE status = 'OPEN' AND price > 500 AND \"customer.address.city\" = 'Oslo'"));
        assertThat(filtered).isEqualTo(lines(o -> o.status().equals("OPEN") && "Oslo".equals(city(o)),
                l -> l.price().compareTo(new BigDecimal("500")) > 0));
    }

    @Test
    void sumsOfDecimalsPerGroupAreExact() {
        Map<String, List<Object>> got = new TreeMap<>();
        for (List<Object> r : rows(client, "SELECT sku, SUM(price), SUM(price * qty), COUNT(*) FROM orders_lines "
                + "GROUP BY sku")) {
            got.put((String) r.get(0), List.of(((BigDecimal) r.get(1)).toPlainString(),
                    ((BigDecimal) r.get(2)).toPlainString(), r.get(3)));
        }
        Map<String, BigDecimal[]> sums = new TreeMap<>();
        Map<String, Long> counts = new TreeMap<>();
        for (Order o : orders) {
            for (Order.Line l : o.lines()) {
                BigDecimal[] s = sums.computeIfAbsent(l.sku(), k -> new BigDecimal[] {BigDecimal.ZERO, BigDecimal.ZERO});
                s[0] = s[0].add(l.price());
                s[1] = s[1].add(l.price().multiply(BigDecimal.valueOf(l.qty())));
                counts.merge(l.sku(), 1L, Long::sum);
            }
        }
        Map<String, List<Object>> expected = new TreeMap<>();
        sums.forEach((sku, s) -> expected.put(sku, List.of(s[0].toPlainString(), s[1].toPlainString(), counts.get(sku))));
        assertThat(got).isEqualTo(expected).hasSizeGreaterThan(1);

        Map<String, BigDecimal> perCity = new TreeMap<>();
        for (List<Object> r : rows(client, "SELECT \"customer.address.city\", SUM(price) FROM orders_lines "
                + "WHERE \"customer.address.city\" IS NOT NULL GROUP BY \"customer.address.city\"")) {
            perCity.put((String) r.get(0), (BigDecimal) r.get(1));
        }
        Map<String, BigDecimal> oracle = new TreeMap<>();
        orders.stream().filter(o -> city(o) != null).forEach(o -> o.lines()
                .forEach(l -> oracle.merge(city(o), l.price(), BigDecimal::add)));
        assertThat(perCity).isEqualTo(oracle);
    }

    private long entriesRead() {
        long n = 0;
        try {
            for (Future<Long> f : client.getExecutorService("rows-test").submitToAllMembers(new RowsEntriesRead()).values()) {
                n += f.get();
            }
        } catch (InterruptedException | ExecutionException e) {
            throw new AssertionError(e);
        }
        return n;
    }

    /** The rows of {@code sql} and the entries the members walked to make them. */
    private Map<String, List<Object>> readingEntries(String sql, long expectedEntries, Object... args) {
        long before = entriesRead();
        Map<String, List<Object>> got = byKeyAndIndex(rows(client, sql, args));
        assertThat(entriesRead() - before).as("entries walked for %s", sql).isEqualTo(expectedEntries);
        return got;
    }

    @Test
    void anEqualityOnAFieldThatAnIndexHoldsReadsOnlyTheEntriesTheIndexFinds() {
        List<String> skus = orders.stream().flatMap(o -> o.lines().stream()).map(Order.Line::sku).distinct().sorted().toList();
        String sku = skus.get(skus.size() / 2);
        long withSku = orders.stream().filter(o -> o.lines().stream().anyMatch(l -> l.sku().equals(sku))).count();
        Map<String, List<Object>> expected = lines(o -> true, l -> l.sku().equals(sku));
        String select = "SELECT __key, __index, sku, qty, price FROM ";
        assertThat(readingEntries(select + "orders_idx_lines WHERE sku = ?", withSku, sku)).isEqualTo(expected);
        assertThat(readingEntries(select + "orders_lines WHERE sku = ?", ENTRIES, sku)).isEqualTo(expected);
        assertThat(readingEntries(select + "orders_idx_lines WHERE '" + sku + "' = sku AND qty > 4", withSku))
                .isEqualTo(lines(o -> true, l -> l.sku().equals(sku) && l.qty() > 4));

        long paid = orders.stream().filter(o -> o.status().equals("PAID")).count();
        assertThat(readingEntries(select + "orders_idx_lines WHERE status = 'PAID'", paid))
                .isEqualTo(lines(o -> o.status().equals("PAID"), l -> true));
        // what no index serves: ranges, OR, and fields without an index
        assertThat(readingEntries(select + "orders_idx_lines WHERE sku > ?", ENTRIES, sku))
                .isEqualTo(lines(o -> true, l -> l.sku().compareTo(sku) > 0));
        assertThat(readingEntries(select + "orders_idx_lines WHERE sku = ? OR qty = 1", ENTRIES, sku))
                .isEqualTo(lines(o -> true, l -> l.sku().equals(sku) || l.qty() == 1));
    }

    @Test
    void listsOfScalarsAndArraysOfRecords() {
        update(client, "CREATE MAPPING order_tags EXTERNAL NAME orders TYPE NavpackMap "
                + "OPTIONS ('valueNavpackType' = 'Order', 'rows' = 'tags[any]')");
        Map<String, Long> tags = new TreeMap<>();
        rows(client, "SELECT tags, COUNT(*) FROM order_tags GROUP BY tags").forEach(r -> tags.put((String) r.get(0), (Long) r.get(1)));
        assertThat(tags).isEqualTo(orders.stream().filter(o -> o.tags() != null).flatMap(o -> o.tags().stream())
                .collect(Collectors.groupingBy(t -> t, TreeMap::new, Collectors.counting())));

        update(client, "CREATE MAPPING order_extras EXTERNAL NAME orders (__key BIGINT, pos INT EXTERNAL NAME "
                + "\"__index\", item VARCHAR EXTERNAL NAME \"this.sku\", state VARCHAR EXTERNAL NAME \"entry.status\") "
                + "TYPE NavpackMap OPTIONS ('valueNavpackType' = 'Order', 'rows' = 'extras[any]')");
        Map<Long, List<Object>> extras = new TreeMap<>();
        rows(client, "SELECT __key, pos, item, state FROM order_extras").forEach(r -> extras.put((Long) r.get(0), r.subList(1, 4)));
        Map<Long, List<Object>> expected = new TreeMap<>();
        orders.stream().filter(o -> o.extras() != null)
                .forEach(o -> expected.put(o.id(), List.of(0, o.extras()[0].sku(), o.status())));
        assertThat(extras).isEqualTo(expected).isNotEmpty();
    }

    @Test
    void theGuidesSnippetAnswersWhatTheOracleSays() {
        List<String> snippet = GuideSqlTest.snippet("sql-rows");
        assertThat(snippet).hasSize(2);
        update(client, snippet.get(0));
        Map<String, List<Object>> expected = new TreeMap<>();
        orders.stream().filter(o -> o.status().equals("OPEN")).flatMap(o -> o.lines().stream()).forEach(l -> {
            List<Object> e = expected.computeIfAbsent(l.sku(), k -> new ArrayList<>(List.of(0L, BigDecimal.ZERO)));
            e.set(0, (Long) e.get(0) + 1);
            e.set(1, ((BigDecimal) e.get(1)).add(l.price().multiply(BigDecimal.valueOf(l.qty()))));
        });
        List<List<Object>> got = rows(client, snippet.get(1));
        assertThat(got.stream().map(r -> (String) r.get(0)).toList()).isEqualTo(new ArrayList<>(expected.keySet()));
        for (List<Object> r : got) {
            assertThat(r.get(1)).isEqualTo(expected.get((String) r.get(0)).get(0));
            assertThat((BigDecimal) r.get(2)).isEqualByComparingTo((BigDecimal) expected.get((String) r.get(0)).get(1));
        }
    }

    @Test
    void joinedWithTheValueMapping() {
        Map<String, Object> got = new TreeMap<>();
        for (List<Object> r : rows(client, "SELECT l.__key, l.__index, o.total FROM orders_lines l JOIN orders o "
                + "ON l.__key = o.__key WHERE l.qty = 9")) {
            got.put(r.get(0) + "/" + r.get(1), ((BigDecimal) r.get(2)).toPlainString());
        }
        Map<String, Object> expected = new TreeMap<>();
        for (Order o : orders) {
            for (int i = 0; i < o.lines().size(); i++) {
                if (o.lines().get(i).qty() == 9) {
                    expected.put(o.id() + "/" + i, o.total().toPlainString());
                }
            }
        }
        assertThat(got).isEqualTo(expected).isNotEmpty();
    }

    @Test
    void errorsNameTheFix() {
        assertThatThrownBy(() -> update(client, "CREATE MAPPING bad1 EXTERNAL NAME orders TYPE NavpackMap "
                + "OPTIONS ('valueNavpackType' = 'Order', 'rows' = 'lines')"))
                .hasMessageContaining("must end with [any]").hasMessageContaining("lines[any]");
        assertThatThrownBy(() -> update(client, "CREATE MAPPING bad2 EXTERNAL NAME orders TYPE NavpackMap "
                + "OPTIONS ('valueNavpackType' = 'Order', 'rows' = 'lnes[any]')"))
                .hasMessageContaining("no field 'lnes'").hasMessageContaining("lines");
        assertThatThrownBy(() -> update(client, "CREATE MAPPING bad3 EXTERNAL NAME orders TYPE NavpackMap "
                + "OPTIONS ('valueNavpackType' = 'Order', 'rows' = 'lines[2]')"))
                .hasMessageContaining("[any]");
        assertThatThrownBy(() -> update(client, "CREATE MAPPING bad4 EXTERNAL NAME orders TYPE NavpackMap "
                + "OPTIONS ('valueNavpackType' = 'Order', 'rows' = 'lines[any]', 'parentFields' = 'customer.adress')"))
                .hasMessageContaining("customer.adress").hasMessageContaining("customer");
        assertThatThrownBy(() -> update(client, "CREATE MAPPING bad5 EXTERNAL NAME orders TYPE NavpackMap "
                + "OPTIONS ('valueNavpackType' = 'Order', 'rows' = 'lines.sku[any]')"))
                .hasMessageContaining("'lines' repeats").hasMessageContaining("write lines[any]");
        assertThatThrownBy(() -> update(client, "INSERT INTO orders_lines (__key, __index, sku) VALUES (1, 0, 'x')"))
                .hasMessageContaining("read-only");
        assertThat(Objects.requireNonNull(client.getMap("orders").get(1L))).isNotNull();
    }
}
