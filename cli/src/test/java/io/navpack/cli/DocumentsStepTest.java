package io.navpack.cli;

import io.navpack.cli.demo.Demo;
import io.navpack.cli.demo.DemoReport;
import io.navpack.cli.demo.DocumentsStep;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo's documents step, small: the shared FpML trades multiplied, loaded as navpack values, as JSON with and
 * without Hazelcast's metadata and as Compact generic records; every format (and navpack's predicates wrapped in
 * {@code NavpackPredicates.of}) finds the same trades and the same maximum, and the table says how each query was
 * timed.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class DocumentsStepTest {
    @Test
    void everyFormatFindsTheSameTrades() throws Exception {
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        Path fpml = SharedData.fpml();
        DemoReport r = new Demo(2, 1_000, 1, false, new PrintStream(progress, true, StandardCharsets.UTF_8))
                .documents(fpml, 800).run();
        DocumentsStep.Result d = r.documents;
        assertThat(d).isNotNull();
        assertThat(d.documents()).isEqualTo(800);
        assertThat(d.rows()).extracting(DocumentsStep.Row::format).containsExactly("navpack", "navpack, NavpackPredicates",
                "HazelcastJsonValue", "JSON, no metadata", "Compact generic records");
        assertThat(d.agree()).as("every format finds the same trades and maximum").isTrue();
        assertThat(d.rows().get(0).scanMatches()).isBetween(1L, 799L);
        for (DocumentsStep.Row row : d.rows()) {
            assertThat(row.scanMillis()).as(row.format()).isPositive();
            assertThat(row.aggregate()).as(row.format()).isEqualTo(d.rows().get(0).aggregate());
        }
        // the SQL statements count what the scan's date condition selects, the same over navpack and JSON
        assertThat(d.rows().get(0).sqlCount()).isPositive().isEqualTo(d.rows().get(2).sqlCount())
                .isEqualTo(d.rows().get(3).sqlCount());
        assertThat(d.rows().get(0).heapPerEntry()).isLessThan(d.rows().get(4).heapPerEntry());
        assertThat(DocumentsStep.table(d)).contains("warmed up by 2 s of untimed runs", "Every format finds the same trades");
    }
}
