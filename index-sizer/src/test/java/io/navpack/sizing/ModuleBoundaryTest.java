package io.navpack.sizing;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.navpack.hazelcast.internal.ProvenOn;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sizer sizes any on-heap index, on members without navpack's serializer too: of the serializer's jar only
 * the JSON writer is used, and only by the JSON rendering of reports, which runs where reports are read — and the
 * {@link ProvenOn} annotation of the classes that touch Hazelcast's internals, which a JVM without the jar ignores.
 */
class ModuleBoundaryTest {
    private final JavaClasses sizing = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.navpack.sizing");

    @Test
    void theSizerNamesTheHazelcastVersionsItsInternalsAreProvenOn() throws Exception {
        // (a member without the serializer jar reads the class without the annotation, which it ignores)
        Class<?> c = Class.forName("io.navpack.sizing.internal.MemberIndexSizer");
        assertThat(c.getAnnotation(ProvenOn.class).value()).contains("5.5.0", "5.6.0", "5.7.0");
    }

    @Test
    void onlyTheJsonRenderingUsesTheSerializerJar() {
        assertThat(sizing).isNotEmpty();
        noClasses().that().resideInAPackage("io.navpack.sizing..").and().doNotHaveFullyQualifiedName(
                        ReportJson.class.getName())
                .should().dependOnClassesThat(DescribedPredicate.describe("navpack's serializer jar, but ProvenOn",
                        c -> !c.getName().equals(ProvenOn.class.getName())
                                && (c.getPackageName().startsWith("io.navpack.json")
                                || c.getPackageName().startsWith("io.navpack.format")
                                || c.getPackageName().startsWith("io.navpack.hazelcast"))))
                .check(sizing);
        noClasses().that().haveFullyQualifiedName(ReportJson.class.getName())
                .should().dependOnClassesThat().resideInAnyPackage("io.navpack.format..", "io.navpack.hazelcast..")
                .check(sizing);
    }
}
