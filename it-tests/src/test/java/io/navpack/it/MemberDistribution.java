package io.navpack.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * What a member runs besides the JDK, as the build assembled it (it-tests/pom.xml, phase pre-integration-test):
 * <pre>
 * member/lib/       hazelcast-5.7.0.jar (the scratch image only; the official image has its own)
 * member/plugins/   navpack-format.jar, navpack-serializer.jar, navpack-extractors.jar, navpack-index-sizer.jar and their runtime dependencies
 * member/agent/     navpack-agent.jar
 * </pre>
 * Nothing from the tests is in there: members never see a user domain class.
 */
public final class MemberDistribution {

    /** Where the distribution lives inside a member container. */
    public static final String CONTAINER_HOME = "/opt/navpack";
    public static final String CONTAINER_CONFIG = CONTAINER_HOME + "/config/hazelcast.yaml";
    public static final String CONTAINER_AGENT = CONTAINER_HOME + "/agent/navpack-agent.jar";

    private final Path root;

    private MemberDistribution(Path root) {
        this.root = root;
    }

    /** The distribution at {@link ItSettings#memberDir()}; fails with the command that assembles it when it is missing. */
    public static MemberDistribution assembled() {
        Path root = ItSettings.memberDir();
        if (!ItSettings.isDirectoryWithJars(root.resolve("plugins"))) {
            throw new IllegalStateException("no member jars in " + root + "/plugins: run the container tests through Maven "
                    + "(./mvnw -pl it-tests -am verify), which assembles them in phase pre-integration-test");
        }
        return new MemberDistribution(root);
    }

    public Path root() {
        return root;
    }

    public Path lib() {
        return root.resolve("lib");
    }

    public Path plugins() {
        return root.resolve("plugins");
    }

    public Path agentJar() {
        return root.resolve("agent").resolve("navpack-agent.jar");
    }

    /** The agent's {@code Premain-Class}, or null when the jar has none (or is missing). */
    public String agentPremainClass() {
        Path jar = agentJar();
        if (!Files.isRegularFile(jar)) {
            return null;
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            var manifest = file.getManifest();
            return manifest == null ? null : manifest.getMainAttributes().getValue("Premain-Class");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + jar, e);
        }
    }

    /** Whether members start with {@code -javaagent}, as {@link ItSettings#agentMode()} and the agent jar decide. */
    public boolean attachAgent() {
        return switch (ItSettings.agentMode()) {
            case OFF -> false;
            case AUTO -> agentPremainClass() != null;
            case ON -> {
                if (agentPremainClass() == null) {
                    throw new IllegalStateException(ItSettings.AGENT + "=on but " + agentJar() + " has no Premain-Class");
                }
                yield true;
            }
        };
    }

    /** File names in plugins/, for logs and assertions. */
    public List<String> pluginJars() {
        try (Stream<Path> files = Files.list(plugins())) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String toString() {
        return root + " plugins=" + pluginJars() + " agent=" + (agentPremainClass() == null ? "(no Premain-Class)" : agentPremainClass());
    }
}
