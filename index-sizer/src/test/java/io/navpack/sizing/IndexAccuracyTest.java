package io.navpack.sizing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The sizer's figure against the heap freed when the index is dropped, for every shape of
 * {@link AccuracyProbe}, in a separate JVM with the agent. Writes the table to
 * {@code target/index-sizing-accuracy.md}.
 */
class IndexAccuracyTest {

    static final int ENTRIES = Integer.getInteger("navpack.accuracy.entries", 50_000);

    record Row(String shape, String format, String type, String attributes, long entries, long distinct, long sizer,
               long freed, long hzCost, long walkMillis, long objects, boolean clean, double rate, long cache,
               long cacheFreed, long createdIndex, long createdCache, long predictedIndex, long predictedMargin,
               long predictedCache, boolean predictionClean) {

        double error() {
            return (double) (sizer - freed) / freed;
        }

        double predictionError() {
            return (double) (predictedIndex - createdIndex) / createdIndex;
        }

        double cachePredictionError() {
            return createdCache == 0 ? (predictedCache == 0 ? 0 : 1) : (double) (predictedCache - createdCache) / createdCache;
        }

        double hzRatio() {
            return (double) hzCost / freed;
        }
    }

    @Test
    void sizerMatchesHeapFreedOnDropWithinTwoPercent() throws Exception {
        List<Row> rows = new ArrayList<>();
        String java;
        try (ChildJvm child = ChildJvm.start(true, "768m", AccuracyProbe.class, Integer.toString(ENTRIES))) {
            try {
                java = child.awaitLine("JAVA|", 120).substring(5);
                for (int i = 0; i < AccuracyProbe.shapes().size(); i++) {
                    rows.add(parse(child.awaitLine("SHAPE|", 180)));
                }
                child.awaitLine("DONE", 60);
            } finally {
                child.kill();
            }
        }
        write(rows, java);
        assertThat(rows).hasSize(AccuracyProbe.shapes().size());
        for (Row r : rows) {
            assertThat(r.clean()).as("%s: dropped index collected and walk complete", r.shape()).isTrue();
            assertThat(r.entries()).as(r.shape()).isEqualTo(ENTRIES);
            assertThat(r.freed()).as("%s: heap freed", r.shape()).isGreaterThan(ENTRIES * 20L);
            assertThat(Math.abs(r.error())).as("%s: sizer %d vs freed %d", r.shape(), r.sizer(), r.freed())
                    .isLessThanOrEqualTo(0.02);
            // the values cache: what clearing it frees once the index is gone
            if (r.format().equals("BINARY")) {
                assertThat((double) r.cache()).as("%s: cache %d vs freed %d", r.shape(), r.cache(), r.cacheFreed())
                        .isCloseTo(r.cacheFreed(), org.assertj.core.data.Offset.offset(r.cacheFreed() * 0.02));
                assertThat(r.cache()).as(r.shape()).isGreaterThan(ENTRIES * 20L);
            } else {
                assertThat(r.cache()).as("%s: OBJECT format caches nothing", r.shape()).isZero();
            }
            // the prediction made before the index existed, against what the sizer measured right after creating it
            assertThat(r.predictionClean()).as("%s: prediction left the map as it was", r.shape()).isTrue();
            assertThat(Math.abs(r.predictionError())).as("%s: predicted %d vs created %d", r.shape(),
                    r.predictedIndex(), r.createdIndex()).isLessThanOrEqualTo(0.05);
            assertThat(Math.abs(r.cachePredictionError())).as("%s: predicted cache %d vs %d", r.shape(),
                    r.predictedCache(), r.createdCache()).isLessThanOrEqualTo(0.05);
        }
    }

    private static Row parse(String line) {
        String[] f = line.split("\\|");
        return new Row(f[1], f[2], f[3], f[4], Long.parseLong(f[5]), Long.parseLong(f[6]), Long.parseLong(f[7]),
                Long.parseLong(f[8]), Long.parseLong(f[9]), Long.parseLong(f[10]), Long.parseLong(f[11]),
                Boolean.parseBoolean(f[12]), Double.parseDouble(f[13]), Long.parseLong(f[14]), Long.parseLong(f[15]),
                Long.parseLong(f[16]), Long.parseLong(f[17]), Long.parseLong(f[18]), Long.parseLong(f[19]),
                Long.parseLong(f[20]), Boolean.parseBoolean(f[21]));
    }

    private static void write(List<Row> rows, String java) throws Exception {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Java %s, %,d entries per map, one member%n%n", java, ENTRIES));
        sb.append("| shape | format | type | distinct keys | sizer | heap freed on drop | sizer error | HZ memoryCost | HZ / true | walk ms |\n");
        sb.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %,d | %,d B | %,d B | %+.2f %% | %,d B | %.2f | %d |%n",
                    r.shape().substring(0, r.shape().indexOf('/')), r.format(), r.type(), r.distinct(), r.sizer(),
                    r.freed(), r.error() * 100, r.hzCost(), r.hzRatio(), r.walkMillis()));
        }
        sb.append(String.format(Locale.ROOT, "%nValues cache (BINARY): the figure against the heap freed by clearing the"
                + " records' cached values once the index is dropped; prediction: what-if before the index existed"
                + " (default options) against the sizer right after creating it%n%n"));
        sb.append("| shape | format | type | values cache | freed on clear | cache error | index after create |"
                + " predicted | ± (95 %) | prediction error | cache after create | predicted cache | cache prediction error |\n");
        sb.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %,d B | %,d B | %s | %,d B | %,d B | %,d B | %+.2f %% | %,d B | %,d B | %+.2f %% |%n",
                    r.shape().substring(0, r.shape().indexOf('/')), r.format(), r.type(), r.cache(), r.cacheFreed(),
                    r.cacheFreed() == 0 || r.cache() == 0 ? "-" : String.format(Locale.ROOT, "%+.2f %%",
                            100.0 * (r.cache() - r.cacheFreed()) / r.cacheFreed()),
                    r.createdIndex(), r.predictedIndex(), r.predictedMargin(), r.predictionError() * 100,
                    r.createdCache(), r.predictedCache(), r.cachePredictionError() * 100));
        }
        Path out = Path.of("target", "index-sizing-accuracy.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, sb.toString());
    }
}
