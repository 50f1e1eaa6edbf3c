package io.navpack.hazelcast;

import com.hazelcast.config.GlobalSerializerConfig;
import com.hazelcast.config.SerializationConfig;
import com.hazelcast.config.SerializerConfig;
import com.hazelcast.logging.ILogger;
import io.navpack.format.GeneratedView;
import io.navpack.format.NavpackType;
import io.navpack.format.PackedRecord;
import io.navpack.format.SchemaException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;

/**
 * The classes an instance's configuration registers with navpack when it starts: those navpack's serializer is
 * configured for, those {@value NavpackSettings#CLASSES} names, the {@code @NavpackType} classes of the packages
 * {@value NavpackSettings#PACKAGES} names, and those of {@link NavpackTypeHook}s listed for Hazelcast's service
 * loader. On a member a class that is not on the class path is left out (its values are read as records); on a
 * client it is an error.
 */
final class ConfiguredClasses {
    private final SerializationConfig serialization;
    private final ClassLoader loader;
    private final boolean member;
    private final ILogger logger;

    ConfiguredClasses(SerializationConfig serialization, ClassLoader loader, boolean member, ILogger logger) {
        this.serialization = serialization;
        this.loader = loader;
        this.member = member;
        this.logger = logger;
    }

    /** Every configured class, in the order above. */
    List<Class<?>> all(NavpackSettings settings) {
        List<Class<?>> classes = new ArrayList<>();
        for (SerializerConfig sc : serialization.getSerializerConfigs()) {
            if (isNavpack(sc.getClassName(), sc.getImplementation())) {
                Class<?> type = sc.getTypeClass();
                if (type == null && sc.getTypeClassName() != null) {
                    type = load(sc.getTypeClassName());
                }
                if (type != null && !navpackOwn(type)) {
                    classes.add(type);
                }
            }
        }
        for (String name : settings.classes()) {
            Class<?> c = load(name);
            if (c != null) {
                classes.add(c);
            }
        }
        for (String pkg : settings.packages()) {
            classes.addAll(PackageScanner.annotatedClasses(pkg, loader, NavpackType.class));
        }
        classes.addAll(hookTypes());
        return classes;
    }

    /** Whether navpack's serializer is the global serializer (which Hazelcast hands every class nobody else takes). */
    boolean navpackIsGlobal() {
        GlobalSerializerConfig gsc = serialization.getGlobalSerializerConfig();
        return gsc != null && isNavpack(gsc.getClassName(), gsc.getImplementation());
    }

    /** navpack's own types, which Hazelcast hands to its serializer: not classes to register. */
    static boolean navpackOwn(Class<?> type) {
        return PackedRecord.class.isAssignableFrom(type) || type == GeneratedView.class;
    }

    private static boolean isNavpack(String className, Object implementation) {
        return implementation instanceof NavpackSerializer || NavpackSerializer.class.getName().equals(className);
    }

    /** The class {@code name}; null on a member where it is not on the class path. */
    Class<?> load(String name) {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            if (member) {
                // members need no user classes: values of this type are served as PackedRecord
                if (logger != null) {
                    logger.info("navpack: class " + name + " is not on this member's class path; its values are read as PackedRecord");
                }
                return null;
            }
            throw new SchemaException("navpack cannot load configured class " + name + ": " + e, e);
        }
    }

    /** Classes registered through {@link NavpackTypeHook} subclasses listed for Hazelcast's service loader. */
    private List<Class<?>> hookTypes() {
        List<Class<?>> out = new ArrayList<>();
        try {
            Enumeration<URL> files = loader.getResources("META-INF/services/com.hazelcast.SerializerHook");
            while (files.hasMoreElements()) {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(files.nextElement().openStream(),
                        StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        String name = line.replaceAll("#.*", "").trim();
                        if (name.isEmpty()) {
                            continue;
                        }
                        Class<?> c = load(name);
                        if (c != null && NavpackTypeHook.class.isAssignableFrom(c)) {
                            Class<?> type = ((NavpackTypeHook<?>) c.getDeclaredConstructor().newInstance()).getSerializationType();
                            if (!navpackOwn(type)) {
                                out.add(type);
                            }
                        }
                    }
                }
            }
        } catch (IOException | ReflectiveOperationException e) {
            logger.warning("navpack: cannot read the serializer hooks: " + e);
        }
        return out;
    }
}
