package io.navpack.documents;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The shared FpML documents ({@code ../shared/data/fpml} beside the checkout, or {@code -Dnavpack.fpml.dir}):
 * real documents no one on this project wrote.
 */
final class FpmlSet {
    private FpmlSet() {
    }

    static Path dir() {
        String configured = System.getProperty("navpack.fpml.dir");
        Path p = configured != null ? Path.of(configured) : Path.of("..", "..", "shared", "data", "fpml");
        if (!Files.isDirectory(p)) {
            throw new IllegalStateException("the FpML documents are not at " + p.toAbsolutePath().normalize()
                    + ": set -Dnavpack.fpml.dir to the folder of the shared FpML set");
        }
        return p;
    }

    static List<Path> files() {
        return SchemaInference.files(dir(), DocumentFormat.XML);
    }

    static byte[] read(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
