package io.navpack.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * The system properties that steer the container tests. Maven sets them from it-tests/pom.xml; each can be
 * given on the command line, e.g. {@code ./mvnw verify -Dnavpack.it.requireDocker=true}.
 */
public final class ItSettings {

    /** {@code true}: a missing Docker fails the container tests instead of skipping them. */
    public static final String REQUIRE_DOCKER = "navpack.it.requireDocker";
    /** Empty: members run on a FROM scratch image built here with the host JDK; else the image to run them on. */
    public static final String IMAGE = "navpack.it.image";
    /** {@code auto} (default), {@code on} or {@code off}: whether members start with {@code -javaagent:navpack-agent.jar}. */
    public static final String AGENT = "navpack.it.agent";
    /** The member directory assembled by the build: {@code lib/}, {@code plugins/}, {@code agent/}. */
    public static final String MEMBER_DIR = "navpack.it.memberDir";
    /** Where member logs are written when a cluster closes. */
    public static final String LOG_DIR = "navpack.it.logDir";
    /** Seconds a member may take to start (default 120). */
    public static final String STARTUP_TIMEOUT = "navpack.it.startupTimeoutSeconds";
    /** A fixed /24 subnet for the cluster network, e.g. {@code 172.30.5.0/24}; by default the first free one of 172.30.0-63.0/24. */
    public static final String SUBNET = "navpack.it.subnet";

    /** How the navpack agent is attached to members. */
    public enum AgentMode { AUTO, ON, OFF }

    private ItSettings() {
    }

    public static boolean requireDocker() {
        return Boolean.parseBoolean(System.getProperty(REQUIRE_DOCKER, "false").trim());
    }

    public static Optional<String> image() {
        String image = System.getProperty(IMAGE, "").trim();
        return image.isEmpty() ? Optional.empty() : Optional.of(image);
    }

    public static AgentMode agentMode() {
        String mode = System.getProperty(AGENT, "auto").trim();
        try {
            return mode.isEmpty() ? AgentMode.AUTO : AgentMode.valueOf(mode.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(AGENT + " must be auto, on or off, not '" + mode + "'", e);
        }
    }

    public static Path memberDir() {
        return Path.of(System.getProperty(MEMBER_DIR, "target/member")).toAbsolutePath();
    }

    public static Path logDir() {
        return Path.of(System.getProperty(LOG_DIR, "target/it-logs")).toAbsolutePath();
    }

    public static int startupTimeoutSeconds() {
        return Integer.getInteger(STARTUP_TIMEOUT, 120);
    }

    public static Optional<String> subnet() {
        String subnet = System.getProperty(SUBNET, "").trim();
        return subnet.isEmpty() ? Optional.empty() : Optional.of(subnet);
    }

    static boolean isDirectoryWithJars(Path dir) {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (var files = Files.list(dir)) {
            return files.anyMatch(p -> p.getFileName().toString().endsWith(".jar"));
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
