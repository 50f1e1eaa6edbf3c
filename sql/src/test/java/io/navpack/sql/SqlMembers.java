package io.navpack.sql;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.sql.SqlResult;
import com.hazelcast.sql.SqlRow;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.MemberJvm;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Member JVMs for the SQL tests: navpack's jars, Hazelcast and hazelcast-sql on the class path, no user
 * classes; Jet enabled; 127.0.0.1 only. And helpers to run statements through a client.
 */
final class SqlMembers implements AutoCloseable {
    final String cluster = Loopback.clusterName();
    final int[] ports;
    final List<MemberJvm> members = new ArrayList<>();

    SqlMembers(int count) {
        ports = new int[count];
        for (int i = 0; i < count; i++) {
            ports[i] = Loopback.freePort();
        }
    }

    /** Loopback member settings with Jet (and so SQL) enabled. */
    static Config memberConfig(Config c, String cluster, int port, int[] ports) {
        Loopback.member(c, cluster, port, ports);
        c.setProperty("hazelcast.socket.bind.any", "false");
        c.getJetConfig().setEnabled(true);
        c.getJetConfig().setCooperativeThreadCount(2);
        return c;
    }

    SqlMembers start(String testName, IntFunction<Config> config) {
        Path work = Path.of("target", testName, cluster);
        for (int i = 0; i < ports.length; i++) {
            members.add(MemberJvm.start("member-" + (i + 1), config.apply(ports[i]), work));
        }
        return this;
    }

    HazelcastInstance client(ClientConfig config) {
        return HazelcastClient.newHazelcastClient(Loopback.client(config, cluster, ports));
    }

    @Override
    public void close() {
        members.forEach(MemberJvm::close);
    }

    /** Every row of a statement, each as a list of its column values. */
    static List<List<Object>> rows(HazelcastInstance hz, String sql, Object... args) {
        List<List<Object>> out = new ArrayList<>();
        try (SqlResult r = hz.getSql().execute(sql, args)) {
            if (!r.isRowSet()) {
                return out;
            }
            int n = r.getRowMetadata().getColumnCount();
            for (SqlRow row : r) {
                List<Object> values = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    values.add(row.getObject(i));
                }
                out.add(values);
            }
        }
        return out;
    }

    static long update(HazelcastInstance hz, String sql, Object... args) {
        try (SqlResult r = hz.getSql().execute(sql, args)) {
            return r.updateCount();
        }
    }
}
