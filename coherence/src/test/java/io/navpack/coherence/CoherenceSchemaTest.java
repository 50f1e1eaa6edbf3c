package io.navpack.coherence;

import com.tangosol.net.CacheFactory;
import com.tangosol.net.NamedCache;
import com.tangosol.util.Filter;
import com.tangosol.util.Filters;
import io.navpack.coherence.model.Account;
import io.navpack.coherence.model.Deal;
import io.navpack.format.Schema;
import io.navpack.format.SchemaCatalog;
import io.navpack.format.SchemaRegistry;
import io.navpack.format.spi.SchemaProtocol;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

import static io.navpack.coherence.NavpackExtractor.of;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The cluster's schemas on Coherence, with the guarantees navpack gives on Hazelcast, by the same protocol: two JVMs
 * racing to register types agree on every version, and of two different schemas declared under one id and version
 * exactly one wins; a class evolves without version numbers, and a field that changes its type is refused naming the
 * field; a storage member that is killed and replaced, and then every storage member at once, lose nothing an
 * application JVM can still read and query — the application that stays up gives the new members its schemas and
 * puts them back into the catalog.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CoherenceSchemaTest {
    private static CoherenceCluster cluster;
    private static NamedCache<Long, Deal> deals;
    private static final Map<Long, Deal> ORACLE = new HashMap<>();

    @BeforeAll
    static void start() {
        cluster = CoherenceCluster.start("schemas", 2);
        cluster.joinAsApplication(Deal.class.getName());
        deals = CacheFactory.getCache("deals");
    }

    @AfterAll
    static void stop() {
        CacheFactory.shutdown();
        if (cluster != null) {
            cluster.close();
        }
    }

    private static SchemaRegistry registry() {
        return NavpackCoherence.get().registry();
    }

    @Test
    @Order(1)
    void twoJvmsRacingAgreeOnEveryVersionAndExactlyOneDeclaredSchemaWins() throws Exception {
        NamedCache<String, Object> race = CacheFactory.getCache("race");
        CoherenceCluster.Member other = cluster.startMember("racer", Map.of(), SchemaRacer.class.getName() + " b");
        CompletableFuture<Map<String, String>> mine = CompletableFuture.supplyAsync(() -> {
            while (!race.containsKey("go")) {
                Thread.yield();
            }
            return SchemaRacer.run("a", registry());
        });
        race.put("go", Boolean.TRUE);
        Map<String, String> a = mine.get();
        other.awaitLog("DONE", Duration.ofSeconds(120));
        Map<String, String> b = SchemaRacer.answers(race.get("b"));

        SchemaCatalog catalog = NavpackCoherence.get().schemas().readCatalog();
        int wonByA = 0;
        for (int i = 0; i < SchemaRacer.TYPES; i++) {
            // versions chosen by the cluster: one per field set, the two sides got different ones
            assertThat(Set.of(a.get("Race" + i), b.get("Race" + i))).containsExactlyInAnyOrder("1", "2");
            List<Schema> versions = catalog.versions(9000 + i);
            assertThat(versions).hasSize(2);
            assertThat(versions.get(Integer.parseInt(a.get("Race" + i)) - 1).field("a")).isNotNull();
            assertThat(versions.get(Integer.parseInt(b.get("Race" + i)) - 1).field("b")).isNotNull();
            // a declared version: exactly one side won, the other was refused, and the catalog holds the winner's
            String fa = a.get("Fixed" + i);
            String fb = b.get("Fixed" + i);
            assertThat(fa.equals("1") ^ fb.equals("1")).as("Fixed" + i + ": " + fa + " / " + fb).isTrue();
            String loser = fa.equals("1") ? fb : fa;
            assertThat(loser).startsWith("refused: ").contains("holds a different schema for type id " + (9500 + i) + " version 1");
            assertThat(catalog.get(9500 + i, 1).field(fa.equals("1") ? "a" : "b")).isNotNull();
            wonByA += fa.equals("1") ? 1 : 0;
        }
        // every member holds what the catalog holds, and nothing else under the same ids and versions
        for (Map.Entry<String, List<Schema>> m : NavpackCoherence.get().schemas().byMember().entrySet()) {
            Map<Long, Map<Schema, List<String>>> held = SchemaProtocol.holders(catalog, "the catalog", Map.of(m.getKey(), m.getValue()));
            assertThat(held.values()).as("disagreements with " + m.getKey()).allSatisfy(h -> assertThat(h).hasSize(1));
        }
        System.out.println("declared schemas won by this JVM: " + wonByA + " of " + SchemaRacer.TYPES);
    }

    @Test
    @Order(2)
    void classesEvolveWithoutVersionNumbersAndAFieldThatChangesItsTypeIsRefused() {
        NamedCache<Long, Object> accounts = CacheFactory.getCache("accounts");
        accounts.put(1L, new Account.V1(1, "ann"));
        accounts.put(2L, new Account.V2(2, "bob", "EMEA"));
        accounts.put(3L, new Account.V3(3, "cy", "APAC", new java.math.BigDecimal("12.50")));
        SchemaRegistry r = registry();
        assertThat(r.binding(Account.V1.class).schema().version()).isEqualTo(1);
        assertThat(r.binding(Account.V2.class).schema().version()).isEqualTo(2);
        assertThat(r.binding(Account.V3.class).schema().version()).isEqualTo(3);
        assertThatThrownBy(() -> accounts.put(4L, new Account.Retyped(4, 7L)))
                .hasStackTraceContaining("field owner of Account")
                .hasStackTraceContaining("keeps its type in every version");
        assertThat(r.findBinding(Account.Retyped.class)).isNull();
        // the storage members read every version by plain name, without the classes
        assertThat(keys(accounts, Filters.equal(of("owner"), "bob"))).containsExactly(2L);
        assertThat(keys(accounts, Filters.equal(of("region"), "APAC"))).containsExactly(3L);
        assertThat(keys(accounts, Filters.isNull(of("region")))).containsExactly(1L);
        assertThat(NavpackCoherence.get().schemas().readCatalog().versions(r.binding(Account.V1.class).schema().typeId()))
                .hasSize(3);
        assertThat(r.schemas().stream().filter(s -> s.typeName().equals("Account")).count()).isEqualTo(3);
    }

    @Test
    @Order(3)
    void aStorageMemberReplacedAndThenEveryStorageMemberRestartedLoseNothingTheApplicationCanRead() {
        Random rnd = new Random(7);
        put(rnd, 0, 1000);
        checkQueries();

        // one member killed and replaced: the backups keep values and catalog; the new member is given the schemas
        cluster.members().get(0).kill();
        cluster.startMember("member3");
        checkQueries();
        assertThat(deals.size()).isEqualTo(ORACLE.size());

        // every storage member killed: the values and the catalog are gone; this JVM stays a member
        for (CoherenceCluster.Member m : cluster.members()) {
            m.kill();
        }
        ORACLE.clear();
        cluster.startMember("member4");
        cluster.startMember("member5");
        // the schemas this JVM agreed before are agreed again: written values are readable by the new members
        put(rnd, 1000, 1500);
        checkQueries();
        awaitCatalogHolds(registry().binding(Deal.class).schema());
        for (List<Schema> held : NavpackCoherence.get().schemas().byMember().values()) {
            assertThat(held).contains(registry().binding(Deal.class).schema());
        }
    }

    private static void awaitCatalogHolds(Schema s) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (NavpackCoherence.get().schemas().readCatalog().get(s.typeId(), s.version()) == null) {
            assertThat(System.nanoTime()).as("the catalog holds " + s + " again").isLessThan(deadline);
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static void put(Random r, long from, long to) {
        Map<Long, Deal> batch = new HashMap<>();
        for (long id = from; id < to; id++) {
            Deal d = CoherenceClusterTest.deal(r, id);
            ORACLE.put(id, d);
            batch.put(id, d);
        }
        deals.putAll(batch);
    }

    private static void checkQueries() {
        assertThat(keys(deals, Filters.equal(of("currency"), "EUR"))).isEqualTo(ORACLE.values().stream()
                .filter(d -> d.currency().equals("EUR")).map(Deal::id).collect(Collectors.toSet()));
        assertThat(keys(deals, Filters.contains(of("legs[any].payer"), "P1"))).isEqualTo(ORACLE.values().stream()
                .filter(d -> d.legs().stream().anyMatch(l -> l.payer().equals("P1"))).map(Deal::id).collect(Collectors.toSet()));
        assertThat(new HashSet<>(deals.getAll(ORACLE.keySet()).values())).isEqualTo(new HashSet<>(ORACLE.values()));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Set<Long> keys(NamedCache<Long, ?> cache, Filter<?> f) {
        return new HashSet<>(((NamedCache) cache).keySet((Filter) f));
    }
}
