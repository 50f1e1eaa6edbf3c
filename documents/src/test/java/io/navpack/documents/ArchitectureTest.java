package io.navpack.documents;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/** Documents run on the format core and the parsers only: no Hazelcast, no other navpack module. */
class ArchitectureTest {
    private final JavaClasses documents = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.navpack.documents");

    @Test
    void noHazelcast() {
        assertThat(documents).isNotEmpty();
        noClasses().that().resideInAPackage("io.navpack.documents..")
                .should().dependOnClassesThat().resideInAPackage("com.hazelcast..")
                .because("documents are usable without Hazelcast, like the format they are written in")
                .check(documents);
    }

    @Test
    void onlyTheFormatCoreAndTheParsers() {
        classes().that().resideInAPackage("io.navpack.documents..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("io.navpack.documents..", "io.navpack.format..",
                        "java..", "javax.xml.stream..", "org.codehaus.stax2..", "com.fasterxml.aalto..",
                        "com.fasterxml.jackson.core..", "com.fasterxml.jackson.dataformat.csv..")
                .check(documents);
    }
}
