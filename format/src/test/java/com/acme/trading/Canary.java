package com.acme.trading;

import java.util.concurrent.atomic.AtomicBoolean;

/** Records in {@link #INITIALISED} whether it was ever initialised: the format must never load a class by a name read from bytes. */
public final class Canary {
    static {
        Flags.CANARY.set(true);
    }

    /** Kept outside Canary: reading it must not initialise Canary itself. */
    public static final class Flags {
        public static final AtomicBoolean CANARY = new AtomicBoolean();
    }
}
