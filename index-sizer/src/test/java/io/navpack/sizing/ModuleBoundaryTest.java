package io.navpack.sizing;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sizer sizes any on-heap index, on members without navpack's serializer too: of the serializer's jar only
 * the JSON writer is used, and only by the JSON rendering of reports, which runs where reports are read.
 */
class ModuleBoundaryTest {
    private final JavaClasses sizing = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.navpack.sizing");

    @Test
    void onlyTheJsonRenderingUsesTheSerializerJar() {
        assertThat(sizing).isNotEmpty();
        noClasses().that().resideInAPackage("io.navpack.sizing..").and().doNotHaveFullyQualifiedName(
                        ReportJson.class.getName())
                .should().dependOnClassesThat().resideInAnyPackage("io.navpack.json..", "io.navpack.format..",
                        "io.navpack.hazelcast..")
                .check(sizing);
        noClasses().that().haveFullyQualifiedName(ReportJson.class.getName())
                .should().dependOnClassesThat().resideInAnyPackage("io.navpack.format..", "io.navpack.hazelcast..")
                .check(sizing);
    }
}
