package io.navpack.bench.codec;

import com.acme.trading.Trade;
import com.acme.trading.peers.CompactTrade;
import com.acme.trading.peers.IdsTrade;
import com.hazelcast.internal.serialization.Data;
import com.hazelcast.internal.serialization.InternalSerializationService;
import io.navpack.bench.codec.ids.IdsSwap;
import io.navpack.bench.codec.ids.IdsWide50;
import io.navpack.bench.model.Swap;
import io.navpack.bench.model.Wide50;

/**
 * A Hazelcast format through the member's {@link InternalSerializationService}: {@code toData} to the
 * {@link Data} an IMap stores (8 bytes of header: partition hash and serializer type id, then the
 * payload), {@code toObject} back.
 */
public final class HazelcastCodec implements Codec {
    /** Which objects stand for the model values: the values themselves, or wrapper classes. */
    private enum Wrappers { NONE, IDS, COMPACT_TRADE }

    private final String name;
    private final InternalSerializationService ss;
    private final Wrappers wrappers;

    private HazelcastCodec(String name, InternalSerializationService ss, Wrappers wrappers) {
        this.name = name;
        this.ss = ss;
        this.wrappers = wrappers;
    }

    /** Hand-written {@code IdentifiedDataSerializable}. */
    public static HazelcastCodec ids() {
        return new HazelcastCodec("ids", HazelcastSerialization.ids(), Wrappers.IDS);
    }

    /** Compact with explicit serializers; a trade is written as {@link CompactTrade}. */
    public static HazelcastCodec compact() {
        return new HazelcastCodec("compact", HazelcastSerialization.compact(), Wrappers.COMPACT_TRADE);
    }

    /** Compact with the reflective serializer. */
    public static HazelcastCodec compactReflective() {
        return new HazelcastCodec("compact-zero", HazelcastSerialization.compactReflective(), Wrappers.NONE);
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
        return switch (wrappers) {
            case NONE -> value;
            case COMPACT_TRADE -> value instanceof Trade t ? CompactTrade.of(t) : value;
            case IDS -> {
                if (value instanceof Trade t) {
                    yield IdsTrade.of(t);
                }
                if (value instanceof Wide50 w) {
                    yield IdsWide50.of(w);
                }
                if (value instanceof Swap s) {
                    yield IdsSwap.of(s);
                }
                throw new IllegalArgumentException("no IdentifiedDataSerializable for " + value.getClass());
            }
        };
    }

    @Override
    public Object toModel(Object decoded) {
        if (decoded instanceof IdsTrade t) {
            return t.toRecord();
        }
        if (decoded instanceof CompactTrade t) {
            return t.toTrade();
        }
        if (decoded instanceof IdsWide50 w) {
            return w.toRecord();
        }
        if (decoded instanceof IdsSwap s) {
            return s.toRecord();
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
