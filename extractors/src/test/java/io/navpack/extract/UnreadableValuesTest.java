package io.navpack.extract;

import com.acme.orders.Order;
import com.acme.orders.Orders;
import com.hazelcast.config.AttributeConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.IndexType;
import com.hazelcast.config.MapConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.internal.serialization.impl.HeapData;
import com.hazelcast.map.IMap;
import com.hazelcast.nio.serialization.HazelcastSerializationException;
import com.hazelcast.query.Predicate;
import com.hazelcast.query.Predicates;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.navpack.format.Navpack;
import io.navpack.format.spi.PackedInts;
import io.navpack.format.PackedRecord;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.NavpackContext;
import io.navpack.hazelcast.UnreadableValues;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A value with a valid header and a corrupt body: refused when navpack writes it, and when it reaches a
 * map anyway (a {@code Data} put as it is), skipped by queries by plain name and through {@code nav[...]},
 * by index builds and indexed queries, logged with map and key and counted per map.
 */
class UnreadableValuesTest {
    private static final long BAD_KEY = 999_999L;
    private final List<Order> orders = Orders.generate(300, 11);
    private final List<String> logged = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord r) {
            logged.add(r.getMessage());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    /** Held here: the logging framework keeps loggers only weakly, and with them their handlers. */
    private final Logger log = Logger.getLogger(UnreadableValues.class.getName());
    private HazelcastInstance hz;

    @BeforeEach
    void start() {
        log.addHandler(handler);
        int port = Loopback.freePort();
        Config c = Loopback.member(NavpackConfig.of(Order.class).applyTo(new Config()), Loopback.clusterName(), port, port);
        c.addMapConfig(new MapConfig("*-nav").addAttributeConfig(new AttributeConfig("nav", NavpackExtractor.class.getName())));
        hz = Hazelcast.newHazelcastInstance(c);
    }

    @AfterEach
    void stop() {
        hz.shutdown();
        log.removeHandler(handler);
        ValueReads.reset();
    }

    /** An Order's header (type id 20, version 1, no null bitmap, one offset-table entry) over a body that is no Order. */
    private static byte[] corruptOrder() {
        return new byte[] {20, 1, 0, 0, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x7f};
    }

    /** The bytes as Hazelcast stores a navpack value: Data header (type id "NP"), packed length, record. */
    private static HeapData asData(byte[] record) {
        byte[] data = new byte[8 + PackedInts.sizeOfInt(record.length) + record.length];
        data[6] = 0x4E;
        data[7] = 0x50;
        int p = PackedInts.writeInt(data, 8, record.length);
        System.arraycopy(record, 0, data, p, record.length);
        return new HeapData(data);
    }

    private Set<Object> expected(java.util.function.Predicate<Order> p) {
        return orders.stream().filter(p).map(Order::id).collect(Collectors.toCollection(HashSet::new));
    }

    @Test
    void aCorruptValueIsRefusedWhenNavpackWritesIt() {
        IMap<Object, Object> map = hz.getMap("orders");
        PackedRecord bad = PackedRecord.of(corruptOrder(), NavpackContext.of(hz).registry());
        assertThatThrownBy(() -> map.put(BAD_KEY, bad)).isInstanceOf(HazelcastSerializationException.class)
                .hasStackTraceContaining("navpack refuses to write a Order").hasStackTraceContaining("not a valid value");
        assertThat(map.containsKey(BAD_KEY)).isFalse();
        // a valid PackedRecord is written as it is
        PackedRecord good = PackedRecord.of(Navpack.of(Order.class).encode(orders.get(0)), NavpackContext.of(hz).registry());
        map.put(1L, good);
        assertThat(((PackedRecord) map.get(1L)).bytes()).isEqualTo(good.bytes());
    }

    @Test
    void queriesAndIndexBuildsSkipAValueTheyCannotReadAndNameItsMapAndKey() {
        IMap<Object, Object> plain = hz.getMap("orders");
        IMap<Object, Object> nav = hz.getMap("orders-nav");
        for (IMap<Object, Object> map : List.of(plain, nav)) {
            orders.forEach(o -> map.put(o.id(), o));
            map.put(BAD_KEY, asData(corruptOrder()));
        }
        long before = UnreadableValues.count("orders");
        Set<Object> open = expected(o -> o.status().equals("OPEN"));
        Set<Object> openAndLarge = expected(o -> o.status().equals("OPEN") && o.total().compareTo(new BigDecimal("100")) > 0);
        assertThat(new HashSet<>(plain.keySet(Predicates.equal("status", "OPEN")))).isEqualTo(open);
        assertThat(new HashSet<>(plain.keySet(Predicates.sql("status = 'OPEN' and total > 100")))).isEqualTo(openAndLarge);
        assertThat(new HashSet<>(plain.keySet(Predicates.in("status", "OPEN")))).isEqualTo(open);
        assertThat(new HashSet<>(nav.keySet(Predicates.equal("nav[status]", "OPEN")))).isEqualTo(open);
        assertThat(new HashSet<>(nav.keySet(Predicates.sql("nav[status] = 'OPEN' and nav[total] > 100"))))
                .isEqualTo(openAndLarge);
        assertThat(UnreadableValues.count("orders")).isGreaterThan(before);
        assertThat(UnreadableValues.count("orders-nav")).isPositive();
        assertThat(logged).anySatisfy(m -> assertThat(m).contains("map 'orders'").contains("key " + BAD_KEY)
                .contains("cannot be read").contains("skip"));
        assertThat(logged).anySatisfy(m -> assertThat(m).contains("map 'orders-nav'").contains("key " + BAD_KEY));

        // index builds over the map skip it too, and indexed queries answer as before
        plain.addIndex(IndexType.HASH, "status");
        plain.addIndex(IndexType.SORTED, "total");
        nav.addIndex(IndexType.SORTED, "nav[total]");
        Predicate<Object, Object> large = Predicates.greaterThan("total", new BigDecimal("100"));
        assertThat(new HashSet<>(plain.keySet(Predicates.equal("status", "OPEN")))).isEqualTo(open);
        assertThat(new HashSet<>(plain.keySet(large))).isEqualTo(expected(o -> o.total().compareTo(new BigDecimal("100")) > 0));
        assertThat(new HashSet<>(nav.keySet(Predicates.greaterThan("nav[total]", new BigDecimal("100")))))
                .isEqualTo(expected(o -> o.total().compareTo(new BigDecimal("100")) > 0));
        // a put into an indexed map with a value that cannot be read is stored but left out of the index
        plain.put(BAD_KEY + 1, asData(corruptOrder()));
        assertThat(plain.keySet(Predicates.equal("status", "OPEN"))).doesNotContain(BAD_KEY + 1);
        assertThat(logged).anySatisfy(m -> assertThat(m).contains("map 'orders'").contains("key " + (BAD_KEY + 1)));

        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        new NavpackMetrics().bindTo(meters);
        assertThat(meters.get("navpack.query.unreadable.values").tag("map", "orders").functionCounter().count())
                .isEqualTo((double) UnreadableValues.count("orders"));
    }
}
