package io.navpack.extract;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import io.navpack.hazelcast.internal.ConnectionDiagnostics;

/**
 * Run in a JVM of its own on a Hazelcast version's jar: a client with {@code args[0]} as cluster name tries
 * {@code args[1]} for two seconds and prints what {@link ConnectionDiagnostics} saw, one line each.
 */
public final class ConnectionDiagnosticsRunner {
    private ConnectionDiagnosticsRunner() {
    }

    public static void main(String[] args) {
        ClientConfig config = new ClientConfig();
        config.setClusterName(args[0]);
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.getNetworkConfig().addAddress(args[1]);
        config.getConnectionStrategyConfig().getConnectionRetryConfig().setClusterConnectTimeoutMillis(2_000);
        ConnectionDiagnostics seen = ConnectionDiagnostics.attachTo(config);
        try {
            HazelcastClient.newHazelcastClient(config).shutdown();
            System.out.println("CONNECTED");
        } catch (RuntimeException e) {
            System.out.println("FAILED " + e.getClass().getSimpleName());
        }
        System.out.println("REFUSED " + seen.refusedClusterName());
        System.out.println("UNREACHABLE " + seen.unreachable());
        System.out.flush();
        System.exit(0);
    }
}
