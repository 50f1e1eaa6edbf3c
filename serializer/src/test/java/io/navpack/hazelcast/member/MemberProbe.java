package io.navpack.hazelcast.member;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import com.hazelcast.internal.nio.BufferObjectDataOutput;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.spi.impl.SerializationServiceSupport;
import io.navpack.format.Navpack;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;
import io.navpack.format.spi.PackedInts;
import io.navpack.hazelcast.NavpackContext;
import io.navpack.hazelcast.NavpackSerializer;
import io.navpack.hazelcast.ReadMode;
import io.navpack.hazelcast.internal.SerializationInternals;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

/** Runs on a member: what it knows, whether a class is on its class path, and how navpack writes there. */
public final class MemberProbe implements Callable<List<String>>, Serializable, HazelcastInstanceAware {
    private static final long serialVersionUID = 1L;

    private final String className;
    private transient HazelcastInstance hz;

    /** A value for the write check: 7 and 100 characters, more than the output's first 16 bytes. */
    record Probe(long id, String text) {
    }

    /**
     * Lists the schemas the member holds ("name vN"), "class:true|false" for {@code className}, "schemaRequests:n",
     * "writesInPlace:true|false": whether navpack's serializer encodes a value straight into the array of this
     * member's Hazelcast output (growing it) and gives the bytes it stores, and "defaultsCached:true|false": whether
     * keys of {@code Long} and {@code String} find Hazelcast's own serializer in its cache
     * ({@link SerializationInternals#cacheDefaultSerializers}).
     */
    public MemberProbe(String className) {
        this.className = className;
    }

    @Override
    public void setHazelcastInstance(HazelcastInstance hz) {
        this.hz = hz;
    }

    @Override
    public List<String> call() {
        List<String> out = new ArrayList<>();
        for (Schema s : NavpackContext.of(hz).registry().schemas()) {
            out.add(s.typeName() + " v" + s.version());
        }
        boolean present;
        try {
            Class.forName(className, false, MemberProbe.class.getClassLoader());
            present = true;
        } catch (ClassNotFoundException e) {
            present = false;
        }
        out.add("class:" + present);
        out.add("schemaRequests:" + NavpackContext.of(hz).schemaRequestsServed());
        out.add("writesInPlace:" + writesInPlace());
        InternalSerializationService ss = (InternalSerializationService) ((SerializationServiceSupport) hz)
                .getSerializationService();
        out.add("defaultsCached:" + (SerializationInternals.cachesDefaultSerializer(ss, Long.class)
                && SerializationInternals.cachesDefaultSerializer(ss, String.class)));
        out.add("operationsCached:" + SerializationInternals.cachesSerializer(ss,
                com.hazelcast.spi.impl.operationservice.Operation.class));
        return out;
    }

    private boolean writesInPlace() {
        InternalSerializationService ss = (InternalSerializationService) ((SerializationServiceSupport) hz)
                .getSerializationService();
        BufferObjectDataOutput out = ss.createObjectDataOutput(16);
        if (!SerializationInternals.writesInPlace(out)) {
            return false;
        }
        SchemaRegistry registry = new SchemaRegistry();
        registry.register(Probe.class);
        Probe value = new Probe(7, "x".repeat(100));
        try {
            out.writeInt(42);
            new NavpackSerializer(registry, ReadMode.OBJECT).write(out, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        byte[] record = new Navpack(registry).encode(value);
        byte[] expected = new byte[PackedInts.sizeOfInt(record.length) + record.length];
        System.arraycopy(record, 0, expected, PackedInts.writeInt(expected, 0, record.length), record.length);
        return Arrays.equals(Arrays.copyOfRange(out.toByteArray(), 4, out.position()), expected);
    }
}
