package io.navpack.hazelcast;

import com.acme.orders.Order;
import com.acme.orders.OrderView;
import com.acme.orders.Orders;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.MapConfig;
import com.hazelcast.config.NearCacheConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.nearcache.NearCacheStats;
import com.hazelcast.query.Predicates;
import io.navpack.format.GeneratedView;
import io.navpack.format.PackedRecord;
import io.navpack.hazelcast.member.CompactStyleUpdate;
import io.navpack.hazelcast.member.CreateValue;
import io.navpack.hazelcast.member.MemberProbe;
import io.navpack.hazelcast.member.ReadField;
import io.navpack.hazelcast.member.SetField;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Interface views and builders through a real cluster: two member JVMs with navpack's jar and none of the
 * user's classes, a client that reads orders as {@link OrderView}s (with a near cache in the OBJECT format
 * on one map) and a client that writes and reads them as {@link Order}s. Every answer is compared with the
 * orders written.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InterfaceViewClusterTest {
    private static final int ENTRIES = 2_000;

    private final String cluster = Loopback.clusterName();
    private final int[] ports = {Loopback.freePort(), Loopback.freePort()};
    private final List<MemberJvm> members = new ArrayList<>();
    private final List<HazelcastInstance> clients = new ArrayList<>();
    private final List<Order> orders = Orders.generate(ENTRIES, 18);
    private final Map<Long, Order> byId = new HashMap<>();
    private HazelcastInstance writer;
    private HazelcastInstance reader;

    private Config memberConfig(int port) {
        Config c = Loopback.member(new Config(), cluster, port, ports);
        c.addMapConfig(new MapConfig("orders*").setBackupCount(1));
        return c;
    }

    private HazelcastInstance client(ClientConfig config) {
        HazelcastInstance c = HazelcastClient.newHazelcastClient(Loopback.client(config, cluster, ports));
        clients.add(c);
        return c;
    }

    @BeforeAll
    void start() {
        Path work = Path.of("target", "interface-view-test", cluster);
        members.add(MemberJvm.start("member-1", memberConfig(ports[0]), work));
        members.add(MemberJvm.start("member-2", memberConfig(ports[1]), work));
        writer = client(NavpackConfig.of(Order.class).applyTo(new ClientConfig()));
        ClientConfig views = NavpackConfig.of(Order.class).view("Order", OrderView.class).applyTo(new ClientConfig());
        views.addNearCacheConfig(new NearCacheConfig("orders-near").setInMemoryFormat(InMemoryFormat.OBJECT));
        reader = client(views);
        for (Order o : orders) {
            byId.put(o.id(), o);
        }
        for (String map : List.of("orders", "orders-near", "orders-ep")) {
            writer.getMap(map).putAll(byId);
        }
        assertThat(writer.getCluster().getMembers()).hasSize(2);
    }

    @AfterAll
    void stop() {
        clients.forEach(HazelcastInstance::shutdown);
        members.forEach(MemberJvm::close);
    }

    private IMap<Long, OrderView> views(String map) {
        return reader.getMap(map);
    }

    /** The view's fields, nested records and containers included, against the order it was written from. */
    private static void assertSame(OrderView v, Order o) {
        assertThat(v).isInstanceOf(GeneratedView.class);
        assertThat(v.id()).isEqualTo(o.id());
        assertThat(v.status()).isEqualTo(o.status());
        assertThat(v.customer() == null ? null : v.customer().name()).isEqualTo(o.customer() == null ? null : o.customer().name());
        if (o.customer() != null && o.customer().address() != null) {
            assertThat(v.customer().address().city()).isEqualTo(o.customer().address().city());
        }
        if (o.lines() == null) {
            assertThat(v.lines()).isNull();
        } else {
            assertThat(v.lines()).extracting(OrderView.LineView::sku).containsExactlyElementsOf(
                    o.lines().stream().map(Order.Line::sku).collect(Collectors.toList()));
        }
        assertThat(v.tags()).isEqualTo(o.tags());
        assertThat(v.scores()).isEqualTo(o.scores());
        assertThat(v.total()).isEqualTo(o.total());
        assertThat(v.placed()).isEqualTo(o.placed());
        assertThat(v.priority()).isEqualTo(o.priority());
        assertThat(v.createdAt()).isEqualTo(o.createdAt());
        assertThat(v.ref()).isEqualTo(o.ref());
        assertThat(v.counts()).isEqualTo(o.counts());
        assertThat(v.discount()).isEqualTo(o.discount());
        assertThat(v.weight()).isEqualTo(o.weight());
    }

    @Test
    void getValuesEntriesAndQueryResultsAreViews() {
        IMap<Long, OrderView> map = views("orders");
        for (long id = 1; id <= 50; id++) {
            assertSame(map.get(id), byId.get(id));
        }
        Collection<OrderView> all = map.values();
        assertThat(all).hasSize(ENTRIES);
        for (OrderView v : all) {
            assertSame(v, byId.get(v.id()));
        }
        for (Map.Entry<Long, OrderView> e : map.entrySet()) {
            assertThat(e.getValue().id()).isEqualTo(e.getKey());
        }
        Collection<OrderView> paid = map.values(Predicates.sql("status = 'PAID' and total > 5000"));
        Set<Long> expected = orders.stream().filter(o -> o.status().equals("PAID") && o.total().compareTo(new BigDecimal(5000)) > 0)
                .map(Order::id).collect(Collectors.toCollection(TreeSet::new));
        assertThat(expected).isNotEmpty();
        Set<Long> found = paid.stream().map(OrderView::id).collect(Collectors.toCollection(TreeSet::new));
        assertThat(found).isEqualTo(expected);
        Map<Long, OrderView> some = map.getAll(Set.of(3L, 4L, 5L));
        assertThat(some).hasSize(3);
        some.forEach((k, v) -> assertSame(v, byId.get(k)));
    }

    @Test
    void theNearCacheHoldsViewsAndForgetsChangedOnes() {
        IMap<Long, OrderView> map = views("orders-near");
        Map<Long, OrderView> first = new HashMap<>();
        for (long id = 1; id <= ENTRIES; id++) {
            first.put(id, map.get(id));
        }
        for (long id = 1; id <= ENTRIES; id++) {
            OrderView again = map.get(id);
            assertThat(again).isSameAs(first.get(id));
            assertSame(again, byId.get(id));
        }
        NearCacheStats stats = map.getLocalMapStats().getNearCacheStats();
        assertThat(stats.getOwnedEntryCount()).isEqualTo(ENTRIES);
        assertThat(stats.getHits()).isGreaterThanOrEqualTo(ENTRIES);

        Order changed = new Order(7, "CANCELLED", null, List.of(), null, new int[0], BigDecimal.ONE, LocalDate.of(2026, 5, 1),
                null, Orders.EPOCH, null, Map.of(), null, null, 0);
        writer.getMap("orders-near").put(7L, changed);
        long deadline = System.nanoTime() + 30_000_000_000L;
        OrderView seen = map.get(7L);
        while (!seen.status().equals("CANCELLED") && System.nanoTime() < deadline) {
            MemberJvm.sleep(50);
            seen = map.get(7L);
        }
        assertThat(seen).isNotSameAs(first.get(7L));
        assertSame(seen, changed);
        writer.getMap("orders-near").put(7L, byId.get(7L));
    }

    @Test
    void aViewIsWrittenBackAsItsBytes() {
        IMap<Long, Object> map = reader.getMap("orders");
        OrderView v = views("orders").get(11L);
        map.put(1_000_011L, v);
        assertThat(writer.getMap("orders").get(1_000_011L)).usingRecursiveComparison().isEqualTo(byId.get(11L));
        String stored = (String) writer.getMap("orders").executeOnKey(1_000_011L, new ReadField("status"));
        assertThat(stored).isEqualTo("1:" + byId.get(11L).status());
        assertThat(PackedRecord.ofView(views("orders").get(1_000_011L)).bytes()).isEqualTo(PackedRecord.ofView(v).bytes());
        map.delete(1_000_011L);
    }

    @Test
    void entryProcessorsBuildValuesOnMembersWithoutTheClasses() {
        for (MemberJvm m : members) {
            assertThat(m.isAlive()).isTrue();
        }
        assertThat(writer.getExecutorService("probe").submitToAllMembers(new MemberProbe(Order.class.getName())).values())
                .allSatisfy(f -> assertThat(get(f)).contains("class:false"));
        IMap<Long, Order> map = writer.getMap("orders-ep");
        IMap<Object, Object> raw = writer.getMap("orders-ep");

        // change one field; the others are copied as bytes
        Map<Object, Object> old = raw.executeOnEntries(new SetField("status", "PAID"), Predicates.sql("id <= 500"));
        assertThat(old).hasSize(500);
        for (long id = 1; id <= 600; id++) {
            Order o = byId.get(id);
            Order expected = id <= 500 ? withStatus(o, "PAID", o.total(), o.discount()) : o;
            assertThat(map.get(id)).usingRecursiveComparison().isEqualTo(expected);
            if (id <= 500) {
                assertThat(old.get(id)).isEqualTo(o.status());
            }
        }

        // the API Compact users know
        String before = (String) raw.executeOnKey(600L, new CompactStyleUpdate("SHIPPED", new BigDecimal("12.34")));
        assertThat(before).isEqualTo(byId.get(600L).status());
        assertThat(map.get(600L)).usingRecursiveComparison()
                .isEqualTo(withStatus(byId.get(600L), "SHIPPED", new BigDecimal("12.34"), null));

        // a new value of a type the cluster knows, nested records built the same way
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("id", 9_001L);
        fields.put("status", "OPEN");
        fields.put("customer", Map.of("name", "Ada", "address", Map.of("city", "Oslo", "country", "NO")));
        fields.put("total", new BigDecimal("99.95"));
        fields.put("placed", LocalDate.of(2026, 2, 3));
        fields.put("priority", "HIGH");
        fields.put("tags", Set.of("new"));
        fields.put("weight", 1.5);
        assertThat(raw.executeOnKey(9_001L, new CreateValue("Order", fields))).isEqualTo("Order v1");
        Order created = map.get(9_001L);
        assertThat(created).usingRecursiveComparison().isEqualTo(new Order(9_001L, "OPEN", new Order.Customer("Ada", new Order.Address("Oslo", "NO")), null,
                Set.of("new"), null, new BigDecimal("99.95"), LocalDate.of(2026, 2, 3), Order.Priority.HIGH, null, null, null,
                null, null, 1.5));
        assertSame(views("orders-ep").get(9_001L), created);

        // a value that does not match the schema is refused on the member, naming the field
        assertThatThrownBy(() -> raw.executeOnKey(601L, new SetField("weight", "heavy")))
                .hasMessageContaining("field weight of Order v1 (a double)").hasMessageContaining("java.lang.String");
        assertThat(map.get(601L)).usingRecursiveComparison().isEqualTo(byId.get(601L));
    }

    private static Order withStatus(Order o, String status, BigDecimal total, Long discount) {
        return new Order(o.id(), status, o.customer(), o.lines(), o.tags(), o.scores(), total, o.placed(), o.priority(),
                o.createdAt(), o.ref(), o.counts(), o.extras(), discount, o.weight());
    }

    /** An interface that does not match Order's schema. */
    public interface WrongOrderView {
        long id();

        LocalDate status();
    }

    @Test
    void aViewThatDoesNotMatchTheSchemaIsRefusedWhenTheClientStartsNamingBoth() {
        ClientConfig config = NavpackConfig.of(Order.class).view("Order", WrongOrderView.class).applyTo(new ClientConfig());
        assertThatThrownBy(() -> client(config)).hasMessageContaining("navpack cannot start on this client")
                .hasMessageContaining(WrongOrderView.class.getName()).hasMessageContaining("status()")
                .hasMessageContaining("string").hasMessageContaining("java.time.LocalDate");
    }

    private static <T> T get(java.util.concurrent.Future<T> f) {
        try {
            return f.get();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
