package io.navpack.format.spi;

import java.lang.System.Logger.Level;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Record classes whose values navpack decodes through method handles because it could not generate their decoder
 * class: the record's package is not open to navpack, its class loader does not see navpack, or — which is a defect —
 * the generated class was refused. Each class is logged once (through the JDK's {@link System.Logger}; a refusal as
 * a warning with the cause) and every fallback is counted, for a meter ({@code navpack.format.decoder.fallbacks}).
 * Decoding stays correct either way; it is slower.
 */
public final class DecoderFallbacks {
    private static final System.Logger LOGGER = System.getLogger("io.navpack.format");
    private static final AtomicLong COUNT = new AtomicLong();
    private static final Set<String> LOGGED = ConcurrentHashMap.newKeySet();

    private DecoderFallbacks() {
    }

    /** Fallbacks in this JVM, one per record class and writer's schema version. */
    public static long count() {
        return COUNT.get();
    }

    /**
     * Records a fallback for {@code type} (a record class name and writer schema); {@code refused} is the error when
     * the generated class was refused, null when navpack only lacked access.
     */
    public static void record(String type, String why, Throwable refused) {
        COUNT.incrementAndGet();
        if (LOGGED.size() < 10_000 && LOGGED.add(type)) {
            if (refused != null) {
                LOGGER.log(Level.WARNING, "navpack: the decoder class generated for " + type + " was refused (" + why
                        + "); its values are decoded through method handles, which is slower", refused);
            } else {
                LOGGER.log(Level.INFO, "navpack: no decoder class for " + type + " (" + why
                        + "); its values are decoded through method handles");
            }
        }
    }
}
