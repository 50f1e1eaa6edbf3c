package io.navpack.cli;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.navpack.hazelcast.internal.ProvenOn;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.regex.Pattern;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The boundaries between navpack's modules, checked on the main classes of all of them (this module has them all
 * on its class path): the format depends on nothing; dependencies point one way (format ← serializer ← extractors,
 * SQL ← sizer, command line); only the command line reaches the trade fixtures; Hazelcast's internal classes are
 * reached only from the adapter packages, and every adapter that reaches them names the Hazelcast versions it is
 * proven on; navpack on Coherence reaches nothing that needs Hazelcast, and the Hazelcast modules nothing of Coherence.
 */
class BoundariesTest {
    private static final JavaClasses NAVPACK = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            // the format's test-jar (on this class path through navpack-fixtures) holds its tests
            .withImportOption(location -> !location.contains("-tests.jar"))
            .importPackages("io.navpack");
    /** The packages whose classes may reach Hazelcast's internals: one per module that needs them. */
    private static final List<String> ADAPTERS = List.of("io.navpack.hazelcast.internal", "io.navpack.sizing.internal",
            "io.navpack.sql", "io.navpack.mapstore.internal");
    private static final Pattern INTERNAL = Pattern.compile("com\\.hazelcast\\.(.+\\.)?(impl|internal)(\\..*)?");
    private static final DescribedPredicate<JavaClass> HAZELCAST_INTERNALS = DescribedPredicate.describe(
            "Hazelcast's impl or internal packages", c -> INTERNAL.matcher(c.getPackageName()).matches());

    @Test
    void allModulesAreSeen() {
        for (String pkg : List.of("io.navpack.format", "io.navpack.format.spi", "io.navpack.format.internal",
                "io.navpack.hazelcast", "io.navpack.hazelcast.internal", "io.navpack.hazelcast.schemas",
                "io.navpack.extract", "io.navpack.sql", "io.navpack.sizing", "io.navpack.sizing.internal",
                "io.navpack.agent", "io.navpack.cli", "io.navpack.documents", "io.navpack.documents.hazelcast",
                "io.navpack.mapstore", "io.navpack.mapstore.internal",
                "io.navpack.coherence", "io.navpack.coherence.schemas", "io.navpack.coherence.sizing")) {
            assertThat(NAVPACK.stream().anyMatch(c -> c.getPackageName().equals(pkg))).as(pkg).isTrue();
        }
    }

    @Test
    void theFormatDependsOnTheJdkAlone() {
        noClasses().that().resideInAPackage("io.navpack.format..")
                .should().dependOnClassesThat().resideOutsideOfPackages("io.navpack.format..", "java..")
                .check(NAVPACK);
    }

    @Test
    void documentsAreReadAndWrittenWithoutHazelcast() {
        noClasses().that().resideInAPackage("io.navpack.documents..")
                .and().resideOutsideOfPackage("io.navpack.documents.hazelcast..")
                .should().dependOnClassesThat().resideInAnyPackage("com.hazelcast..", "io.navpack.hazelcast..",
                        "io.navpack.extract..", "io.navpack.sql..", "io.navpack.sizing..", "io.navpack.cli..",
                        "io.navpack.documents.hazelcast..")
                .because("navpack-documents is on the format core and the parsers only")
                .check(NAVPACK);
    }

    @Test
    void documentsMeetHazelcastOnlyInTheirHazelcastPart() {
        noClasses().that().resideInAPackage("io.navpack.documents.hazelcast..")
                .should().dependOnClassesThat().resideInAnyPackage("io.navpack.hazelcast.internal..",
                        "io.navpack.hazelcast.schemas..", "io.navpack.extract..", "io.navpack.sql..", "io.navpack.sizing..",
                        "io.navpack.cli..")
                .because("navpack-documents-hazelcast loads and exports documents through the public APIs of navpack's"
                        + " serializer and Hazelcast (the SQL connector and extractors serve the queries on the members)")
                .check(NAVPACK);
        noClasses().that().resideOutsideOfPackages("io.navpack.documents.hazelcast..", "io.navpack.cli..",
                        "io.navpack.mapstore..")
                .should().dependOnClassesThat().resideInAPackage("io.navpack.documents.hazelcast..")
                .because("the documents' Hazelcast part is for the command line, the map store (documents as JSON)"
                        + " and users, no module below them")
                .check(NAVPACK);
    }

    /** The classes of navpack's grid-neutral query reads (navpack-extract-core), which share a package with the extractors. */
    private static final DescribedPredicate<JavaClass> EXTRACT_CORE = DescribedPredicate.describe("in navpack-extract-core",
            c -> c.getSource().map(s -> s.getUri().toString()).filter(u -> u.contains("extract-core")).isPresent());

