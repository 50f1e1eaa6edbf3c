package io.navpack.it;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.Image;
import java.net.InetAddress;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.testcontainers.DockerClientFactory;

/**
 * Docker as the container tests see it: whether it is there, the labels on everything they create, and the
 * removal of what an earlier test JVM on this host left behind.
 */
public final class DockerSupport {

    /** Label on every container, network and image the tests create. */
    public static final String LABEL = "io.navpack.it";
    /** The creating JVM, as {@code pid@host}: leftovers of dead JVMs are removed. */
    public static final String OWNER_LABEL = "io.navpack.it.owner";

    private static final int CHECK_TIMEOUT_SECONDS = 60;
    private static final String OWNER = ProcessHandle.current().pid() + "@" + hostName();

    private static volatile Optional<String> unavailableReason;
    private static volatile boolean swept;

    private DockerSupport() {
    }

    /** Empty when Docker can run the container tests; otherwise why not. Checked once per JVM, within 60 s. */
    public static synchronized Optional<String> unavailableReason() {
        if (unavailableReason == null) {
            unavailableReason = check();
        }
        return unavailableReason;
    }

    private static Optional<String> check() {
        CompletableFuture<Boolean> available = CompletableFuture.supplyAsync(() -> DockerClientFactory.instance().isDockerAvailable());
        try {
            if (!available.get(CHECK_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                String dockerHost = System.getenv("DOCKER_HOST");
                return Optional.of("no Docker daemon answered (" + (dockerHost == null ? "DOCKER_HOST unset" : "DOCKER_HOST=" + dockerHost)
                        + "); run it-tests/docker/ensure-docker.sh or start Docker");
            }
        } catch (TimeoutException e) {
            available.cancel(true);
            return Optional.of("Docker did not answer within " + CHECK_TIMEOUT_SECONDS + " s");
        } catch (ExecutionException e) {
            return Optional.of("Docker check failed: " + e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while checking Docker");
        }
        if (ItSettings.image().isEmpty() && !System.getProperty("os.name", "").toLowerCase().contains("linux")) {
            return Optional.of("the default member image runs the host JDK, which needs a Linux host; on "
                    + System.getProperty("os.name") + " name an image with -D" + ItSettings.IMAGE + "=hazelcast/hazelcast:5.7.0");
        }
        return Optional.empty();
    }

    /** Fails or skips: the message for a test run that needs Docker and has none. */
    /**
     * Empty when Docker is there; else why the container tests are skipped, or an exception when they are required
     * ({@link ItSettings#REQUIRE_DOCKER}).
     */
    public static Optional<String> skipReason() {
        Optional<String> reason = unavailableReason();
        if (reason.isPresent() && ItSettings.requireDocker()) {
            throw new IllegalStateException("container tests are required (" + ItSettings.REQUIRE_DOCKER + "=true) but "
                    + reason.get());
        }
        return reason.map(DockerSupport::skipMessage);
    }

    public static String skipMessage(String reason) {
        return "container tests skipped: " + reason + " (-D" + ItSettings.REQUIRE_DOCKER + "=true makes this a failure)";
    }

    public static DockerClient client() {
        return DockerClientFactory.instance().client();
    }

    /** The labels for a resource created by this JVM. */
    public static Map<String, String> labels() {
        Map<String, String> labels = new HashMap<>();
        labels.put(LABEL, "true");
        labels.put(OWNER_LABEL, OWNER);
        return labels;
    }

    /**
     * Removes containers, networks and images labelled {@link #LABEL} whose creating JVM ran on this host and is
     * gone (a test JVM that was killed before it could clean up). Runs once per JVM; failures are reported, not thrown.
     */
    public static synchronized void sweepLeftovers() {
        if (swept) {
            return;
        }
        swept = true;
        DockerClient docker = client();
        try {
            List<Container> containers = docker.listContainersCmd().withShowAll(true)
                    .withLabelFilter(Map.of(LABEL, "true")).exec();
            for (Container c : containers) {
                if (isLeftover(c.getLabels())) {
                    System.out.println("[navpack-it] removing leftover container " + String.join(",", c.getNames()));
                    docker.removeContainerCmd(c.getId()).withForce(true).withRemoveVolumes(true).exec();
                }
            }
            docker.listNetworksCmd().withFilter("label", List.of(LABEL + "=true")).exec().stream()
                    .filter(n -> isLeftover(n.getLabels()))
                    .forEach(n -> {
                        System.out.println("[navpack-it] removing leftover network " + n.getName());
                        docker.removeNetworkCmd(n.getId()).exec();
                    });
            for (Image image : docker.listImagesCmd().withLabelFilter(Map.of(LABEL, "true")).exec()) {
                if (isLeftover(image.getLabels())) {
                    System.out.println("[navpack-it] removing leftover image " + image.getId());
                    docker.removeImageCmd(image.getId()).withForce(true).exec();
                }
            }
        } catch (RuntimeException e) {
            System.out.println("[navpack-it] could not remove leftovers: " + e);
        }
    }

    private static boolean isLeftover(Map<String, String> labels) {
        if (labels == null) {
            return false;
        }
        String owner = labels.get(OWNER_LABEL);
        if (owner == null || owner.equals(OWNER)) {
            return false;
        }
        int at = owner.indexOf('@');
        if (at <= 0 || !owner.substring(at + 1).equals(hostName())) {
            return false;
        }
        try {
            long pid = Long.parseLong(owner.substring(0, at));
            return ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static String hostName() {
        try {
            String host = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/sys/kernel/hostname")).trim();
            if (!host.isEmpty()) {
                return host;
            }
        } catch (java.io.IOException | RuntimeException e) {
            // not Linux: fall through
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            return "localhost";
        }
    }
}
