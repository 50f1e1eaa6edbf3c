package io.navpack.format;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The format core is reusable without Hazelcast: nothing in io.navpack.format (nor the JSON writer beside it)
 * may depend on it.
 */
class ArchitectureTest {
    private final JavaClasses format = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.navpack.format", "io.navpack.json");

    @Test
    void formatCoreDoesNotDependOnHazelcast() {
        assertThat(format).isNotEmpty();
        noClasses().that().resideInAnyPackage("io.navpack.format..", "io.navpack.json..")
                .should().dependOnClassesThat().resideInAPackage("com.hazelcast..")
                .because("the format core must be usable and testable without Hazelcast")
                .check(format);
    }

    @Test
    void formatCoreDependsOnNoOtherNavpackPackage() {
        noClasses().that().resideInAPackage("io.navpack.format..")
                .should().dependOnClassesThat().resideInAnyPackage("io.navpack.hazelcast..", "io.navpack.extract..",
                        "io.navpack.sizing..", "io.navpack.agent..")
                .check(format);
    }
}
