package io.navpack.hazelcast;

import com.hazelcast.config.AttributeConfig;
import com.hazelcast.config.MapConfig;
import com.hazelcast.core.HazelcastInstance;
import io.navpack.format.NavpackException;
import io.navpack.hazelcast.internal.HazelcastInstances;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The checks made when a member or client with navpack starts, so that a configuration navpack cannot work with
 * stops the instance with a message that names the property (or map) and the fix, instead of failing at first use:
 * the navpack properties parse ({@link NavpackSettings}); on a client every class that
 * {@value NavpackSettings#CLASSES} names can be loaded; on a member every navpack extractor that a map's attributes
 * name can be loaded.
 */
final class StartChecks {
    private StartChecks() {
    }

    /** Throws a {@link NavpackException} naming every problem found; {@code settings} parses the properties. */
    static void check(HazelcastInstance hz, boolean member, Supplier<NavpackSettings> settings) {
        NavpackSettings s = settings.get();
        ClassLoader loader = HazelcastInstances.classLoader(hz, StartChecks.class.getClassLoader());
        List<String> problems = new ArrayList<>();
        if (member) {
            for (MapConfig map : hz.getConfig().getMapConfigs().values()) {
                for (AttributeConfig a : map.getAttributeConfigs()) {
                    String extractor = a.getExtractorClassName();
                    if (extractor != null && extractor.startsWith("io.navpack.") && !loadable(extractor, loader)) {
                        problems.add("map '" + map.getName() + "' gives attribute '" + a.getName() + "' the extractor "
                                + extractor + ", which is not on this member's class path: add navpack-extractors-"
                                + NavpackContext.version() + ".jar to the member's class path, beside navpack-serializer");
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
        }
        if (!problems.isEmpty()) {
            throw new NavpackException("navpack cannot start on this " + (member ? "member" : "client") + ": "
                    + String.join("; ", problems));
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
