package io.navpack.sql;

import com.acme.orders.Order;
import com.acme.orders.Orders;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.AttributeConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.IndexConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.config.MapConfig;
import com.hazelcast.core.HazelcastInstance;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.NavpackSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static io.navpack.sql.SqlMembers.rows;
import static io.navpack.sql.SqlMembers.update;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * SQL on members whose values are plain {@code PackedRecord} views ({@value NavpackSettings#PLAIN_NAMES} =
 * false, so predicates reach fields through {@code nav[...]} only): a NavpackMap mapping answers as on
 * members with plain names, on a full scan and beside an index on {@code nav[status]}; Hazelcast's own IMap
 * mappings read NULL there, as the user guide says.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqlWithoutPlainNamesTest {
    private static final int ENTRIES = 600;

    private final SqlMembers cluster = new SqlMembers(2);
    private final List<Order> orders = Orders.generate(ENTRIES, 9);
    private HazelcastInstance client;

    private Config memberConfig(int port) {
        Config c = SqlMembers.memberConfig(new Config(), cluster.cluster, port, cluster.ports);
        c.setProperty(NavpackSettings.PLAIN_NAMES, "false");
        c.addMapConfig(new MapConfig("nav_*")
                .addAttributeConfig(new AttributeConfig("nav", "io.navpack.extract.NavpackExtractor")));
        c.addMapConfig(new MapConfig("nav_indexed")
                .addAttributeConfig(new AttributeConfig("nav", "io.navpack.extract.NavpackExtractor"))
                .addIndexConfig(new IndexConfig(IndexType.HASH, "nav[status]")));
        return c;
    }

    @BeforeAll
    void start() {
        cluster.start("sql-without-plain-names", this::memberConfig);
        client = cluster.client(NavpackConfig.of(Order.class).applyTo(new ClientConfig()));
        Map<Long, Order> all = new HashMap<>();
        orders.forEach(o -> all.put(o.id(), o));
        client.getMap("nav_plain").putAll(all);
        client.getMap("nav_indexed").putAll(all);
    }

    @AfterAll
    void stop() {
        if (client != null) {
            client.shutdown();
        }
        cluster.close();
    }

    private Set<Long> open() {
        return orders.stream().filter(o -> o.status().equals("OPEN")).map(Order::id)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<Long> keys(List<List<Object>> rows) {
        return rows.stream().map(r -> (Long) r.get(0)).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void aNavpackMapMappingAnswersRight() {
        Set<Long> open = open();
        assertThat(open).isNotEmpty().hasSizeLessThan(ENTRIES);
        for (String map : List.of("nav_plain", "nav_indexed")) {
            update(client, "CREATE MAPPING " + map + " TYPE NavpackMap");
            List<List<Object>> rows = rows(client, "SELECT __key, status, \"customer.address.city\" FROM " + map
                    + " WHERE status = 'OPEN'");
            assertThat(keys(rows)).as(map).isEqualTo(open);
            for (List<Object> r : rows) {
                Order o = orders.get((int) (long) (Long) r.get(0) - 1);
                assertThat(r.get(1)).isEqualTo("OPEN");
                assertThat(r.get(2)).isEqualTo(o.customer() == null || o.customer().address() == null ? null
                        : o.customer().address().city());
            }
            assertThat(rows(client, "SELECT COUNT(*) FROM " + map + " WHERE status = 'OPEN'").get(0).get(0)).as(map)
                    .isEqualTo((long) open.size());
        }
    }

    /**
     * What the user guide warns of: without plain names, Hazelcast's own IMap mappings find no field in
     * navpack values and read NULL (its SQL reads a field it cannot find as NULL). If this starts failing,
     * Hazelcast changed that and the guide's section "Other mappings over navpack maps" must change too.
     */
    @Test
    void imapMappingsReadNullWithoutPlainNamesAsTheGuideSays() {
        update(client, "CREATE MAPPING nav_plain_compact EXTERNAL NAME nav_plain (__key BIGINT, status VARCHAR, "
                + "nav_status VARCHAR EXTERNAL NAME \"this.nav[status]\") TYPE IMap OPTIONS ('keyFormat' = 'bigint', "
                + "'valueFormat' = 'compact', 'valueCompactTypeName' = 'Order')");
        assertThat(rows(client, "SELECT COUNT(*) FROM nav_plain_compact WHERE status = 'OPEN' OR nav_status = 'OPEN'")
                .get(0).get(0)).isEqualTo(0L);
        assertThat(rows(client, "SELECT status, nav_status FROM nav_plain_compact")).hasSize(ENTRIES)
                .allMatch(r -> r.get(0) == null && r.get(1) == null);
    }
}
