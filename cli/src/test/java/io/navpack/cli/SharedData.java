package io.navpack.cli;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The reference data beside the project's checkout that the command line's tests read. */
final class SharedData {
    private SharedData() {
    }

    /** The shared FpML documents: {@code -Dnavpack.fpml.dir}, else {@code ../../shared/data/fpml} from the module. */
    static Path fpml() {
        Path p = Path.of(System.getProperty("navpack.fpml.dir", "../../shared/data/fpml")).toAbsolutePath().normalize();
        assertThat(p).as("the shared FpML documents (-Dnavpack.fpml.dir)").isDirectory();
        return p;
    }
}
