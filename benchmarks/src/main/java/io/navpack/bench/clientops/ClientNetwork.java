package io.navpack.bench.clientops;

import com.hazelcast.client.impl.clientside.HazelcastClientInstanceImpl;
import com.hazelcast.client.impl.clientside.HazelcastClientProxy;
import com.hazelcast.client.impl.connection.ClientConnection;
import com.hazelcast.client.impl.connection.tcp.TcpClientConnection;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.internal.networking.Channel;

import java.lang.reflect.Field;

/**
 * The bytes a client has sent and received on its connections to the members, as its network channels count them:
 * what went over the sockets (message frames and their headers, the heartbeats and statistics the client sends on its
 * own too), read from the channel each member connection holds. Hazelcast's client internals; proven on 5.7.
 */
public final class ClientNetwork {
    private static final Field CHANNEL;

    static {
        try {
            CHANNEL = TcpClientConnection.class.getDeclaredField("channel");
            CHANNEL.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this Hazelcast client keeps its channel elsewhere", e);
        }
    }

    private final HazelcastClientInstanceImpl client;

    public ClientNetwork(HazelcastInstance client) {
        this.client = ((HazelcastClientProxy) client).client;
    }

    /** Bytes written to all member connections so far. */
    public long sent() {
        long n = 0;
        for (ClientConnection c : client.getConnectionManager().getActiveConnections()) {
            n += channel(c).bytesWritten();
        }
        return n;
    }

    /** Bytes read from all member connections so far. */
    public long received() {
        long n = 0;
        for (ClientConnection c : client.getConnectionManager().getActiveConnections()) {
            n += channel(c).bytesRead();
        }
        return n;
    }

    private static Channel channel(ClientConnection c) {
        try {
            return (Channel) CHANNEL.get(c);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
