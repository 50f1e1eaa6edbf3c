package io.navpack.hazelcast;

import com.hazelcast.config.AttributeConfig;
import com.hazelcast.config.GlobalSerializerConfig;
import com.hazelcast.config.MapConfig;
import com.hazelcast.config.SerializationConfig;
import com.hazelcast.config.SerializerConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.logging.ILogger;
import io.navpack.format.NavpackException;
import io.navpack.format.RecordBinding;
import io.navpack.format.SchemaRegistry;
import io.navpack.hazelcast.internal.HazelcastInstances;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Supplier;

/**
 * The checks made when a member (before it joins its cluster) or client with navpack starts, so that a configuration
 * navpack cannot work with stops the instance with a message that names the property (or map) and the fix, instead of
 * failing at first use:
 * the navpack properties parse ({@link NavpackSettings}); on a client every class that
 * {@value NavpackSettings#CLASSES} names can be loaded, and every view that {@value NavpackSettings#VIEW} names is an
 * interface that matches the schema of the configured class of its type; on a member every navpack extractor that a
 * map's attributes name can be loaded. Property names that navpack does not know ({@code navpack.readmode}) are
 * reported with the known name nearest to them, and a client that has navpack's jar but no navpack configuration is
 * told that its objects are not written by navpack.
 */
final class StartChecks {
    private StartChecks() {
    }

    /**
     * Throws a {@link NavpackException} naming every problem found; {@code settings} parses the properties. Returns
     * whether navpack is configured on this instance at all (a client with the jar alone is not: it was warned).
     */
    static boolean check(HazelcastInstance hz, boolean member, Supplier<NavpackSettings> settings, ILogger logger) {
        for (String unknown : NavpackSettings.unknownNames(HazelcastInstances.properties(hz))) {
            logger.warning("navpack: unknown property " + unknown + "; it has no effect");
        }
        NavpackSettings s = settings.get();
        ClassLoader loader = HazelcastInstances.classLoader(hz, StartChecks.class.getClassLoader());
        List<String> problems = new ArrayList<>();
        if (member) {
            for (MapConfig map : hz.getConfig().getMapConfigs().values()) {
                for (AttributeConfig a : map.getAttributeConfigs()) {
                    String extractor = a.getExtractorClassName();
                    if (extractor != null && extractor.startsWith("io.navpack.") && !loadable(extractor, loader)) {
                        problems.add("map '" + map.getName() + "' gives attribute '" + a.getName() + "' the extractor "
                                + extractor + ", which is not on this member's class path: put navpack-member-"
                                + NavpackContext.version() + ".jar on the member's class path (it holds navpack-extractors)"
                                + " instead of navpack-serializer alone");
                    }
                }
            }
        } else {
            for (String name : s.classes()) {
                if (!loadable(name, loader)) {
                    problems.add(NavpackSettings.CLASSES + " names " + name + ", which is not on this client's class path:"
                            + " correct the name (a fully qualified class name) or add the jar that holds the class");
                }
            }
            if (problems.isEmpty()) {
                checkViews(hz, s, loader, problems);
            }
        }
        if (!problems.isEmpty()) {
            throw new NavpackException("navpack cannot start on this " + (member ? "member" : "client") + ": "
                    + String.join("; ", problems));
        }
        if (!member && !configured(HazelcastInstances.serializationConfig(hz), HazelcastInstances.properties(hz))) {
            logger.warning("navpack's jar is on this client's class path, but navpack is not configured on it: your"
                    + " objects are written with Hazelcast's own serialization (records and classes without a"
                    + " serializer as Compact), not as navpack values. Configure navpack for your classes:"
                    + " NavpackConfig.of(YourClass.class).applyTo(clientConfig), or the " + NavpackSettings.CLASSES
                    + " / " + NavpackSettings.PACKAGES + " properties with NavpackSerializer registered; a client that"
                    + " only reads navpack values needs NavpackConfig.of().applyTo(clientConfig)");
            return false;
        }
        return true;
    }

    /**
     * Whether navpack is configured here beyond its jar's hooks: its serializer is registered for some class (or as
     * the global serializer) in the configuration, or a navpack property is set.
     */
    static boolean configured(SerializationConfig serialization, Properties properties) {
        for (SerializerConfig sc : serialization.getSerializerConfigs()) {
            if (sc.getImplementation() instanceof NavpackSerializer
                    || NavpackSerializer.class.getName().equals(sc.getClassName())) {
                return true;
            }
        }
        GlobalSerializerConfig g = serialization.getGlobalSerializerConfig();
        if (g != null && (g.getImplementation() instanceof NavpackSerializer
                || NavpackSerializer.class.getName().equals(g.getClassName()))) {
            return true;
        }
        return properties.stringPropertyNames().stream().anyMatch(n -> n.startsWith("navpack."));
    }

    /**
     * Each configured view: an interface on the class path that matches the schema of the configured class of its
     * type, when one is configured here (otherwise it is checked when the type's schema is first met).
     */
    private static void checkViews(HazelcastInstance hz, NavpackSettings s, ClassLoader loader, List<String> problems) {
        if (s.views().isEmpty()) {
            return;
        }
        List<Class<?>> classes;
        try {
            classes = new ConfiguredClasses(HazelcastInstances.serializationConfig(hz), loader, false, null).all(s);
        } catch (RuntimeException e) {
            problems.add(e.getMessage());
            return;
        }
        for (Map.Entry<String, String> view : s.views().entrySet()) {
            String property = NavpackSettings.VIEW + "." + view.getKey();
            Class<?> iface;
            try {
                iface = Class.forName(view.getValue(), false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                problems.add(property + " names " + view.getValue() + ", which is not on this client's class path:"
                        + " correct the name (a fully qualified interface name) or add the jar that holds it");
                continue;
            }
            if (!iface.isInterface()) {
                problems.add(property + " names " + view.getValue() + ", which is not an interface: a view is an"
                        + " interface with the type's accessors");
                continue;
            }
            // the schema each configured class of this type would have, derived here without the cluster
            SchemaRegistry local = new SchemaRegistry();
            for (Class<?> c : classes) {
                if (SchemaRegistry.typeName(c).equals(view.getKey())) {
                    try {
                        RecordBinding<?> b = local.register(c);
                        local.checkView(iface, b.schema().typeName());
                    } catch (RuntimeException e) {
                        problems.add(property + " names " + view.getValue() + ", which does not match the schema of "
                                + c.getName() + ": " + e.getMessage());
                    }
                }
            }
        }
    }

    private static boolean loadable(String name, ClassLoader loader) {
        try {
            Class.forName(name, false, loader);
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
