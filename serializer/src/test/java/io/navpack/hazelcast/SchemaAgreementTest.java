package io.navpack.hazelcast;

import com.hazelcast.client.HazelcastClient;
import io.navpack.hazelcast.schemas.SchemaTasks;
import io.navpack.hazelcast.schemas.SchemaService;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.cluster.Member;
import com.hazelcast.config.Config;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.MapConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.navpack.format.FieldType;
import io.navpack.format.PackedRecord;
import io.navpack.format.Schema;
import io.navpack.format.SchemaCatalog;
import io.navpack.format.SchemaConflictException;
import io.navpack.format.SchemaPublisher;
import io.navpack.format.SchemaRegistry;
import io.navpack.hazelcast.member.ReadField;
import io.navpack.hazelcast.model.Changes;
import io.navpack.hazelcast.model.Orphan;
import io.navpack.hazelcast.model.Account;
import io.navpack.hazelcast.model.Latecomer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Three member JVMs without user classes agree on schemas: racing registrations, a field that changes
 * type, versions chosen as a class evolves, and a member that dies while schemas are registered.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class SchemaAgreementTest {
    static final int ROUNDS = 50;
    private static final Duration SETTLE = Duration.ofSeconds(60);

    private final String cluster = Loopback.clusterName();
    private final int[] ports = {Loopback.freePort(), Loopback.freePort(), Loopback.freePort()};
    private final Path work = Path.of("target", "cluster-test", cluster);
    private final List<MemberJvm> members = new ArrayList<>();
    private final List<HazelcastInstance> clients = new ArrayList<>();

    private Config memberConfig(int port) {
        Config c = Loopback.member(NavpackConfig.of().applyTo(new Config()), cluster, port, ports);
        c.addMapConfig(new MapConfig("binary-*").setInMemoryFormat(InMemoryFormat.BINARY).setBackupCount(1));
        c.addMapConfig(new MapConfig("object-*").setInMemoryFormat(InMemoryFormat.OBJECT).setBackupCount(1));
        // no backup of the catalog: killing its owner loses it, and the members must put it back
        c.addMapConfig(new MapConfig(SchemaTasks.CATALOG).setBackupCount(0));
        return c;
    }

    private HazelcastInstance client(NavpackConfig navpack) {
        HazelcastInstance c = HazelcastClient.newHazelcastClient(Loopback.client(navpack.applyTo(new ClientConfig()),
                cluster, ports));
        clients.add(c);
        return c;
    }

    @BeforeAll
    void startCluster() {
        members.add(MemberJvm.start("member-1", memberConfig(ports[0]), work));
        members.add(MemberJvm.start("member-2", memberConfig(ports[1]), work));
        members.add(MemberJvm.start("member-3", memberConfig(ports[2]), work));
        HazelcastInstance c = client(NavpackConfig.of());
        await("three members", () -> c.getCluster().getMembers().size() == 3);
    }

    @AfterAll
    void stopCluster() {
        for (HazelcastInstance c : clients) {
            c.shutdown();
        }
        for (MemberJvm m : members) {
            m.close();
        }
    }

    static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + SETTLE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            MemberJvm.sleep(100);
        }
    }

    /** What each member holds in its own registry. */
    static Map<String, SchemaCatalog> heldByMembers(HazelcastInstance via) throws Exception {
        Map<String, SchemaCatalog> out = new LinkedHashMap<>();
        Map<Member, Future<List<byte[]>>> answers = via.getExecutorService(SchemaTasks.EXECUTOR)
                .submitToAllMembers(new SchemaTasks.All());
        for (Map.Entry<Member, Future<List<byte[]>>> e : answers.entrySet()) {
            List<Schema> schemas = new ArrayList<>();
            for (byte[] b : e.getValue().get(60, TimeUnit.SECONDS)) {
                schemas.add(Schema.fromBytes(b));
            }
            out.put(e.getKey().getAddress().toString(), SchemaCatalog.of(schemas));
        }
        return out;
    }

    /** Asserts that every member and the catalog hold {@code expected} under its id and version. */
    static void everyoneHolds(HazelcastInstance via, Schema expected) throws Exception {
        assertThat(SchemaService.readCatalog(via).get(expected.typeId(), expected.version())).as("catalog").isEqualTo(expected);
        Map<String, SchemaCatalog> held = heldByMembers(via);
        assertThat(held).isNotEmpty();
        held.forEach((member, catalog) -> assertThat(catalog.get(expected.typeId(), expected.version()))
                .as("member %s", member).isEqualTo(expected));
    }

    private static Object registerOrFail(SchemaRegistry registry, Schema schema, boolean chooseVersion) {
        try {
            return chooseVersion ? registry.registerChoosingVersion(schema) : registry.register(schema);
        } catch (RuntimeException e) {
            return e;
        }
    }

    @Test
    @Order(1)
    void racingRegistrationsOfDifferentSchemasForOneIdAndVersionEndWithOneWinnerThatEveryMemberHolds() throws Exception {
        SchemaRegistry a = NavpackContext.of(client(NavpackConfig.of())).registry();
        SchemaRegistry b = NavpackContext.of(client(NavpackConfig.of())).registry();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Map<String, Integer> wins = new HashMap<>();
        try {
            for (int round = 0; round < ROUNDS; round++) {
                int id = 3000 + round;
                Schema sa = Schema.builder("Race" + round).typeId(id).field("a", FieldType.LONG).build();
                Schema sb = Schema.builder("Race" + round).typeId(id).field("b", FieldType.STRING).build();
                CountDownLatch go = new CountDownLatch(1);
                Callable<Object> ra = () -> {
                    go.await();
                    return registerOrFail(a, sa, false);
                };
                Callable<Object> rb = () -> {
                    go.await();
                    return registerOrFail(b, sb, false);
                };
                Future<Object> fa = pool.submit(ra);
                Future<Object> fb = pool.submit(rb);
                go.countDown();
                Object oa = fa.get(60, TimeUnit.SECONDS);
                Object ob = fb.get(60, TimeUnit.SECONDS);
                Schema winner;
                SchemaConflictException lost;
                if (oa instanceof Schema) {
                    assertThat(ob).as("round %d: b lost", round).isInstanceOf(SchemaConflictException.class);
                    winner = sa;
                    lost = (SchemaConflictException) ob;
                    wins.merge("a", 1, Integer::sum);
                } else {
                    assertThat(ob).as("round %d: b won (a got %s)", round, oa).isEqualTo(sb);
                    assertThat(oa).isInstanceOf(SchemaConflictException.class);
                    winner = sb;
                    lost = (SchemaConflictException) oa;
                    wins.merge("b", 1, Integer::sum);
                }
                assertThat(lost.existing()).isEqualTo(winner);
                assertThat(lost.problem()).contains("the cluster holds a different schema for type id " + id + " version 1")
                        .contains("field a: long").contains("field b: string");
                everyoneHolds(clients.get(0), winner);
                assertThat((winner == sa ? b : a).local(id, 1)).as("the loser holds nothing").isNull();
            }
        } finally {
            pool.shutdownNow();
        }
        System.out.println("racing registrations: wins " + wins + " in " + ROUNDS + " rounds");
    }

    @Test
    @Order(2)
    void racingRegistrationsThatChooseVersionsBothWinWithVersionsOfTheirOwn() throws Exception {
        SchemaRegistry a = NavpackContext.of(client(NavpackConfig.of())).registry();
        SchemaRegistry b = NavpackContext.of(client(NavpackConfig.of())).registry();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 10; round++) {
                int id = 4000 + round;
                Schema sa = Schema.builder("Chosen" + round).typeId(id).field("a", FieldType.LONG).build();
                Schema sb = Schema.builder("Chosen" + round).typeId(id).field("b", FieldType.STRING).build();
                CountDownLatch go = new CountDownLatch(1);
                Future<Object> fa = pool.submit(() -> {
                    go.await();
                    return registerOrFail(a, sa, true);
                });
                Future<Object> fb = pool.submit(() -> {
                    go.await();
                    return registerOrFail(b, sb, true);
                });
                go.countDown();
                Schema ra = (Schema) fa.get(60, TimeUnit.SECONDS);
                Schema rb = (Schema) fb.get(60, TimeUnit.SECONDS);
                assertThat(List.of(ra.version(), rb.version())).containsExactlyInAnyOrder(1, 2);
                assertThat(ra.sameFieldsAs(sa)).isTrue();
                assertThat(rb.sameFieldsAs(sb)).isTrue();
                everyoneHolds(clients.get(0), ra);
                everyoneHolds(clients.get(0), rb);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    @Order(3)
    void aFieldThatChangesTypeIsRefusedBeforeAnyValueIsWritten() throws Exception {
        HazelcastInstance text = client(NavpackConfig.of(Changes.ChannelText.class, Changes.BalanceNumber.class));
        IMap<Long, Object> contacts = text.getMap("binary-contacts");
        contacts.put(1L, new Changes.ChannelText(1, "email"));
        text.getMap("binary-ledger").put(1L, new Changes.BalanceNumber(1, 250));
        Schema channelV1 = NavpackContext.of(text).registry().binding(Changes.ChannelText.class).schema();

        HazelcastInstance number = client(NavpackConfig.of(Changes.ChannelNumber.class));
        IMap<Long, Object> contacts2 = number.getMap("binary-contacts");
        NavpackContext ctx = NavpackContext.of(number);
        assertThatThrownBy(() -> contacts2.put(2L, new Changes.ChannelNumber(2, 7, "x")))
                .hasStackTraceContaining(SchemaConflictException.class.getName())
                .hasStackTraceContaining("field channel of Contact (type id " + channelV1.typeId() + ") is a string in version 1"
                        + " but an int in version 2, which is being registered");
        assertThatThrownBy(() -> ctx.registry().register(Changes.BalanceText.class))
                .isInstanceOf(SchemaConflictException.class)
                .hasMessageContaining("field balance of Ledger").hasMessageContaining("is a long in version 1 but a string");
        assertThat(contacts.size()).isEqualTo(1);
        assertThat(text.getMap("binary-ledger").size()).isEqualTo(1);
        // nobody holds a second version of either type
        assertThat(SchemaService.readCatalog(number).versions(channelV1.typeId())).containsExactly(channelV1);
        for (SchemaCatalog held : heldByMembers(number).values()) {
            assertThat(held.versions(channelV1.typeId())).containsExactly(channelV1);
            assertThat(held.versions(Schema.defaultTypeId("Ledger"))).hasSize(1);
        }
        assertThat(contacts2.get(1L)).isInstanceOf(PackedRecord.class);
    }

    /**
     * Two JVMs that first write the same class at once both register its schema; the second finds it in the
     * catalog while the first is still giving it to the members. The second must not write before every member
     * holds it: a member reads the value at put (OBJECT format, indexes) and, on a partition thread, cannot ask.
     * Here the first JVM is caught in that window: its schema is in the catalog and on no member.
     */
    @Test
    @Order(4)
    void aSchemaAnotherJvmHasJustPutInTheCatalogIsOnEveryMemberBeforeAValueOfItIsWritten() throws Exception {
        Schema schema = new SchemaRegistry().register(Latecomer.class).schema();
        HazelcastInstance other = client(NavpackConfig.of());
        other.<String, byte[]>getMap(SchemaTasks.CATALOG).submitToKey(SchemaTasks.CATALOG_KEY,
                new SchemaTasks.Register(List.of(new SchemaPublisher.Proposal(schema, true)))).toCompletableFuture()
                .get(60, TimeUnit.SECONDS);
        assertThat(SchemaService.readCatalog(other).get(schema.typeId(), schema.version())).isEqualTo(schema);
        assertThat(heldByMembers(other).values()).allMatch(held -> held.get(schema.typeId(), schema.version()) == null);

        HazelcastInstance writer = client(NavpackConfig.of(Latecomer.class));
        IMap<Long, Object> latecomers = writer.getMap("object-latecomers");
        latecomers.put(1L, new Latecomer(1, "first"));

        everyoneHolds(writer, schema);
        assertThat(latecomers.get(1L)).isEqualTo(new Latecomer(1, "first"));
    }

    @Test
    @Order(5)
    void aClassEvolvesWithoutVersionNumbersAndEveryVersionReadsTheOthers() throws Exception {
        String memberPorts = ports[0] + "," + ports[1] + "," + ports[2];
        List<ClientJvm> jvms = new ArrayList<>();
        try {
            for (int v = 1; v <= 3; v++) {
                jvms.add(ClientJvm.start("account-v" + v, work, AccountClientMain.class, cluster, memberPorts,
                        String.valueOf(v)));
            }
            // each process writes its class, in order of the classes' age: navpack gives them versions 1, 2 and 3
            for (int v = 1; v <= 3; v++) {
                assertThat(jvms.get(v - 1).send("write")).containsExactly("version " + v);
            }
            List<String> v1 = jvms.get(0).send("read");
            List<String> v2 = jvms.get(1).send("read");
            List<String> v3 = jvms.get(2).send("read");
            for (long i = 0; i < 20; i++) {
                // v1 reads v2 (region skipped) and v3 (owner missing)
                assertThat(v1).contains((200 + i) + " " + new Account.V1(200 + i, "owner" + i),
                        (300 + i) + " " + new Account.V1(300 + i, null));
                // v2 reads v1 (no region) and v3 (no owner)
                assertThat(v2).contains((100 + i) + " " + new Account.V2(100 + i, "owner" + i, null),
                        (300 + i) + " " + new Account.V2(300 + i, null, "region" + i));
                // v3 reads v1 and v2
                assertThat(v3).contains((100 + i) + " " + new Account.V3(100 + i, null, null),
                        (200 + i) + " " + new Account.V3(200 + i, "region" + i, null));
            }
            assertThat(v1).hasSize(60);
            assertThat(v2).hasSize(60);
            assertThat(v3).hasSize(60);
        } finally {
            jvms.forEach(ClientJvm::close);
        }
        HazelcastInstance classless = client(NavpackConfig.of().readMode(ReadMode.RECORD));
        IMap<Long, Object> m1 = client(NavpackConfig.of(Account.V1.class)).getMap("binary-accounts");
        // a JVM without the classes sees every field of every version; members read them too
        PackedRecord r2 = (PackedRecord) classless.getMap("binary-accounts").get(205L);
        assertThat(r2.schema().version()).isEqualTo(2);
        assertThat(r2.get("region")).isEqualTo("region5");
        Map<Object, String> read = classless.<Object, Object>getMap("binary-accounts").executeOnEntries(new ReadField("id"));
        assertThat(read).hasSize(60);
        read.forEach((k, v) -> assertThat(v).isEqualTo(((Long) k / 100) + ":" + k));
        // the same fields again: the same version; a declared version is kept, and chosen ones go above it
        HazelcastInstance again = client(NavpackConfig.of(Account.V2.class, Account.Declared.class));
        again.getMap("binary-accounts").put(400L, new Account.V2(400, "o", "r"));
        assertThat(NavpackContext.of(again).registry().binding(Account.V2.class).schema().version()).isEqualTo(2);
        again.getMap("binary-accounts").put(401L, new Account.Declared(401, "o", "desk"));
        assertThat(NavpackContext.of(again).registry().binding(Account.Declared.class).schema().version()).isEqualTo(9);
        Schema v10 = NavpackContext.of(again).registry().registerChoosingVersion(
                Schema.builder("Account").typeId(Schema.defaultTypeId("Account")).field("id", FieldType.LONG, false).build());
        assertThat(v10.version()).isEqualTo(10);
        assertThat(m1.get(401L)).isEqualTo(new Account.V1(401, "o"));
        assertThat(SchemaService.readCatalog(again).versions(Schema.defaultTypeId("Account")))
                .extracting(Schema::version).containsExactly(1, 2, 3, 9, 10);
        everyoneHolds(again, NavpackContext.of(again).registry().binding(Account.Declared.class).schema());
    }

    @Test
    @Order(6)
    void aMemberThatMeetsASchemaNobodyHoldsAsksAndTheClientHoldingItPublishesIt() throws Exception {
        // a client has a schema from elsewhere (learned, not published) and stores a value of it as it is
        io.navpack.format.Navpack elsewhere = io.navpack.format.Navpack.of(Orphan.class);
        Schema orphan = elsewhere.registry().binding(Orphan.class).schema();
        HazelcastInstance holder = client(NavpackConfig.of());
        NavpackContext.of(holder).registry().learn(orphan);
        PackedRecord value = elsewhere.view(elsewhere.encode(new Orphan(1, "lost")));
        IMap<Object, Object> map = holder.getMap("binary-orphans");
        map.put(1L, value);
        assertThat(SchemaService.readCatalog(holder).get(orphan.typeId(), orphan.version())).isNull();
        // the member that reads it cannot describe it, and says so on the topic: the holder publishes it
        assertThatThrownBy(() -> map.executeOnKey(1L, new ReadField("note")))
                .hasStackTraceContaining("unknown schema: type id " + orphan.typeId() + " version " + orphan.version());
        await("the holder to publish the schema", () -> {
            try {
                return map.executeOnKey(1L, new ReadField("note")).equals(orphan.version() + ":lost");
            } catch (RuntimeException e) {
                return false;
            }
        });
        everyoneHolds(holder, orphan);
    }

    @Test
    @Order(7)
    void registrationsGoOnWhenTheMemberHoldingTheCatalogDies() throws Exception {
        HazelcastInstance c = client(NavpackConfig.of());
        SchemaRegistry registry = NavpackContext.of(c).registry();
        Member owner = c.getPartitionService().getPartition(SchemaTasks.CATALOG_KEY).getOwner();
        MemberJvm victim = members.stream().filter(m -> m.port() == owner.getAddress().getPort()).findFirst().orElseThrow();
        int count = 150;
        AtomicInteger done = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Schema> registered = new ArrayList<>();
        Thread registering = new Thread(() -> {
            try {
                for (int i = 0; i < count; i++) {
                    registered.add(registry.register(Schema.builder("Burst" + i).typeId(6000 + i)
                            .field("x", FieldType.LONG).field("n" + i, FieldType.STRING).build()));
                    done.incrementAndGet();
                }
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "registering");
        registering.start();
        await("some registrations", () -> done.get() >= 20 || failure.get() != null);
        long killedAt = System.nanoTime();
        victim.kill();
        registering.join(TimeUnit.MINUTES.toMillis(2));
        assertThat(registering.isAlive()).isFalse();
        assertThat(failure.get()).isNull();
        System.out.printf("registrations: %d, %d after the catalog's owner was killed, the last %d ms after the kill%n",
                count, count - 20, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedAt));
        await("two members", () -> c.getCluster().getMembers().size() == 2);
        List<Schema> before = new ArrayList<>();
        for (SchemaCatalog held : heldByMembers(c).values()) {
            before.addAll(held.schemas());
        }
        await("the catalog to hold every schema again", () -> SchemaService.readCatalog(c).schemas().containsAll(before));
        SchemaCatalog catalog = SchemaService.readCatalog(c);
        Map<String, SchemaCatalog> held = heldByMembers(c);
        assertThat(held).hasSize(2);
        for (Schema s : registered) {
            assertThat(catalog.get(s.typeId(), s.version())).isEqualTo(s);
            held.values().forEach(h -> assertThat(h.get(s.typeId(), s.version())).isEqualTo(s));
        }
    }

    @Test
    @Order(8)
    void aFrozenMemberDelaysARegistrationButDoesNotFailIt() throws Exception {
        HazelcastInstance c = client(NavpackConfig.of().timeoutSeconds(2));
        await("two members", () -> c.getCluster().getMembers().size() == 2);
        int catalogOwner = c.getPartitionService().getPartition(SchemaTasks.CATALOG_KEY).getOwner().getAddress().getPort();
        MemberJvm frozen = members.stream().filter(m -> m.isAlive() && m.port() != catalogOwner).findFirst().orElseThrow();
        Schema schema = Schema.builder("Frozen").typeId(7000).field("x", FieldType.LONG).build();
        // a client that is up and has registered before (its listeners and proxies exist)
        NavpackContext.of(c).registry().register(Schema.builder("Warm").typeId(7001).field("x", FieldType.LONG).build());
        frozen.freeze();
        long started = System.nanoTime();
        try {
            assertThat(NavpackContext.of(c).registry().register(schema)).isEqualTo(schema);
        } finally {
            frozen.thaw();
        }
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        System.out.println("registration with a frozen member: " + millis + " ms");
        assertThat(millis).isBetween(1_500L, 6_000L);
        // once it goes on, the frozen member runs the task it was sent and holds the schema too
        await("the schema on every member", () -> {
            try {
                everyoneHolds(c, schema);
                return heldByMembers(c).size() == 2;
            } catch (Exception | AssertionError e) {
                return false;
            }
        });
    }
}
