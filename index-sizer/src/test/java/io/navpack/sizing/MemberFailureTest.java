package io.navpack.sizing;

import static org.assertj.core.api.Assertions.assertThat;

import com.hazelcast.cluster.Member;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * A member in the test JVM sizes a cluster with a member in a child JVM whose sizing executor is kept busy:
 * first it does not answer in time, then it dies while the task waits on it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MemberFailureTest {

    private static Children children;
    private static HazelcastInstance local;
    private static Member remote;

    @BeforeAll
    static void start() throws Exception {
        String cluster = "failure-" + TestConfigs.freePort();
        int localPort = TestConfigs.freePort();
        children = Children.start(cluster, new boolean[] {true}, List.of(localPort), 1);
        local = Hazelcast.newHazelcastInstance(TestConfigs.member(cluster, localPort,
                List.of(localPort, children.ports.get(0))));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (local.getCluster().getMembers().size() < 2) {
            assertThat(System.nanoTime() - deadline).as("2 members joined").isNegative();
            Thread.sleep(100);
        }
        remote = local.getCluster().getMembers().stream().filter(m -> !m.localMember()).findFirst().orElseThrow();
        IMap<Long, Trade> map = local.getMap("failing");
        for (long i = 0; i < 2000; i++) {
            map.set(i, Trade.of(i));
        }
        map.addIndex(com.hazelcast.config.IndexType.SORTED, "id");
        // the child's only sizing thread sleeps: its sizing task waits in the queue
        local.getExecutorService(IndexSizer.DEFAULT_EXECUTOR).submitToMember(new SleepingTask(600_000), remote);
    }

    @AfterAll
    static void stop() {
        try {
            if (local != null) {
                local.shutdown();
            }
        } finally {
            if (children != null) {
                children.close();
            }
        }
    }

    private static MemberIndexReport rowOf(ClusterIndexReport report, Member m) {
        return report.members().stream().filter(r -> r.memberUuid().equals(m.getUuid().toString()))
                .findFirst().orElseThrow();
    }

    @Test
    @Order(1)
    void memberThatDoesNotAnswerInTimeIsTimedOut() {
        ClusterIndexReport report = IndexSizer.forInstance(local)
                .withOptions(SizingOptions.defaults().withMapNames("failing")).size(Duration.ofSeconds(4));
        assertThat(report.members()).hasSize(2);
        MemberIndexReport slow = rowOf(report, remote);
        assertThat(slow.status()).isEqualTo(MemberStatus.TIMED_OUT);
        assertThat(slow.reason()).contains("no answer within");
        MemberIndexReport self = rowOf(report, local.getCluster().getLocalMember());
        assertThat(self.status()).isEqualTo(MemberStatus.OK);
        assertThat(self.map("failing").indexes()).singleElement()
                .satisfies(i -> assertThat(i.heapBytes()).isPositive());
    }

    @Test
    @Order(2)
    void memberThatDiesMidTaskGivesAFailedRow() throws Exception {
        AtomicReference<ClusterIndexReport> result = new AtomicReference<>();
        AtomicReference<Throwable> error = new AtomicReference<>();
        Thread caller = new Thread(() -> {
            try {
                result.set(IndexSizer.forInstance(local)
                        .withOptions(SizingOptions.defaults().withMapNames("failing")).size(Duration.ofSeconds(120)));
            } catch (Throwable t) {
                error.set(t);
            }
        }, "sizing-caller");
        caller.start();
        // the caller waits on the remote member's answer once it parks
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (caller.getState() != Thread.State.TIMED_WAITING || !waitingOnFuture(caller)) {
            assertThat(System.nanoTime() - deadline).as("caller waits on the answer").isNegative();
            Thread.sleep(20);
        }
        children.jvms.get(0).kill();
        caller.join(TimeUnit.SECONDS.toMillis(150));
        assertThat(caller.isAlive()).as("sizing returned").isFalse();
        assertThat(error.get()).isNull();
        System.out.println(result.get().toTable());
        MemberIndexReport dead = rowOf(result.get(), remote);
        assertThat(dead.status()).isEqualTo(MemberStatus.FAILED);
        assertThat(dead.reason()).contains("left the cluster");
        assertThat(rowOf(result.get(), local.getCluster().getLocalMember()).status()).isEqualTo(MemberStatus.OK);
    }

    private static boolean waitingOnFuture(Thread t) {
        for (StackTraceElement e : t.getStackTrace()) {
            if (e.getMethodName().equals("size") && e.getClassName().equals(IndexSizer.class.getName())) {
                return true;
            }
        }
        return false;
    }
}
