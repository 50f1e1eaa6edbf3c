package io.navpack.cli;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The built {@code target/navpack.jar} knows its version: the one members print in their start-up line. */
class NavpackJarIT {
    @Test
    void theJarPrintsItsVersion() throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m",
                "-jar", Path.of("target", "navpack.jar").toAbsolutePath().toString(), "--version")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).matches("navpack \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
    }
}
