package io.navpack.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** The progress line: items done of all, or a count when the total is not known (an export with --where). */
class ProgressTest {
    private static String lines(long total, int items) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        Progress p = new Progress(new PrintStream(b, true, StandardCharsets.UTF_8), total, 0,
                total < 0 ? "entries matching --where" : "entries");
        for (int i = 0; i < items; i++) {
            p.advance(100);
        }
        p.finish();
        return b.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aKnownTotalShowsDoneOfAll() {
        assertThat(lines(3, 3)).contains("3/3 entries");
    }

    @Test
    void anUnknownTotalShowsTheCountAtTheEndAndNoTotal() {
        String out = lines(-1, 1);
        assertThat(out).contains("1 entries matching --where, 100 B").doesNotContain("/0").doesNotContain("/-1");
        assertThat(lines(-1, 0)).isEmpty();
    }
}
