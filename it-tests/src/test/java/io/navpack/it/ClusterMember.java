package io.navpack.it;

import com.github.dockerjava.api.model.ContainerNetwork;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.function.Supplier;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.MountableFile;

/**
 * One Hazelcast member of a {@link HazelcastCluster}, in its own container with a fixed IP on the cluster's
 * network. Faults act on the container: {@link #kill()} (SIGKILL), {@link #pause()} / {@link #unpause()}
 * (the freezer: the JVM stops answering but keeps its state), {@link #restart()} (a fresh container with
 * the same name and IP), {@link #stop(Duration)} (SIGTERM: Hazelcast shuts down gracefully),
 * {@link #disconnect()} / {@link #reconnect()} (the container leaves the cluster network and comes back with
 * its alias and IP: the member goes on alone, a split brain, and merges when it is back).
 */
public final class ClusterMember {

    /** Where the member's container is. */
    public enum State { NEW, RUNNING, PAUSED, DISCONNECTED, KILLED, STOPPED }

    /** Hazelcast's member port inside every container. */
    public static final int PORT = 5701;

    private final int number;
    private final String name;
    private final String ip;
    private final Supplier<GenericContainer<?>> containerFactory;
    private final String networkId;
    private final StringBuilder earlierLogs = new StringBuilder();
    private GenericContainer<?> container;
    private State state = State.NEW;
    private int generation;

    ClusterMember(int number, String ip, String networkId, Supplier<GenericContainer<?>> containerFactory) {
        this.number = number;
        this.name = "member" + number;
        this.ip = ip;
        this.networkId = networkId;
        this.containerFactory = containerFactory;
    }

    /** 1, 2, 3, ... */
    public int number() {
        return number;
    }

    /** {@code member1}, ...: host name and network alias of the container. */
    public String name() {
        return name;
    }

    public String ip() {
        return ip;
    }

    /** {@code ip:5701}, as members advertise themselves and clients connect. */
    public String address() {
        return ip + ":" + PORT;
    }

    public synchronized State state() {
        return state;
    }

    public synchronized boolean isRunning() {
        return state == State.RUNNING;
    }

    /** How many containers this member has had (1 after the first start, +1 per restart). */
    public synchronized int generation() {
        return generation;
    }

    /** The member's view of the cluster, read from its health endpoint within a few seconds. */
    public MemberHealth health() {
        return MemberHealth.read(ip, PORT);
    }

