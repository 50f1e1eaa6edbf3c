package io.navpack.it.soak;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntCountsHistogram;

/**
 * The latencies and outcomes every client JVM logged each second, merged across clients: per format and second
 * one histogram of all operations (microseconds), per format and operation one histogram of the whole run, and
 * per format and second the outcome counts.
 */
final class Latencies {
    private static final long HIGHEST = 3_600_000_000L;
    /** Per-second histograms keep 2 significant digits (1 %), so that a run of hours fits in the test JVM's heap. */
    private static final int PER_SECOND_DIGITS = 2;

    private final Map<SoakFormat, TreeMap<Long, IntCountsHistogram>> perSecond = new EnumMap<>(SoakFormat.class);
    private final Map<SoakFormat, Map<Op, Histogram>> perOp = new EnumMap<>(SoakFormat.class);
    private final Map<SoakFormat, TreeMap<Long, long[]>> counts = new EnumMap<>(SoakFormat.class);
    private final Map<SoakFormat, Map<Op, long[]>> opCounts = new EnumMap<>(SoakFormat.class);
    private final Map<SoakFormat, Map<Op, TreeMap<Long, long[]>>> opCountsPerSecond = new EnumMap<>(SoakFormat.class);

    private Latencies() {
        for (SoakFormat f : SoakFormat.values()) {
            perSecond.put(f, new TreeMap<>());
            Map<Op, Histogram> ops = new EnumMap<>(Op.class);
            Map<Op, long[]> oc = new EnumMap<>(Op.class);
            for (Op op : Op.values()) {
                ops.put(op, new Histogram(HIGHEST, 3));
                oc.put(op, new long[8]);
            }
            perOp.put(f, ops);
            counts.put(f, new TreeMap<>());
            opCounts.put(f, oc);
            Map<Op, TreeMap<Long, long[]>> ops2 = new EnumMap<>(Op.class);
            for (Op op : Op.values()) {
                ops2.put(op, new TreeMap<>());
            }
            opCountsPerSecond.put(f, ops2);
        }
    }

    static Latencies read(Path dir) {
        Latencies l = new Latencies();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "latency-*.hlog")) {
            for (Path file : files) {
                l.readLatency(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "counts-*.csv")) {
            for (Path file : files) {
                l.readCounts(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return l;
    }

    private void readLatency(Path file) throws IOException {
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line; (line = r.readLine()) != null; ) {
                String[] p = line.split(",", 4);
                if (p.length < 4) {
                    continue;
                }
                String[] tag = p[0].split("/");
                SoakFormat format = SoakFormat.valueOf(tag[0].toUpperCase(java.util.Locale.ROOT));
                Op op = opOf(tag[1]);
                long end = Long.parseLong(p[2]);
                Histogram h;
                try {
                    h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(p[3])), 0);
                } catch (DataFormatException | IllegalArgumentException e) {
                    continue;
                }
                long second = end / 1000 - 1;
                perSecond.get(format).computeIfAbsent(second, s -> new IntCountsHistogram(HIGHEST, PER_SECOND_DIGITS)).add(h);
                perOp.get(format).get(op).add(h);
            }
        }
    }

    private void readCounts(Path file) throws IOException {
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            r.readLine();
            for (String line; (line = r.readLine()) != null; ) {
                String[] p = line.split(",");
                if (p.length < 11) {
                    continue;
                }
                SoakFormat format = SoakFormat.valueOf(p[1].toUpperCase(java.util.Locale.ROOT));
                Op op = opOf(p[2]);
                long[] sec = counts.get(format).computeIfAbsent(Long.parseLong(p[0]), s -> new long[8]);
                long[] total = opCounts.get(format).get(op);
                long[] opSec = opCountsPerSecond.get(format).get(op).computeIfAbsent(Long.parseLong(p[0]), x -> new long[8]);
                for (int i = 0; i < 8; i++) {
                    long v = Long.parseLong(p[3 + i]);
                    sec[i] += v;
                    total[i] += v;
                    opSec[i] += v;
                }
            }
        }
    }

    private static Op opOf(String label) {
        for (Op op : Op.values()) {
            if (op.label().equals(label)) {
                return op;
            }
        }
        throw new IllegalArgumentException(label);
    }

    /** All operations of {@code format} completed in the seconds {@code from} to {@code to} (epoch seconds, inclusive). */
    Histogram merged(SoakFormat format, long from, long to) {
        Histogram h = new Histogram(HIGHEST, PER_SECOND_DIGITS);
        for (IntCountsHistogram s : perSecond.get(format).subMap(from, true, to, true).values()) {
            h.add(s);
        }
        return h;
    }

    Histogram op(SoakFormat format, Op op) {
        return perOp.get(format).get(op);
    }

    /** Outcome counts of one operation over the run: {@link OpStats#COUNT_COLUMNS}. */
    long[] opCounts(SoakFormat format, Op op) {
        return opCounts.get(format).get(op);
    }

    /** Outcome counts of every operation in the seconds {@code from} to {@code to}. */
    long[] counts(SoakFormat format, long from, long to) {
        long[] sum = new long[8];
        for (long[] c : counts.get(format).subMap(from, true, to, true).values()) {
            for (int i = 0; i < 8; i++) {
                sum[i] += c[i];
            }
        }
        return sum;
    }

    /** Outcome counts of one operation in the seconds {@code from} to {@code to}. */
    long[] counts(SoakFormat format, Op op, long from, long to) {
        long[] sum = new long[8];
        for (long[] c : opCountsPerSecond.get(format).get(op).subMap(from, true, to, true).values()) {
            for (int i = 0; i < 8; i++) {
                sum[i] += c[i];
            }
        }
        return sum;
    }

    long firstSecond() {
        return perSecond.values().stream().filter(m -> !m.isEmpty()).mapToLong(TreeMap::firstKey).min().orElse(0);
    }

    long lastSecond() {
        return perSecond.values().stream().filter(m -> !m.isEmpty()).mapToLong(TreeMap::lastKey).max().orElse(0);
    }

    /** p99 (or another percentile) of the operations of the {@code window} seconds up to {@code second}; -1 if none completed. */
    long percentile(SoakFormat format, long second, int window, double percentile) {
        Histogram h = merged(format, second - window + 1, second);
        return h.getTotalCount() == 0 ? -1 : h.getValueAtPercentile(percentile);
    }

    /** How long after {@code from} the p99 of 3-second windows stayed within {@code limit} for 5 seconds in a row. */
    record Recovery(long seconds, long peakMicros, long secondsAbove) {
        boolean recovered() {
            return seconds >= 0;
        }
    }

    /**
     * From {@code healed} (epoch seconds) on, the first second from which the 3-second p99 stays within {@code limit}
     * (microseconds) for 5 seconds, looking no further than {@code until}; the peak p99 and the seconds above the limit
     * are counted from {@code began}.
     */
    Recovery recovery(SoakFormat format, long began, long healed, long until, long limit) {
        long peak = 0;
        long above = 0;
        for (long s = began; s <= until; s++) {
            long p99 = percentile(format, s, 3, 99);
            peak = Math.max(peak, p99);
            if (p99 < 0 || p99 > limit) {
                above++;
            }
        }
        for (long t = healed; t + 4 <= until; t++) {
            boolean stable = true;
            for (long u = t; u <= t + 4 && stable; u++) {
                long p99 = percentile(format, u, 3, 99);
                stable = p99 >= 0 && p99 <= limit;
            }
            if (stable) {
                return new Recovery(t - healed, peak, above);
            }
        }
        return new Recovery(-1, peak, above);
    }
}
