package io.navpack.bench.codec;

import com.acme.trading.Trade;
import com.tangosol.io.DefaultSerializer;
import com.tangosol.io.Serializer;
import com.tangosol.util.Binary;
import com.tangosol.util.ExternalizableHelper;
import io.navpack.bench.model.SchedulePeriod;
import io.navpack.bench.model.Swap;
import io.navpack.bench.model.SwapLeg;
import io.navpack.bench.model.Wide50;
import io.navpack.coherence.CoherenceSettings;
import io.navpack.coherence.NavpackCoherence;
import io.navpack.coherence.NavpackCoherenceSerializer;

/**
 * A Coherence {@link Serializer} as a Coherence service uses it: a value becomes the {@link Binary} a cache stores,
 * through {@link ExternalizableHelper}, and back. navpack's serializer ({@code coherence-navpack}, outside a
 * cluster: its own registry) or Coherence's default, Java serialization ({@code coherence-java}: the {@code java}
 * serializer of a service).
 */
public final class CoherenceCodec implements Codec {
    private final String name;
    private final Serializer serializer;

    private CoherenceCodec(String name, Serializer serializer) {
        this.name = name;
        this.serializer = serializer;
    }

    /** navpack's Coherence serializer, with the benchmark's classes. */
    public static CoherenceCodec navpack() {
        String classes = String.join(",", Trade.class.getName(), Wide50.class.getName(), Swap.class.getName(),
                SwapLeg.class.getName(), SchedulePeriod.class.getName());
        NavpackCoherence n = NavpackCoherence.standalone(CoherenceSettings.parse(CoherenceSettings.CLASSES + "=" + classes));
        return new CoherenceCodec("coherence-navpack", new NavpackCoherenceSerializer(n));
    }

    /** Coherence's {@code java} serializer. */
    public static CoherenceCodec java() {
        return new CoherenceCodec("coherence-java", new DefaultSerializer());
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Object encode(Object value) {
        return ExternalizableHelper.toBinary(value, serializer);
    }

    @Override
    public Object decode(Object encoded) {
        return ExternalizableHelper.fromBinary((Binary) encoded, serializer);
    }

    @Override
    public int size(Object encoded) {
        return ((Binary) encoded).length();
    }
}
