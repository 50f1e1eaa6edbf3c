package io.navpack.extract;

import io.navpack.format.SchemaRegistry;
import io.navpack.hazelcast.NavpackContext;
import io.navpack.hazelcast.NavpackSettings;


/**
 * The extractor's settings, from the same Hazelcast properties as the rest of navpack, which
 * {@link NavpackSettings} reads and checks when the member starts:
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
 * <p>Values read through a registry outside Hazelcast take the settings the registry was created with
 * ({@code new SchemaRegistry(NavpackSettings.from(properties))}), or the defaults.
 */
public final class ExtractSettings {
    public static final String MODE = NavpackSettings.EXTRACT_MODE;
    public static final String CALIBRATION = NavpackSettings.CALIBRATION;
    public static final String BREAK_EVEN = NavpackSettings.BREAK_EVEN;

    private static final ExtractSettings DEFAULTS = new ExtractSettings(NavpackSettings.defaults());

    private final ExtractionMode mode;
    private final NavpackSettings settings;

    ExtractSettings(NavpackSettings s) {
        this.settings = s;
        this.mode = ExtractionMode.parse(s.extractMode());
    }

    /** The settings of the instance a registry belongs to (its {@link SchemaRegistry#owner()}); defaults otherwise. */
    static ExtractSettings of(SchemaRegistry registry) {
        Object owner = registry.owner();
        if (owner instanceof NavpackContext c) {
            return new ExtractSettings(c.settings());
        }
        if (owner instanceof NavpackSettings s) {
            return new ExtractSettings(s);
        }
        return DEFAULTS;
    }

    /** Whether both come from the same settings (of one instance or registry). */
    boolean sameAs(ExtractSettings other) {
        return other.settings == settings;
    }

    public ExtractionMode mode() {
        return mode;
    }

    public boolean calibration() {
        return settings.calibration();
    }

    /** The pinned break-even of {@code typeName}, or null when it is measured. */
    public Integer pinned(String typeName) {
        return settings.breakEvenPin(typeName);
    }
}
