package io.navpack.agent;

import java.lang.instrument.Instrumentation;
import java.util.List;
import java.util.Set;
import java.util.ArrayList;

/**
 * The navpack Java agent.
 *
 * <p>Start a JVM with {@code -javaagent:/path/to/navpack-agent.jar}; the agent can also be loaded into a
 * running JVM ({@code jcmd <pid> JVMTI.agent_load /path/to/navpack-agent.jar}) or used as the launcher
 * agent of {@code java -jar navpack-agent.jar}, which prints a self-check.
 *
 * <p>At start the agent keeps the {@link Instrumentation} instance and opens the {@code java.base}
 * packages an object-graph walk needs to its own module with {@link Instrumentation#redefineModule},
 * so the JVM needs no {@code --add-opens} flags. Packages of other modules are opened on demand when a
 * walk first meets one of their classes.
 *
 * <p>It also gives the class path it is on the JDK access Hazelcast asks for when it starts ({@link
 * #HAZELCAST_PACKAGES}, the {@code --add-exports} / {@code --add-opens} of Hazelcast's advice): a member started
 * with the agent on its class path and as its agent needs no such flags and logs no warning about them.
 *
 * <p>Agent options (after {@code =}, comma separated): {@code open=java.nio;java.net} opens further
 * {@code java.base} packages at start; {@code quiet} suppresses the start-up line on standard error.
 */
public final class NavpackAgent {

    /** Packages of {@code java.base} opened to the agent at start. */
    public static final List<String> DEFAULT_OPEN_PACKAGES = List.of(
            "java.lang", "java.lang.ref", "java.util", "java.util.concurrent",
            "java.util.concurrent.atomic", "java.util.concurrent.locks", "java.time", "java.math",
            "java.nio", "java.net", "java.util.regex", "java.text");

    /**
     * The packages Hazelcast checks at start ({@code module/package}): its {@code ModularJavaUtils} warns
     * "starting in a Java modular environment ... without proper access" unless each is open or exported to it.
     */
    public static final List<String> HAZELCAST_PACKAGES = List.of("java.base/jdk.internal.ref", "java.base/java.lang",
            "java.base/sun.nio.ch", "java.management/sun.management", "jdk.management/com.sun.management.internal");

    private static volatile Instrumentation instrumentation;
    private static volatile String loadedBy;

    private NavpackAgent() {
    }

    /** Entry point for {@code -javaagent}. */
    public static void premain(String args, Instrumentation inst) {
        install(args, inst, "premain");
    }

    /** Entry point for loading into a running JVM and for {@code Launcher-Agent-Class}. */
    public static void agentmain(String args, Instrumentation inst) {
        install(args, inst, "agentmain");
    }

    /**
     * {@code java -jar navpack-agent.jar}: the JVM starts the jar's launcher agent first, so this prints
     * whether instrumentation is available and which packages were opened.
     */
    public static void main(String[] args) {
        System.out.println(describe());
        if (!isInstalled()) {
            System.exit(1);
        }
    }

    private static synchronized void install(String args, Instrumentation inst, String how) {
        if (inst == null) {
            return;
        }
        boolean quiet = false;
        List<String> extra = new ArrayList<>();
        if (args != null && !args.isBlank()) {
            for (String option : args.split(",")) {
                String o = option.trim();
                if (o.equals("quiet")) {
                    quiet = true;
                } else if (o.startsWith("open=")) {
                    for (String p : o.substring(5).split(";")) {
                        if (!p.isBlank()) {
                            extra.add(p.trim());
                        }
                    }
                }
            }
        }
        if (instrumentation == null) {
            instrumentation = inst;
            loadedBy = how;
        }
        ModuleOpener.openJavaBase(inst, DEFAULT_OPEN_PACKAGES);
        ModuleOpener.openAll(inst, HAZELCAST_PACKAGES);
        UnsafeAccess.install(inst);
        if (!extra.isEmpty()) {
            ModuleOpener.openJavaBase(inst, extra);
        }
        if (!quiet && Boolean.parseBoolean(System.getProperty("navpack.agent.verbose", "false"))) {
            System.err.println(describe());
        }
    }

    /** The captured instrumentation, or {@code null} when the agent was not loaded. */
    public static Instrumentation instrumentation() {
        return instrumentation;
    }

    /** True when the JVM loaded this agent (by {@code -javaagent}, late attach or launcher). */
    public static boolean isInstalled() {
        return instrumentation != null;
    }

    /**
     * The captured instrumentation.
     *
     * @throws AgentNotLoadedException if the JVM did not load the agent
     */
    public static Instrumentation requireInstrumentation() {
        Instrumentation inst = instrumentation;
        if (inst == null) {
            throw new AgentNotLoadedException();
        }
        return inst;
    }

    /** Packages opened to the agent so far, as {@code module/package}. */
    public static Set<String> openedPackages() {
        return ModuleOpener.opened();
    }

    /** Packages the agent could not open, with the reason. */
    public static List<String> openFailures() {
        return ModuleOpener.failures();
    }

    /** A one-paragraph description of the agent's state in this JVM. */
    public static String describe() {
        if (!isInstalled()) {
            return "navpack agent: not loaded in this JVM (start it with -javaagent:navpack-agent.jar)";
        }
        return "navpack agent: loaded by " + loadedBy + " on Java " + Runtime.version()
                + "; opened " + openedPackages().size() + " packages: " + openedPackages()
                + (openFailures().isEmpty() ? "" : "; could not open: " + openFailures())
                + (UnsafeAccess.available() ? "; reads fields by offset"
                        : "; reads fields by reflection (" + UnsafeAccess.failure() + ")");
    }
}
