package io.navpack.extract;

import com.acme.orders.Order;
import com.acme.orders.Orders;
import com.hazelcast.config.AttributeConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.MapConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.nio.serialization.genericrecord.GenericRecord;
import com.hazelcast.query.Predicate;
import com.hazelcast.query.Predicates;
import io.navpack.extract.model.LegacyOrder;
import io.navpack.format.Navpack;
import io.navpack.format.PackedRecord;
import io.navpack.format.Schema;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.NavpackSettings;
import io.navpack.hazelcast.UnknownFields;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Plain names on an embedded member: maps that mix navpack values with IdentifiedDataSerializable and
 * Java-serialized values, the break-even under plain names, the switch back to {@code nav[...]} only,
 * and attributes that no schema has in {@code warn} mode.
 */
class PlainNamesEmbeddedTest {
    private final List<HazelcastInstance> members = new ArrayList<>();
    private final List<Order> orders = Orders.generate(400, 5);

    @AfterEach
    void stop() {
        members.forEach(HazelcastInstance::shutdown);
        ValueReads.reset();
    }

    private HazelcastInstance member(NavpackConfig navpack, String... properties) {
        String cluster = Loopback.clusterName();
        int port = Loopback.freePort();
        Config c = Loopback.member(navpack.applyTo(new Config()), cluster, port, port);
        for (int i = 0; i < properties.length; i += 2) {
            c.setProperty(properties[i], properties[i + 1]);
        }
        c.getSerializationConfig().addDataSerializableFactory(LegacyOrder.FACTORY_ID, new LegacyOrder.Factory());
        c.addMapConfig(new MapConfig("*-nav").addAttributeConfig(new AttributeConfig("nav", NavpackExtractor.class.getName())));
        HazelcastInstance hz = Hazelcast.newHazelcastInstance(c);
        members.add(hz);
        return hz;
    }

    private Set<Object> expectedOpen(int legacy) {
        Set<Object> expected = orders.stream().filter(o -> o.status().equals("OPEN")).map(Order::id)
                .collect(Collectors.toCollection(HashSet::new));
        for (int i = 0; i < legacy; i += 2) {
            expected.add(10_000L + i);
            expected.add(20_000L + i);
        }
        return expected;
    }

    @Test
    void aMapMixingNavpackIdsAndJavaValuesAnswersForAll() {
        HazelcastInstance hz = member(NavpackConfig.of(Order.class));
        for (String name : List.of("mixed", "mixed-nav")) {
            IMap<Object, Object> map = hz.getMap(name);
            orders.forEach(o -> map.put(o.id(), o));
            for (int i = 0; i < 20; i++) {
                String status = i % 2 == 0 ? "OPEN" : "PAID";
                map.put(10_000L + i, new LegacyOrder.Ids(10_000L + i, status, BigDecimal.valueOf(i)));
                map.put(20_000L + i, new LegacyOrder.Java(20_000L + i, status, BigDecimal.valueOf(i)));
            }
        }
        assertThat(new HashSet<>(hz.getMap("mixed").keySet(Predicates.equal("status", "OPEN")))).isEqualTo(expectedOpen(20));
        IMap<Object, Object> nav = hz.getMap("mixed-nav");
        assertThat(new HashSet<>(nav.keySet(Predicates.equal("nav[status]", "OPEN")))).isEqualTo(expectedOpen(20));
        assertThat(new HashSet<>(nav.keySet(Predicates.sql("nav[status] = 'OPEN' and status = 'OPEN'"))))
                .isEqualTo(expectedOpen(20));
        // on the member the values are navpack views that are also Hazelcast generic records
        Object stored = hz.getMap("mixed").get(1L);
        assertThat(stored).isInstanceOf(PackedRecord.class).isInstanceOf(GenericRecord.class);
        assertThat(((GenericRecord) stored).getString("status")).isEqualTo(orders.get(0).status());
        assertThat(((PackedRecord) stored).toObject(Order.class)).usingRecursiveComparison().isEqualTo(orders.get(0));
    }

