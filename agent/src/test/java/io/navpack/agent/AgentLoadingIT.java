package io.navpack.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.tools.attach.VirtualMachine;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The packaged jar loaded the three ways its manifest allows. */
class AgentLoadingIT {

    private static final Path JAR = Path.of(System.getProperty("navpack.agent.jar"));
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @Test
    void javaDashJarRunsTheLauncherAgentAndPrintsASelfCheck() throws Exception {
        assertThat(JAR).exists();
        Process p = new ProcessBuilder(JAVA, "-Xmx64m", "-jar", JAR.toString()).redirectErrorStream(true).start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).isZero();
            assertThat(out).contains("navpack agent: loaded by agentmain").contains("java.base/java.util.concurrent");
            // what Hazelcast asks for at start, so that a member started with the agent needs no --add-opens
            for (String opened : NavpackAgent.HAZELCAST_PACKAGES) {
                assertThat(out).contains(opened);
            }
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void agentLoadedIntoARunningJvmOpensPackagesWithoutFlags() throws Exception {
        String cp = Path.of(System.getProperty("navpack.test.classes", "target/test-classes")).toAbsolutePath()
                + File.pathSeparator + JAR;
        List<String> cmd = new ArrayList<>(List.of(JAVA, "-Xmx64m", "-cp", cp));
        if (Runtime.version().feature() >= 21) {
            cmd.add("-XX:+EnableDynamicAgentLoading");
        }
        cmd.add(LateAttachTarget.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            assertThat(out.readLine()).isEqualTo("before false");
            VirtualMachine vm = VirtualMachine.attach(Long.toString(p.pid()));
            try {
                vm.loadAgent(JAR.toString());
            } finally {
                vm.detach();
            }
            Writer in = new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8);
            in.write("go\n");
            in.flush();
            assertThat(out.readLine()).isEqualTo("after true");
            String line = out.readLine();
            assertThat(line).startsWith("unreadable 0 objects ");
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void jarManifestNamesTheAgentClassForEveryWayOfLoading() throws Exception {
        try (java.util.jar.JarFile jar = new java.util.jar.JarFile(JAR.toFile())) {
            java.util.jar.Attributes a = jar.getManifest().getMainAttributes();
            assertThat(a.getValue("Premain-Class")).isEqualTo(NavpackAgent.class.getName());
            assertThat(a.getValue("Agent-Class")).isEqualTo(NavpackAgent.class.getName());
            assertThat(a.getValue("Launcher-Agent-Class")).isEqualTo(NavpackAgent.class.getName());
        }
        assertThat(Files.size(JAR)).isPositive();
    }
}
