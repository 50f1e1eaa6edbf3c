package io.navpack.cli;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.core.HazelcastInstance;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.ReadMode;
import io.navpack.hazelcast.internal.ConnectionDiagnostics;
import picocli.CommandLine.Option;

import java.util.function.Consumer;

/** Options to connect to a running cluster as a client. */
public final class ClusterOptions {
    @Option(names = "--cluster", required = true, split = ",", paramLabel = "host:port",
            description = "Members to connect to, comma-separated.")
    String[] addresses;

    @Option(names = "--cluster-name", defaultValue = "dev", description = "Cluster name (default: ${DEFAULT-VALUE}).")
    String clusterName;

    @Option(names = "--connect-timeout", defaultValue = "20", paramLabel = "seconds",
            description = "How long to try to connect (default: ${DEFAULT-VALUE} s).")
    int connectTimeout;

    /** A client that reads values as PackedRecord (it has no user classes). */
    HazelcastInstance connect() {
        return connect(c -> { });
    }

    /** As {@link #connect()}, with {@code more} applied to the configuration before the client starts. */
    HazelcastInstance connect(Consumer<ClientConfig> more) {
        ClientConfig config = NavpackConfig.of().readMode(ReadMode.RECORD).applyTo(new ClientConfig());
        config.setClusterName(clusterName);
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setInstanceName("navpack-cli-" + ProcessHandle.current().pid());
        for (String a : addresses) {
            config.getNetworkConfig().addAddress(a.trim());
        }
        config.getConnectionStrategyConfig().getConnectionRetryConfig()
                .setClusterConnectTimeoutMillis(connectTimeout * 1000L);
        more.accept(config);
        ConnectionDiagnostics seen = ConnectionDiagnostics.attachTo(config);
        try {
            return HazelcastClient.newHazelcastClient(config);
        } catch (RuntimeException e) {
            throw new CliException(Main.UNREACHABLE, "cannot connect to cluster '" + clusterName + "' at "
                    + String.join(",", addresses) + ": " + why(seen, e), e);
        }
    }

    /** Why the client could not connect, from what it saw: Hazelcast's own words say the same for every cause. */
    private String why(ConnectionDiagnostics seen, RuntimeException e) {
        if (!seen.refusedClusterName().isEmpty()) {
            return "the members at " + String.join(", ", seen.refusedClusterName()) + " answered but refused the"
                    + " cluster name '" + clusterName + "': their cluster has another name (the cluster-name of their"
                    + " hazelcast.yaml or hazelcast.xml; Hazelcast's default is 'dev'). Give theirs with --cluster-name"
                    + " NAME (or the members need client credentials, which this command does not send)";
        }
        if (!seen.notAllowed().isEmpty()) {
            return "the members at " + String.join(", ", seen.notAllowed()) + " do not allow this client in"
                    + " (a client filter of the cluster): " + e.getMessage();
        }
        if (!seen.unreachable().isEmpty()) {
            return "nothing answered at " + String.join(", ", seen.unreachable()) + " within " + connectTimeout
                    + " s: start the members, or correct --cluster (" + e.getMessage() + ")";
        }
        return e.getMessage();
    }
}
