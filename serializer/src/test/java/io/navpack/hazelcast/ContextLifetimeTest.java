package io.navpack.hazelcast;

import com.hazelcast.config.Config;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import io.navpack.format.SchemaRegistry;
import io.navpack.hazelcast.internal.HazelcastInstances;
import org.junit.jupiter.api.Test;

import java.lang.ref.WeakReference;
import java.util.concurrent.atomic.AtomicReference;

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
        // on a thread of its own: Hazelcast leaves a stopped member's node engine in a thread local of each thread
        // that ran one of its operations locally (here the schema catalog's, while the member starts), which would
        // keep the member, and so its context, alive as long as this test's thread
        AtomicReference<WeakReference<NavpackContext>> ref = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                ref.set(startAndStop());
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "start-and-stop");
        t.start();
        t.join(120_000);
        assertThat(failure.get()).isNull();
        WeakReference<NavpackContext> context = ref.get();
        assertThat(context).isNotNull();
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
    void aRegistryLeadsToTheContextOfItsInstanceAndNoOtherDoes() {
        HazelcastInstance hz = member();
        NavpackContext c = NavpackContext.of(hz);
        SchemaRegistry registry = c.registry();
        assertThat(registry.owner()).isSameAs(c);
        assertThat(c.instance()).isSameAs(HazelcastInstances.unwrap(hz));
        assertThat(new SchemaRegistry().owner()).isNull();
        hz.shutdown();
    }
}
