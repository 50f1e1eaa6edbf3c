package io.navpack.extract;

import io.navpack.format.SchemaRegistry;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.Function;

/**
 * The extractor's settings, from the same properties on every grid:
 *
 * <table>
 * <caption>Properties</caption>
 * <tr><th>property</th><th>default</th><th>meaning</th></tr>
 * <tr><td>{@value #MODE}</td><td>adaptive</td><td>adaptive, partial or full</td></tr>
 * <tr><td>{@value #CALIBRATION}</td><td>on</td><td>off: no measurement; types without a pinned break-even are read field by field</td></tr>
 * <tr><td>{@value #BREAK_EVEN}.&lt;type name&gt;</td><td>measured</td><td>pins the break-even of one type</td></tr>
 * <tr><td>{@value #BREAK_EVEN}.default</td><td>measured</td><td>pins the break-even of every type without its own pin</td></tr>
 * </table>
 *
 * <p>Which settings a value is read with follows from its registry's {@link SchemaRegistry#owner()}: an owner that
 * is a {@link Source} gives its own; otherwise each {@link Resolver} found with {@link ServiceLoader} is asked (the
 * Hazelcast extractors resolve navpack's context of a member or client, and its settings); otherwise the defaults.
 */
public final class ExtractSettings {
    public static final String MODE = "navpack.extract.mode";
    public static final String CALIBRATION = "navpack.calibration";
    public static final String BREAK_EVEN = "navpack.break-even";

    private static final ExtractSettings DEFAULTS = new ExtractSettings(ExtractSettings.class, "adaptive", true, t -> null);
    private static final List<Resolver> RESOLVERS = resolvers();

    /** An owner of registries that carries its own settings. */
    public interface Source {
        ExtractSettings extractSettings();
    }

    /** Finds the settings of a registry's owner that is no {@link Source}; null when it does not know the owner. */
    public interface Resolver {
        ExtractSettings resolve(Object owner);
    }

    private final ExtractionMode mode;
    private final Object source;
    private final boolean calibration;
    private final Function<String, Integer> pins;

    /**
     * Settings from {@code source} (what they are read from: two settings of one source are the same), in
     * {@code mode} (adaptive, partial or full), with or without {@code calibration}, and {@code pins}: the pinned
     * break-even of a type name, or null.
     */
    public ExtractSettings(Object source, String mode, boolean calibration, Function<String, Integer> pins) {
        this.source = source;
        this.mode = ExtractionMode.parse(mode);
        this.calibration = calibration;
        this.pins = pins;
    }

    /**
     * Settings from plain properties ({@value #MODE}, {@value #CALIBRATION} as on/off or true/false, and
     * {@value #BREAK_EVEN}{@code .<type name>} or {@code .default}); a bad value is refused naming the property.
     */
    public static ExtractSettings from(Map<String, String> properties) {
        String mode = properties.getOrDefault(MODE, "adaptive");
        String cal = properties.getOrDefault(CALIBRATION, "on").trim().toLowerCase(Locale.ROOT);
        boolean calibration;
        switch (cal) {
            case "on", "true" -> calibration = true;
            case "off", "false" -> calibration = false;
            default -> throw new IllegalArgumentException(CALIBRATION + " must be on or off, not '" + cal + "'");
        }
        Map<String, Integer> pinned = new java.util.HashMap<>();
        for (Map.Entry<String, String> e : properties.entrySet()) {
            if (e.getKey().startsWith(BREAK_EVEN + ".")) {
                int v;
                try {
                    v = Integer.parseInt(e.getValue().trim());
                } catch (NumberFormatException ex) {
                    v = 0;
                }
                if (v < 1) {
                    throw new IllegalArgumentException(e.getKey() + " must be a number of fields of at least 1, not '"
                            + e.getValue() + "'");
                }
                pinned.put(e.getKey().substring(BREAK_EVEN.length() + 1), v);
            }
        }
        Integer all = pinned.get("default");
        return new ExtractSettings(properties, mode, calibration, t -> pinned.getOrDefault(t, all));
    }

    /** The settings the values of {@code registry} are read with (see the class comment). */
    static ExtractSettings of(SchemaRegistry registry) {
        Object owner = registry.owner();
        if (owner instanceof Source s) {
            return s.extractSettings();
        }
        for (Resolver r : RESOLVERS) {
            ExtractSettings s = r.resolve(owner);
            if (s != null) {
                return s;
            }
        }
        return DEFAULTS;
    }

    private static List<Resolver> resolvers() {
        List<Resolver> out = new ArrayList<>();
        for (Resolver r : ServiceLoader.load(Resolver.class, ExtractSettings.class.getClassLoader())) {
            out.add(r);
        }
        return List.copyOf(out);
    }

    /** Whether both come from the same settings (of one instance or registry). */
    boolean sameAs(ExtractSettings other) {
        return other.source == source;
    }

    public ExtractionMode mode() {
        return mode;
    }

    public boolean calibration() {
        return calibration;
    }

    /** The pinned break-even of {@code typeName}, or null when it is measured. */
    public Integer pinned(String typeName) {
        return pins.apply(typeName);
    }
}
