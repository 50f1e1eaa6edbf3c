package io.navpack.it.soak;

import io.navpack.it.soak.member.MemberProbe;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * The soak's member-side code as a jar for the members' class path: the classes of package
 * {@code io.navpack.it.soak.member} (an entry processor over generic records and a probe), nothing else; members
 * never get the value classes.
 */
final class MemberJar {
    /** Where the jar goes in a member container: the plugins directory is on the class path. */
    static final String CONTAINER_PATH = "/opt/navpack/plugins/navpack-soak-member.jar";

    private MemberJar() {
    }

    static Path build(Path dir) {
        String pkg = MemberProbe.class.getPackageName().replace('.', '/');
        try {
            Path classes = Path.of(MemberProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path source = classes.resolve(pkg);
            Files.createDirectories(dir);
            Path jar = dir.resolve("navpack-soak-member.jar");
            Manifest manifest = new Manifest();
            manifest.getMainAttributes().putValue("Manifest-Version", "1.0");
            try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest);
                 Stream<Path> listing = Files.list(source)) {
                List<Path> files = listing.filter(p -> p.toString().endsWith(".class")).sorted().toList();
                if (files.isEmpty()) {
                    throw new IllegalStateException("no member-side classes in " + source);
                }
                for (Path f : files) {
                    out.putNextEntry(new JarEntry(pkg + "/" + f.getFileName()));
                    out.write(Files.readAllBytes(f));
                    out.closeEntry();
                }
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
