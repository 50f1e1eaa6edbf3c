package io.navpack.extract;

import com.acme.orders.Order;
import com.acme.orders.Orders;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.AttributeConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.IndexConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.config.MapConfig;
import com.hazelcast.core.EntryEvent;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.map.QueryCache;
import com.hazelcast.map.listener.EntryAddedListener;
import com.hazelcast.nio.serialization.genericrecord.GenericRecord;
import com.hazelcast.nio.serialization.genericrecord.GenericRecordBuilder;
import com.hazelcast.aggregation.Aggregators;
import com.hazelcast.projection.Projections;
import com.hazelcast.query.PagingPredicate;
import com.hazelcast.query.Predicate;
import com.hazelcast.query.Predicates;
import io.navpack.extract.member.IndexHits;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.MemberJvm;
import io.navpack.hazelcast.NavpackConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Plain field names wherever Hazelcast takes an attribute, on two member JVMs that have navpack's jars
 * but not the user's classes and no attribute configuration for them: predicates (API and SQL strings)
 * with and without HASH, SORTED and BITMAP indexes, in BINARY and OBJECT in-memory formats, nested
 * records, lists, sets and arrays ({@code a.b}, {@code l[2].x}, {@code l[any].x}), projections,
 * aggregations, paging with a field comparator, a query cache and a listener with a predicate. Every
 * answer is compared with the same predicate evaluated in memory on the orders the client wrote.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PlainNamesClusterTest {
    private static final int ENTRIES = 3_000;
    private static final String MEMBER_TASKS = "io.navpack.extract.member";
    private static final List<String> MAPS = List.of("orders", "orders-indexed", "orders-object", "orders-object-indexed");

    private final String cluster = Loopback.clusterName();
    private final int[] ports = {Loopback.freePort(), Loopback.freePort()};
    private final List<MemberJvm> members = new ArrayList<>();
    private final List<Order> orders = Orders.generate(ENTRIES, 7);
    private HazelcastInstance client;

    private Config memberConfig(int port) {
        Config c = Loopback.member(new Config(), cluster, port, ports);
        // nothing navpack-specific: the jars on the class path are enough for plain names
        c.addMapConfig(new MapConfig("orders*").setBackupCount(1));
        c.addMapConfig(new MapConfig("orders-object*").setBackupCount(1).setInMemoryFormat(InMemoryFormat.OBJECT));
        c.addMapConfig(new MapConfig("orders-nav").setBackupCount(1)
                .addAttributeConfig(new AttributeConfig("nav", NavpackExtractor.class.getName())));
        for (String indexed : List.of("orders-indexed", "orders-object-indexed")) {
            c.getMapConfig(indexed).setBackupCount(1)
                    .setInMemoryFormat(indexed.contains("object") ? InMemoryFormat.OBJECT : InMemoryFormat.BINARY)
                    .addIndexConfig(new IndexConfig(IndexType.HASH, "status"))
                    .addIndexConfig(new IndexConfig(IndexType.SORTED, "total"))
                    .addIndexConfig(new IndexConfig(IndexType.SORTED, "placed"))
                    .addIndexConfig(new IndexConfig(IndexType.HASH, "customer.address.city"))
                    .addIndexConfig(new IndexConfig(IndexType.BITMAP, "priority"))
                    .addIndexConfig(new IndexConfig(IndexType.HASH, "lines[any].sku"))
                    .addIndexConfig(new IndexConfig(IndexType.SORTED, "status", "total"));
        }
        return c;
    }

    @BeforeAll
    void start() {
        Path work = Path.of("target", "plain-names-test", cluster);
        members.add(MemberJvm.start("member-1", memberConfig(ports[0]), work, MEMBER_TASKS));
        members.add(MemberJvm.start("member-2", memberConfig(ports[1]), work, MEMBER_TASKS));
        client = HazelcastClient.newHazelcastClient(Loopback.client(NavpackConfig.of(Order.class).applyTo(new ClientConfig()),
                cluster, ports));
        Map<Long, Order> all = new HashMap<>();
        for (Order o : orders) {
            all.put(o.id(), o);
        }
        for (String name : MAPS) {
            client.getMap(name).putAll(all);
        }
        client.getMap("orders-nav").putAll(all);
        assertThat(client.getCluster().getMembers()).hasSize(2);
    }

    @AfterAll
    void stop() {
        if (client != null) client.shutdown();
        members.forEach(MemberJvm::close);
    }

    private Set<Long> expected(java.util.function.Predicate<Order> oracle) {
        return orders.stream().filter(oracle).map(Order::id).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<Long> ids(Collection<Order> values) {
        return values.stream().map(Order::id).collect(Collectors.toCollection(TreeSet::new));
    }

    private void check(Predicate<Long, Order> predicate, java.util.function.Predicate<Order> oracle) {
        Set<Long> expected = expected(oracle);
        assertThat(expected).as("the oracle selects some but not all orders for %s", predicate)
                .isNotEmpty().hasSizeLessThan(ENTRIES);
        for (String name : MAPS) {
            IMap<Long, Order> map = client.getMap(name);
            assertThat(ids(map.values(predicate))).as("%s on %s", predicate, name).isEqualTo(expected);
            assertThat(new TreeSet<>(map.keySet(predicate))).as("keySet %s on %s", predicate, name).isEqualTo(expected);
        }
    }

    private static boolean any(Collection<?> c, java.util.function.Predicate<Object> p) {
        return c != null && c.stream().anyMatch(p);
    }

    private static String city(Order o) {
        return o.customer() == null || o.customer().address() == null ? null : o.customer().address().city();
    }

    @Test
    void scalarFieldsByPlainName() {
        BigDecimal limit = new BigDecimal("5000.00");
        check(Predicates.equal("status", "OPEN"), o -> o.status().equals("OPEN"));
        check(Predicates.greaterThan("total", limit), o -> o.total().compareTo(limit) > 0);
        check(Predicates.between("placed", LocalDate.of(2026, 3, 1), LocalDate.of(2026, 5, 31)),
                o -> !o.placed().isBefore(LocalDate.of(2026, 3, 1)) && !o.placed().isAfter(LocalDate.of(2026, 5, 31)));
        check(Predicates.in("status", "PAID", "SHIPPED"), o -> o.status().equals("PAID") || o.status().equals("SHIPPED"));
        check(Predicates.lessThan("id", 100L), o -> o.id() < 100);
        check(Predicates.greaterEqual("weight", 500.0), o -> o.weight() >= 500.0);
        check(Predicates.equal("priority", "HIGH"), o -> o.priority() == Order.Priority.HIGH);
        check(Predicates.equal("priority", null), o -> o.priority() == null);
        check(Predicates.equal("discount", null), o -> o.discount() == null);
        check(Predicates.greaterThan("discount", 40L), o -> o.discount() != null && o.discount() > 40);
        Instant june = Instant.parse("2026-06-01T00:00:00Z");
        check(Predicates.lessThan("createdAt", june), o -> o.createdAt().isBefore(june));
        UUID ref = orders.get(17).ref();
        check(Predicates.equal("ref", ref), o -> o.ref().equals(ref));
        check(Predicates.and(Predicates.equal("status", "OPEN"), Predicates.greaterThan("total", limit)),
                o -> o.status().equals("OPEN") && o.total().compareTo(limit) > 0);
        check(Predicates.or(Predicates.equal("status", "OPEN"), Predicates.not(Predicates.lessThan("total", limit))),
                o -> o.status().equals("OPEN") || o.total().compareTo(limit) >= 0);
    }

    @Test
    void sqlPredicateStrings() {
        check(Predicates.sql("status = 'OPEN' and total > 5000"),
                o -> o.status().equals("OPEN") && o.total().compareTo(new BigDecimal("5000")) > 0);
        check(Predicates.sql("placed >= '2026-07-01'"), o -> !o.placed().isBefore(LocalDate.of(2026, 7, 1)));
        check(Predicates.sql("priority = 'LOW' or priority = 'HIGH'"),
                o -> o.priority() == Order.Priority.LOW || o.priority() == Order.Priority.HIGH);
        check(Predicates.sql("customer.address.city = 'Oslo'"), o -> "Oslo".equals(city(o)));
        check(Predicates.sql("customer.name like 'C1%'"), o -> o.customer() != null && o.customer().name().startsWith("C1"));
        check(Predicates.sql("lines[any].sku = 'A-1'"), o -> any(o.lines(), l -> ((Order.Line) l).sku().equals("A-1")));
        check(Predicates.sql("status in ('PAID', 'CANCELLED') and customer.address.country = 'NO'"),
                o -> (o.status().equals("PAID") || o.status().equals("CANCELLED")) && o.customer() != null
                        && o.customer().address() != null && o.customer().address().country().equals("NO"));
    }

    @Test
    void nestedRecordsListsSetsAndArrays() {
        check(Predicates.equal("customer.address.city", "Paris"), o -> "Paris".equals(city(o)));
        check(Predicates.equal("lines[any].sku", "B-2"), o -> any(o.lines(), l -> ((Order.Line) l).sku().equals("B-2")));
        check(Predicates.greaterThan("lines[any].qty", 7), o -> any(o.lines(), l -> ((Order.Line) l).qty() > 7));
        check(Predicates.equal("lines[0].sku", "C-3"), o -> !o.lines().isEmpty() && o.lines().get(0).sku().equals("C-3"));
        check(Predicates.greaterEqual("lines[1].price", new BigDecimal("500")),
                o -> o.lines().size() > 1 && o.lines().get(1).price().compareTo(new BigDecimal("500")) >= 0);
        check(Predicates.equal("tags[any]", "vip"), o -> any(o.tags(), t -> t.equals("vip")));
        check(Predicates.greaterThan("scores[any]", 90), o -> Arrays.stream(o.scores()).anyMatch(s -> s > 90));
        check(Predicates.lessThan("scores[0]", 10), o -> o.scores().length > 0 && o.scores()[0] < 10);
        check(Predicates.equal("extras[any].sku", "D-4"),
                o -> o.extras() != null && Arrays.stream(o.extras()).anyMatch(l -> l.sku().equals("D-4")));
    }

    @Test
    void indexesServeTheQueries() {
        IMap<Long, Order> indexed = client.getMap("orders-indexed");
        long before = indexHits(indexed);
        check(Predicates.equal("customer.address.city", "Lyon"), o -> "Lyon".equals(city(o)));
        check(Predicates.equal("lines[any].sku", "E-5"), o -> any(o.lines(), l -> ((Order.Line) l).sku().equals("E-5")));
        check(Predicates.equal("priority", "NORMAL"), o -> o.priority() == Order.Priority.NORMAL);
        assertThat(indexHits(indexed)).as("index hits on the members").isGreaterThan(before);
    }

    /** Index hits of the map summed over the members (each member counts the queries its indexes answered). */
    private long indexHits(IMap<Long, Order> map) {
        return client.getExecutorService("probe").submitToAllMembers(new IndexHits(map.getName())).values().stream()
                .mapToLong(f -> {
                    try {
                        return f.get(30, TimeUnit.SECONDS);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }).sum();
    }

    @Test
    void projectionsAndAggregations() {
        for (String name : MAPS) {
            IMap<Long, Order> map = client.getMap(name);
            Predicate<Long, Order> open = Predicates.equal("status", "OPEN");
            List<Order> openOrders = orders.stream().filter(o -> o.status().equals("OPEN")).collect(Collectors.toList());
            assertThat(new TreeSet<>(map.project(Projections.<Map.Entry<Long, Order>, String>singleAttribute("customer.name"), open)
                    .stream().filter(Objects::nonNull).collect(Collectors.toList())))
                    .isEqualTo(openOrders.stream().filter(o -> o.customer() != null).map(o -> o.customer().name())
                            .collect(Collectors.toCollection(TreeSet::new)));
            Set<List<Object>> pairs = map.project(Projections.<Map.Entry<Long, Order>>multiAttribute("id", "status"), open)
                    .stream().map(Arrays::asList).collect(Collectors.toSet());
            assertThat(pairs).isEqualTo(openOrders.stream().map(o -> List.<Object>of(o.id(), o.status())).collect(Collectors.toSet()));
            assertThat(map.aggregate(Aggregators.bigDecimalSum("total"), open))
                    .isEqualByComparingTo(openOrders.stream().map(Order::total).reduce(BigDecimal.ZERO, BigDecimal::add));
            assertThat(map.aggregate(Aggregators.longMax("id"))).isEqualTo((long) ENTRIES);
            assertThat(map.aggregate(Aggregators.count("status"), open)).isEqualTo(openOrders.size());
            assertThat(map.aggregate(Aggregators.<Map.Entry<Long, Order>, String>distinct("customer.address.city")))
                    .isEqualTo(orders.stream().map(PlainNamesClusterTest::city).collect(Collectors.toSet()));
            assertThat(map.aggregate(Aggregators.doubleAvg("weight")))
                    .isCloseTo(orders.stream().mapToDouble(Order::weight).average().orElseThrow(), org.assertj.core.data.Offset.offset(1e-9));
        }
    }

    @Test
    void pagingWithAFieldComparator() {
        IMap<Long, Order> map = client.getMap("orders");
        Comparator<Order> byTotalDesc = Comparator.comparing(Order::total).reversed().thenComparing(Order::id);
        List<Long> expected = orders.stream().filter(o -> o.status().equals("PAID")).sorted(byTotalDesc)
                .limit(30).map(Order::id).collect(Collectors.toList());
        PagingPredicate<Long, Order> paging = Predicates.pagingPredicate(Predicates.equal("status", "PAID"),
                FieldComparator.<Long, Order>by("total").reversed(), 10);
        List<Long> seen = new ArrayList<>();
        for (int page = 0; page < 3; page++) {
            paging.setPage(page);
            seen.addAll(map.values(paging).stream().map(Order::id).collect(Collectors.toList()));
        }
        List<BigDecimal> totals = seen.stream().map(id -> orders.get((int) (id - 1)).total()).collect(Collectors.toList());
        assertThat(totals).isEqualTo(expected.stream().map(id -> orders.get((int) (id - 1)).total()).collect(Collectors.toList()));
    }

    @Test
    void queryCacheAndListenerWithPredicates() throws Exception {
        IMap<Long, Order> map = client.getMap("orders-object");
        QueryCache<Long, Order> cache = map.getQueryCache("open-orders", Predicates.sql("status = 'OPEN' and total > 9000"), true);
        Set<Long> expected = expected(o -> o.status().equals("OPEN") && o.total().compareTo(new BigDecimal("9000")) > 0);
        assertThat(new TreeSet<>(cache.keySet())).isEqualTo(expected);
        assertThat(ids(cache.values(Predicates.equal("priority", Order.Priority.HIGH))))
                .isEqualTo(expected(o -> expected.contains(o.id()) && o.priority() == Order.Priority.HIGH));

        Set<Long> added = ConcurrentHashMap.newKeySet();
        map.addEntryListener((EntryAddedListener<Long, Order>) (EntryEvent<Long, Order> e) -> added.add(e.getKey()),
                Predicates.sql("customer.address.city = 'Turin'"), true);
        Order template = orders.get(0);
        for (int i = 0; i < 20; i++) {
            String city = i % 2 == 0 ? "Turin" : "Oslo";
            Order o = new Order(100_000 + i, "OPEN", new Order.Customer("N", new Order.Address(city, "IT")), List.of(),
                    null, new int[0], new BigDecimal("99999"), template.placed(), null, template.createdAt(),
                    template.ref(), Map.of(), null, null, 1.0);
            map.put(o.id(), o);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while ((added.size() < 10 || cache.size() < expected.size() + 20) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(added).hasSize(10).allMatch(id -> id % 2 == 0);
        assertThat(cache.size()).isEqualTo(expected.size() + 20);
        for (int i = 0; i < 20; i++) {
            map.delete(100_000L + i);
        }
    }

    @Test
    void aNameNoVersionHasIsRefusedNamingTheTypeAndItsFields() {
        for (String name : MAPS) {
            IMap<Long, Order> map = client.getMap(name);
            assertThatThrownBy(() -> map.values(Predicates.equal("stauts", "OPEN")))
                    .hasMessageContaining("stauts").hasMessageContaining("Order").hasMessageContaining("status");
            assertThatThrownBy(() -> map.values(Predicates.sql("customer.adress.city = 'Oslo'")))
                    .hasMessageContaining("adress");
        }
        // a field of another type (Address) read on an Order is no error: it reads null
        assertThat(client.getMap("orders").values(Predicates.equal("city", "Oslo"))).isEmpty();
    }

    @Test
    void theNavAttributeStillWorksBesidePlainNames() {
        IMap<Long, Order> map = client.getMap("orders-nav");
        Set<Long> expected = expected(o -> "Bergen".equals(city(o)) && o.status().equals("SHIPPED"));
        assertThat(ids(map.values(Predicates.sql("nav[customer.address.city] = 'Bergen' and status = 'SHIPPED'"))))
                .isEqualTo(expected);
        assertThat(ids(map.values(Predicates.equal("nav[lines.any.sku]", "F-6"))))
                .isEqualTo(expected(o -> any(o.lines(), l -> ((Order.Line) l).sku().equals("F-6"))));
        assertThatThrownBy(() -> client.getMap("orders").values(Predicates.equal("nav[status]", "OPEN")))
                .hasMessageContaining("nav").hasMessageContaining("NavpackExtractor");
    }

    @Test
    void aMapThatAlsoHoldsCompactValuesAnswersForAll() {
        IMap<Object, Object> mixed = client.getMap("orders-nav-mixed");
        for (Order o : orders.subList(0, 200)) {
            mixed.put(o.id(), o);
        }
        for (int i = 0; i < 50; i++) {
            GenericRecord compact = GenericRecordBuilder.compact("LegacyOrder").setInt64("id", 10_000 + i)
                    .setString("status", i % 2 == 0 ? "OPEN" : "PAID").setDecimal("total", BigDecimal.valueOf(i)).build();
            mixed.put(10_000L + i, compact);
        }
        Set<Object> expected = new HashSet<>(expected(o -> o.id() <= 200 && o.status().equals("OPEN")));
        for (int i = 0; i < 50; i += 2) {
            expected.add(10_000L + i);
        }
        assertThat(new HashSet<>(mixed.keySet(Predicates.equal("status", "OPEN")))).isEqualTo(expected);
    }
}
