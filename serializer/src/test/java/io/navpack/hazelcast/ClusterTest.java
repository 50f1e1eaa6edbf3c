package io.navpack.hazelcast;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.cluster.Member;
import com.hazelcast.config.Config;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.MapConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.navpack.format.Navpack;
import io.navpack.format.PackedRecord;
import com.acme.trading.Side;
import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import io.navpack.hazelcast.member.AmountInCurrency;
import io.navpack.hazelcast.member.MemberProbe;
import io.navpack.hazelcast.member.Touch;
import io.navpack.hazelcast.model.ClashA;
import io.navpack.hazelcast.model.ClashB;
import io.navpack.hazelcast.model.OrderV1;
import io.navpack.hazelcast.model.OrderV2;
import io.navpack.hazelcast.model.Unregistered;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A cluster of member JVMs that have navpack and Hazelcast but none of the user's classes, and
 * clients in this JVM that have them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterTest {
    private static final Duration SETTLE = Duration.ofSeconds(60);

    private final String cluster = Loopback.clusterName();
    private final int[] ports = {Loopback.freePort(), Loopback.freePort(), Loopback.freePort()};
    private final Path work = Path.of("target", "cluster-test", cluster);
    private final List<MemberJvm> members = new ArrayList<>();
    private final List<HazelcastInstance> clients = new ArrayList<>();
    private final List<Trade> trades = TradeGenerator.trades(3_000, TradeGenerator.SEED);

    private Config memberConfig(int port) {
        Config c = Loopback.member(NavpackConfig.of().applyTo(new Config()), cluster, port, ports);
        c.addMapConfig(new MapConfig("binary-*").setInMemoryFormat(InMemoryFormat.BINARY).setBackupCount(1));
        c.addMapConfig(new MapConfig("object-*").setInMemoryFormat(InMemoryFormat.OBJECT).setBackupCount(1));
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
        HazelcastInstance c = client(NavpackConfig.of(Trade.class));
        await("two members", () -> c.getCluster().getMembers().size() == 2);
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

    private static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + SETTLE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            MemberJvm.sleep(200);
        }
    }

    private Map<Long, Trade> tradesById() {
        Map<Long, Trade> byId = new LinkedHashMap<>();
        for (Trade t : trades) {
            byId.put(t.id(), t);
        }
        return byId;
    }

    private List<String> probe(HazelcastInstance via, Member member) throws Exception {
        Future<List<String>> f = via.getExecutorService("probe").submitToMember(new MemberProbe(Trade.class.getName()), member);
        return f.get(60, TimeUnit.SECONDS);
    }

    @Test
    @Order(1)
    void membersHaveNoUserClasses() throws Exception {
        HazelcastInstance c = clients.get(0);
        for (Member m : c.getCluster().getMembers()) {
            // and their operations find Hazelcast's serializer without a search per write
            assertThat(probe(c, m)).contains("class:false", "operationsCached:true");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"binary", "object"})
    @Order(2)
    void putGetGetAllPutAllValuesEntrySet(String format) {
        HazelcastInstance c = client(NavpackConfig.of(Trade.class));
        IMap<Long, Trade> map = c.getMap(format + "-trades");
        Map<Long, Trade> byId = tradesById();
        Map<Long, Trade> firstHalf = new HashMap<>();
        byId.forEach((k, v) -> {
            if (k % 2 == 0) {
                firstHalf.put(k, v);
            }
        });
        map.putAll(firstHalf);
        byId.forEach((k, v) -> {
            if (k % 2 == 1) {
                map.put(k, v);
            }
        });
        assertThat(map.size()).isEqualTo(trades.size());
        for (long id = 1; id <= 50; id++) {
            assertThat(map.get(id)).isEqualTo(byId.get(id));
        }
        assertThat(map.getAll(byId.keySet())).isEqualTo(byId);
        assertThat(new HashSet<>(map.values())).isEqualTo(new HashSet<>(trades));
        Map<Long, Trade> entries = new HashMap<>();
        for (Map.Entry<Long, Trade> e : map.entrySet()) {
            entries.put(e.getKey(), e.getValue());
        }
        assertThat(entries).isEqualTo(byId);
    }

    private long schemaRequests(HazelcastInstance via) throws Exception {
        long total = 0;
        for (Member m : via.getCluster().getMembers()) {
            for (String line : probe(via, m)) {
                if (line.startsWith("schemaRequests:")) {
                    total += Long.parseLong(line.substring("schemaRequests:".length()));
                }
            }
        }
        return total;
    }

    @Test
    @Order(2)
    void onceASchemaIsKnownPutsCostNoExtraRoundTrip() throws Exception {
        HazelcastInstance c = client(NavpackConfig.of(Trade.class));
        IMap<Long, Trade> map = c.getMap("binary-round-trips");
        map.put(0L, trades.get(0));
        long before = schemaRequests(c);
        for (Trade t : trades.subList(0, 500)) {
            map.put(t.id(), t);
        }
        map.putAll(tradesById());
        assertThat(schemaRequests(c)).isEqualTo(before);
        // a client that has not seen the schema shares it once (one request to the catalog, which holds it
        // already, and one to each member, which may not hold it yet if another JVM has just registered it),
        // then never again
        HazelcastInstance fresh = client(NavpackConfig.of().readMode(ReadMode.RECORD));
        int members = c.getCluster().getMembers().size();
        for (long id = 1; id <= 100; id++) {
            assertThat(fresh.getMap("binary-round-trips").get(id)).isInstanceOf(PackedRecord.class);
        }
        assertThat(schemaRequests(c) - before).isBetween(1L, 2L + members);
        for (long id = 1; id <= 100; id++) {
            fresh.getMap("binary-round-trips").get(id);
            fresh.getMap("binary-round-trips").put(id, fresh.getMap("binary-round-trips").get(id));
        }
        long shared = schemaRequests(c) - before;
        assertThat(shared).isBetween(1L, 2L + members);
        for (long id = 1; id <= 100; id++) {
            fresh.getMap("binary-round-trips").put(id, fresh.getMap("binary-round-trips").get(id));
        }
        assertThat(schemaRequests(c) - before).as("never again").isEqualTo(shared);
    }

    @ParameterizedTest
    @ValueSource(strings = {"binary", "object"})
    @Order(3)
    void anEntryProcessorReadsThroughPackedRecordOnTheMember(String format) {
        HazelcastInstance c = client(NavpackConfig.of(Trade.class));
        IMap<Object, Object> map = c.getMap(format + "-ep");
        map.putAll(tradesById());
        Map<Object, BigDecimal> result = map.executeOnEntries(new AmountInCurrency("EUR"));
        Map<Object, BigDecimal> expected = new HashMap<>();
        for (Trade t : trades) {
            if (t.currency1().equals("EUR")) {
                expected.put(t.id(), t.amount1());
            }
        }
        result.values().removeIf(java.util.Objects::isNull);
        assertThat(result).isNotEmpty().isEqualTo(expected);
        // writing the view back on the member keeps the value intact
        assertThat(map.executeOnKey((Object) 5L, new Touch())).isEqualTo("Trade");
        assertThat(map.get(5L)).isEqualTo(tradesById().get(5L));
    }

    @ParameterizedTest
    @ValueSource(strings = {"binary", "object"})
    @Order(3)
    void setFieldProcessorChangesOneFieldOnMembersWithoutTheClass(String format) throws Exception {
        HazelcastInstance c = client(NavpackConfig.of(Trade.class));
        for (Member m : c.getCluster().getMembers()) {
            assertThat(probe(c, m)).contains("class:false");
        }
        IMap<Long, Trade> map = c.getMap(format + "-set-field");
        Map<Long, Trade> byId = tradesById();
        map.putAll(byId);
        Navpack navpack = Navpack.of(Trade.class);
        BigDecimal amount = new BigDecimal("1234567.89");
        for (long id = 1; id <= 50; id++) {
            assertThat(map.executeOnKey(id, new SetFieldProcessor<>("amount2", amount))).isNull();
            Trade t = byId.get(id);
            Trade expected = new Trade(t.id(), t.tradeDate(), t.buySell(), t.currency1(), t.amount1(), t.exchangeRate(),
                    t.currency2(), amount, t.settlementDate());
            assertThat(map.get(id)).isEqualTo(expected);
            // the member's bytes are those the client would write: the other fields' bytes copied, one field new
            assertThat(((PackedRecord) recordReader().getMap(map.getName()).get(id)).bytes())
                    .isEqualTo(navpack.encode(expected));
        }
        // the user guide's call
        IMap<Long, Trade> trades = map;
        long id = 51;
        trades.executeOnKey(id, new SetFieldProcessor<>("amount2", new BigDecimal("1250000.00")));
        assertThat(map.get(id).amount2()).isEqualTo(new BigDecimal("1250000.00"));
        assertThat(map.get(id).amount1()).isEqualTo(byId.get(id).amount1());
        // an enum constant travels as its name; every entry at once
        map.executeOnEntries(new SetFieldProcessor<>("buySell", Side.SELL));
        assertThat(map.values()).hasSize(byId.size()).allMatch(t -> t.buySell() == Side.SELL);
        // a field the type does not have, or a value it cannot hold, is refused and the entry is left as it was
        Trade before = map.get(60L);
        assertThatThrownBy(() -> map.executeOnKey(60L, new SetFieldProcessor<>("amount3", amount)))
                .hasMessageContaining("no field 'amount3' in Trade").hasMessageContaining("amount2");
        assertThatThrownBy(() -> map.executeOnKey(60L, new SetFieldProcessor<>("amount2", "lots")))
                .hasMessageContaining("field amount2 of Trade");
        assertThat(map.get(60L)).isEqualTo(before);
        // an absent entry stays absent
        assertThat(map.executeOnKey(-1L, new SetFieldProcessor<>("amount2", amount))).isNull();
        assertThat(map.containsKey(-1L)).isFalse();
    }

    private HazelcastInstance recordReader;

    /** A client that reads values as records: their bytes as stored. */
    private HazelcastInstance recordReader() {
        if (recordReader == null) {
            recordReader = client(NavpackConfig.of().readMode(ReadMode.RECORD));
        }
        return recordReader;
    }

    @Test
    @Order(4)
    void aClientInRecordModeGetsViews() {
        HazelcastInstance writer = client(NavpackConfig.of(Trade.class));
        writer.getMap("binary-views").put(1L, trades.get(0));
        HazelcastInstance reader = client(NavpackConfig.of(Trade.class).readMode(ReadMode.RECORD));
        Object v = reader.getMap("binary-views").get(1L);
        assertThat(v).isInstanceOf(PackedRecord.class);
        assertThat(((PackedRecord) v).toObject(Trade.class)).isEqualTo(trades.get(0));
        HazelcastInstance perType = client(NavpackConfig.of(Trade.class).readMode("Trade", ReadMode.RECORD));
        assertThat(perType.getMap("binary-views").get(1L)).isInstanceOf(PackedRecord.class);
    }

    @Test
    @Order(5)
    void twoVersionsOfAClassWriteAndReadTheSameMap() {
        HazelcastInstance v1 = client(NavpackConfig.of(OrderV1.class));
        HazelcastInstance v2 = client(NavpackConfig.of(OrderV2.class));
        IMap<Long, Object> m1 = v1.getMap("binary-orders");
        IMap<Long, Object> m2 = v2.getMap("binary-orders");
        m1.put(1L, new OrderV1(1, "EUR", new BigDecimal("10.00")));
        m2.put(2L, new OrderV2(2, "USD", new BigDecimal("20.00"), "XLON"));
        m1.put(3L, new OrderV1(3, "GBP", new BigDecimal("30.00")));
        assertThat(m1.get(2L)).isEqualTo(new OrderV1(2, "USD", new BigDecimal("20.00")));
        assertThat(m2.get(1L)).isEqualTo(new OrderV2(1, "EUR", new BigDecimal("10.00"), null));
        assertThat(m1.get(1L)).isEqualTo(new OrderV1(1, "EUR", new BigDecimal("10.00")));
        assertThat(m2.get(2L)).isEqualTo(new OrderV2(2, "USD", new BigDecimal("20.00"), "XLON"));
        assertThat(m2.values()).hasSize(3).allMatch(o -> o instanceof OrderV2);
        // a new client knowing neither version reads both through the cluster's schemas
        HazelcastInstance neither = client(NavpackConfig.of());
        PackedRecord r = (PackedRecord) neither.getMap("binary-orders").get(2L);
        assertThat(r.getString("venue")).isEqualTo("XLON");
        assertThat(r.schema().version()).isEqualTo(2);
    }

    @Test
    @Order(6)
    void aConflictingSchemaIsRefusedNamingBoth() {
        HazelcastInstance a = client(NavpackConfig.of(ClashA.class));
        a.getMap("binary-clash").put(1L, new ClashA(1));
        HazelcastInstance b = client(NavpackConfig.of(ClashB.class));
        assertThatThrownBy(() -> b.getMap("binary-clash").put(2L, new ClashB("y")))
                .hasStackTraceContaining("holds a different schema for type id 77 version 1")
                .hasStackTraceContaining("x: long").hasStackTraceContaining("y: string");
        assertThat(a.getMap("binary-clash").get(1L)).isEqualTo(new ClashA(1));
        assertThat(a.getMap("binary-clash").size()).isEqualTo(1);
    }

    @Test
    @Order(7)
    void anUnregisteredTypeFailsAtPut() {
        HazelcastInstance g = client(NavpackConfig.of(Trade.class).asGlobalSerializer(false));
        g.getMap("binary-global").put(1L, trades.get(0));
        assertThat(g.getMap("binary-global").get(1L)).isEqualTo(trades.get(0));
        assertThatThrownBy(() -> g.getMap("binary-global").put(2L, new Unregistered()))
                .hasStackTraceContaining(Unregistered.class.getName() + " is not registered with navpack");
    }

    @Test
    @Order(8)
    void corruptOrUnknownBytesNameTheMapKeyOrSchema() {
        HazelcastInstance c = client(NavpackConfig.of(Trade.class).readMode(ReadMode.RECORD));
        IMap<Object, Object> map = c.getMap("binary-corrupt");
        PackedRecord view = (PackedRecord) (Object) cViewOf(c, trades.get(0));
        byte[] bytes = view.array();
        bytes[view.offset()] = 50; // the view checked its header already; the bytes now name type id 50
        map.put(7L, view);
        assertThatThrownBy(() -> map.executeOnKey((Object) 7L, new Touch()))
                .hasStackTraceContaining("unknown schema: type id 50 version 1")
                .hasStackTraceContaining("in map 'binary-corrupt', key 7");
        assertThatThrownBy(() -> map.get(7L)).hasStackTraceContaining("unknown schema: type id 50 version 1");
    }

    private static Object cViewOf(HazelcastInstance c, Trade t) {
        IMap<Long, Object> scratch = c.getMap("binary-scratch");
        scratch.put(t.id(), t);
        return scratch.get(t.id());
    }

    @Test
    @Order(9)
    void aJoiningMemberReceivesAllSchemasAndSchemasSurviveAMemberLoss() throws Exception {
        HazelcastInstance c = client(NavpackConfig.of(Trade.class));
        IMap<Long, Trade> map = c.getMap("binary-survive");
        map.putAll(tradesById());
        members.add(MemberJvm.start("member-3", memberConfig(ports[2]), work));
        await("three members", () -> c.getCluster().getMembers().size() == 3);
        Member joined = c.getCluster().getMembers().stream()
                .filter(m -> m.getAddress().getPort() == ports[2]).findFirst().orElseThrow();
        await("schemas on the new member", () -> {
            try {
                return probe(c, joined).containsAll(List.of("Trade v1", "ClusterOrder v1", "ClusterOrder v2", "Clash v1"));
            } catch (Exception e) {
                return false;
            }
        });
        members.get(0).kill();
        await("two members", () -> c.getCluster().getMembers().size() == 2);
        await("all entries", () -> map.size() == trades.size());
        // a client that never saw these schemas learns them from the remaining members
        HazelcastInstance fresh = client(NavpackConfig.of(Trade.class, OrderV2.class));
        IMap<Long, Trade> again = fresh.getMap("binary-survive");
        assertThat(again.getAll(tradesById().keySet())).isEqualTo(tradesById());
        assertThat(fresh.getMap("binary-orders").get(1L)).isEqualTo(new OrderV2(1, "EUR", new BigDecimal("10.00"), null));
        Set<String> known = new HashSet<>(probe(fresh, joined));
        assertThat(known).contains("Trade v1", "ClusterOrder v2");
    }
}
