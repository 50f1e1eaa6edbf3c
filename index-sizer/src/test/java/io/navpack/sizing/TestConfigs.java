package io.navpack.sizing;

import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;

/** Loopback-only Hazelcast configuration for tests. */
public final class TestConfigs {

    private TestConfigs() {
    }

    public static Config member(String cluster, int port, List<Integer> allPorts) {
        Config config = new Config();
        config.setClusterName(cluster);
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setProperty("hazelcast.socket.bind.any", "false");
        config.setProperty("hazelcast.logging.type", "jdk");
        config.setProperty("hazelcast.heartbeat.interval.seconds", "1");
        config.setProperty("hazelcast.max.no.heartbeat.seconds", "6");
        config.setProperty("hazelcast.merge.first.run.delay.seconds", "3600");
        config.getJetConfig().setEnabled(false);
        config.getSerializationConfig().addDataSerializableFactory(IdsTrade.FACTORY_ID, IdsTrade.factory());
        config.getNetworkConfig().setPort(port).setPortAutoIncrement(false);
        config.getNetworkConfig().getInterfaces().setEnabled(true).addInterface("127.0.0.1");
        JoinConfig join = config.getNetworkConfig().getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true);
        for (int p : allPorts) {
            join.getTcpIpConfig().addMember("127.0.0.1:" + p);
        }
        return config;
    }

    public static ClientConfig client(String cluster, List<Integer> ports) {
        ClientConfig config = new ClientConfig();
        config.setClusterName(cluster);
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setProperty("hazelcast.logging.type", "jdk");
        for (int p : ports) {
            config.getNetworkConfig().addAddress("127.0.0.1:" + p);
        }
        config.getConnectionStrategyConfig().getConnectionRetryConfig().setClusterConnectTimeoutMillis(60_000);
        config.getSerializationConfig().addDataSerializableFactory(IdsTrade.FACTORY_ID, IdsTrade.factory());
        return config;
    }

    /** A port that was free on 127.0.0.1 a moment ago. */
    public static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