    /** Creates and starts the container; returns once Hazelcast logged that it started. */
    synchronized void start() {
        if (state == State.RUNNING || state == State.PAUSED || state == State.DISCONNECTED) {
            throw new IllegalStateException(name + " is " + state);
        }
        container = containerFactory.get();
        generation++;
        try {
            container.start();
        } catch (RuntimeException e) {
            state = State.STOPPED;
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof MemberStarted.Failed failed && failed.logs() != null) {
                    earlierLogs.append(failed.logs()).append("----- ").append(name).append(" container ")
                            .append(generation).append(" did not start: ").append(failed.getMessage()).append(" -----\n");
                    break;
                }
            }
            throw new IllegalStateException(name + " did not start; its last log lines:\n" + tail(logs(), 40), e);
        }
        state = State.RUNNING;
    }

    /** Copies a file of the host into the running container at {@code containerPath} (its directories are made). */
    public synchronized void copyFile(Path hostFile, String containerPath) {
        requireState(State.RUNNING);
        container.copyFileToContainer(MountableFile.forHostPath(hostFile, 0644), containerPath);
    }

    /** SIGKILL: the JVM dies at once; the container stays (stopped) so its logs can be read. */
    public synchronized void kill() {
        requireState(State.RUNNING, State.PAUSED, State.DISCONNECTED);
        if (state == State.PAUSED) {
            DockerSupport.client().unpauseContainerCmd(container.getContainerId()).exec();
        }
        DockerSupport.client().killContainerCmd(container.getContainerId()).withSignal("KILL").exec();
        state = State.KILLED;
        System.out.println("[navpack-it] killed " + name);
    }

    /** Freezes every process in the container; the member stops answering heartbeats. */
    public synchronized void pause() {
        requireState(State.RUNNING);
        DockerSupport.client().pauseContainerCmd(container.getContainerId()).exec();
        state = State.PAUSED;
        System.out.println("[navpack-it] paused " + name);
    }

    public synchronized void unpause() {
        requireState(State.PAUSED);
        DockerSupport.client().unpauseContainerCmd(container.getContainerId()).exec();
        state = State.RUNNING;
        System.out.println("[navpack-it] unpaused " + name);
    }

    /**
     * Takes the container off the cluster network: the member keeps running alone (nobody reaches it, not even
     * the host), the others remove it after the heartbeat timeout, and both sides go on as separate clusters.
     */
    public synchronized void disconnect() {
        requireState(State.RUNNING);
        DockerSupport.client().disconnectFromNetworkCmd().withNetworkId(networkId).withContainerId(container.getContainerId()).exec();
        state = State.DISCONNECTED;
        System.out.println("[navpack-it] disconnected " + name + " from the cluster network");
    }

    /**
     * Puts a {@link #disconnect() disconnected} container back on the network with its alias and its IP (members
     * and clients know it by that IP); Hazelcast then merges the two clusters.
     */
    public synchronized void reconnect() {
        requireState(State.DISCONNECTED);
        DockerSupport.client().connectToNetworkCmd().withNetworkId(networkId).withContainerId(container.getContainerId())
                .withContainerNetwork(new ContainerNetwork()
                        .withIpamConfig(new ContainerNetwork.Ipam().withIpv4Address(ip))
                        .withAliases(name))
                .exec();
        state = State.RUNNING;
        System.out.println("[navpack-it] reconnected " + name + " at " + ip);
    }

    /** SIGTERM, then SIGKILL after {@code timeout}: a running member leaves the cluster gracefully. */
    public synchronized void stop(Duration timeout) {
        requireState(State.RUNNING, State.PAUSED, State.DISCONNECTED);
        if (state == State.PAUSED) {
            DockerSupport.client().unpauseContainerCmd(container.getContainerId()).exec();
        }
        DockerSupport.client().stopContainerCmd(container.getContainerId()).withTimeout((int) Math.max(1, timeout.toSeconds())).exec();
        state = State.STOPPED;
        System.out.println("[navpack-it] stopped " + name);
    }

    /**
     * Replaces the container with a fresh one (same name, IP and configuration) and waits until Hazelcast
     * started in it. A running member is killed first. The old container's logs stay in {@link #logs()}.
     */
    public synchronized void restart() {
        if (state == State.RUNNING || state == State.PAUSED || state == State.DISCONNECTED) {
            kill();
        }
        remove();
        long started = System.nanoTime();
        start();
        System.out.printf("[navpack-it] restarted %s in %d ms%n", name, (System.nanoTime() - started) / 1_000_000);
    }

    /** Everything the member printed, over all its containers so far. */
    public synchronized String logs() {
        StringBuilder all = new StringBuilder(earlierLogs);
        if (container != null && container.getContainerId() != null) {
            try {
                all.append(container.getLogs());
            } catch (RuntimeException e) {
                all.append("(logs unavailable: ").append(e.getMessage()).append(")\n");
            }
        }
        return all.toString();
    }

    /** Removes the container (and keeps its logs); safe to call in any state. */
    synchronized void remove() {
        if (container == null) {
            return;
        }
        if (container.getContainerId() != null) {
            try {
                earlierLogs.append(container.getLogs()).append("----- ").append(name).append(" container ")
                        .append(generation).append(" removed -----\n");
            } catch (RuntimeException e) {
                earlierLogs.append("(logs of container ").append(generation).append(" unavailable: ").append(e.getMessage()).append(")\n");
            }
            if (state == State.PAUSED) {
                try {
                    DockerSupport.client().unpauseContainerCmd(container.getContainerId()).exec();
                } catch (RuntimeException e) {
                    System.out.println("[navpack-it] could not unpause " + name + ": " + e.getMessage());
                }
            }
        }
        try {
            container.stop();
        } catch (RuntimeException e) {
            System.out.println("[navpack-it] could not remove " + name + ": " + e.getMessage());
        }
        container = null;
        if (state != State.NEW) {
            state = State.STOPPED;
        }
    }

    private void requireState(State... allowed) {
        for (State s : allowed) {
            if (state == s) {
                return;
            }
        }
        throw new IllegalStateException(name + " is " + state);
    }

    static String tail(String text, int lines) {
        String[] all = text.split("\n", -1);
        int from = Math.max(0, all.length - lines);
        return String.join("\n", Arrays.copyOfRange(all, from, all.length));
    }

    @Override
    public String toString() {
        return name + "(" + address() + ", " + state() + ")";
    }
}
