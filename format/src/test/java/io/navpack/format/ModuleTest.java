package io.navpack.format;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The format's module: what it exports and needs, and the boundaries between its packages — the public API
 * ({@code io.navpack.format}), the service-provider interface for navpack's other modules ({@code .spi}) and code
 * generation ({@code .internal}).
 */
class ModuleTest {
    private static final JavaClasses FORMAT = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.navpack.format");

    @Test
    void theModuleExportsTheApiAndTheSpiOnlyAndNeedsOnlyJavaBase() throws Exception {
        Path classes = Path.of(PackedRecord.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        ModuleReference ref = ModuleFinder.of(classes).find("io.navpack.format").orElseThrow();
        ModuleDescriptor d = ref.descriptor();
        assertThat(d.exports().stream().map(ModuleDescriptor.Exports::source).collect(Collectors.toSet()))
                .isEqualTo(Set.of("io.navpack.format", "io.navpack.format.spi"));
        assertThat(d.exports()).allSatisfy(e -> assertThat(e.isQualified()).isFalse());
        assertThat(d.requires().stream().map(ModuleDescriptor.Requires::name).collect(Collectors.toSet()))
                .isEqualTo(Set.of("java.base"));
        assertThat(d.packages()).contains("io.navpack.format.internal");
        assertThat(d.opens()).isEmpty();
    }

    @Test
    void theFormatDependsOnNothingButTheJdk() {
        noClasses().that().resideInAPackage("io.navpack.format..")
                .should().dependOnClassesThat().resideOutsideOfPackages("io.navpack.format..", "java..")
                .because("navpack-format has no dependency: usable without Hazelcast or any library")
                .check(FORMAT);
    }

    @Test
    void theSpiAndCodeGenerationUseOnlyThePublicApiOfTheCore() {
        classes().that().resideInAnyPackage("io.navpack.format.spi..", "io.navpack.format.internal..")
                .should().onlyDependOnClassesThat(DescribedPredicate.describe(
                        "the JDK, their own package or public types of io.navpack.format",
                        c -> c.getPackageName().startsWith("java.") || c.isArray()
                                || c.getPackageName().equals("io.navpack.format.spi")
                                || c.getPackageName().equals("io.navpack.format.internal")
                                || c.getPackageName().equals("io.navpack.format")
                                && c.getModifiers().contains(JavaModifier.PUBLIC)))
                .check(FORMAT);
    }

    @Test
    void onlyTheCoreGeneratesCode() {
        noClasses().that().resideInAPackage("io.navpack.format.spi..")
                .should().dependOnClassesThat().resideInAPackage("io.navpack.format.internal..")
                .check(FORMAT);
    }
}
