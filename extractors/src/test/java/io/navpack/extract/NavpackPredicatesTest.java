package io.navpack.extract;

import com.acme.orders.Order;
import com.acme.orders.Orders;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.MapConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.nio.serialization.genericrecord.GenericRecordBuilder;
import com.hazelcast.query.Predicate;
import com.hazelcast.query.Predicates;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.MemberJvm;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.NavpackPredicates;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Predicates wrapped by {@link NavpackPredicates} on two member JVMs without the user's classes, BINARY and OBJECT
 * maps: every kind of Hazelcast predicate (API and SQL strings; comparisons, ranges, {@code in}, {@code like},
 * {@code regex}, {@code and}/{@code or}/{@code not}, nulls, enums, nested paths, {@code [any]}, {@code [n]}, key
 * attributes) selects exactly the entries the plain predicate selects, and those the oracle over the orders selects;
 * a map that also holds a Compact value answers for both; errors are the plain predicate's.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NavpackPredicatesTest {
    private static final int ENTRIES = 2_000;
    private static final List<String> MAPS = List.of("wrapped", "wrapped-object");

    private final String cluster = Loopback.clusterName();
    private final int[] ports = {Loopback.freePort(), Loopback.freePort()};
    private final List<MemberJvm> members = new ArrayList<>();
    private final List<Order> orders = Orders.generate(ENTRIES, 23);
    private HazelcastInstance client;

    @BeforeAll
    void start() {
        Path work = Path.of("target", "navpack-predicates-test", cluster);
        for (int i = 0; i < ports.length; i++) {
            Config c = Loopback.member(new Config(), cluster, ports[i], ports);
            c.addMapConfig(new MapConfig("wrapped-object*").setInMemoryFormat(InMemoryFormat.OBJECT));
            members.add(MemberJvm.start("member-" + (i + 1), c, work));
        }
        client = HazelcastClient.newHazelcastClient(Loopback.client(NavpackConfig.of(Order.class).applyTo(new ClientConfig()),
                cluster, ports));
        Map<Long, Order> all = new HashMap<>();
        orders.forEach(o -> all.put(o.id(), o));
        MAPS.forEach(m -> client.getMap(m).putAll(all));
    }

    @AfterAll
    void stop() {
        if (client != null) {
            client.shutdown();
        }
        members.forEach(MemberJvm::close);
    }

    private void same(Predicate<Long, Order> plain, java.util.function.Predicate<Order> oracle) {
        Set<Long> expected = orders.stream().filter(oracle).map(Order::id).collect(Collectors.toCollection(TreeSet::new));
        assertThat(expected).as("the oracle selects some but not all for %s", plain).isNotEmpty().hasSizeLessThan(ENTRIES);
        for (String name : MAPS) {
            IMap<Long, Order> map = client.getMap(name);
            assertThat(new TreeSet<>(map.keySet(NavpackPredicates.of(plain)))).as("%s on %s", plain, name).isEqualTo(expected);
            assertThat(new TreeSet<>(map.keySet(plain))).as("plain %s on %s", plain, name).isEqualTo(expected);
        }
    }

    private static String city(Order o) {
        return o.customer() == null || o.customer().address() == null ? null : o.customer().address().city();
    }

    private static boolean anySku(Order o, String sku) {
        return o.lines() != null && o.lines().stream().anyMatch(l -> l.sku().equals(sku));
    }

    @Test
    void everyKindOfPredicateSelectsWhatThePlainOneAndTheOracleSelect() {
        BigDecimal limit = new BigDecimal("5000");
        same(Predicates.equal("status", "OPEN"), o -> o.status().equals("OPEN"));
        same(Predicates.notEqual("status", "OPEN"), o -> !o.status().equals("OPEN"));
        same(Predicates.greaterThan("total", limit), o -> o.total().compareTo(limit) > 0);
        same(Predicates.between("placed", LocalDate.of(2026, 3, 1), LocalDate.of(2026, 5, 31)),
                o -> !o.placed().isBefore(LocalDate.of(2026, 3, 1)) && !o.placed().isAfter(LocalDate.of(2026, 5, 31)));
        same(Predicates.in("status", "PAID", "SHIPPED"), o -> o.status().equals("PAID") || o.status().equals("SHIPPED"));
        same(Predicates.like("customer.name", "C1%"), o -> o.customer() != null && o.customer().name().startsWith("C1"));
        same(Predicates.regex("status", "^(OPEN|PAID)$"), o -> o.status().equals("OPEN") || o.status().equals("PAID"));
        same(Predicates.equal("priority", "HIGH"), o -> o.priority() == Order.Priority.HIGH);
        same(Predicates.equal("priority", null), o -> o.priority() == null);
        same(Predicates.greaterThan("discount", 40L), o -> o.discount() != null && o.discount() > 40);
        same(Predicates.lessThan("__key", 300L), o -> o.id() < 300);
        same(Predicates.not(Predicates.equal("customer.address.city", "Oslo")), o -> !"Oslo".equals(city(o)));
        same(Predicates.equal("lines[any].sku", "B-2"), o -> anySku(o, "B-2"));
        same(Predicates.equal("lines[0].sku", "C-3"), o -> o.lines() != null && !o.lines().isEmpty()
                && o.lines().get(0).sku().equals("C-3"));
        same(Predicates.greaterThan("scores[any]", 90), o -> java.util.Arrays.stream(o.scores()).anyMatch(s -> s > 90));
        same(Predicates.equal("tags[any]", "vip"), o -> o.tags() != null && o.tags().contains("vip"));
        same(Predicates.sql("customer.address.city = 'Oslo' or lines[any].sku = 'A-1'"),
                o -> "Oslo".equals(city(o)) || anySku(o, "A-1"));
        same(Predicates.sql("status = 'OPEN' and total > 5000 and placed >= '2026-07-01'"), o -> o.status().equals("OPEN")
                && o.total().compareTo(limit) > 0 && !o.placed().isBefore(LocalDate.of(2026, 7, 1)));
    }

    @Test
    void valuesOfOtherFormatsAndErrorsAreAsForThePlainPredicate() {
        IMap<Object, Object> mixed = client.getMap("wrapped-mixed");
        orders.subList(0, 200).forEach(o -> mixed.put(o.id(), o));
        mixed.put(-1L, GenericRecordBuilder.compact("Other").setString("status", "OPEN").build());
        Predicate<Object, Object> open = Predicates.equal("status", "OPEN");
        assertThat(new TreeSet<>(mixed.keySet(NavpackPredicates.of(open)))).isEqualTo(new TreeSet<>(mixed.keySet(open)))
                .contains(-1L);
        assertThatThrownBy(() -> client.getMap("wrapped").keySet(NavpackPredicates.of(Predicates.equal("stauts", "OPEN"))))
                .hasMessageContaining("no field 'stauts' in any version of Order");
        assertThatThrownBy(() -> client.getMap("wrapped").keySet(NavpackPredicates.of(Predicates.equal("lines.sku", "A-1"))))
                .hasMessageContaining("'lines' is repeated in Order");
    }
}
