package io.navpack.it.soak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the soak reads the clients' latency logs and when it calls p99 recovered. */
class LatenciesTest {
    private static final long T0 = 1_800_000_000L;

    /** One client's log: 100 gets a second at 1 ms, 10 s to 14 s at 100 ms; a second client's gets at 1 ms too. */
    private static Latencies spikeFrom10To14(Path dir) throws Exception {
        List<String> a = new ArrayList<>();
        List<String> b = new ArrayList<>();
        for (int s = 0; s <= 40; s++) {
            a.add(line("navpack/get", T0 + s, s >= 10 && s <= 14 ? 100_000 : 1_000));
            b.add(line("navpack/get", T0 + s, 1_000));
        }
        Files.write(dir.resolve("latency-A-g1.hlog"), a);
        Files.write(dir.resolve("latency-B-g1.hlog"), b);
        Files.write(dir.resolve("counts-A-g1.csv"), List.of("epochSecond,format,op," + OpStats.COUNT_COLUMNS,
                (T0 + 12) + ",navpack,put,5,1,0,0,0,0,0,0", (T0 + 13) + ",navpack,get,100,0,0,0,0,0,0,0"));
        return Latencies.read(dir);
    }

    private static String line(String tag, long second, long micros) {
        Histogram h = new Histogram(3_600_000_000L, 3);
        for (int i = 0; i < 100; i++) {
            h.recordValue(micros);
        }
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        return tag + "," + (second * 1000 + 3) + "," + ((second + 1) * 1000 + 2) + ","
                + Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    @Test
    void clientsAreMergedPerSecond(@TempDir Path dir) throws Exception {
        Latencies l = spikeFrom10To14(dir);
        Histogram second12 = l.merged(SoakFormat.NAVPACK, T0 + 12, T0 + 12);
        assertThat(second12.getTotalCount()).isEqualTo(200);
        assertThat((double) second12.getValueAtPercentile(50)).isCloseTo(1_000, within(20.0));
        assertThat((double) second12.getValueAtPercentile(99)).isCloseTo(100_000, within(2_000.0));
        assertThat(l.merged(SoakFormat.COMPACT, T0, T0 + 40).getTotalCount()).isZero();
        assertThat(l.op(SoakFormat.NAVPACK, Op.GET).getTotalCount()).isEqualTo(41 * 200);
        assertThat(l.counts(SoakFormat.NAVPACK, Op.PUT, T0, T0 + 40)).startsWith(5, 1);
        assertThat(l.counts(SoakFormat.NAVPACK, T0 + 13, T0 + 13)[0]).isEqualTo(100);
    }

    @Test
    void p99IsRecoveredWhenThreeSecondWindowsStayWithinTheLimitForFiveSeconds(@TempDir Path dir) throws Exception {
        Latencies l = spikeFrom10To14(dir);
        // windows ending at 10 to 16 see the spike; from 17 on they do not
        Latencies.Recovery r = l.recovery(SoakFormat.NAVPACK, T0 + 10, T0 + 12, T0 + 30, 2_000);
        assertThat(r.recovered()).isTrue();
        assertThat(r.seconds()).isEqualTo(5);
        assertThat(r.secondsAbove()).isEqualTo(7);
        assertThat((double) r.peakMicros()).isCloseTo(100_000, within(2_000.0));
        assertThat(l.recovery(SoakFormat.NAVPACK, T0 + 10, T0 + 12, T0 + 20, 2_000).recovered())
                .as("not five good seconds before the window ends").isFalse();
        assertThat(l.recovery(SoakFormat.NAVPACK, T0 + 20, T0 + 20, T0 + 30, 2_000).seconds()).isZero();
    }
}
