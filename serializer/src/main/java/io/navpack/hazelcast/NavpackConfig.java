package io.navpack.hazelcast;

import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.GlobalSerializerConfig;
import com.hazelcast.config.SerializationConfig;
import com.hazelcast.config.SerializerConfig;
import io.navpack.format.GeneratedView;
import io.navpack.format.PackedRecord;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.BiConsumer;
import com.hazelcast.config.AttributeConfig;
import com.hazelcast.config.MapConfig;
import io.navpack.format.NavpackType;
import io.navpack.format.SchemaRegistry;
import java.util.Locale;

/**
 * Adds navpack to a Hazelcast {@link Config} (members) or {@link ClientConfig} (clients), the
 * programmatic twin of the XML and YAML configuration:
 *
 * <pre>{@code
 * ClientConfig client = NavpackConfig.of(Trade.class, Leg.class).applyTo(new ClientConfig());
 * ClientConfig views = NavpackConfig.of(Trade.class).view("Trade", TradeView.class).applyTo(new ClientConfig());
 * Config member = NavpackConfig.of().readMode(ReadMode.RECORD).applyTo(new Config());
 * }</pre>
 *
 * Each class gets a serializer entry for {@link NavpackSerializer}; settings become navpack
 * properties ({@link NavpackSettings}). Members need no classes at all: {@link PackedRecord} is always
 * registered.
 */
public final class NavpackConfig {
    private final List<Class<?>> classes;
    private final List<String> packages = new ArrayList<>();
    private final Map<String, String> properties = new LinkedHashMap<>();
    private boolean global;
    private final List<String> queryableMaps = new ArrayList<>();
    private String attribute = NavpackSettings.DEFAULT_ATTRIBUTE;
    /** Class name of the query attribute's extractor (module navpack-extractors). */
    public static final String EXTRACTOR = "io.navpack.extract.NavpackExtractor";

    private NavpackConfig(List<Class<?>> classes) {
        this.classes = classes;
    }

    /** navpack for {@code classes} (none on members without user classes). */
    public static NavpackConfig of(Class<?>... classes) {
        return new NavpackConfig(new ArrayList<>(Arrays.asList(classes)));
    }

    /** Also registers the {@code @NavpackType} classes of these packages. */
    public NavpackConfig packages(String... names) {
        packages.addAll(Arrays.asList(names));
        return this;
    }

    /** What reading returns on this instance (default: RECORD on members, OBJECT on clients). */
    public NavpackConfig readMode(ReadMode mode) {
        properties.put(NavpackSettings.READ_MODE, mode.name().toLowerCase(Locale.ROOT));
        return this;
    }

    /** What reading values of one type returns on this instance. */
    public NavpackConfig readMode(String typeName, ReadMode mode) {
        properties.put(NavpackSettings.READ_MODE + "." + typeName, mode.name().toLowerCase(Locale.ROOT));
        return this;
    }

    /**
     * Values of {@code typeName} are read here as implementations of the interface {@code view}, generated
     * over each value's bytes ({@link ReadMode#VIEW}): what {@code get}, {@code values}, query results and near
     * caches return. The property {@code navpack.view.<type name>} does the same in XML and YAML.
     */
    public NavpackConfig view(String typeName, Class<?> view) {
        if (view == null || !view.isInterface()) {
            throw new IllegalArgumentException("a view is an interface; " + (view == null ? "null" : view.getName())
                    + " is not one");
        }
        if (typeName == null || typeName.isBlank()) {
            throw new IllegalArgumentException("name the type whose values are read as " + view.getName());
        }
        properties.put(NavpackSettings.VIEW + "." + typeName.trim(), view.getName());
        return this;
    }

    /**
     * Values are read here as implementations of the interface {@code view} (see {@link #view(String, Class)}):
     * of the type its {@code @NavpackType(name = ...)} names, or else of the type of the one configured class
     * that implements it.
     */
    public NavpackConfig view(Class<?> view) {
        NavpackType a = view.getAnnotation(NavpackType.class);
        if (a != null && !a.name().isEmpty()) {
            return view(a.name(), view);
        }
        List<String> types = new ArrayList<>();
        for (Class<?> c : classes) {
            if (view.isAssignableFrom(c) && !c.isInterface()) {
                types.add(SchemaRegistry.typeName(c));
            }
        }
        if (types.size() != 1) {
            throw new IllegalArgumentException("which type's values are read as " + view.getName() + "? "
                    + (types.isEmpty() ? "no configured class implements it" : "configured classes of types " + types
                    + " implement it") + ": use view(typeName, " + view.getSimpleName() + ".class) or annotate the"
                    + " interface with @NavpackType(name = ...)");
        }
        return view(types.get(0), view);
    }

