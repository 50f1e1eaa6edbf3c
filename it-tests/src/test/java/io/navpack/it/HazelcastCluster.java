package io.navpack.it;

import com.github.dockerjava.api.model.Network.Ipam;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.client.impl.clientside.HazelcastClientProxy;
import com.hazelcast.core.HazelcastInstance;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.utility.MountableFile;

/**
 * A Hazelcast cluster of members in containers on an internal Docker network of its own, each with a fixed IP
 * that it advertises ({@code hazelcast.local.publicAddress}); members join by TCP-IP over the listed IPs. The test
 * JVM reaches the members directly on their IPs and is a client ({@link #newClient()}).
 *
 * <p>Members are configured only by the member hazelcast.yaml (a classpath resource, {@code member/hazelcast.yaml}
 * by default), which may refer to {@code ${navpack.it.cluster}} and {@code ${navpack.it.members}}.
 *
 * <p>{@link #close()} shuts the clients down, removes the containers and the network (and the image, if this
 * cluster built it) and writes every member's log to {@code target/it-logs/<name>/}. A JVM shutdown hook does
 * the same if a test run is cut short.
 */
public final class HazelcastCluster implements AutoCloseable {

    private static final int FIRST_HOST = 11;

    private final String name;
    private final String clusterName;
    private final Builder settings;
    private final List<ClusterMember> members = new ArrayList<>();
    private final List<HazelcastInstance> clients = new CopyOnWriteArrayList<>();
    private final Thread shutdownHook;
    private MemberImage image;
    private boolean ownsImage;
    private Network network;
    private Path configFile;
    private String subnetPrefix;
    private volatile boolean closed;

