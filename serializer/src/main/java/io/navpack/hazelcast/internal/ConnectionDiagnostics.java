package io.navpack.hazelcast.internal;

import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.client.impl.management.ClientConnectionProcessListener;
import com.hazelcast.cluster.Address;
import com.hazelcast.config.ListenerConfig;

import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * What a client saw while it tried to connect, from Hazelcast's connection diagnostics (a listener its client
 * takes from the configuration, meant for Management Center): the members that answered but refused the client's
 * cluster name (or credentials), the addresses where nothing answered. A client that ends with Hazelcast's "Unable
 * to connect to any cluster" says the same words in both cases; these tell them apart.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
public final class ConnectionDiagnostics {
    private final Set<String> refusedClusterName = new ConcurrentSkipListSet<>();
    private final Set<String> unreachable = new ConcurrentSkipListSet<>();
    private final Set<String> notAllowed = new ConcurrentSkipListSet<>();

    private ConnectionDiagnostics() {
    }

    /** Diagnostics of the connection attempts of a client to be created with {@code config}. */
    public static ConnectionDiagnostics attachTo(ClientConfig config) {
        ConnectionDiagnostics d = new ConnectionDiagnostics();
        config.addListenerConfig(new ListenerConfig(d.new Listener()));
        return d;
    }

    /** The members that answered but refused the client's cluster name or credentials. */
    public Set<String> refusedClusterName() {
        return new TreeSet<>(refusedClusterName);
    }

    /** The addresses where no connection could be made. */
    public Set<String> unreachable() {
        Set<String> out = new TreeSet<>(unreachable);
        out.removeAll(refusedClusterName);
        return out;
    }

    /** The members that refused the client for another reason (a client filter, a blue-green deployment). */
    public Set<String> notAllowed() {
        return new TreeSet<>(notAllowed);
    }

    private final class Listener implements ClientConnectionProcessListener {
        @Override
        public void connectionAttemptFailed(Address target) {
            unreachable.add(target.getHost() + ":" + target.getPort());
        }

        @Override
        public void credentialsFailed(Address remoteAddress) {
            refusedClusterName.add(remoteAddress.getHost() + ":" + remoteAddress.getPort());
        }

        @Override
        public void clientNotAllowedInCluster(Address remoteAddress) {
            notAllowed.add(remoteAddress.getHost() + ":" + remoteAddress.getPort());
        }
    }
}
