package io.navpack.sizing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The heap a sizing holds for itself on a member, measured from outside in a separate JVM ({@link BoundProbe}):
 * in the bounded mode it stays within the limit whatever the map holds, and with a smaller limit the sizing
 * takes more passes but finds the same bytes; the full-graph mode, which remembers every object, needs more.
 */
class BoundTest {

    static final int ENTRIES = Integer.getInteger("navpack.bound.entries", 150_000);

    record Run(String mode, long limit, long measured, long reported, long samples, long code8, long id, long all,
               long millis, boolean complete) {
    }

    @Test
    void boundedSizingHoldsItsLimitAndFindsWhatTheFullGraphFinds() throws Exception {
        List<Run> runs = new ArrayList<>();
        try (ChildJvm child = ChildJvm.start(true, "1g", BoundProbe.class, Integer.toString(ENTRIES),
                "BOUNDED:64", "BOUNDED:4", "FULL_GRAPH:64")) {
            try {
                child.awaitLine("LOADED|", 300);
                for (int i = 0; i < 3; i++) {
                    String[] f = child.awaitLine("BOUND|", 600).split("\\|");
                    runs.add(new Run(f[1], Long.parseLong(f[2]), Long.parseLong(f[3]), Long.parseLong(f[4]),
                            Long.parseLong(f[5]), Long.parseLong(f[6]), Long.parseLong(f[7]), Long.parseLong(f[8]),
                            Long.parseLong(f[9]), Boolean.parseBoolean(f[10])));
                }
                child.awaitLine("DONE", 60);
            } finally {
                child.kill();
            }
        }
        runs.forEach(r -> System.out.printf("%s limit %,d: measured %,d B, reported %,d B (%d samples), %d ms%n",
                r.mode(), r.limit(), r.measured(), r.reported(), r.samples(), r.millis()));
        Run bounded = runs.get(0);
        Run small = runs.get(1);
        Run full = runs.get(2);
        for (Run r : runs) {
            assertThat(r.complete()).as(r.mode()).isTrue();
            assertThat(r.samples()).as("heap samples during %s", r.mode()).isGreaterThanOrEqualTo(2);
        }
        // what the sizing holds for itself, by its own account and as the collector sees it (±8 MiB of noise)
        for (Run r : List.of(bounded, small)) {
            assertThat(r.reported()).as("%s reported", r.limit()).isLessThanOrEqualTo(r.limit());
            assertThat(r.measured()).as("%s measured", r.limit()).isLessThanOrEqualTo(r.limit() + (8L << 20));
        }
        // the full graph remembers every object of the map's data and indexes: already at this size it holds more
        assertThat(full.reported()).isGreaterThan(2 * bounded.reported());
        assertThat(full.measured()).isGreaterThan(bounded.measured() + (16L << 20));
        // and all three find the same bytes (the full graph counts the comparators the bounded mode leaves out)
        for (Run r : List.of(small, full)) {
            assertThat(r.code8()).as(r.mode()).isCloseTo(bounded.code8(), org.assertj.core.data.Offset.offset(256L));
            assertThat(r.id()).as(r.mode()).isCloseTo(bounded.id(), org.assertj.core.data.Offset.offset(256L));
            assertThat(r.all()).as(r.mode()).isCloseTo(bounded.all(), org.assertj.core.data.Offset.offset(256L));
        }
    }
}
