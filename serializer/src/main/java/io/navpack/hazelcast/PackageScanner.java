package io.navpack.hazelcast;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/** Finds the classes of one package (not its sub-packages) that carry an annotation, in directories and jars. */
final class PackageScanner {
    private PackageScanner() {
    }

    static List<Class<?>> annotatedClasses(String pkg, ClassLoader loader, Class<? extends Annotation> annotation) {
        String path = pkg.replace('.', '/');
        List<String> names = new ArrayList<>();
        try {
            Enumeration<URL> roots = loader.getResources(path);
            while (roots.hasMoreElements()) {
                URL url = roots.nextElement();
                if ("file".equals(url.getProtocol())) {
                    File[] files = new File(URLDecoder.decode(url.getPath(), StandardCharsets.UTF_8)).listFiles();
                    if (files != null) {
                        for (File f : files) {
                            addClassName(names, pkg, f.getName());
                        }
                    }
                } else if ("jar".equals(url.getProtocol())) {
                    JarURLConnection connection = (JarURLConnection) url.openConnection();
                    connection.setUseCaches(false);
                    try (JarFile jar = connection.getJarFile()) {
                        Enumeration<JarEntry> entries = jar.entries();
                        while (entries.hasMoreElements()) {
                            String entry = entries.nextElement().getName();
                            int slash = entry.lastIndexOf('/');
                            if (slash == path.length() && entry.startsWith(path)) {
                                addClassName(names, pkg, entry.substring(slash + 1));
                            }
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list package " + pkg, e);
        }
        List<Class<?>> out = new ArrayList<>();
        for (String name : names) {
            try {
                Class<?> c = Class.forName(name, false, loader);
                if (c.isAnnotationPresent(annotation)) {
                    out.add(c);
                }
            } catch (ClassNotFoundException | LinkageError e) {
                // not loadable here: not ours to register
            }
        }
        return out;
    }

    private static void addClassName(List<String> names, String pkg, String file) {
        if (file.endsWith(".class") && !file.equals("module-info.class") && !file.equals("package-info.class")) {
            names.add(pkg + "." + file.substring(0, file.length() - ".class".length()));
        }
    }
}
