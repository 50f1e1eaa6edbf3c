package io.navpack.bench.coherence;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.openjdk.jmh.util.ListStatistics;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The results of a harness (a benchmark that runs a cluster of its own, without JMH), written as JMH writes its JSON
 * so that the benchmarks page reads them the same way: one entry per measured point, with its parameters, mean,
 * 99.9 % confidence half-width (Student's t over the samples, as JMH computes it), unit and samples.
 */
final class HarnessResults {
    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private final ArrayNode root = mapper.createArrayNode();
    private final String benchmark;
    private final int warmups;
    private final String notes;

    /** Results of {@code benchmark} ({@code io.navpack.bench.coherence.Class.method}), warm-up rounds and notes. */
    HarnessResults(String benchmark, int warmups, String notes) {
        this.benchmark = benchmark;
        this.warmups = warmups;
        this.notes = notes;
    }

    /** A point measured over {@code samples} (in {@code unit}). */
    void add(String method, Map<String, String> params, double[] samples, String unit) {
        ListStatistics s = new ListStatistics(samples);
        double error = samples.length > 1 ? s.getMeanErrorAt(0.999) : Double.NaN;
        ObjectNode n = root.addObject();
        n.put("benchmark", benchmark + "." + method);
        n.put("mode", "avgt");
        n.put("threads", 1);
        n.put("forks", 0);
        n.put("jvm", System.getProperty("java.home") + "/bin/java");
        ArrayNode args = n.putArray("jvmArgs");
        ManagementFactory.getRuntimeMXBean().getInputArguments().forEach(args::add);
        n.put("jdkVersion", System.getProperty("java.version"));
        n.put("vmName", System.getProperty("java.vm.name"));
        n.put("warmupIterations", warmups);
        n.put("warmupTime", "rounds");
        n.put("measurementIterations", samples.length);
        n.put("measurementTime", "rounds");
        n.put("notes", notes);
        ObjectNode p = n.putObject("params");
        params.forEach(p::put);
        ObjectNode pm = n.putObject("primaryMetric");
        pm.put("score", s.getMean());
        if (Double.isNaN(error)) {
            pm.put("scoreError", "NaN");
        } else {
            pm.put("scoreError", error);
        }
        pm.put("scoreUnit", unit);
        ArrayNode raw = pm.putArray("rawData").addArray();
        for (double d : samples) {
            raw.add(d);
        }
    }

    void write(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        mapper.writeValue(file.toFile(), root);
    }

    static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }

    static double[] toArray(List<Double> values) {
        double[] a = new double[values.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = values.get(i);
        }
        return a;
    }
}
