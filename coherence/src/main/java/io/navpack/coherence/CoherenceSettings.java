package io.navpack.coherence;

import io.navpack.extract.ExtractSettings;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * navpack's settings in a Coherence JVM, by the same property names as on Hazelcast:
 *
 * <table>
 * <caption>Properties</caption>
 * <tr><th>property</th><th>default</th><th>meaning</th></tr>
 * <tr><td>{@value #CLASSES}</td><td></td><td>classes stored as navpack values, comma-separated (classes annotated
 *     {@code @NavpackType} are too, from their first value)</td></tr>
 * <tr><td>{@value #READ_MODE}</td><td>object</td><td>{@code object}: a value of a class known here is read as that
 *     class, others as {@code PackedRecord}; {@code record}: always {@code PackedRecord}</td></tr>
 * <tr><td>{@value #TIMEOUT}</td><td>30</td><td>seconds to wait for the cluster when agreeing or looking up a
 *     schema</td></tr>
 * <tr><td>{@code navpack.extract.mode}, {@code navpack.calibration}, {@code navpack.break-even.*}</td><td></td><td>how queries read fields ({@link ExtractSettings})</td></tr>
 * </table>
 *
 * <p>They come from system properties, from the serializer's {@code <init-param>} in a Coherence configuration
 * (which win over system properties), or from code ({@link NavpackCoherence#configure}). A bad value is refused
 * naming the property.
 */
public final class CoherenceSettings {
    public static final String CLASSES = "navpack.classes";
    public static final String READ_MODE = "navpack.read-mode";
    public static final String TIMEOUT = "navpack.timeout-seconds";
    private static final Set<String> NAMES = Set.of(CLASSES, READ_MODE, TIMEOUT, ExtractSettings.MODE,
            ExtractSettings.CALIBRATION);

    private final Map<String, String> properties;
    private final List<String> classes;
    private final boolean records;
    private final Duration timeout;
    private final ExtractSettings extract;

    private CoherenceSettings(Map<String, String> properties) {
        this.properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
        for (String name : properties.keySet()) {
            if (name.startsWith("navpack.") && !NAMES.contains(name) && !name.startsWith(ExtractSettings.BREAK_EVEN + ".")) {
                throw new IllegalArgumentException("unknown navpack setting '" + name + "' (known: " + NAMES + " and "
                        + ExtractSettings.BREAK_EVEN + ".<type name>)");
            }
        }
        List<String> c = new ArrayList<>();
        for (String s : properties.getOrDefault(CLASSES, "").split("[,\\s]+")) {
            if (!s.isBlank()) {
                c.add(s.trim());
            }
        }
        this.classes = List.copyOf(c);
        String mode = properties.getOrDefault(READ_MODE, "object").trim().toLowerCase(Locale.ROOT);
        if (!mode.equals("object") && !mode.equals("record")) {
            throw new IllegalArgumentException(READ_MODE + " must be object or record, not '" + mode + "'");
        }
        this.records = mode.equals("record");
        String t = properties.getOrDefault(TIMEOUT, "30").trim();
        long seconds;
        try {
            seconds = Long.parseLong(t);
        } catch (NumberFormatException e) {
            seconds = 0;
        }
        if (seconds < 1) {
            throw new IllegalArgumentException(TIMEOUT + " must be a whole number of seconds of at least 1, not '" + t + "'");
        }
        this.timeout = Duration.ofSeconds(seconds);
        this.extract = ExtractSettings.from(this.properties);
    }

    /** The {@code navpack.*} system properties. */
    public static CoherenceSettings fromSystemProperties() {
        return of(System.getProperties(), Map.of());
    }

    /**
     * navpack's settings among {@code base} (system properties: other {@code navpack.*} names there belong to other
     * parts of navpack and are left alone), with {@code overrides} on top (every name checked).
     */
    public static CoherenceSettings of(Properties base, Map<String, String> overrides) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String name : base.stringPropertyNames()) {
            if (NAMES.contains(name) || name.startsWith(ExtractSettings.BREAK_EVEN + ".")) {
                m.put(name, base.getProperty(name));
            }
        }
        m.putAll(overrides);
        return new CoherenceSettings(m);
    }

    /** Settings from {@code name=value} pairs separated by semicolons or new lines (a serializer's init-param). */
    public static CoherenceSettings parse(String pairs) {
        return of(System.getProperties(), pairs(pairs));
    }

    static Map<String, String> pairs(String pairs) {
        Map<String, String> m = new LinkedHashMap<>();
        if (pairs == null) {
            return m;
        }
        for (String p : pairs.split("[;\\n]")) {
            if (p.isBlank()) {
                continue;
            }
            int eq = p.indexOf('=');
            if (eq < 1) {
                throw new IllegalArgumentException("navpack settings are name=value pairs separated by ';', not '" + p.trim() + "'");
            }
            m.put(p.substring(0, eq).trim(), p.substring(eq + 1).trim());
        }
        return m;
    }

    /** Classes stored as navpack values, by name. */
    public List<String> classes() {
        return classes;
    }

    /** Whether values are always read as {@code PackedRecord}. */
    public boolean readsRecords() {
        return records;
    }

    public Duration timeout() {
        return timeout;
    }

    public ExtractSettings extract() {
        return extract;
    }

    /** The settings as given, by property name. */
    public Map<String, String> properties() {
        return properties;
    }

    @Override
    public String toString() {
        return "CoherenceSettings" + properties;
    }
}
