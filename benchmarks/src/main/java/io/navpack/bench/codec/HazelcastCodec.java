package io.navpack.bench.codec;

import com.hazelcast.internal.serialization.Data;
import com.hazelcast.internal.serialization.InternalSerializationService;
import io.navpack.bench.codec.ids.IdsSwap;
import io.navpack.bench.codec.ids.IdsTrade;
import io.navpack.bench.codec.ids.IdsWide50;
import io.navpack.bench.model.Swap;
import io.navpack.bench.model.Trade;
import io.navpack.bench.model.Wide50;

/**
 * A Hazelcast format through the member's {@link InternalSerializationService}: {@code toData} to the
 * {@link Data} an IMap stores (8 bytes of header: partition hash and serializer type id, then the
 * payload), {@code toObject} back.
 */
public final class HazelcastCodec implements Codec {
    private final String name;
    private final InternalSerializationService ss;
    private final boolean ids;

    private HazelcastCodec(String name, InternalSerializationService ss, boolean ids) {
        this.name = name;
        this.ss = ss;
        this.ids = ids;
    }

    /** Hand-written {@code IdentifiedDataSerializable}. */
    public static HazelcastCodec ids() {
        return new HazelcastCodec("ids", HazelcastSerialization.ids(), true);
    }

    /** Compact with explicit serializers. */
    public static HazelcastCodec compact() {
        return new HazelcastCodec("compact", HazelcastSerialization.compact(), false);
    }

    /** Compact with the reflective serializer. */
    public static HazelcastCodec compactReflective() {
        return new HazelcastCodec("compact-zero", HazelcastSerialization.compactReflective(), false);
    }

    public InternalSerializationService serializationService() {
        return ss;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Object prepare(Object value) {
        if (!ids) {
            return value;
        }
        if (value instanceof Trade) {
            return IdsTrade.of((Trade) value);
        }
        if (value instanceof Wide50) {
            return IdsWide50.of((Wide50) value);
        }
        if (value instanceof Swap) {
            return IdsSwap.of((Swap) value);
        }
        throw new IllegalArgumentException("no IdentifiedDataSerializable for " + value.getClass());
    }

    @Override
    public Object toModel(Object decoded) {
        if (decoded instanceof IdsTrade) {
            return ((IdsTrade) decoded).toRecord();
        }
        if (decoded instanceof IdsWide50) {
            return ((IdsWide50) decoded).toRecord();
        }
        if (decoded instanceof IdsSwap) {
            return ((IdsSwap) decoded).toRecord();
        }
        return decoded;
    }

    @Override
    public Object encode(Object value) {
        return ss.toData(value);
    }

    @Override
    public Object decode(Object encoded) {
        return ss.toObject(encoded);
    }

    @Override
    public int size(Object encoded) {
        return ((Data) encoded).totalSize();
    }
}
