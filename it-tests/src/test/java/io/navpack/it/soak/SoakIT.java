package io.navpack.it.soak;

import static org.assertj.core.api.Assertions.assertThat;

import io.navpack.it.HazelcastCluster;
import io.navpack.it.HazelcastClusterExtension;
import io.navpack.it.ItSettings;
import io.navpack.it.soak.SoakResult.CheckRound;
import io.navpack.it.soak.SoakResult.FinalCheck;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The soak: three members in containers, two client JVMs loading a navpack map and a Compact map side by side while
 * members are killed, restarted one by one, cut off and merged back, and one client rolls to version 2 of the value
 * types. Runs only when asked: {@code -Dnavpack.soak=short} (CI) or {@code -Dnavpack.soak=30} (minutes; the
 * {@code it-tests/soak} script). Its report goes to {@code it-tests/target/soak/<run>/} (summary.md, latency.svg,
 * the clients' logs and files, the members' logs).
 *
 * <p>Fails on what must never happen: an acknowledged write lost, an unknown schema, an unreadable value, a value
 * with wrong fields, a wrong query, SQL or query-cache answer after a heal or at the end, a fault the cluster did not
 * heal from. Latency recovery and heap drift are goals, reported in the summary against their targets.
 */
@EnabledIfSystemProperty(named = "navpack.soak", matches = "short|\\d+")
class SoakIT {

    private static final long CLASS_LOADED = System.nanoTime();
    private static final SoakPlan PLAN = SoakPlan.named(System.getProperty("navpack.soak", "short"));
    private static final Path OUT = ItSettings.logDir().getParent().resolve("soak").resolve(PLAN.name());

    @RegisterExtension
    static final HazelcastClusterExtension CLUSTER = HazelcastClusterExtension.withMembers(3)
            .configure(b -> b.memberConfig("member/soak.yaml")
                    .heapMegabytes(PLAN.memberHeapMegabytes())
                    .memberFile(MemberJar.build(OUT.resolve("member-jar")), MemberJar.CONTAINER_PATH));

    @Test
    @Timeout(value = 180, unit = TimeUnit.MINUTES)
    void navpackKeepsWhatCompactKeepsUnderLoadAndFaults(HazelcastCluster cluster) throws Exception {
        long started = System.nanoTime();
        SoakResult result = new SoakRun(PLAN, cluster, OUT).run();
        SoakReport report = new SoakReport(result);
        report.write();
        System.out.println(report.markdown());
        System.out.printf("[soak] report in %s (summary.md, latency.svg); the soak took %d s, %d s with the cluster's start%n", OUT,
                TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started), TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - CLASS_LOADED));
        assertThat(Files.exists(OUT.resolve("latency.svg"))).isTrue();
        try {
            mustNeverHappen(result, report);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "\n\nThe soak's table (all of it in " + OUT.resolve("summary.md") + "; clients' logs"
                    + " beside it, members' logs in " + OUT.resolve("members") + "):\n" + report.table(), e);
        }
    }

    private static void mustNeverHappen(SoakResult result, SoakReport report) {
        assertThat(result.faults()).as("every fault healed").hasSize(PLAN.faults().size());
        assertThat(result.clientEnds().values()).as("no client worker died").allMatch(s -> !s.contains("died"));
        for (SoakFormat f : SoakFormat.values()) {
            FinalCheck end = result.finals().get(f);
            assertThat(end.acknowledged()).as("%s writes acknowledged", f).isGreaterThan(PLAN.keys());
            assertThat(end.present()).as("%s keys present at the end", f).isEqualTo(PLAN.keys());
            assertThat(end.lost()).as("%s acknowledged writes lost: %s", f, end.samples()).isZero();
            assertThat(end.unexpected()).as("%s values no write made: %s", f, end.samples()).isZero();
            assertThat(end.invalid()).as("%s values with wrong fields: %s", f, end.samples()).isZero();
            assertThat(end.queriesWrong() + end.sqlWrong()).as("%s wrong query/SQL answers at the end: %s", f, end.samples()).isZero();
            for (CheckRound c : result.checks()) {
                assertThat(c.totals().get(f).right()).as("%s check after %s: %s", f, c.after(), c.totals().get(f)).isTrue();
                assertThat(c.totals().get(f).owners()).as("%s owners checked after %s", f, c.after()).isEqualTo(PLAN.owners());
            }
            assertThat(report.clientCount(f, 2)).as("%s unknown-schema failures", f).isZero();
            assertThat(report.clientCount(f, 3)).as("%s unreadable values", f).isZero();
            assertThat(report.clientCount(f, 4)).as("%s values with wrong fields during the load", f).isZero();
        }
        assertThat(report.memberUnreadable(SoakFormat.NAVPACK)).as("values members' queries could not read").isZero();
        result.memberLogs().forEach((member, scan) -> {
            assertThat(scan.unknownSchema()).as("%s logged unknown schemas: %s", member, scan.samples()).isZero();
            assertThat(scan.unreadable()).as("%s logged unreadable values: %s", member, scan.samples()).isZero();
        });
    }
}
