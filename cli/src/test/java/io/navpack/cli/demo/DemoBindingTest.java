package io.navpack.cli.demo;

import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** A demo member listens on 127.0.0.1 only: it cannot be reached through this machine's other addresses. */
class DemoBindingTest {
    @Test
    void aDemoMemberAcceptsConnectionsOnLoopbackOnly() throws IOException {
        List<InetAddress> others = new ArrayList<>();
        for (NetworkInterface n : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (n.isUp() && !n.isLoopback()) {
                Collections.list(n.getInetAddresses()).stream().filter(a -> a instanceof Inet4Address).forEach(others::add);
            }
        }
        assumeFalse(others.isEmpty(), "this machine has no address besides loopback");
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        HazelcastInstance member = Hazelcast.newHazelcastInstance(
                Demo.memberConfig("navpack-demo-binding-" + port, port, new int[] {port}));
        try {
            assertThat(accepts(InetAddress.getLoopbackAddress(), port)).as("127.0.0.1:" + port).isTrue();
            for (InetAddress a : others) {
                assertThat(accepts(a, port)).as(a.getHostAddress() + ":" + port).isFalse();
            }
        } finally {
            member.shutdown();
        }
    }

    private static boolean accepts(InetAddress address, int port) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(address, port), 2_000);
            return true;
        } catch (SocketException e) {
            // refused: nothing listens there
            return false;
        }
    }
}
