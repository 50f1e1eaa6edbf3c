package io.navpack.bench.report;

import io.navpack.bench.codec.Codec;
import io.navpack.bench.codec.Codecs;
import io.navpack.bench.model.Shape;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Bytes per value of every format for every shape, on the same values as the benchmarks; needs no
 * JMH. {@code java -cp benchmarks.jar io.navpack.bench.report.SizeReport} prints the table.
 */
public final class SizeReport {
    /** Sizes of one format for one shape. */
    public record Sizes(double average, int min, int max, int count) {
    }

    private SizeReport() {
    }

    /** shape param → format → sizes, in {@link Codecs#ALL} order. */
    public static Map<String, Map<String, Sizes>> compute() {
        Map<String, Map<String, Sizes>> result = new LinkedHashMap<>();
        for (Shape shape : Shape.values()) {
            List<?> values = shape.data();
            Map<String, Sizes> byFormat = new LinkedHashMap<>();
            for (String format : Codecs.ALL) {
                Codec codec = Codecs.create(format);
                long total = 0;
                int min = Integer.MAX_VALUE;
                int max = 0;
                for (Object v : values) {
                    int n = codec.size(codec.encode(codec.prepare(v)));
                    total += n;
                    min = Math.min(min, n);
                    max = Math.max(max, n);
                }
                byFormat.put(format, new Sizes((double) total / values.size(), min, max, values.size()));
            }
            result.put(shape.param(), byFormat);
        }
        return result;
    }

    public static void main(String[] args) {
        Map<String, Map<String, Sizes>> sizes = compute();
        System.out.printf(Locale.ROOT, "%-34s %10s %10s %10s%n", "bytes per value (average)", "trade", "wide", "nested");
        for (String format : Codecs.ALL) {
            System.out.printf(Locale.ROOT, "%-34s %10.1f %10.1f %10.1f%n", Codecs.label(format),
                    sizes.get("trade").get(format).average(), sizes.get("wide").get(format).average(),
                    sizes.get("nested").get(format).average());
        }
    }
}
