package io.navpack.hazelcast;

import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.UUID;

/**
 * Hazelcast settings for tests: bound to 127.0.0.1 only (interface and {@code hazelcast.socket.bind.any=false}),
 * TCP-IP join on listed ports, no multicast, no phone-home.
 */
public final class Loopback {
    private Loopback() {
    }

    public static String clusterName() {
        return "navpack-test-" + UUID.randomUUID().toString().substring(0, 8);
    }

    public static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Network settings of a member on {@code port} that joins the members on {@code ports}. */
    public static Config member(Config config, String cluster, int port, int... ports) {
        config.setClusterName(cluster);
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setProperty("hazelcast.logging.type", "jdk");
        config.setProperty("hazelcast.heartbeat.interval.seconds", "1");
        config.setProperty("hazelcast.max.no.heartbeat.seconds", "8");
        config.setProperty("hazelcast.merge.first.run.delay.seconds", "5");
        config.getNetworkConfig().setPort(port).setPortAutoIncrement(false);
        config.getNetworkConfig().getInterfaces().setEnabled(true).addInterface("127.0.0.1");
        config.setProperty("hazelcast.local.localAddress", "127.0.0.1");
        // listen on 127.0.0.1 only: with the default (true) Hazelcast binds every interface whatever the interface list says
        config.setProperty("hazelcast.socket.bind.any", "false");
        JoinConfig join = config.getNetworkConfig().getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true).clear();
        for (int p : ports) {
            join.getTcpIpConfig().addMember("127.0.0.1:" + p);
        }
        config.getJetConfig().setEnabled(false);
        return config;
    }

    /**
     * hazelcast.xml of a member on {@code port} joining the members on {@code ports}, with the settings of
     * {@link #member} in elements every supported Hazelcast version reads, then {@code more} (elements of
     * {@code <hazelcast>}: jet, maps, ...).
     */
    public static String memberXml(String cluster, int port, int[] ports, String more) {
        StringBuilder members = new StringBuilder();
        for (int p : ports) {
            members.append("<member>127.0.0.1:").append(p).append("</member>");
        }
        return "<hazelcast xmlns=\"http://www.hazelcast.com/schema/config\">"
                + "<cluster-name>" + cluster + "</cluster-name>"
                + "<properties>"
                + "<property name=\"hazelcast.phone.home.enabled\">false</property>"
                + "<property name=\"hazelcast.socket.bind.any\">false</property>"
                + "<property name=\"hazelcast.local.localAddress\">127.0.0.1</property>"
                + "</properties>"
                + "<network><port auto-increment=\"false\">" + port + "</port>"
                + "<join><auto-detection enabled=\"false\"/><multicast enabled=\"false\"/>"
                + "<tcp-ip enabled=\"true\">" + members + "</tcp-ip></join>"
                + "<interfaces enabled=\"true\"><interface>127.0.0.1</interface></interfaces></network>"
                + more
                + "</hazelcast>";
    }

    public static ClientConfig client(ClientConfig config, String cluster, int... ports) {
        config.setClusterName(cluster);
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.getNetworkConfig().getAddresses().clear();
        for (int p : ports) {
            config.getNetworkConfig().addAddress("127.0.0.1:" + p);
        }
        config.getConnectionStrategyConfig().getConnectionRetryConfig().setClusterConnectTimeoutMillis(30_000);
        return config;
    }
}
