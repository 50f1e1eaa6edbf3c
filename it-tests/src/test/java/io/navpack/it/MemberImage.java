package io.navpack.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.testcontainers.containers.BindMode;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.images.builder.ImageFromDockerfile;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.MountableFile;

/**
 * The image members run on, and how a member container is made from it.
 *
 * <p>By default an image is built here {@code FROM scratch}: it holds an empty {@code /tmp} and the member
 * distribution under {@code /opt/navpack}; the host's JDK and {@code /usr /lib /lib64 /etc /bin} are bind-mounted
 * read-only at run time. Nothing is pulled. The image is removed by {@link #close()}.
 *
 * <p>With {@code -Dnavpack.it.image=hazelcast/hazelcast:5.7.0} (or any image built like it) members run on that
 * image instead: the navpack jars go to {@code /opt/navpack} and onto {@code CLASSPATH}, the agent and the member
 * options into {@code JAVA_OPTS}. Docker pulls that image if it is not there; it is never removed here.
 *
 * <p>{@link #fromDockerfile} builds the distribution's member image from its Dockerfile, {@code FROM scratch} in the
 * official image's layout ({@link MemberDockerfile}); its members start as that image starts them.
 */
public final class MemberImage implements AutoCloseable {

    private static final String MAIN_CLASS = "com.hazelcast.core.server.HazelcastMemberStarter";
    private static final List<String> HOST_DIRECTORIES = List.of("/usr", "/lib", "/lib64", "/etc", "/bin");
    private static final int BUILD_TIMEOUT_SECONDS = 180;

    private final String name;
    private final boolean built;
    private final MemberDistribution distribution;
    private final MemberDockerfile dockerfile;
    private volatile boolean closed;

    private final Thread shutdownHook;

    private MemberImage(String name, boolean built, MemberDistribution distribution, MemberDockerfile dockerfile) {
        this.name = name;
        this.built = built;
        this.distribution = distribution;
        this.dockerfile = dockerfile;
        this.shutdownHook = new Thread(this::close, "navpack-it-image-cleanup");
        if (built) {
            Runtime.getRuntime().addShutdownHook(shutdownHook);
        }
    }

    /** The image {@link ItSettings#image()} names, or a scratch image built now from {@code distribution}. */
    public static MemberImage create(MemberDistribution distribution) {
        return ItSettings.image()
                .map(image -> new MemberImage(image, false, distribution, null))
                .orElseGet(() -> buildScratch(distribution));
    }

    private static MemberImage buildScratch(MemberDistribution distribution) {
        String tag = "navpack-it-member:" + UUID.randomUUID().toString().substring(0, 12);
        Map<String, String> labels = DockerSupport.labels();
        ImageFromDockerfile image = new ImageFromDockerfile(tag, false)
                .withFileFromString("tmp/.keep", "")
                .withFileFromPath("navpack/lib", distribution.lib())
                .withFileFromPath("navpack/plugins", distribution.plugins())
                .withFileFromPath("navpack/agent", distribution.agentJar().getParent())
                .withDockerfileFromBuilder(dockerfile -> dockerfile
                        .from("scratch")
                        .label(labels)
                        .copy("tmp", "/tmp")
                        .copy("navpack", MemberDistribution.CONTAINER_HOME)
                        .workDir("/tmp")
                        .build());
        return build(image, tag, distribution, null);
    }

    /**
     * The image of {@code dockerfile}, built {@code FROM scratch} with Hazelcast's jars of {@code distribution} where
     * the official image has them and the files its {@code COPY} instructions name from {@code context}.
     */
    public static MemberImage fromDockerfile(MemberDockerfile dockerfile, MemberDistribution distribution, Map<String, Path> context) {
        String tag = "navpack-it-dockerfile:" + UUID.randomUUID().toString().substring(0, 12);
        return build(dockerfile.image(tag, DockerSupport.labels(), distribution.lib(), context), tag, distribution, dockerfile);
    }

