package io.navpack.bench.scan;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * What the harnesses that run several maps' queries in paired rounds share ({@link TradeQueryHarness},
 * {@code DocumentQueryHarness}): a time's median and range, the per-round ratio of two series, the bytes the JVM's
 * threads allocated, the machine's load.
 */
public final class PairedRounds {
    private PairedRounds() {
    }

    /** {@code median (fastest-slowest)} of the milliseconds {@code ms}. */
    public static String summary(double[] ms) {
        double[] s = ms.clone();
        Arrays.sort(s);
        return String.format(Locale.ROOT, "%.1f (%.1f-%.1f)", s[s.length / 2], s[0], s[s.length - 1]);
    }

    /** The per-round ratio {@code a[r] / b[r]}: median and range over the rounds. */
    public static String ratio(double[] a, double[] b) {
        double[] q = new double[a.length];
        for (int r = 0; r < a.length; r++) {
            q[r] = a[r] / b[r];
        }
        Arrays.sort(q);
        return String.format(Locale.ROOT, "%.2f (%.2f-%.2f)", q[q.length / 2], q[0], q[q.length - 1]);
    }

    /** Bytes allocated so far by the live threads of this JVM (embedded members included). */
    public static long allocated() {
        java.lang.management.ThreadMXBean t = ManagementFactory.getThreadMXBean();
        if (!(t instanceof com.sun.management.ThreadMXBean threads)) {
            return 0;
        }
        long sum = 0;
        for (long b : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
            sum += Math.max(0, b);
        }
        return sum;
    }

    /** The 1, 5 and 15 minute load averages. */
    public static String load() {
        try {
            String[] p = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return p[0] + " " + p[1] + " " + p[2];
        } catch (IOException e) {
            return String.format(Locale.ROOT, "%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        }
    }
}
