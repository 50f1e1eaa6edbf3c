package io.navpack.bench.model;

import com.acme.trading.SeedTrades;

import java.util.List;
import java.util.Locale;

/** The three value shapes of the encode and decode benchmarks. */
public enum Shape {
    /** The ten seed FX trades (9 fields). */
    TRADE,
    /** 16 generated 50-field records. */
    WIDE,
    /** 8 generated swaps: 2 legs of 20 schedule periods each. */
    NESTED;

    /** The values of this shape; every call returns equal values. */
    public List<?> data() {
        switch (this) {
            case TRADE: return SeedTrades.load();
            case WIDE: return Fixtures.wides(16, Fixtures.SEED);
            default: return Fixtures.swaps(8, Fixtures.SEED);
        }
    }

    /** The JMH parameter name: {@code trade}, {@code wide}, {@code nested}. */
    public String param() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Shape of(String param) {
        return valueOf(param.toUpperCase(Locale.ROOT));
    }
}
