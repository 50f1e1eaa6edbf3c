package io.navpack.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Joins JMH JSON result files into one, in the order given: {@code MergeResults <out.json> <part>...}. {@code run.sh}
 * runs {@code ClientOpsBenchmark} once per format, each in a JVM of its own, and keeps one results file per class.
 */
public final class MergeResults {
    private MergeResults() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: MergeResults <out.json> <part>...");
            System.exit(2);
        }
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ArrayNode all = mapper.createArrayNode();
        for (int i = 1; i < args.length; i++) {
            Path part = Path.of(args[i]);
            if (!Files.exists(part)) {
                System.err.println("no results in " + part + " (that run failed); left out");
                continue;
            }
            for (JsonNode n : mapper.readTree(part.toFile())) {
                all.add(n);
            }
        }
        mapper.writeValue(Path.of(args[0]).toFile(), all);
    }
}
