package io.navpack.cli;

import io.navpack.cli.demo.DatabaseStep;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo's database step, small: trades and FpML documents written through to an embedded PostgreSQL server beside
 * Compact and GenericMapStore, every member stopped, new ones started; every entry and every query's answer back.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class DatabaseStepTest {
    @Test
    void everyEntryComesBackFromTheDatabase() throws Exception {
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        Path fpml = SharedData.fpml();
        DatabaseStep.Result r = new DatabaseStep(new PrintStream(progress, true, StandardCharsets.UTF_8))
                .run(2_000, 40, fpml);
        assertThat(r.rows()).extracting(DatabaseStep.Row::format).containsExactly("navpack (NavpackMapStore)",
                "navpack documents (JSON beside)", "Compact (GenericMapStore)");
        for (DatabaseStep.Row row : r.rows()) {
            assertThat(row.entriesBack()).as(row.format()).isEqualTo(row.entries());
            assertThat(row.bytesEqual()).as(row.format()).isTrue();
            assertThat(row.queryBefore()).as(row.format()).isEqualTo(row.queryAfter());
            assertThat(row.dbBytesPerEntry()).as(row.format()).isPositive();
        }
        assertThat(r.rows().get(0).queryBefore()).isPositive();
        assertThat(r.allBack()).isTrue();
        assertThat(r.sqlAfter()).isEqualTo(r.rows().get(0).queryAfter());
        assertThat(DatabaseStep.table(r)).contains("A database behind the map", "equal");
        assertThat(progress.toString(StandardCharsets.UTF_8)).contains("every member stopped");
    }
}
