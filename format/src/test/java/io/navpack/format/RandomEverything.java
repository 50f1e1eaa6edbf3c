package io.navpack.format;

import com.acme.trading.Everything;

/** Random {@link Everything} values ({@link RandomValues}) for tests outside this package. */
public final class RandomEverything {
    private RandomEverything() {
    }

    public static Everything of(long seed) {
        return new RandomValues(seed, 2).of(Everything.class);
    }
}