    private HazelcastCluster(Builder settings) {
        this.settings = settings;
        this.name = settings.name;
        this.clusterName = "navpack-it-" + UUID.randomUUID().toString().substring(0, 8);
        this.shutdownHook = new Thread(this::close, "navpack-it-cleanup-" + clusterName);
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Creates the network and the members and waits until all of them are in one cluster, every partition
     * backed up. Cleans up everything it created when it fails.
     */
    public HazelcastCluster start() {
        if (closed || network != null) {
            throw new IllegalStateException("a cluster starts once");
        }
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        long started = System.nanoTime();
        try {
            DockerSupport.sweepLeftovers();
            if (settings.image != null) {
                image = settings.image;
            } else {
                image = MemberImage.create(MemberDistribution.assembled());
                ownsImage = true;
            }
            configFile = materialiseConfig();
            network = createNetwork();
            for (int i = 1; i <= settings.members; i++) {
                String ip = subnetPrefix + (FIRST_HOST + i - 1);
                int number = i;
                members.add(new ClusterMember(number, ip, network.getId(), () -> newContainer(number, ip)));
            }
            System.out.println("[navpack-it] member JVM options: " + String.join(" ", jvmOptions("member1", subnetPrefix + FIRST_HOST))
                    + image.agentDescription());
            startAll(members);
            awaitSettled(settings.startupTimeout);
            System.out.printf("[navpack-it] cluster %s of %d members on %s started in %d ms (image %s)%n",
                    clusterName, members.size(), subnetPrefix + "0/24", (System.nanoTime() - started) / 1_000_000, image);
            return this;
        } catch (RuntimeException | Error e) {
            try {
                printLogTails(80);
            } finally {
                close();
            }
            throw e;
        }
    }

    /**
     * Starts the first member alone, so that it becomes the master, and then the others in parallel: members
     * that all start at once can each elect themselves and form separate clusters.
     */
    private void startAll(List<ClusterMember> toStart) {
        toStart.get(0).start();
        toStart = toStart.subList(1, toStart.size());
        if (toStart.isEmpty()) {
            return;
        }
        ExecutorService starter = Executors.newFixedThreadPool(toStart.size(), r -> {
            Thread t = new Thread(r, "navpack-it-member-start");
            t.setDaemon(true);
            return t;
        });
        List<CompletableFuture<Void>> starts = toStart.stream()
                .map(m -> CompletableFuture.runAsync(m::start, starter))
                .toList();
        CompletableFuture<Void> all = CompletableFuture.allOf(starts.toArray(CompletableFuture[]::new));
        try {
            all.get(settings.startupTimeout.toSeconds() + 30, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException("members did not start within " + settings.startupTimeout.toSeconds() + " s", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof RuntimeException r ? r : new IllegalStateException(cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting members", e);
        } finally {
            starter.shutdownNow();
        }
    }

    @SuppressWarnings("resource")
    private GenericContainer<?> newContainer(int number, String ip) {
        String memberName = "member" + number;
        Map<String, String> labels = DockerSupport.labels();
        labels.put("io.navpack.it.cluster", clusterName);
        labels.put("io.navpack.it.member", memberName);
        String containerName = clusterName + "-" + memberName + "-" + UUID.randomUUID().toString().substring(0, 4);
        GenericContainer<?> container = image.newContainer(jvmOptions(memberName, ip), configFile);
        settings.memberFiles.forEach((containerPath, hostFile) ->
                container.withCopyFileToContainer(MountableFile.forHostPath(hostFile, 0644), containerPath));
        return container
                .withNetwork(network)
                .withNetworkAliases(memberName)
                .withLabels(labels)
                .withCreateContainerCmdModifier(cmd -> cmd
                        .withName(containerName)
                        .withHostName(memberName)
                        .withIpv4Address(ip))
                .waitingFor(new MemberStarted(settings.startupTimeout));
    }

    private List<String> jvmOptions(String memberName, String ip) {
        List<String> options = new ArrayList<>(List.of(
                "-Xms64m", "-Xmx" + settings.heapMegabytes + "m",
                "-XX:+UseSerialGC", "-XX:-UsePerfData", "-XX:+ExitOnOutOfMemoryError",
                "--add-modules", "java.se",
                "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
                "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
                "--add-opens", "java.management/sun.management=ALL-UNNAMED",
                "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED",
                "-Djava.net.preferIPv4Stack=true",
                "-Dhazelcast.phone.home.enabled=false",
                "-Dhazelcast.local.publicAddress=" + ip + ":" + ClusterMember.PORT,
                "-Dnavpack.it.ip=" + ip,
                "-Dnavpack.it.cluster=" + clusterName,
                "-Dnavpack.it.members=" + memberAddresses(),
                "-Dnavpack.it.member=" + memberName));
        settings.memberProperties.forEach((k, v) -> options.add("-D" + k + "=" + v));
        options.addAll(settings.memberOptions);
        return options;
    }

    private String memberAddresses() {
        List<String> addresses = new ArrayList<>();
        for (int i = 1; i <= settings.members; i++) {
            addresses.add(subnetPrefix + (FIRST_HOST + i - 1) + ":" + ClusterMember.PORT);
        }
        return String.join(",", addresses);
    }

    private Path materialiseConfig() {
        String resource = settings.memberConfigResource;
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("member config " + resource + " is not on the test class path");
            }
            Path file = Files.createTempFile("navpack-it-hazelcast-", ".yaml");
            Files.write(file, in.readAllBytes());
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Network createNetwork() {
        List<Integer> candidates = new ArrayList<>();
        ItSettings.subnet().ifPresentOrElse(s -> candidates.add(-1), () -> {
            for (int third = 0; third < 64; third++) {
                candidates.add(third);
            }
        });
        RuntimeException last = null;
        for (int third : candidates) {
            String subnet = third < 0 ? ItSettings.subnet().orElseThrow() : "172.30." + third + ".0/24";
            String prefix = subnet.substring(0, subnet.lastIndexOf('.') + 1);
            Network candidate = Network.builder()
                    .createNetworkCmdModifier(cmd -> cmd
                            .withName(clusterName)
                            .withInternal(true)
                            .withLabels(DockerSupport.labels())
                            .withIpam(new Ipam().withConfig(new Ipam.Config().withSubnet(subnet).withGateway(prefix + "1"))))
                    .build();
            try {
                candidate.getId();
                subnetPrefix = prefix;
                return candidate;
            } catch (RuntimeException e) {
                last = e;
                candidate.close();
                String message = String.valueOf(e.getMessage()) + (e.getCause() == null ? "" : " " + e.getCause().getMessage());
                if (!message.contains("overlap")) {
                    throw e;
                }
            }
        }
        throw new IllegalStateException("no free subnet for the cluster network", last);
    }

    /** The random cluster name members and clients share, e.g. {@code navpack-it-1a2b3c4d}. */
    public String clusterName() {
        return clusterName;
    }

    /** Name used for the log directory. */
    public String name() {
        return name;
    }

    public List<ClusterMember> members() {
        return List.copyOf(members);
    }

    /** Member {@code number}, counting from 1 ({@code member1}). */
    public ClusterMember member(int number) {
        return members.get(number - 1);
    }

    public List<ClusterMember> runningMembers() {
        return members.stream().filter(ClusterMember::isRunning).toList();
    }

    public MemberImage image() {
        return image;
    }

    /** A client configuration for this cluster: its name, every member address, and bounded timeouts. */
    public ClientConfig clientConfig() {
        ClientConfig config = new ClientConfig();
        config.setClusterName(clusterName);
        config.setInstanceName(clusterName + "-client-" + (clients.size() + 1));
        config.getNetworkConfig()
                .setAddresses(members.stream().map(ClusterMember::address).collect(Collectors.toList()))
                .setConnectionTimeout(5_000);
        config.getConnectionStrategyConfig().getConnectionRetryConfig()
                .setClusterConnectTimeoutMillis(60_000)
                .setInitialBackoffMillis(250)
                .setMaxBackoffMillis(2_000);
        config.setProperty("hazelcast.client.invocation.timeout.seconds", "60");
        config.setProperty("hazelcast.client.heartbeat.interval", "2000");
        config.setProperty("hazelcast.client.heartbeat.timeout", "10000");
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setProperty("hazelcast.logging.type", "slf4j");
        return config;
    }

    /** A client with {@link #clientConfig()}; shut down by {@link #close()}. */
    public HazelcastInstance newClient() {
        return newClient(config -> { });
    }

    /** A client with {@link #clientConfig()} as {@code customizer} changed it (serializers, user classes, ...). */
    public HazelcastInstance newClient(Consumer<ClientConfig> customizer) {
        ClientConfig config = clientConfig();
        customizer.accept(config);
        HazelcastInstance client = HazelcastClient.newHazelcastClient(config);
        clients.add(client);
        return client;
    }

    /**
     * Waits until every running member is active, sees exactly the running members, has every partition
     * backed up and no migration queued, and every open client sees the same number of members.
     */
    public void awaitSettled(Duration timeout) {
        long started = System.nanoTime();
        ClusterView view = Await.until("cluster " + clusterName + " to settle", timeout, Duration.ofMillis(500), this::view, ClusterView::settled);
        System.out.printf("[navpack-it] settled at %d members in %d ms%n", view.runningMembers(), (System.nanoTime() - started) / 1_000_000);
    }

    /** What each running member and client sees now; settled when all agree (see {@link #awaitSettled}). */
    public ClusterView view() {
        List<ClusterMember> running = runningMembers();
        int expected = running.size();
        Map<String, String> seen = new LinkedHashMap<>();
        boolean settled = expected > 0;
        for (ClusterMember m : running) {
            try {
                MemberHealth health = m.health();
                seen.put(m.name(), health.toString());
                settled &= health.isSettledAt(expected);
            } catch (RuntimeException e) {
                seen.put(m.name(), "no answer: " + e.getMessage());
                settled = false;
            }
        }
        for (HazelcastInstance client : clients) {
            if (!client.getLifecycleService().isRunning()) {
                continue;
            }
            try {
                int size = client.getCluster().getMembers().size();
                List<String> stale = connectionsOutside(client, running);
                seen.put(client.getName(), "sees " + size + " members" + (stale.isEmpty() ? "" : ", still connected to " + stale));
                settled &= size == expected && stale.isEmpty();
            } catch (RuntimeException e) {
                seen.put(client.getName(), "no view: " + e);
                settled = false;
            }
        }
        return new ClusterView(settled, expected, seen);
    }

    /** Addresses the client is still connected to that are not running members (a paused member until heartbeats time out). */
    private static List<String> connectionsOutside(HazelcastInstance client, List<ClusterMember> running) {
        if (!(client instanceof HazelcastClientProxy proxy)) {
            return List.of();
        }
        Set<String> live = running.stream().map(ClusterMember::address).collect(Collectors.toSet());
        return proxy.client.getConnectionManager().getActiveConnections().stream()
                .map(c -> c.getRemoteAddress() == null ? "?" : c.getRemoteAddress().getHost() + ":" + c.getRemoteAddress().getPort())
                .filter(a -> !live.contains(a))
                .toList();
    }

    /**
     * Brings every member back (unpauses paused ones, reconnects disconnected ones, restarts killed or stopped ones)
     * and waits until settled.
     */
    public void heal(Duration timeout) {
        for (ClusterMember m : members) {
            switch (m.state()) {
                case PAUSED -> m.unpause();
                case DISCONNECTED -> m.reconnect();
                case KILLED, STOPPED, NEW -> m.restart();
                case RUNNING -> { }
            }
        }
        awaitSettled(timeout);
    }

    /** Writes each member's log to {@code dir/<member>.log}. */
    public void writeLogs(Path dir) {
        try {
            Files.createDirectories(dir);
            for (ClusterMember m : members) {
                Files.writeString(dir.resolve(m.name() + ".log"), m.logs(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            System.out.println("[navpack-it] could not write member logs to " + dir + ": " + e);
        }
    }

    /** Prints the last {@code lines} lines of each member's log to standard error. */
    public void printLogTails(int lines) {
        for (ClusterMember m : members) {
            System.err.println("----- last " + lines + " log lines of " + m + " -----");
            System.err.println(ClusterMember.tail(m.logs(), lines));
        }
    }

    public Path logDirectory() {
        return ItSettings.logDir().resolve(name);
    }

    /** Shuts the clients down and removes containers, network, config copy and (if built here) the image. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (HazelcastInstance client : clients) {
            try {
                client.shutdown();
            } catch (RuntimeException e) {
                System.out.println("[navpack-it] client shutdown: " + e);
            }
        }
        clients.clear();
        if (!members.isEmpty()) {
            writeLogs(logDirectory());
        }
        for (ClusterMember m : members) {
            m.remove();
        }
        if (network != null) {
            try {
                network.close();
            } catch (RuntimeException e) {
                System.out.println("[navpack-it] could not remove network " + clusterName + ": " + e.getMessage());
            }
        }
        if (ownsImage && image != null) {
            image.close();
        }
        if (configFile != null) {
            try {
                Files.deleteIfExists(configFile);
            } catch (IOException e) {
                System.out.println("[navpack-it] could not delete " + configFile + ": " + e);
            }
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException | IllegalArgumentException e) {
            // the JVM is already shutting down, or the hook was never added
        }
        System.out.println("[navpack-it] cluster " + clusterName + " removed; member logs in " + logDirectory());
    }

    /** A snapshot of what members and clients see. */
    public record ClusterView(boolean settled, int runningMembers, Map<String, String> seen) {
        @Override
        public String toString() {
            return (settled ? "settled" : "not settled") + " at " + runningMembers + " running members " + seen;
        }
    }

    /** How the cluster is made. */
    public static final class Builder {
        private String name = "cluster";
        private int members = 3;
        private String memberConfigResource = "member/hazelcast.yaml";
        private int heapMegabytes = 256;
        private Duration startupTimeout = Duration.ofSeconds(ItSettings.startupTimeoutSeconds());
        private final Map<String, String> memberProperties = new LinkedHashMap<>();
        private final List<String> memberOptions = new ArrayList<>();
        private final Map<String, Path> memberFiles = new LinkedHashMap<>();
        private MemberImage image;

        private Builder() {
        }

        /** Names the cluster in logs and the log directory (the extension uses the test class name). */
        public Builder name(String name) {
            this.name = Objects.requireNonNull(name);
            return this;
        }

        public Builder members(int members) {
            if (members < 1 || members > 200) {
                throw new IllegalArgumentException("members: " + members);
            }
            this.members = members;
            return this;
        }

        /** The member hazelcast.yaml, as a test class path resource. */
        public Builder memberConfig(String classpathResource) {
            this.memberConfigResource = Objects.requireNonNull(classpathResource);
            return this;
        }

        public Builder heapMegabytes(int megabytes) {
            this.heapMegabytes = megabytes;
            return this;
        }

        /** A system property for every member JVM ({@code -Dkey=value}). */
        public Builder memberProperty(String key, String value) {
            memberProperties.put(key, value);
            return this;
        }

        /** A JVM option for every member. */
        public Builder memberOption(String option) {
            memberOptions.add(option);
            return this;
        }

        /**
         * A file copied into every member container at {@code containerPath}, e.g. a jar of member-side code into
         * {@code /opt/navpack/plugins/} (on the member class path), never a user domain class.
         */
        public Builder memberFile(Path hostFile, String containerPath) {
            memberFiles.put(Objects.requireNonNull(containerPath), Objects.requireNonNull(hostFile));
            return this;
        }

        /** Bound on starting one member and on the cluster settling after start. */
        public Builder startupTimeout(Duration timeout) {
            this.startupTimeout = Objects.requireNonNull(timeout);
            return this;
        }

        /** An image to share with other clusters (not removed by this one); by default the cluster makes its own. */
        public Builder image(MemberImage image) {
            this.image = image;
            return this;
        }

        public HazelcastCluster build() {
            return new HazelcastCluster(this);
        }

        /** {@link #build()} and {@link HazelcastCluster#start()}. */
        public HazelcastCluster start() {
            return build().start();
        }
    }
}