    @Test
    void theBreakEvenAppliesToPlainNames() {
        HazelcastInstance hz = member(NavpackConfig.of(Order.class), "navpack.break-even.Order", "3");
        IMap<Object, Object> map = hz.getMap("orders");
        orders.forEach(o -> map.put(o.id(), o));
        Schema schema = Navpack.of(Order.class).registry().binding(Order.class).schema();
        BreakEven be = BreakEven.of(schema);
        long single = be.singleReads();
        long full = be.fullDecodes();
        // two fields per value: below the pinned break-even of 3, read one by one
        Predicate<Object, Object> two = Predicates.sql("status = 'OPEN' or total > 9000");
        assertThat(map.keySet(two)).hasSize((int) orders.stream()
                .filter(o -> o.status().equals("OPEN") || o.total().compareTo(new BigDecimal("9000")) > 0).count());
        assertThat(be.singleReads() - single).isGreaterThanOrEqualTo(orders.size());
        assertThat(be.fullDecodes()).isEqualTo(full);
        // five fields per value: past the break-even, each value is decoded once
        Predicate<Object, Object> five = Predicates.sql("id > 0 and weight >= 0 and placed > '2000-01-01' and total >= 0"
                + " and status in ('OPEN', 'PAID', 'SHIPPED', 'CANCELLED')");
        assertThat(map.keySet(five)).hasSize(orders.size());
        assertThat(be.fullDecodes() - full).isGreaterThanOrEqualTo(orders.size());
        assertThat(be.value()).isEqualTo(3);
        assertThat(be.isPinned()).isTrue();
    }

    @Test
    void plainNamesCanBeSwitchedOffLeavingTheNavAttribute() {
        HazelcastInstance hz = member(NavpackConfig.of(Order.class).plainNames(false));
        IMap<Object, Object> map = hz.getMap("orders-nav");
        orders.forEach(o -> map.put(o.id(), o));
        assertThat(map.get(1L)).isInstanceOf(PackedRecord.class).isNotInstanceOf(GenericRecord.class);
        assertThat(map.keySet(Predicates.equal("nav[status]", "OPEN"))).hasSize(expectedOpen(0).size());
        assertThatThrownBy(() -> map.keySet(Predicates.equal("status", "OPEN"))).hasMessageContaining("status");
        assertThat(hz.getConfig().getProperty(NavpackSettings.PLAIN_NAMES)).isEqualTo("false");
    }

    @Test
    void inWarnModeAnAttributeNoSchemaHasReadsNullAndIsCounted() {
        HazelcastInstance hz = member(NavpackConfig.of(Order.class), NavpackSettings.UNKNOWN_FIELDS, "warn");
        IMap<Object, Object> map = hz.getMap("orders");
        orders.forEach(o -> map.put(o.id(), o));
        long before = UnknownFields.count();
        assertThat(map.keySet(Predicates.equal("colour", "red"))).isEmpty();
        assertThat(UnknownFields.count() - before).isEqualTo(orders.size());
        assertThat(map.keySet(Predicates.equal("colour", null))).hasSize(orders.size());
    }

    @Test
    void aTypoInANestedPathNamesTheNestedRecordAndItsFields() {
        HazelcastInstance hz = member(NavpackConfig.of(Order.class));
        IMap<Object, Object> map = hz.getMap("orders-nested-typo");
        orders.forEach(o -> map.put(o.id(), o));
        assertThatThrownBy(() -> map.keySet(Predicates.equal("customer.adress.city", "Zurich")))
                .hasMessageContaining("no field 'adress' in any version of Customer")
                .hasMessageContaining("its fields: name, address")
                .hasMessageNotContaining("its fields: id, status");
        assertThatThrownBy(() -> map.keySet(Predicates.equal("customer.address.cty", "Zurich")))
                .hasMessageContaining("no field 'cty' in any version of Address").hasMessageContaining("city, country");
        assertThatThrownBy(() -> map.keySet(Predicates.equal("custmer.name", "x")))
                .hasMessageContaining("no field 'custmer' in any version of Order");
    }
}
