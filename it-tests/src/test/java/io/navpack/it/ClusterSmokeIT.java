package io.navpack.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.hazelcast.cluster.Member;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.spi.exception.TargetDisconnectedException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Three members in containers, a client on the host, plain values; a member killed and a member paused. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(180)
class ClusterSmokeIT {

    private static final int ENTRIES = 10_000;
    private static final Duration SETTLE = Duration.ofSeconds(90);

    @RegisterExtension
    static final HazelcastClusterExtension CLUSTER = HazelcastClusterExtension.withMembers(3);

    private static HazelcastInstance client;

    @BeforeAll
    static void connect() {
        client = CLUSTER.cluster().newClient();
    }

    @Test
    @Order(1)
    void threeMembersFormOneClusterAtTheirOwnAddresses(HazelcastCluster cluster) {
        Set<Member> members = client.getCluster().getMembers();

        assertThat(members).hasSize(3);
        assertThat(members.stream().map(m -> m.getAddress().getHost() + ":" + m.getAddress().getPort()).collect(Collectors.toSet()))
                .containsExactlyInAnyOrderElementsOf(cluster.members().stream().map(ClusterMember::address).toList());
        for (ClusterMember member : cluster.members()) {
            assertThat(member.health().isSettledAt(3)).as("%s health", member).isTrue();
            assertThat(member.logs()).contains("is STARTED");
        }
    }

    @Test
    @Order(2)
    void clientPutsAndGetsEntries() {
        IMap<Integer, String> map = client.getMap("smoke-put-get");
        fill(map);

        assertThat(map.size()).isEqualTo(ENTRIES);
        assertThat(map.getAll(keys())).isEqualTo(expected());
        assertThat(map.get(0)).isEqualTo(value(0));
        assertThat(map.get(ENTRIES - 1)).isEqualTo(value(ENTRIES - 1));
    }

    @Test
    @Order(3)
    void noEntryIsLostWhenAMemberIsKilled(HazelcastCluster cluster) {
        cluster.heal(SETTLE);
        IMap<Integer, String> map = client.getMap("smoke-kill");
        fill(map);
        cluster.awaitSettled(SETTLE);

        cluster.member(1).kill();
        cluster.awaitSettled(SETTLE);

        assertThat(cluster.runningMembers()).hasSize(2);
        assertThat(client.getCluster().getMembers()).hasSize(2);
        assertThat(map.size()).isEqualTo(ENTRIES);
        assertThat(map.getAll(keys())).isEqualTo(expected());

        cluster.member(1).restart();
        cluster.awaitSettled(SETTLE);

        assertThat(client.getCluster().getMembers()).hasSize(3);
        assertThat(map.getAll(keys())).isEqualTo(expected());
    }

    @Test
    @Order(4)
    void aPausedMemberIsRemovedAndRejoinsWithDataIntact(HazelcastCluster cluster) {
        cluster.heal(SETTLE);
        IMap<Integer, String> map = client.getMap("smoke-pause");
        fill(map);
        cluster.awaitSettled(SETTLE);

        cluster.member(3).pause();
        cluster.awaitSettled(SETTLE);

        assertThat(cluster.runningMembers()).extracting(ClusterMember::name).containsExactly("member1", "member2");
        assertThat(afterConnectionLoss(map::size)).isEqualTo(ENTRIES);
        assertThat(afterConnectionLoss(() -> map.getAll(keys()))).isEqualTo(expected());

        cluster.member(3).unpause();
        cluster.awaitSettled(SETTLE);

        assertThat(client.getCluster().getMembers()).hasSize(3);
        assertThat(afterConnectionLoss(map::size)).isEqualTo(ENTRIES);
        assertThat(afterConnectionLoss(() -> map.getAll(keys()))).isEqualTo(expected());
    }

    /**
     * A read, tried again (within a minute) when the client's connection to a running member was lost in between — its
     * heartbeat timed out while the two cores were busy with the members' migrations: as an application would; the
     * data must then be whole.
     */
    private static <T> T afterConnectionLoss(Supplier<T> read) {
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        while (true) {
            try {
                return read.get();
            } catch (TargetDisconnectedException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                try {
                    Thread.sleep(500);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    private static void fill(IMap<Integer, String> map) {
        Map<Integer, String> batch = new HashMap<>();
        for (int i = 0; i < ENTRIES; i++) {
            batch.put(i, value(i));
            if (batch.size() == 1_000) {
                map.putAll(batch);
                batch.clear();
            }
        }
        map.putAll(batch);
    }

    private static String value(int key) {
        return "value-" + key + "-" + Integer.toHexString(key * 31 + 7);
    }

    private static Set<Integer> keys() {
        Set<Integer> keys = new HashSet<>();
        for (int i = 0; i < ENTRIES; i++) {
            keys.add(i);
        }
        return keys;
    }

    private static Map<Integer, String> expected() {
        Map<Integer, String> expected = new HashMap<>();
        for (int i = 0; i < ENTRIES; i++) {
            expected.put(i, value(i));
        }
        return expected;
    }

}