    /** Name of the query attribute that {@link #queryable} adds (default {@value NavpackSettings#DEFAULT_ATTRIBUTE}). */
    public NavpackConfig attribute(String name) {
        if (name == null || name.isBlank() || name.contains("[") || name.contains(".")) {
            throw new IllegalArgumentException("an attribute name is a plain word such as 'nav', not '" + name + "'");
        }
        attribute = name.trim();
        return this;
    }

    /**
     * Makes navpack the global serializer: objects no other serializer takes go to navpack, which
     * accepts the configured classes (and any class with {@code autoRegister}).
     */
    public NavpackConfig asGlobalSerializer(boolean autoRegister) {
        global = true;
        properties.put(NavpackSettings.AUTO_REGISTER, Boolean.toString(autoRegister));
        return this;
    }

    /**
     * Adds the query attribute to these maps (names or Hazelcast wildcard patterns such as
     * {@code trades*}) of a member configuration, so that predicates can say {@code nav[field]}.
     * Needs navpack-extractors on the members.
     */
    public NavpackConfig queryable(String... mapNames) {
        queryableMaps.addAll(Arrays.asList(mapNames));
        return this;
    }

    /** Seconds to wait for the cluster when sharing schemas. */
    public NavpackConfig timeoutSeconds(long seconds) {
        properties.put(NavpackSettings.TIMEOUT, Long.toString(seconds));
        return this;
    }

    public Config applyTo(Config config) {
        apply(config.getSerializationConfig(), config::setProperty);
        for (String map : queryableMaps) {
            MapConfig mc = config.getMapConfigs().get(map);
            if (mc == null) {
                mc = new MapConfig(map);
                config.addMapConfig(mc);
            }
            mc.addAttributeConfig(new AttributeConfig(attribute, EXTRACTOR));
        }
        return config;
    }

    public ClientConfig applyTo(ClientConfig config) {
        if (!queryableMaps.isEmpty()) {
            throw new IllegalStateException("queryable(...) configures members: the attribute lives where the data is");
        }
        apply(config.getSerializationConfig(), config::setProperty);
        return config;
    }

    /**
     * Whether values are read as generic records that queries reach by plain field names (default
     * true); false keeps plain {@code PackedRecord} views, queried with the {@code nav[...]} attribute only.
     */
    public NavpackConfig plainNames(boolean on) {
        properties.put(NavpackSettings.PLAIN_NAMES, Boolean.toString(on));
        return this;
    }

    private void apply(SerializationConfig serialization, BiConsumer<String, String> property) {
        serialization.addSerializerConfig(new SerializerConfig().setTypeClass(PackedRecord.class)
                .setClassName(NavpackSerializer.class.getName()));
        serialization.addSerializerConfig(new SerializerConfig().setTypeClass(GeneratedView.class)
                .setClassName(NavpackSerializer.class.getName()));
        if (!"false".equals(properties.get(NavpackSettings.PLAIN_NAMES))) {
            // navpack's values are generic records: without this Hazelcast writes them with Compact
            serialization.setAllowOverrideDefaultSerializers(true);
            serialization.addSerializerConfig(new SerializerConfig().setTypeClass(PackedGenericRecord.class)
                    .setClassName(NavpackSerializer.class.getName()));
        }
        if (global) {
            serialization.setGlobalSerializerConfig(new GlobalSerializerConfig()
                    .setClassName(NavpackSerializer.class.getName()).setOverrideJavaSerialization(false));
            List<String> names = new ArrayList<>();
            for (Class<?> c : classes) {
                names.add(c.getName());
            }
            if (!names.isEmpty()) {
                property.accept(NavpackSettings.CLASSES, String.join(",", names));
            }
        } else {
            for (Class<?> c : classes) {
                serialization.addSerializerConfig(new SerializerConfig().setTypeClass(c)
                        .setClassName(NavpackSerializer.class.getName()));
            }
        }
        if (!packages.isEmpty()) {
            property.accept(NavpackSettings.PACKAGES, String.join(",", packages));
        }
        properties.forEach(property);
    }

    /** The navpack properties this configuration sets, e.g. to print them as XML or YAML. */
    public Properties properties() {
        Properties p = new Properties();
        p.putAll(properties);
        return p;
    }
}
