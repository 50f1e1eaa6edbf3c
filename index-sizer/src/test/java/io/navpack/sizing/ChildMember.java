package io.navpack.sizing;

import com.hazelcast.config.Config;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import java.util.ArrayList;
import java.util.List;

/**
 * A member in its own JVM: {@code ChildMember <cluster> <port> <ports,...> [executorPoolSize]}. Prints
 * {@code READY <uuid>} once it has joined, and exits when its standard input closes.
 */
public final class ChildMember {

    private ChildMember() {
    }

    public static void main(String[] args) throws Exception {
        String cluster = args[0];
        int port = Integer.parseInt(args[1]);
        List<Integer> ports = new ArrayList<>();
        for (String p : args[2].split(",")) {
            ports.add(Integer.parseInt(p));
        }
        Config config = TestConfigs.member(cluster, port, ports);
        if (args.length > 3) {
            config.getExecutorConfig(IndexSizer.DEFAULT_EXECUTOR).setPoolSize(Integer.parseInt(args[3]));
        }
        HazelcastInstance hz = Hazelcast.newHazelcastInstance(config);
        System.out.println("READY " + hz.getCluster().getLocalMember().getUuid());
        System.out.flush();
        while (System.in.read() >= 0) {
            // wait for the parent to close our stdin
        }
        hz.shutdown();
        System.exit(0);
    }
}
