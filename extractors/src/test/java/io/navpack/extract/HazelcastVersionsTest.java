package io.navpack.extract;

import com.acme.orders.Order;
import com.acme.orders.Orders;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.cluster.Member;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.map.IMap;
import com.hazelcast.projection.Projections;
import com.hazelcast.query.Predicate;
import com.hazelcast.query.Predicates;
import com.hazelcast.spi.impl.SerializationServiceSupport;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.MemberJvm;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.NavpackSettings;
import io.navpack.hazelcast.internal.SerializationInternals;
import io.navpack.hazelcast.member.MemberProbe;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The Hazelcast internals navpack's queries rely on (generic records read by plain names, the
 * serialization setting navpack changes, the {@code nav[...]} extractor) on members of every supported
 * Hazelcast version, its output buffer that navpack's serializer encodes values into, its cache of serializers by
 * class that navpack enters Hazelcast's own serializers of default types into, and its map containers that navpack
 * gives a navpack-only map's interceptor as they are created: two member JVMs of
 * that version, with navpack's jars and no user classes, and this JVM's client. 5.7 is the version the build uses; 5.5 and 5.6 run from their own jars.
 */
class HazelcastVersionsTest {
    private static final int ENTRIES = 500;

    private static Path hazelcastJar(String version) {
        if (version.equals(com.hazelcast.instance.GeneratedBuildProperties.VERSION)) {
            return null;
        }
        Path jar = Path.of(System.getProperty("navpack.hazelcast.versions", "target/hazelcast-versions"),
                "hazelcast-" + version + ".jar");
        assertThat(jar).as("the build copies Hazelcast %s for this test", version).exists();
        return jar;
    }

    /** hazelcast.xml for a member, in elements every supported version reads. */
    private static String memberXml(String cluster, int port, int[] ports) {
        return Loopback.memberXml(cluster, port, ports, "<jet enabled=\"false\"/>"
                + "<map name=\"orders-object\"><in-memory-format>OBJECT</in-memory-format></map>"
                + "<map name=\"orders-indexed\"><indexes><index type=\"SORTED\"><attributes><attribute>total</attribute>"
                + "</attributes></index><index type=\"HASH\"><attributes><attribute>lines[any].sku</attribute></attributes>"
                + "</index></indexes></map>"
                + "<map name=\"orders-nav\"><attributes><attribute extractor-class-name=\""
                + NavpackExtractor.class.getName() + "\">nav</attribute></attributes></map>")
                .replace("</properties>", "<property name=\"" + NavpackSettings.MAPS + "\">parcels-*</property></properties>");
    }

    /** A user's record, which a client without navpack configuration for it writes as a Compact value. */
    public record Parcel(long id, String city) {
    }

    @ParameterizedTest
    @ValueSource(strings = {"5.5.0", "5.6.0", "5.7.0"})
    void plainNamesAndTheNavAttributeOnMembersOfThisVersion(String version) throws Exception {
        String cluster = Loopback.clusterName();
        int[] ports = {Loopback.freePort(), Loopback.freePort()};
        Path work = Path.of("target", "versions-test", version + "-" + cluster);
        List<MemberJvm> members = new ArrayList<>();
        HazelcastInstance client = null;
        try {
            for (int i = 0; i < ports.length; i++) {
                members.add(MemberJvm.start("member-" + (i + 1), memberXml(cluster, ports[i], ports),
                        hazelcastJar(version), work));
            }
            client = HazelcastClient.newHazelcastClient(Loopback.client(NavpackConfig.of(Order.class)
                    .applyTo(new ClientConfig()), cluster, ports));
            List<Order> orders = Orders.generate(ENTRIES, 11);
            Map<Long, Order> all = new HashMap<>();
            orders.forEach(o -> all.put(o.id(), o));
            for (String name : List.of("orders", "orders-object", "orders-indexed", "orders-nav")) {
                IMap<Long, Order> map = client.getMap(name);
                map.putAll(all);
                check(map, orders, Predicates.sql("status = 'OPEN' and total > 5000"),
                        o -> o.status().equals("OPEN") && o.total().compareTo(new java.math.BigDecimal("5000")) > 0);
                check(map, orders, Predicates.equal("customer.address.city", "Oslo"),
                        o -> o.customer() != null && o.customer().address() != null
                                && o.customer().address().city().equals("Oslo"));
                check(map, orders, Predicates.equal("lines[any].sku", "A-1"),
                        o -> o.lines().stream().anyMatch(l -> l.sku().equals("A-1")));
                assertThat(new TreeSet<>(map.project(Projections.<Map.Entry<Long, Order>, Long>singleAttribute("id"),
                        Predicates.equal("priority", "HIGH"))))
                        .isEqualTo(ids(orders, o -> o.priority() == Order.Priority.HIGH));
                // what the client reads back is its own object, whatever the members did with the bytes
                assertThat(map.get(1L)).usingRecursiveComparison().isEqualTo(orders.get(0));
            }
            check(client.getMap("orders-nav"), orders, Predicates.sql("nav[lines.any.qty] > 8"),
                    o -> o.lines().stream().anyMatch(l -> l.qty() > 8));
            for (MemberJvm m : members) {
                assertThat(m.logText()).contains("[" + version + "]")
                        .contains("query path: plain field names and nav[...]")
                        .doesNotContain("does not let navpack give a map its interceptor");
            }
            // the first put into each new map of a navpack.maps pattern is checked on either member (MapContainers)
            HazelcastInstance forgot = HazelcastClient.newHazelcastClient(Loopback.client(new ClientConfig(), cluster, ports));
            Set<UUID> owners = new HashSet<>();
            for (long k = 0; k < 100 && (k < 4 || owners.size() < 2); k++) {
                String name = "parcels-" + k;
                long key = k;
                assertThatThrownBy(() -> forgot.getMap(name).put(key, new Parcel(key, "Oslo"))).as("%s on %s", name, version)
                        .hasMessageContaining("map '" + name + "' holds navpack values only");
                owners.add(forgot.getPartitionService().getPartition(key).getOwner().getUuid());
            }
            assertThat(owners).as("keys of both members").hasSize(2);
            forgot.shutdown();
            // navpack encodes values straight into this version's output buffer (SerializationInternals)
            for (Member m : client.getCluster().getMembers()) {
                assertThat(client.getExecutorService("probe").submitToMember(new MemberProbe(Order.class.getName()), m)
                        .get(60, TimeUnit.SECONDS)).as("members of %s", version)
                        .contains("writesInPlace:true", "defaultsCached:true", "operationsCached:true");
            }
            assertThat(SerializationInternals.cachesDefaultSerializer(
                    (InternalSerializationService) ((SerializationServiceSupport) client).getSerializationService(),
                    Long.class)).as("the client's Long keys find Hazelcast's serializer at once").isTrue();
        } finally {
            if (client != null) {
                client.shutdown();
            }
            members.forEach(MemberJvm::close);
        }
    }

    private static Set<Long> ids(List<Order> orders, java.util.function.Predicate<Order> p) {
        return orders.stream().filter(p).map(Order::id).collect(Collectors.toCollection(TreeSet::new));
    }

    private static void check(IMap<Long, Order> map, List<Order> orders, Predicate<Long, Order> predicate,
                              java.util.function.Predicate<Order> oracle) {
        Set<Long> expected = ids(orders, oracle);
        assertThat(expected).as("the oracle selects some orders for %s", predicate).isNotEmpty();
        Set<Long> found = map.values(predicate).stream().map(Order::id).collect(Collectors.toCollection(TreeSet::new));
        assertThat(found).as("%s on %s", predicate, map.getName()).isEqualTo(expected);
    }
}
