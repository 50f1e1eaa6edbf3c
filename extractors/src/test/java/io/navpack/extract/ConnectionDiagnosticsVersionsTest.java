package io.navpack.extract;

import com.hazelcast.config.Config;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.internal.ConnectionDiagnostics;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ConnectionDiagnostics} in clients of every supported Hazelcast version (a JVM on that version's jar and
 * navpack's serializer): a member that answers under another cluster name is told apart from an address where nothing
 * answers.
 */
class ConnectionDiagnosticsVersionsTest {
    private static String hazelcastJar(String version) {
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (version.equals(com.hazelcast.instance.GeneratedBuildProperties.VERSION)
                    && Path.of(e).getFileName().toString().equals("hazelcast-" + version + ".jar")) {
                return e;
            }
        }
        Path jar = Path.of(System.getProperty("navpack.hazelcast.versions", "target/hazelcast-versions"),
                "hazelcast-" + version + ".jar");
        assertThat(jar).as("the build copies Hazelcast %s", version).exists();
        return jar.toString();
    }

    /** navpack's serializer and format, as jars or class directories of this JVM's class path. */
    private static List<String> navpack() {
        List<String> out = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String name = Path.of(e).getFileName().toString();
            if (name.matches("navpack-(serializer|format)-[^/]*\\.jar") && !name.endsWith("-tests.jar")
                    || e.replace('\\', '/').matches(".*/(serializer|format)/target/classes")) {
                out.add(e);
            }
        }
        assertThat(out).as("navpack's serializer and format on the class path").hasSizeGreaterThanOrEqualTo(2);
        return out;
    }

    private static List<String> run(String version, String clusterName, String address) throws IOException,
            InterruptedException {
        Path dir = Files.createTempDirectory(Path.of("target"), "diagnostics");
        Path classes = dir.resolve("io/navpack/extract");
        Files.createDirectories(classes);
        try (InputStream in = ConnectionDiagnosticsRunner.class.getResourceAsStream("ConnectionDiagnosticsRunner.class")) {
            Files.copy(in, classes.resolve("ConnectionDiagnosticsRunner.class"), StandardCopyOption.REPLACE_EXISTING);
        }
        List<String> cp = new ArrayList<>(List.of(hazelcastJar(version), dir.toString()));
        cp.addAll(navpack());
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m",
                "-Dhazelcast.logging.type=none", "-Djava.net.preferIPv4Stack=true", "-cp",
                String.join(File.pathSeparator, cp), ConnectionDiagnosticsRunner.class.getName(), clusterName, address)
                .redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return List.of(new String(out, StandardCharsets.UTF_8).split("\n"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"5.5.0", "5.6.0", "5.7.0"})
    void membersOfAnotherClusterNameAndAddressesWithoutMembersAreToldApart(String version) throws Exception {
        String cluster = Loopback.clusterName();
        int port = Loopback.freePort();
        HazelcastInstance member = Hazelcast.newHazelcastInstance(Loopback.member(new Config(), cluster, port, port));
        try {
            List<String> other = run(version, "not-" + cluster, "127.0.0.1:" + port);
            assertThat(other).as(String.join("\n", other)).contains("FAILED IllegalStateException",
                    "REFUSED [127.0.0.1:" + port + "]", "UNREACHABLE []");
            int nothing = Loopback.freePort();
            List<String> none = run(version, cluster, "127.0.0.1:" + nothing);
            assertThat(none).as(String.join("\n", none)).contains("REFUSED []", "UNREACHABLE [127.0.0.1:" + nothing + "]");
            assertThat(run(version, cluster, "127.0.0.1:" + port)).contains("CONNECTED", "REFUSED []");
        } finally {
            member.shutdown();
        }
    }
}
