package io.navpack.extract;

import io.navpack.format.SchemaRegistry;
import io.navpack.hazelcast.NavpackContext;
import io.navpack.hazelcast.NavpackSettings;

import java.util.HashMap;
import java.util.Map;

/**
 * The extractor's settings, from the same Hazelcast properties as the rest of navpack:
 *
 * <table>
 * <caption>Properties</caption>
 * <tr><th>property</th><th>default</th><th>meaning</th></tr>
 * <tr><td>{@value #MODE}</td><td>adaptive</td><td>adaptive, partial or full</td></tr>
 * <tr><td>{@value #CALIBRATION}</td><td>on</td><td>off: no measurement; types without a pinned break-even are read field by field</td></tr>
 * <tr><td>{@value #BREAK_EVEN}.&lt;type name&gt;</td><td>measured</td><td>pins the break-even of one type</td></tr>
 * <tr><td>{@value #BREAK_EVEN}.default</td><td>measured</td><td>pins the break-even of every type without its own pin</td></tr>
 * </table>
 */
public final class ExtractSettings {
    public static final String MODE = "navpack.extract.mode";
    public static final String CALIBRATION = "navpack.calibration";
    public static final String BREAK_EVEN = "navpack.break-even";

    private static final ExtractSettings DEFAULTS = new ExtractSettings(NavpackSettings.defaults());

    private final ExtractionMode mode;
    private final boolean calibration;
    private final Map<String, Integer> pinned = new HashMap<>();
    private final Integer pinnedDefault;

    ExtractSettings(NavpackSettings s) {
        String m = s.property(MODE);
        this.mode = m == null ? ExtractionMode.ADAPTIVE : ExtractionMode.parse(m);
        String c = s.property(CALIBRATION);
        this.calibration = c == null || !c.trim().equalsIgnoreCase("off") && !c.trim().equalsIgnoreCase("false");
        Integer def = null;
        for (String name : s.propertyNames()) {
            if (name.startsWith(BREAK_EVEN + ".")) {
                int value = parsePin(name, s.property(name));
                String type = name.substring(BREAK_EVEN.length() + 1);
                if (type.equals("default")) {
                    def = value;
                } else {
                    pinned.put(type, value);
                }
            }
        }
        this.pinnedDefault = def;
    }

    private static int parsePin(String name, String value) {
        try {
            int v = Integer.parseInt(value.trim());
            if (v < 1) {
                throw new NumberFormatException("below 1");
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number of fields >= 1, not '" + value + "'", e);
        }
    }

    private static final Map<SchemaRegistry, ExtractSettings> BOUND = new java.util.concurrent.ConcurrentHashMap<>();
    /** Counts {@link #bind} calls, so that readers holding settings see a registry bound anew. */
    private static final java.util.concurrent.atomic.AtomicInteger GENERATION = new java.util.concurrent.atomic.AtomicInteger();

    /**
     * Settings for values read through {@code registry} outside Hazelcast (a registry of a Hazelcast
     * instance takes the instance's properties).
     */
    public static void bind(SchemaRegistry registry, java.util.Properties properties) {
        java.util.Properties all = new java.util.Properties();
        all.putAll(properties);
        BOUND.put(registry, new ExtractSettings(NavpackSettings.from(all)));
        GENERATION.incrementAndGet();
    }

    /** Changes whenever {@link #bind} is called: settings obtained before may be out of date. */
    static int generation() {
        return GENERATION.get();
    }

    /** The settings of the instance a registry belongs to; defaults outside Hazelcast. */
    static ExtractSettings of(SchemaRegistry registry) {
        ExtractSettings s = BOUND.get(registry);
        if (s != null) {
            return s;
        }
        NavpackContext ctx = NavpackContext.forRegistry(registry);
        return ctx == null ? DEFAULTS : ctx.attachment(ExtractSettings.class, x -> new ExtractSettings(x.settings()));
    }

    public ExtractionMode mode() {
        return mode;
    }

    public boolean calibration() {
        return calibration;
    }

    /** The pinned break-even of {@code typeName}, or null when it is measured. */
    public Integer pinned(String typeName) {
        Integer p = pinned.get(typeName);
        return p != null ? p : pinnedDefault;
    }
}
