package io.navpack.hazelcast;

import com.hazelcast.client.HazelcastClient;
import io.navpack.hazelcast.schemas.SchemaService;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.MapConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.LifecycleEvent;
import com.hazelcast.map.IMap;
import io.navpack.format.PackedRecord;
import io.navpack.format.Schema;
import io.navpack.format.SchemaCatalog;
import io.navpack.hazelcast.member.ReadField;
import io.navpack.hazelcast.model.OrderV1;
import io.navpack.hazelcast.model.OrderV2;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static io.navpack.hazelcast.SchemaAgreementTest.await;
import static io.navpack.hazelcast.SchemaAgreementTest.everyoneHolds;
import static io.navpack.hazelcast.SchemaAgreementTest.heldByMembers;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every member JVM is killed (kill -9) while a client keeps writing, and new members start on the same
 * addresses: the client publishes its schemas to the new cluster, so members describe every value it
 * stores afterwards, in BINARY maps (stored without being read) and OBJECT maps (read at put).
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class SchemaRestartTest {
    private static final int BEFORE = 300;
    private static final int AFTER = 300;

    private final String cluster = Loopback.clusterName();
    private final int[] ports = {Loopback.freePort(), Loopback.freePort(), Loopback.freePort()};
    private final Path work = Path.of("target", "cluster-test", cluster);
    private final List<MemberJvm> members = new ArrayList<>();
    private final List<HazelcastInstance> clients = new ArrayList<>();

    private Config memberConfig(int port) {
        Config c = Loopback.member(NavpackConfig.of().applyTo(new Config()), cluster, port, ports);
        c.addMapConfig(new MapConfig("binary-*").setInMemoryFormat(InMemoryFormat.BINARY).setBackupCount(1));
        c.addMapConfig(new MapConfig("object-*").setInMemoryFormat(InMemoryFormat.OBJECT).setBackupCount(1));
        return c;
    }

    private HazelcastInstance client(NavpackConfig navpack) {
        ClientConfig config = Loopback.client(navpack.applyTo(new ClientConfig()), cluster, ports);
        config.getConnectionStrategyConfig().getConnectionRetryConfig().setClusterConnectTimeoutMillis(120_000)
                .setMaxBackoffMillis(1_000);
        HazelcastInstance c = HazelcastClient.newHazelcastClient(config);
        clients.add(c);
        return c;
    }

    private void startMembers(String generation) {
        members.add(MemberJvm.start(generation + "-1", memberConfig(ports[0]), work));
        members.add(MemberJvm.start(generation + "-2", memberConfig(ports[1]), work));
        members.add(MemberJvm.start(generation + "-3", memberConfig(ports[2]), work));
    }

    @AfterEach
    void stop() {
        for (HazelcastInstance c : clients) {
            c.shutdown();
        }
        for (MemberJvm m : members) {
            m.close();
        }
    }

    private static OrderV2 order(long id) {
        return new OrderV2(id, id % 2 == 0 ? "EUR" : "USD", BigDecimal.valueOf(id, 2), "X" + id);
    }

    @Test
    void aClientThatStaysUpWhileEveryMemberIsKilledPublishesItsSchemasToTheNewCluster() throws Exception {
        startMembers("first");
        HazelcastInstance writer = client(NavpackConfig.of(OrderV2.class));
        await("three members", () -> writer.getCluster().getMembers().size() == 3);
        Schema order = NavpackContext.of(writer).registry().binding(OrderV2.class).schema();
        // a client that wrote once and then neither writes nor reads again
        HazelcastInstance idle = client(NavpackConfig.of(OrderV1.class));
        idle.getMap("binary-idle").put(1L, new OrderV1(1, "EUR", BigDecimal.ONE));
        Schema idleOrder = NavpackContext.of(idle).registry().binding(OrderV1.class).schema();
        CountDownLatch reconnected = new CountDownLatch(1);
        AtomicBoolean down = new AtomicBoolean();
        AtomicLong downAt = new AtomicLong(Long.MAX_VALUE);
        writer.getLifecycleService().addLifecycleListener(e -> {
            if (e.getState() == LifecycleEvent.LifecycleState.CLIENT_DISCONNECTED) {
                downAt.set(System.nanoTime());
                down.set(true);
            } else if (e.getState() == LifecycleEvent.LifecycleState.CLIENT_CONNECTED && down.get()) {
                reconnected.countDown();
            }
        });
        IMap<Long, OrderV2> binary = writer.getMap("binary-orders");
        IMap<Long, OrderV2> object = writer.getMap("object-orders");
        Set<Long> stored = ConcurrentHashMap.newKeySet();
        AtomicInteger failures = new AtomicInteger();
        List<String> undescribed = new java.util.concurrent.CopyOnWriteArrayList<>();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Long> firstAfterRestart = new AtomicReference<>();
        AtomicBoolean restarted = new AtomicBoolean();
        Thread writing = new Thread(() -> {
            for (long id = 1; !stop.get(); id++) {
                boolean after = restarted.get();
                // a put that starts well after the client saw the cluster go is written only once the client
                // has published its schemas again; one in flight at the kill may reach the new cluster first
                boolean mustBeDescribed = System.nanoTime() - downAt.get() > TimeUnit.MILLISECONDS.toNanos(50);
                try {
                    binary.put(id, order(id));
                    object.put(id, order(id));
                    if (after) {
                        firstAfterRestart.compareAndSet(null, id);
                        stored.add(id);
                    }
                } catch (RuntimeException e) {
                    failures.incrementAndGet();
                    System.out.println("restart: put " + id + " failed: " + e);
                    java.io.StringWriter trace = new java.io.StringWriter();
                    e.printStackTrace(new java.io.PrintWriter(trace));
                    if (mustBeDescribed && trace.toString().contains("unknown schema")) {
                        undescribed.add(id + ": " + e);
                    }
                    MemberJvm.sleep(50);
                }
            }
        }, "writer");
        writing.start();
        await(BEFORE + " orders", () -> binary.size() >= BEFORE);

        for (MemberJvm m : members) {
            m.kill();
        }
        members.clear();
        await("the client to see the cluster gone", down::get);
        restarted.set(true);
        startMembers("second");
        assertThat(reconnected.await(120, TimeUnit.SECONDS)).as("the client reconnected").isTrue();
        await(AFTER + " orders in the new cluster", () -> stored.size() >= AFTER);
        stop.set(true);
        writing.join(TimeUnit.SECONDS.toMillis(60));
        assertThat(writing.isAlive()).isFalse();
        System.out.printf("restart: %d puts failed while the cluster was away, first id stored after the restart %d%n",
                failures.get(), firstAfterRestart.get());
        assertThat(undescribed).as("puts refused by a member that could not describe them").isEmpty();

        // every member and the new catalog hold the schema again (a member that joined while it was agreed
        // learns it from the catalog within seconds), and that of the idle client, which published it when it
        // reconnected, without writing
        await("the writer's schema on every member", () -> {
            try {
                everyoneHolds(writer, order);
                return true;
            } catch (Exception | AssertionError e) {
                return false;
            }
        });
        await("the idle client's schema on every member", () -> {
            try {
                everyoneHolds(writer, idleOrder);
                return true;
            } catch (Exception | AssertionError e) {
                return false;
            }
        });
        // members read every stored value themselves (this fails for bytes a member cannot describe)
        for (String map : List.of("binary-orders", "object-orders")) {
            Map<Object, String> read = writer.<Object, Object>getMap(map).executeOnEntries(new ReadField("id"));
            Set<Long> keys = new HashSet<>();
            read.forEach((k, v) -> {
                keys.add((Long) k);
                assertThat(v).isEqualTo(order.version() + ":" + k);
            });
            assertThat(keys).as(map).containsAll(stored);
        }
        // a new client without the class reads them through the cluster's schemas; one with it, as objects
        HazelcastInstance classless = client(NavpackConfig.of().readMode(ReadMode.RECORD));
        for (long id : stored) {
            PackedRecord r = (PackedRecord) classless.getMap("binary-orders").get(id);
            assertThat(r.getString("venue")).isEqualTo("X" + id);
        }
        HazelcastInstance reader = client(NavpackConfig.of(OrderV2.class));
        IMap<Long, OrderV2> fromReader = reader.getMap("object-orders");
        for (long id : stored) {
            assertThat(fromReader.get(id)).isEqualTo(order(id));
        }
        SchemaCatalog catalog = SchemaService.readCatalog(reader);
        assertThat(catalog.schemas()).contains(order);
        assertThat(heldByMembers(reader)).hasSize(3);
    }
}
