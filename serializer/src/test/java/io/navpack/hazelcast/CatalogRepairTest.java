package io.navpack.hazelcast;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.navpack.format.SchemaCatalog;
import io.navpack.hazelcast.model.OrderV1;
import io.navpack.hazelcast.schemas.SchemaService;
import io.navpack.hazelcast.schemas.SchemaTasks;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A client that is not navpack's overwrites the schema catalog with something that is no catalog, then clears it:
 * each time the oldest member names the damage in its log and repairs the catalog, and a client without the classes
 * still reads the values.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class CatalogRepairTest {
    private final String cluster = Loopback.clusterName();
    private final int[] ports = {Loopback.freePort(), Loopback.freePort()};
    private final List<HazelcastInstance> instances = new ArrayList<>();
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final Logger jul = Logger.getLogger("io.navpack.hazelcast.schemas.CatalogCheck");
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord r) {
            log.add(r.getMessage());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @AfterEach
    void stop() {
        jul.removeHandler(handler);
        for (int i = instances.size() - 1; i >= 0; i--) {
            instances.get(i).shutdown();
        }
    }

    private static void await(String what, Supplier<Boolean> condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
        while (!condition.get()) {
            assertThat(System.nanoTime()).as(what).isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    @Test
    void aCatalogOverwrittenOrClearedByAnotherClientIsRepairedAndTheDamageNamed() throws Exception {
        jul.addHandler(handler);
        for (int port : ports) {
            instances.add(Hazelcast.newHazelcastInstance(Loopback.member(NavpackConfig.of().applyTo(new Config()),
                    cluster, port, ports)));
        }
        HazelcastInstance navpack = HazelcastClient.newHazelcastClient(
                Loopback.client(NavpackConfig.of(OrderV1.class).applyTo(new ClientConfig()), cluster, ports));
        instances.add(navpack);
        navpack.getMap("orders").put(1L, new OrderV1(1, "EUR", new BigDecimal("12.50")));
        HazelcastInstance member = instances.get(0);
        SchemaCatalog agreed = SchemaService.readCatalog(member);
        assertThat(agreed.size()).isPositive();

        // a client without navpack's configuration: Hazelcast's own serialization, any map
        HazelcastInstance other = HazelcastClient.newHazelcastClient(Loopback.client(new ClientConfig(), cluster, ports));
        instances.add(other);
        IMap<String, Object> catalog = other.getMap(SchemaTasks.CATALOG);
        catalog.put(SchemaTasks.CATALOG_KEY, "not a catalog");
        await("the overwritten catalog repaired", () -> member.getMap(SchemaTasks.CATALOG).get(SchemaTasks.CATALOG_KEY)
                instanceof byte[] && SchemaService.readCatalog(member).schemas().containsAll(agreed.schemas()));
        assertThat(log).anyMatch(l -> l.contains("holds a java.lang.String, not navpack's catalog: it was overwritten by a"
                + " client that is not navpack's"));

        catalog.clear();
        await("the cleared catalog repaired", () -> SchemaService.readCatalog(member).schemas().containsAll(agreed.schemas()));
        assertThat(log).anyMatch(l -> l.contains("schema catalog (map " + SchemaTasks.CATALOG + ") is empty although this"
                + " member holds"));

        // a client without the class reads the value as a record, with the schema from the repaired catalog
        HazelcastInstance reader = HazelcastClient.newHazelcastClient(Loopback.client(
                NavpackConfig.of().readMode(ReadMode.RECORD).applyTo(new ClientConfig()), cluster, ports));
        instances.add(reader);
        Object v = reader.getMap("orders").get(1L);
        assertThat(v).isInstanceOf(io.navpack.format.PackedRecord.class);
        assertThat(((io.navpack.format.PackedRecord) v).getString("currency")).isEqualTo("EUR");
    }
}
