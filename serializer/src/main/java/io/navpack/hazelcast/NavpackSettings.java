package io.navpack.hazelcast;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * navpack's settings, read from the Hazelcast configuration's properties ({@code <properties>} in
 * hazelcast.xml, {@code properties:} in YAML, {@code Config.setProperty} / {@code ClientConfig.setProperty}),
 * falling back to JVM system properties of the same name.
 *
 * <table>
 * <caption>Properties</caption>
 * <tr><th>property</th><th>default</th><th>meaning</th></tr>
 * <tr><td>{@value #CLASSES}</td><td>none</td><td>comma-separated classes to register at start</td></tr>
 * <tr><td>{@value #PACKAGES}</td><td>none</td><td>comma-separated packages whose {@code @NavpackType} classes are registered at start</td></tr>
 * <tr><td>{@value #READ_MODE}</td><td>record on members, object on clients</td><td>what reading a value returns</td></tr>
 * <tr><td>{@value #READ_MODE}.&lt;type name&gt;</td><td>the above; {@code view} where a view is configured</td><td>the same for one type</td></tr>
 * <tr><td>{@value #VIEW}.&lt;type name&gt;</td><td>none</td><td>the interface (class name) that values of the type are read as:
 *     read mode {@code view} for that type unless {@value #READ_MODE}.&lt;type name&gt; says otherwise</td></tr>
 * <tr><td>{@value #AUTO_REGISTER}</td><td>false</td><td>register any class written through the serializer (for use as the global serializer)</td></tr>
 * <tr><td>{@value #TIMEOUT}</td><td>30</td><td>seconds to wait for the cluster when publishing or looking up a schema</td></tr>
 * <tr><td>{@value #PLAIN_NAMES}</td><td>true</td><td>values read as {@link PackedGenericRecord}, so that queries use plain field names;
 *     false: plain {@code PackedRecord} views, queried through the {@code nav[...]} attribute only</td></tr>
 * <tr><td>{@value #UNKNOWN_FIELDS}</td><td>error</td><td>a query attribute that no navpack schema has: {@code error}, or
 *     {@code warn} (read as null, logged once, counted)</td></tr>
 * <tr><td>{@value #EXTRACT_MODE}</td><td>adaptive</td><td>how queries read a value's fields (navpack-extractors):
 *     {@code adaptive}, {@code partial} or {@code full}</td></tr>
 * <tr><td>{@value #CALIBRATION}</td><td>on</td><td>{@code off}: no break-even measurement; types without a pinned
 *     break-even are read field by field</td></tr>
 * <tr><td>{@value #BREAK_EVEN}.&lt;type name&gt;</td><td>measured</td><td>pins the break-even of one type (fields, &ge; 1)</td></tr>
 * <tr><td>{@value #BREAK_EVEN}.default</td><td>measured</td><td>pins the break-even of every type without its own pin</td></tr>
 * <tr><td>{@value #MAPS}</td><td>none</td><td>comma-separated maps (a {@code *} matches any characters) that hold navpack
 *     values only: a value of another format put into one is logged once per map with its key and counted, and refused
 *     ({@link OtherFormats})</td></tr>
 * <tr><td>{@value #OTHER_FORMATS}</td><td>refuse</td><td>{@code refuse} or {@code warn}: whether such a value is refused
 *     or stored after the warning</td></tr>
 * </table>
 *
 * <p>Every value is checked when the settings are read, that is when a member or client starts: a value navpack
 * cannot use refuses the start, naming the property, the value and what it may be.
 */
public final class NavpackSettings {
    public static final String CLASSES = "navpack.classes";
    public static final String PACKAGES = "navpack.packages";
    public static final String READ_MODE = "navpack.read-mode";
    /** Prefix of the properties that name, per type, the interface its values are read as ({@link ReadMode#VIEW}). */
    public static final String VIEW = "navpack.view";
    public static final String AUTO_REGISTER = "navpack.auto-register";
    public static final String TIMEOUT = "navpack.timeout-seconds";
    public static final String PLAIN_NAMES = "navpack.query.plain-names";
    public static final String UNKNOWN_FIELDS = "navpack.query.unknown-fields";
    public static final String UNKNOWN_FIELDS_ERROR = "error";
    public static final String UNKNOWN_FIELDS_WARN = "warn";
    /** How queries read a value's fields: {@code adaptive}, {@code partial} or {@code full}. */
    public static final String EXTRACT_MODE = "navpack.extract.mode";
    /** The values {@value #EXTRACT_MODE} takes. */
    public static final List<String> EXTRACT_MODES = List.of("adaptive", "partial", "full");
    /** {@code on} or {@code off}: whether the break-even of each type is measured. */
    public static final String CALIBRATION = "navpack.calibration";
    /** Prefix of the properties that pin the break-even of a type ({@code .default}: of every type). */
    public static final String BREAK_EVEN = "navpack.break-even";
    /** Maps (names, {@code *} as a wildcard) that hold navpack values only; another format arriving is caught at the put. */
    public static final String MAPS = "navpack.maps";
    /** What a map of {@value #MAPS} does with a value of another format: {@code refuse} it (default) or {@code warn}. */
    public static final String OTHER_FORMATS = "navpack.maps.other-formats";
    /**
     * Default name of the query attribute: predicates say {@code nav[field]}. The name is the one a
     * map's attribute configuration gives the extractor (or {@link NavpackConfig#attribute}).
     */
    public static final String DEFAULT_ATTRIBUTE = "nav";

    private final List<String> classes;
    private final List<String> packages;
    private final ReadMode readMode;
    private final Map<String, ReadMode> readModeByType;
    private final Map<String, String> viewByType;
    private final boolean autoRegister;
    private final Duration timeout;
    private final boolean plainNames;
    private final boolean warnUnknownFields;
    private final List<String> maps;
    private final boolean refuseOtherFormats;
    private final String extractMode;
    private final boolean calibration;
    private final Map<String, Integer> breakEvenPins;
    private final Integer breakEvenDefault;
    private final Function<String, String> source;
    private final List<String> names;

    private NavpackSettings(Function<String, String> source, boolean member, List<String> names) {
        this.source = source;
        this.names = Collections.unmodifiableList(names);
        this.classes = list(source.apply(CLASSES));
        this.packages = list(source.apply(PACKAGES));
        String mode = source.apply(READ_MODE);
        this.readMode = mode == null ? (member ? ReadMode.RECORD : ReadMode.OBJECT) : ReadMode.parse(mode, READ_MODE);
        Map<String, ReadMode> byType = new HashMap<>();
        for (String name : names) {
            if (name.startsWith(READ_MODE + ".")) {
                byType.put(name.substring(READ_MODE.length() + 1), ReadMode.parse(source.apply(name), name));
            }
        }
        this.readModeByType = Collections.unmodifiableMap(byType);
        Map<String, String> views = new HashMap<>();
        for (String name : names) {
            if (name.startsWith(VIEW + ".") && name.length() > VIEW.length() + 1) {
                String iface = source.apply(name);
                if (iface == null || iface.isBlank()) {
                    throw new IllegalArgumentException(name + " must name an interface (its class name)");
                }
                views.put(name.substring(VIEW.length() + 1), iface.trim());
            }
        }
        this.viewByType = Collections.unmodifiableMap(views);
        for (Map.Entry<String, ReadMode> e : byType.entrySet()) {
            if (e.getValue() == ReadMode.VIEW && !views.containsKey(e.getKey())) {
                throw new IllegalArgumentException(READ_MODE + "." + e.getKey() + " is 'view' but no interface is configured"
                        + " for type " + e.getKey() + ": set " + VIEW + "." + e.getKey() + " to the interface's class name");
            }
        }
        this.autoRegister = Boolean.parseBoolean(source.apply(AUTO_REGISTER));
        String timeoutText = source.apply(TIMEOUT);
        try {
            this.timeout = Duration.ofSeconds(timeoutText == null ? 30 : Long.parseLong(timeoutText.trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(TIMEOUT + " must be a number of seconds, not '" + timeoutText + "'", e);
        }
        this.plainNames = bool(source.apply(PLAIN_NAMES), true, PLAIN_NAMES);
        String unknown = source.apply(UNKNOWN_FIELDS);
        if (unknown != null && !unknown.trim().equalsIgnoreCase(UNKNOWN_FIELDS_ERROR)
                && !unknown.trim().equalsIgnoreCase(UNKNOWN_FIELDS_WARN)) {
            throw new IllegalArgumentException(UNKNOWN_FIELDS + " must be '" + UNKNOWN_FIELDS_ERROR + "' or '"
                    + UNKNOWN_FIELDS_WARN + "', not '" + unknown + "'");
        }
        this.warnUnknownFields = unknown != null && unknown.trim().equalsIgnoreCase(UNKNOWN_FIELDS_WARN);
        this.maps = list(source.apply(MAPS));
        String other = source.apply(OTHER_FORMATS);
        if (other != null && !other.trim().equalsIgnoreCase("refuse") && !other.trim().equalsIgnoreCase("warn")) {
            throw new IllegalArgumentException(OTHER_FORMATS + " must be 'refuse' or 'warn', not '" + other + "'");
        }
        this.refuseOtherFormats = other == null || other.trim().equalsIgnoreCase("refuse");
        String extract = source.apply(EXTRACT_MODE);
        this.extractMode = extract == null ? "adaptive" : extract.trim().toLowerCase(Locale.ROOT);
        if (!EXTRACT_MODES.contains(extractMode)) {
            throw new IllegalArgumentException(EXTRACT_MODE + " must be one of " + EXTRACT_MODES + ", not '" + extract + "'");
        }
        this.calibration = onOff(source.apply(CALIBRATION), CALIBRATION);
        Map<String, Integer> pins = new HashMap<>();
        Integer pinnedDefault = null;
        for (String name : names) {
            if (name.startsWith(BREAK_EVEN + ".") && name.length() > BREAK_EVEN.length() + 1) {
                int value = pin(name, source.apply(name));
                String type = name.substring(BREAK_EVEN.length() + 1);
                if (type.equals("default")) {
                    pinnedDefault = value;
                } else {
                    pins.put(type, value);
                }
            }
        }
        this.breakEvenPins = Collections.unmodifiableMap(pins);
        this.breakEvenDefault = pinnedDefault;
    }

    private static boolean onOff(String text, String property) {
        if (text == null) {
            return true;
        }
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("on") || t.equals("true")) {
            return true;
        }
        if (t.equals("off") || t.equals("false")) {
            return false;
        }
        throw new IllegalArgumentException(property + " must be 'on' or 'off', not '" + text + "'");
    }

    private static int pin(String name, String value) {
        try {
            int v = Integer.parseInt(value == null ? "" : value.trim());
            if (v < 1) {
                throw new NumberFormatException("below 1");
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number of fields >= 1, not '" + value + "'", e);
        }
    }

    /** Every navpack property name that takes a value as it is. */
    public static final List<String> NAMES = List.of(CLASSES, PACKAGES, READ_MODE, AUTO_REGISTER, TIMEOUT, PLAIN_NAMES,
            UNKNOWN_FIELDS, EXTRACT_MODE, CALIBRATION, MAPS, OTHER_FORMATS);
    /** The navpack properties that take a type name after a dot ({@code navpack.read-mode.Trade}). */
    public static final List<String> PER_TYPE = List.of(READ_MODE, VIEW, BREAK_EVEN);
    /**
     * Prefixes of JVM system properties that navpack's tools and tests read, outside the settings of an instance:
     * not reported as unknown.
     */
    private static final List<String> TOOL_PREFIXES = List.of("navpack.copy-on-read", "navpack.agent.", "navpack.it.",
            "navpack.fuzz.", "navpack.bench.", "navpack.demo.", "navpack.soak", "navpack.cli.", "navpack.member.",
            "navpack.hazelcast.", "navpack.hazelcast-jdbc.", "navpack.sql.jars", "navpack.fpml.", "navpack.test.");

    /**
     * The {@code navpack.*} property names among {@code configured} (an instance's configuration properties) and
     * the system properties that navpack does not know, each with the known name nearest to it:
     * {@code navpack.readmode (did you mean navpack.read-mode?)}.
     */
    public static List<String> unknownNames(Properties configured) {
        List<String> out = new ArrayList<>();
        Set<String> seen = new TreeSet<>(configured.stringPropertyNames());
        for (String n : System.getProperties().stringPropertyNames()) {
            if (TOOL_PREFIXES.stream().noneMatch(n::startsWith)) {
                seen.add(n);
            }
        }
        for (String name : seen) {
            if (name.startsWith("navpack.") && !known(name)) {
                out.add(name + " (did you mean " + nearest(name) + "?)");
            }
        }
        return out;
    }

    private static boolean known(String name) {
        if (NAMES.contains(name)) {
            return true;
        }
        for (String p : PER_TYPE) {
            if (name.startsWith(p + ".") && name.length() > p.length() + 1) {
                return true;
            }
        }
        return false;
    }

    /** The known name nearest to {@code name}: a per-type name keeps the type ({@code navpack.view.Trade}). */
    static String nearest(String name) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : NAMES) {
            int d = distance(name, k);
            if (d < bestDistance) {
                best = k;
                bestDistance = d;
            }
        }
        int dot = name.lastIndexOf('.');
        if (dot > "navpack".length()) {
            String head = name.substring(0, dot);
            String type = name.substring(dot + 1);
            for (String p : PER_TYPE) {
                int d = distance(head, p);
                if (d < bestDistance) {
                    best = p + "." + type;
                    bestDistance = d;
                }
            }
        }
        return best;
    }

    /** Levenshtein distance. */
    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    /** Settings from {@code properties}, then system properties, as on a member. */
    public static NavpackSettings from(Properties properties) {
        return from(properties, true);
    }

    /** Settings from {@code properties}, then system properties. */
    static NavpackSettings from(Properties properties, boolean member) {
        List<String> names = new ArrayList<>(properties.stringPropertyNames());
        names.addAll(System.getProperties().stringPropertyNames());
        return new NavpackSettings(name -> {
            String v = properties.getProperty(name);
            return v != null ? v : System.getProperty(name);
        }, member, names);
    }

    private static List<String> list(String text) {
        List<String> out = new ArrayList<>();
        if (text != null) {
            for (String s : text.split("[,\\s]+")) {
                if (!s.isBlank()) {
                    out.add(s.trim());
                }
            }
        }
        return Collections.unmodifiableList(out);
    }

    /** Defaults: as on a member with no properties set (system properties still apply). */
    public static NavpackSettings defaults() {
        return from(new Properties(), true);
    }

    /** The raw value of any property (configuration first, then system properties), or null. */
    public String property(String name) {
        return source.apply(name);
    }

    /** Names of all properties set, for settings with a per-type suffix. */
    public List<String> propertyNames() {
        return names;
    }

    public List<String> classes() {
        return classes;
    }

    public List<String> packages() {
        return packages;
    }

    /** The read mode of this instance, before per-type settings. */
    public ReadMode readMode() {
        return readMode;
    }

    /** The read mode for values of {@code typeName}: its own, else {@code view} where a view is configured, else the instance's. */
    public ReadMode readMode(String typeName) {
        ReadMode own = readModeByType.get(typeName);
        if (own != null) {
            return own;
        }
        return viewByType.containsKey(typeName) ? ReadMode.VIEW : readMode;
    }

    /** The class name of the interface that values of {@code typeName} are read as, or null. */
    public String view(String typeName) {
        return viewByType.get(typeName);
    }

    /** Type names to the interfaces (class names) configured for them. */
    public Map<String, String> views() {
        return viewByType;
    }

    public boolean autoRegister() {
        return autoRegister;
    }

    public Duration timeout() {
        return timeout;
    }

    /** Whether values are read as {@link PackedGenericRecord}s, which queries reach by plain field names. */
    public boolean plainNames() {
        return plainNames;
    }

    /** Whether an attribute that no navpack schema has reads as null (with a warning) instead of failing the query. */
    public boolean warnUnknownFields() {
        return warnUnknownFields;
    }

    /** The maps (names or patterns with {@code *}) that hold navpack values only ({@value #MAPS}). */
    public List<String> maps() {
        return maps;
    }

    /** Whether a value of another format is refused in a map of {@link #maps()} ({@value #OTHER_FORMATS}). */
    public boolean refuseOtherFormats() {
        return refuseOtherFormats;
    }

    /** Whether {@code map} is one of {@link #maps()}. */
    public boolean navpackOnly(String map) {
        for (String m : maps) {
            if (m.equals(map) || m.contains("*") && map.matches(Pattern.quote(m).replace("*", "\\E.*\\Q"))) {
                return true;
            }
        }
        return false;
    }

    /** How queries read a value's fields: {@code adaptive}, {@code partial} or {@code full} ({@value #EXTRACT_MODE}). */
    public String extractMode() {
        return extractMode;
    }

    /** Whether the break-even of each type is measured ({@value #CALIBRATION}). */
    public boolean calibration() {
        return calibration;
    }

    /** The pinned break-even of {@code typeName} (its own, else the default pin), or null when it is measured. */
    public Integer breakEvenPin(String typeName) {
        Integer p = breakEvenPins.get(typeName);
        return p != null ? p : breakEvenDefault;
    }

    private static boolean bool(String text, boolean defaultValue, String property) {
        if (text == null) {
            return defaultValue;
        }
        String t = text.trim();
        if (t.equalsIgnoreCase("true")) {
            return true;
        }
        if (t.equalsIgnoreCase("false")) {
            return false;
        }
        throw new IllegalArgumentException(property + " must be 'true' or 'false', not '" + text + "'");
    }
}