    @Test
    void coherenceHasNoHazelcastOnItsWay() {
        noClasses().that().resideInAPackage("io.navpack.coherence..")
                .should().transitivelyDependOnClassesThat().resideInAnyPackage("com.hazelcast..", "io.navpack.hazelcast..",
                        "io.navpack.sql..", "io.navpack.sizing..", "io.navpack.cli..", "io.navpack.documents..")
                .because("navpack-coherence sits on the format, the grid-neutral reads and the agent: no Hazelcast on its"
                        + " class path, nor anything that needs it")
                .check(NAVPACK);
        noClasses().that(EXTRACT_CORE)
                .should().dependOnClassesThat().resideInAnyPackage("com.hazelcast..", "io.navpack.hazelcast..",
                        "com.tangosol..", "com.oracle.coherence..", "io.navpack.coherence..")
                .because("navpack-extract-core is the part of query reads that both grids share")
                .check(NAVPACK);
        assertThat(NAVPACK.stream().filter(EXTRACT_CORE).count()).as("classes of navpack-extract-core").isGreaterThan(5);
    }

    @Test
    void hazelcastModulesDoNotReachCoherenceAndCoherenceStaysOnItsPublicApi() {
        noClasses().that().resideOutsideOfPackage("io.navpack.coherence..")
                .should().dependOnClassesThat().resideInAnyPackage("io.navpack.coherence..", "com.tangosol..",
                        "com.oracle.coherence..")
                .because("each grid has its own thin adapter; they share the format's schema protocol and the core reads")
                .check(NAVPACK);
        noClasses().that().resideInAPackage("io.navpack.coherence..")
                .should().dependOnClassesThat().resideInAnyPackage("com.tangosol.coherence.component..",
                        "com.tangosol.internal..")
                .because("Coherence's components and internal packages are not its API")
                .check(NAVPACK);
    }

    @Test
    void dependenciesPointOneWay() {
        noClasses().that().resideInAnyPackage("io.navpack.hazelcast..", "io.navpack.json..")
                .should().dependOnClassesThat().resideInAnyPackage("io.navpack.extract..", "io.navpack.sql..",
                        "io.navpack.sizing..", "io.navpack.cli..", "io.navpack.agent..")
                .check(NAVPACK);
        noClasses().that().resideInAnyPackage("io.navpack.extract..")
                .should().dependOnClassesThat().resideInAnyPackage("io.navpack.sql..", "io.navpack.sizing..",
                        "io.navpack.cli..")
                .check(NAVPACK);
        noClasses().that().resideInAnyPackage("io.navpack.sql..")
                .should().dependOnClassesThat().resideInAnyPackage("io.navpack.sizing..", "io.navpack.cli..")
                .check(NAVPACK);
        noClasses().that().resideInAnyPackage("io.navpack.mapstore..")
                .should().dependOnClassesThat().resideInAnyPackage("io.navpack.extract..", "io.navpack.sql..",
                        "io.navpack.sizing..", "io.navpack.cli..", "io.navpack.agent..")
                .check(NAVPACK);
        noClasses().that().resideOutsideOfPackages("io.navpack.mapstore..", "io.navpack.cli..")
                .should().dependOnClassesThat().resideInAPackage("io.navpack.mapstore..")
                .because("the map store sits on the serializer and the documents; only the command line uses it")
                .check(NAVPACK);
        noClasses().that().resideInAnyPackage("io.navpack.sizing..", "io.navpack.agent..")
                .should().dependOnClassesThat().resideInAnyPackage("io.navpack.cli..")
                .check(NAVPACK);
    }

    @Test
    void onlyTheCommandLineReachesTheTradeFixtures() {
        noClasses().that().resideOutsideOfPackages("io.navpack.cli..")
                .should().dependOnClassesThat().resideInAPackage("com.acme..")
                .because("the seed trade and its peers (navpack-fixtures) are the demo's domain, no part of a module users run")
                .check(NAVPACK);
    }

    @Test
    void hazelcastInternalsAreReachedOnlyThroughTheAdapters() {
        noClasses().that().resideOutsideOfPackages(ADAPTERS.toArray(String[]::new))
                .should().dependOnClassesThat(HAZELCAST_INTERNALS)
                .because("each concern that needs Hazelcast's internals has one adapter; everything else uses it")
                .check(NAVPACK);
    }

    @Test
    void everyAdapterThatReachesTheInternalsNamesTheVersionsItIsProvenOn() {
        classes().that().resideInAnyPackage(ADAPTERS.toArray(String[]::new)).and().areTopLevelClasses()
                .and(DescribedPredicate.describe("reach Hazelcast's internals",
                        c -> c.getDirectDependenciesFromSelf().stream().anyMatch(d -> HAZELCAST_INTERNALS.test(d.getTargetClass()))))
                .should().beAnnotatedWith(ProvenOn.class)
                .check(NAVPACK);
        for (JavaClass c : NAVPACK) {
            if (c.isAnnotatedWith(ProvenOn.class)) {
                assertThat(c.getAnnotationOfType(ProvenOn.class).value()).as(c.getName())
                        .contains("5.5.0", "5.6.0", "5.7.0");
            }
        }
    }
}
