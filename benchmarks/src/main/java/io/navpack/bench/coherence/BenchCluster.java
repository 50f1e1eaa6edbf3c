package io.navpack.bench.coherence;

import com.tangosol.net.CacheFactory;
import com.tangosol.net.InvocationService;
import com.tangosol.net.Member;
import io.navpack.coherence.CoherenceCluster;
import io.navpack.coherence.NavpackCoherence;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Coherence benchmarks' cluster: storage members in JVMs of their own on the benchmarks jar (which is also the
 * navpack agent), loopback only ({@link CoherenceCluster}), the caches of {@code navpack-bench-coherence-cache-config.xml};
 * the harness's JVM joins as a storage-disabled member.
 */
final class BenchCluster implements AutoCloseable {
    static final String CONFIG = "navpack-bench-coherence-cache-config.xml";
    static final String POF_CONFIG = "navpack-bench-pof-config.xml";
    final CoherenceCluster cluster;

    BenchCluster(String name, int members, String... jvmOptions) {
        String jar = System.getProperty("java.class.path").split(java.io.File.pathSeparator)[0];
        cluster = CoherenceCluster.create(name).cacheConfig(CONFIG).classPath(System.getProperty("java.class.path"))
                .agent(jar.endsWith(".jar") ? jar : null).jvmOptions(jvmOptions)
                .property("coherence.pof.config", POF_CONFIG)
                .property("coherence.log.level", "3");
        for (int i = 0; i < members; i++) {
            cluster.startMember("member" + (i + 1));
        }
        cluster.joinAsApplication(null);
    }

    InvocationService invocation() {
        return NavpackCoherence.get().schemas().invocation();
    }

    /** The storage members of the cluster, in member id order. */
    @SuppressWarnings("unchecked")
    List<Member> storageMembers() {
        List<Member> out = new ArrayList<>();
        for (Object o : CacheFactory.getCluster().getMemberSet()) {
            Member m = (Member) o;
            if (!m.equals(CacheFactory.getCluster().getLocalMember())) {
                out.add(m);
            }
        }
        out.sort(java.util.Comparator.comparingInt(Member::getId));
        return out;
    }

    /** Heap in use after collection on each storage member, by member id. */
    @SuppressWarnings("unchecked")
    Map<Integer, Long> heapAfterGc() {
        Map<Member, Object> answers = invocation().query(new HeapProbe(), new java.util.HashSet<>(storageMembers()));
        Map<Integer, Long> out = new TreeMap<>();
        answers.forEach((m, v) -> out.put(m.getId(), (Long) v));
        return out;
    }

    @Override
    public void close() {
        CacheFactory.shutdown();
        cluster.close();
    }
}
