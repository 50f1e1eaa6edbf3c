package io.navpack.extract;

import com.acme.orders.Order;
import com.acme.orders.Orders;
import com.hazelcast.config.AttributeConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.MapConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.query.Predicates;
import io.navpack.format.Schema;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.NavpackContext;
import io.navpack.hazelcast.ReadMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A member in OBJECT read mode holds the user's objects: {@code nav[...]} reads them through their
 * accessors, as Hazelcast's reflection would, and never encodes them again: no navpack read happens, so
 * nothing of the break-even (counts, pins, calibration) is touched or restarted.
 */
class ObjectReadModeTest {
    private HazelcastInstance hz;

    @AfterEach
    void stop() {
        hz.shutdown();
        ValueReads.reset();
    }

    @Test
    void navAttributesReadJavaObjectsThroughTheirAccessorsWithoutEncodingThem() {
        int port = Loopback.freePort();
        Config c = Loopback.member(NavpackConfig.of(Order.class).readMode(ReadMode.OBJECT).applyTo(new Config()),
                Loopback.clusterName(), port, port);
        c.addMapConfig(new MapConfig("orders").addAttributeConfig(new AttributeConfig("nav", NavpackExtractor.class.getName())));
        hz = Hazelcast.newHazelcastInstance(c);
        List<Order> orders = Orders.generate(200, 3);
        IMap<Object, Object> map = hz.getMap("orders");
        orders.forEach(o -> map.put(o.id(), o));
        assertThat(map.get(1L)).isInstanceOf(Order.class);

        Schema schema = NavpackContext.of(hz).registry().binding(Order.class).schema();
        BreakEven be = BreakEven.of(schema);
        long reads = be.singleReads() + be.fullDecodes() + be.cachedReads();

        assertThat(new HashSet<>(map.keySet(Predicates.sql("nav[status] = 'OPEN' and nav[total] > 100"))))
                .isEqualTo(ids(orders, o -> o.status().equals("OPEN") && o.total().compareTo(new BigDecimal("100")) > 0));
        assertThat(new HashSet<>(map.keySet(Predicates.equal("nav[customer.name]", "C7"))))
                .isEqualTo(ids(orders, o -> o.customer() != null && o.customer().name().equals("C7")));
        assertThat(new HashSet<>(map.keySet(Predicates.equal("nav[lines.any.sku]", "A-1"))))
                .isEqualTo(ids(orders, o -> o.lines().stream().anyMatch(l -> l.sku().equals("A-1"))));
        assertThat(new HashSet<>(map.keySet(Predicates.equal("nav[priority]", "HIGH"))))
                .isEqualTo(ids(orders, o -> Objects.equals(o.priority(), Order.Priority.HIGH)));

        assertThat(be.singleReads() + be.fullDecodes() + be.cachedReads()).as("navpack reads of Java objects").isEqualTo(reads);
    }

    private static Set<Object> ids(List<Order> orders, java.util.function.Predicate<Order> p) {
        return orders.stream().filter(p).map(Order::id).collect(Collectors.toCollection(HashSet::new));
    }
}
