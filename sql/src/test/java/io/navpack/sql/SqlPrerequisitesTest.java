package io.navpack.sql;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.core.HazelcastInstance;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.MemberJvm;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What a user sees when a member lacks what SQL needs: the hazelcast-sql jar, or Jet. */
class SqlPrerequisitesTest {

    private static Path hazelcastJar() {
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (Path.of(e).getFileName().toString().matches("hazelcast-\\d[^-]*\\.jar")) {
                return Path.of(e);
            }
        }
        throw new IllegalStateException("no hazelcast jar on the class path");
    }

    private static void withMember(List<Path> jars, boolean jet, java.util.function.Consumer<HazelcastInstance> test) {
        String cluster = Loopback.clusterName();
        int[] ports = {Loopback.freePort()};
        try (MemberJvm member = MemberJvm.start("member", SqlVersionsTest.memberXml(cluster, ports[0], ports, jet), jars,
                Path.of("target", "sql-prerequisites", cluster))) {
            HazelcastInstance client = HazelcastClient.newHazelcastClient(Loopback.client(new ClientConfig(), cluster, ports));
            try {
                test.accept(client);
            } finally {
                client.shutdown();
            }
        }
    }

    @Test
    void aMemberWithoutHazelcastSqlNamesTheJar() {
        withMember(List.of(hazelcastJar()), true, client ->
                assertThatThrownBy(() -> client.getSql().execute("CREATE MAPPING trades TYPE NavpackMap").close())
                        .hasMessageContaining("hazelcast-sql"));
    }

    @Test
    void aMemberWithoutJetSaysSo() {
        withMember(List.of(), false, client ->
                assertThatThrownBy(() -> client.getSql().execute("CREATE MAPPING trades TYPE NavpackMap").close())
                        .hasMessageContaining("Jet engine is disabled"));
    }

    @Test
    void aMemberWithBothRunsSql() {
        withMember(List.of(), true, client -> {
            try (var r = client.getSql().execute("SELECT 1")) {
                assertThat(r.iterator().next().<Byte>getObject(0)).isEqualTo((byte) 1);
            }
        });
    }
}
