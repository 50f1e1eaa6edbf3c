package io.navpack.bench.walk;

import io.navpack.agent.GraphSizer;
import io.navpack.agent.NavpackAgent;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The navpack agent in a benchmark JVM: started with {@code -javaagent} (benchmarks/run.sh passes
 * the benchmarks jar, which carries the agent's manifest entries), or else loaded into this JVM
 * through the attach API from the jar that holds the agent's classes, which needs
 * {@code -Djdk.attach.allowAttachSelf=true}. Either way the agent starts the same way.
 */
public final class AgentSupport {
    private AgentSupport() {
    }

    /** The agent's sizer, loading the agent first if the JVM was started without it. */
    public static synchronized GraphSizer sizer() {
        if (!NavpackAgent.isInstalled()) {
            attach();
        }
        return GraphSizer.fromAgent();
    }

    private static void attach() {
        try {
            Path jar = Path.of(NavpackAgent.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(jar)) {
                throw new IllegalStateException("the agent's classes are not in a jar (" + jar
                        + "): start the JVM with -javaagent:navpack-agent.jar");
            }
            com.sun.tools.attach.VirtualMachine vm =
                    com.sun.tools.attach.VirtualMachine.attach(Long.toString(ProcessHandle.current().pid()));
            try {
                vm.loadAgent(jar.toString(), "quiet");
            } finally {
                vm.detach();
            }
        } catch (Exception e) {
            throw new IllegalStateException("cannot load the navpack agent into this JVM (start it with "
                    + "-javaagent:navpack-agent.jar, or allow -Djdk.attach.allowAttachSelf=true): " + e, e);
        }
    }
}
