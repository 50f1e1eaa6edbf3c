package io.navpack.hazelcast.internal;

import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.client.impl.clientside.HazelcastClientInstanceImpl;
import com.hazelcast.client.impl.clientside.HazelcastClientProxy;
import com.hazelcast.config.Config;
import com.hazelcast.config.SerializationConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.instance.impl.HazelcastInstanceImpl;
import com.hazelcast.instance.impl.HazelcastInstanceProxy;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.spi.impl.NodeEngine;

import java.util.Properties;

/**
 * A Hazelcast member or client as navpack needs it: the instance behind the proxy that applications hold, whether
 * it is a member, and its configuration — a client's {@link ClientConfig} is reachable only through the client's
 * implementation class ({@code HazelcastInstance.getConfig()} is a member's).
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
public final class HazelcastInstances {
    private HazelcastInstances() {
    }

    /** The instance behind a member's or client's proxy; the instance itself when it is none. */
    public static HazelcastInstance unwrap(HazelcastInstance hz) {
        if (hz instanceof HazelcastInstanceProxy p) {
            return p.getOriginal();
        }
        if (hz instanceof HazelcastClientProxy p) {
            return p.client;
        }
        return hz;
    }

    /** True for a member (or its proxy), false for a client. */
    public static boolean isMember(HazelcastInstance hz) {
        return unwrap(hz) instanceof HazelcastInstanceImpl;
    }

    /** The properties of a member's {@link Config} or a client's {@link ClientConfig}. */
    public static Properties properties(HazelcastInstance hz) {
        return isMember(hz) ? hz.getConfig().getProperties() : clientConfig(hz).getProperties();
    }

    /** The serialization configuration of a member or client. */
    public static SerializationConfig serializationConfig(HazelcastInstance hz) {
        return isMember(hz) ? hz.getConfig().getSerializationConfig() : clientConfig(hz).getSerializationConfig();
    }

    /** The class loader a member's or client's configuration names, or {@code fallback} when it names none. */
    public static ClassLoader classLoader(HazelcastInstance hz, ClassLoader fallback) {
        ClassLoader l = isMember(hz) ? hz.getConfig().getClassLoader() : clientConfig(hz).getClassLoader();
        return l != null ? l : fallback;
    }

    /** A client's configuration. */
    public static ClientConfig clientConfig(HazelcastInstance hz) {
        return ((HazelcastClientInstanceImpl) unwrap(hz)).getClientConfig();
    }

    /** The size in bytes of {@code value} as {@code hz} stores it: a {@code Data}'s total size, header included. */
    public static int storedSize(HazelcastInstance hz, Object value) {
        return serializationService(hz).toData(value).totalSize();
    }

    /** A member's node engine; null for a client. */
    static NodeEngine nodeEngine(HazelcastInstance hz) {
        HazelcastInstance i = unwrap(hz);
        return i instanceof HazelcastInstanceImpl m ? m.node.getNodeEngine() : null;
    }

    /** The serialization service of a member or client; null for anything else. */
    static InternalSerializationService serializationService(HazelcastInstance hz) {
        HazelcastInstance i = unwrap(hz);
        if (i instanceof HazelcastInstanceImpl m) {
            return m.getSerializationService();
        }
        if (i instanceof HazelcastClientInstanceImpl c) {
            return c.getSerializationService();
        }
        return null;
    }
}
