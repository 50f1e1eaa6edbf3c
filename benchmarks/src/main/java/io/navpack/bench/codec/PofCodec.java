package io.navpack.bench.codec;

import com.tangosol.io.pof.ConfigurablePofContext;
import com.tangosol.util.Binary;
import com.tangosol.util.ExternalizableHelper;

/**
 * Coherence CE POF: a {@link ConfigurablePofContext} over {@code navpack-bench-pof-config.xml}, whose
 * user types are serialised by hand-written {@code PofSerializer}s. Values become a {@link Binary}
 * as Coherence stores them, through {@link ExternalizableHelper}.
 */
public final class PofCodec implements Codec {
    public static final String CONFIG = "navpack-bench-pof-config.xml";

    private final ConfigurablePofContext context = newContext();

    /** A POF context with the benchmark user types. */
    public static ConfigurablePofContext newContext() {
        return new ConfigurablePofContext(CONFIG);
    }

    public ConfigurablePofContext context() {
        return context;
    }

    @Override
    public String name() {
        return "pof";
    }

    @Override
    public Object encode(Object value) {
        return ExternalizableHelper.toBinary(value, context);
    }

    @Override
    public Object decode(Object encoded) {
        return ExternalizableHelper.fromBinary((Binary) encoded, context);
    }

    @Override
    public int size(Object encoded) {
        return ((Binary) encoded).length();
    }
}
