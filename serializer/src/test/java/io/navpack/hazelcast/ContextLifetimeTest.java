package io.navpack.hazelcast;

import com.hazelcast.config.Config;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import io.navpack.format.SchemaRegistry;
import org.junit.jupiter.api.Test;

import java.lang.ref.WeakReference;

import static org.assertj.core.api.Assertions.assertThat;

/** navpack's state of an instance lives as long as the instance, and no navpack map keeps it longer. */
class ContextLifetimeTest {

    private static HazelcastInstance member() {
        int port = Loopback.freePort();
        return Hazelcast.newHazelcastInstance(
                Loopback.member(NavpackConfig.of().applyTo(new Config()), Loopback.clusterName(), port, port));
    }

    @Test
    void theContextOfAnInstanceIsReleasedWithTheInstance() throws InterruptedException {
        WeakReference<NavpackContext> context = startAndStop();
        for (int i = 0; i < 50 && context.get() != null; i++) {
            System.gc();
            Thread.sleep(100);
        }
        assertThat(context.get()).as("the context of a stopped instance").isNull();
    }

    private static WeakReference<NavpackContext> startAndStop() {
        HazelcastInstance hz = member();
        NavpackContext c = NavpackContext.of(hz);
        assertThat(NavpackContext.of(hz)).isSameAs(c);
        hz.shutdown();
        return new WeakReference<>(c);
    }

    @Test
    void aRegistryNoLongerLeadsToTheContextOfAStoppedInstance() {
        HazelcastInstance hz = member();
        NavpackContext c = NavpackContext.of(hz);
        SchemaRegistry registry = c.registry();
        assertThat(NavpackContext.forRegistry(registry)).isSameAs(c);
        hz.shutdown();
        assertThat(NavpackContext.forRegistry(registry)).isNull();
    }
}