    private static MemberImage build(ImageFromDockerfile image, String tag, MemberDistribution distribution,
                                     MemberDockerfile dockerfile) {
        long started = System.nanoTime();
        try {
            String built = image.get(BUILD_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            System.out.printf("[navpack-it] built member image %s in %d ms from %s%n",
                    built, (System.nanoTime() - started) / 1_000_000, dockerfile != null ? "a Dockerfile" : distribution);
            return new MemberImage(built, true, distribution, dockerfile);
        } catch (TimeoutException e) {
            image.cancel(true);
            removeQuietly(tag);
            throw new IllegalStateException("member image not built within " + BUILD_TIMEOUT_SECONDS + " s", e);
        } catch (RuntimeException e) {
            removeQuietly(tag);
            throw new IllegalStateException("member image build failed", e);
        }
    }

    public String name() {
        return name;
    }

    /** True for the scratch image built here (the host JDK runs the member); false for a named image. */
    public boolean isBuiltHere() {
        return built;
    }

    public MemberDistribution distribution() {
        return distribution;
    }

    /**
     * A member container, not yet started: image, files and command. Network, addresses, labels and the wait
     * strategy are the caller's.
     *
     * @param jvmOptions JVM options and system properties for the member
     * @param config     the member's hazelcast.yaml on the host
     */
    @SuppressWarnings("resource")
    GenericContainer<?> newContainer(List<String> jvmOptions, Path config) {
        if (closed) {
            throw new IllegalStateException("image " + name + " is closed");
        }
        if (dockerfile != null) {
            return hostJdk(new GenericContainer<>(DockerImageName.parse(name))
                    .withCopyFileToContainer(MountableFile.forHostPath(config, 0644), MemberDistribution.CONTAINER_CONFIG)
                    .withEnv("HAZELCAST_CONFIG", MemberDistribution.CONTAINER_CONFIG)
                    .withCommand(dockerfile.command(javaHome().resolve("bin").resolve("java").toString(),
                            MemberDistribution.CONTAINER_CONFIG, jvmOptions).toArray(String[]::new)));
        }
        boolean agent = distribution.attachAgent();
        List<String> options = new ArrayList<>();
        if (agent) {
            options.add("-javaagent:" + MemberDistribution.CONTAINER_AGENT);
        }
        options.add("-Dhazelcast.config=" + MemberDistribution.CONTAINER_CONFIG);
        options.addAll(jvmOptions);

        GenericContainer<?> container = new GenericContainer<>(DockerImageName.parse(name))
                .withCopyFileToContainer(MountableFile.forHostPath(config, 0644), MemberDistribution.CONTAINER_CONFIG)
                .withEnv("HZ_PHONE_HOME_ENABLED", "false");
        if (built) {
            Path javaHome = javaHome();
            hostJdk(container);
            List<String> command = new ArrayList<>();
            command.add(javaHome.resolve("bin").resolve("java").toString());
            command.addAll(options);
            command.add("-cp");
            command.add(String.join(":",
                    MemberDistribution.CONTAINER_HOME + "/lib/*",
                    MemberDistribution.CONTAINER_HOME + "/plugins/*",
                    MemberDistribution.CONTAINER_AGENT));
            command.add(MAIN_CLASS);
            container.withCommand(command.toArray(String[]::new));
        } else {
            container.withCopyFileToContainer(MountableFile.forHostPath(distribution.plugins()), MemberDistribution.CONTAINER_HOME + "/plugins")
                    .withCopyFileToContainer(MountableFile.forHostPath(distribution.agentJar(), 0644), MemberDistribution.CONTAINER_AGENT)
                    .withEnv("CLASSPATH", MemberDistribution.CONTAINER_HOME + "/plugins/*:" + MemberDistribution.CONTAINER_AGENT)
                    .withEnv("JAVA_OPTS", String.join(" ", options))
                    .withEnv("HAZELCAST_CONFIG", MemberDistribution.CONTAINER_CONFIG);
        }
        return container;
    }

    /** How members of this image get the agent, for the log. */
    String agentDescription() {
        if (dockerfile != null) {
            return " (and the Dockerfile's JAVA_OPTS: " + dockerfile.env().getOrDefault("JAVA_OPTS", "") + ")";
        }
        return distribution.attachAgent() ? " -javaagent:" + MemberDistribution.CONTAINER_AGENT : " (no agent)";
    }

    private static Path javaHome() {
        return Path.of(System.getProperty("java.home")).toAbsolutePath();
    }

    /** The host's JDK and the system directories it needs, read-only: the scratch images have no JDK of their own. */
    private static GenericContainer<?> hostJdk(GenericContainer<?> container) {
        Path javaHome = javaHome();
        for (String dir : HOST_DIRECTORIES) {
            if (Files.exists(Path.of(dir))) {
                container.withFileSystemBind(dir, dir, BindMode.READ_ONLY);
            }
        }
        if (HOST_DIRECTORIES.stream().noneMatch(dir -> javaHome.startsWith(dir))) {
            container.withFileSystemBind(javaHome.toString(), javaHome.toString(), BindMode.READ_ONLY);
        }
        return container;
    }

    /** Removes the image if it was built here. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (built) {
            removeQuietly(name);
            System.out.println("[navpack-it] removed member image " + name);
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down
            }
        }
    }

    private static void removeQuietly(String image) {
        try {
            DockerSupport.client().removeImageCmd(image).withForce(true).exec();
        } catch (RuntimeException e) {
            System.out.println("[navpack-it] could not remove image " + image + ": " + e.getMessage());
        }
    }

    @Override
    public String toString() {
        return name + (built ? " (scratch, host JDK)" : "");
    }
}
