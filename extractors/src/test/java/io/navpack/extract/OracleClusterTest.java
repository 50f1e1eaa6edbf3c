package io.navpack.extract;

import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.AttributeConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.IndexConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.config.MapConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.query.Predicate;
import com.hazelcast.query.Predicates;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.MemberJvm;
import io.navpack.hazelcast.NavpackConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Queries over navpack values on two member JVMs that lack the user classes agree with the same
 * queries over the same trades kept with plain Java serialization (an oracle member in this JVM
 * that has the classes), with and without indexes on the nav[...] attributes.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OracleClusterTest {
    private static final int ENTRIES = 50_000;

    private final String cluster = Loopback.clusterName();
    private final int[] ports = {Loopback.freePort(), Loopback.freePort()};
    private final List<MemberJvm> members = new ArrayList<>();
    private HazelcastInstance client;
    private HazelcastInstance oracleMember;
    private IMap<Object, Object> plain;
    private IMap<Object, Object> indexed;
    private IMap<Object, Object> oracle;

    private Config memberConfig(int port) {
        Config c = Loopback.member(NavpackConfig.of().applyTo(new Config()), cluster, port, ports);
        c.addMapConfig(new MapConfig("trades*").setBackupCount(1)
                .addAttributeConfig(new AttributeConfig("nav", NavpackExtractor.class.getName())));
        c.addMapConfig(new MapConfig("trades-indexed").setBackupCount(1)
                .addAttributeConfig(new AttributeConfig("nav", NavpackExtractor.class.getName()))
                .addIndexConfig(new IndexConfig(IndexType.HASH, "nav[currency1]"))
                .addIndexConfig(new IndexConfig(IndexType.HASH, "nav[currency2]"))
                .addIndexConfig(new IndexConfig(IndexType.SORTED, "nav[amount1]"))
                .addIndexConfig(new IndexConfig(IndexType.SORTED, "nav[tradeDate]"))
                .addIndexConfig(new IndexConfig(IndexType.SORTED, "nav[id]"))
                .addIndexConfig(new IndexConfig(IndexType.BITMAP, "nav[buySell]")));
        return c;
    }

    @BeforeAll
    void start() {
        Path work = Path.of("target", "oracle-test", cluster);
        members.add(MemberJvm.start("member-1", memberConfig(ports[0]), work));
        members.add(MemberJvm.start("member-2", memberConfig(ports[1]), work));
        client = HazelcastClient.newHazelcastClient(Loopback.client(NavpackConfig.of(Trade.class).applyTo(new ClientConfig()),
                cluster, ports));
        int oraclePort = Loopback.freePort();
        Config oracleConfig = new Config();
        oracleConfig.getSerializationConfig().addSerializerConfig(new com.hazelcast.config.SerializerConfig()
                .setTypeClass(Trade.class).setImplementation(new JavaSerialization()));
        oracleMember = Hazelcast.newHazelcastInstance(Loopback.member(oracleConfig, Loopback.clusterName(), oraclePort, oraclePort));
        plain = client.getMap("trades");
        indexed = client.getMap("trades-indexed");
        oracle = oracleMember.getMap("oracle");
        Map<Object, Object> batch = new HashMap<>();
        for (Trade t : TradeGenerator.trades(ENTRIES, 42)) {
            batch.put(t.id(), t);
            if (batch.size() == 5_000) {
                plain.putAll(batch);
                indexed.putAll(batch);
                oracle.putAll(batch);
                batch.clear();
            }
        }
        assertThat(plain.size()).isEqualTo(ENTRIES);
        assertThat(indexed.size()).isEqualTo(ENTRIES);
        assertThat(client.getCluster().getMembers()).hasSize(2);
    }

    @AfterAll
    void stop() {
        if (client != null) client.shutdown();
        if (oracleMember != null) oracleMember.shutdown();
        members.forEach(MemberJvm::close);
    }

    private void agree(Predicate<Object, Object> navpack, Predicate<Object, Object> plainAttributes, List<String> seen) {
        Set<Object> expected = new HashSet<>(oracle.keySet(plainAttributes));
        assertThat(new HashSet<>(plain.keySet(navpack))).as("%s without indexes", navpack).isEqualTo(expected);
        assertThat(new HashSet<>(indexed.keySet(navpack))).as("%s with indexes", navpack).isEqualTo(expected);
        seen.add(navpack + " -> " + expected.size());
    }

    @Test
    void randomPredicatesAgreeWithTheOracle() {
        RandomPredicates random = new RandomPredicates(20140721);
        List<String> seen = new ArrayList<>();
        int nonTrivial = 0;
        for (int i = 0; i < 8; i++) {
            Predicate<Object, Object>[] p = random.api(2);
            agree(p[0], p[1], seen);
            String[] s = random.sql(2);
            agree(Predicates.sql(s[0]), Predicates.sql(s[1]), seen);
        }
        for (String line : seen) {
            int n = Integer.parseInt(line.substring(line.lastIndexOf(' ') + 1));
            if (n > 0 && n < ENTRIES) {
                nonTrivial++;
            }
        }
        assertThat(seen).hasSize(16);
        assertThat(nonTrivial).as("predicates that select some but not all entries: %s", seen).isGreaterThanOrEqualTo(10);
    }

    @Test
    void valuesComeBackEqual() {
        Predicate<Object, Object> p = Predicates.sql("nav[currency1] = 'EUR' and nav[amount1] > 50000000");
        Set<Object> expected = new HashSet<>(oracle.values(Predicates.sql("currency1 = 'EUR' and amount1 > 50000000")));
        assertThat(expected).isNotEmpty();
        assertThat(new HashSet<>(plain.values(p))).isEqualTo(expected);
        assertThat(new HashSet<>(indexed.values(p))).isEqualTo(expected);
    }
}
