package io.navpack.cli;

import com.hazelcast.core.HazelcastInstance;
import io.navpack.format.Schema;
import io.navpack.hazelcast.schemas.ClusterSchemas;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.time.Duration;
import java.util.concurrent.Callable;

@Command(name = "schemas", mixinStandardHelpOptions = true,
        description = {"Writes the schemas a running cluster holds as a schema file.", "",
                "Each schema is a comment line describing it, then its binary form in base64;",
                "'navpack inspect --schemas' reads such a file. The cluster's catalog and every member",
                "are asked; where two of them hold different schemas under one type id and version,",
                "each is listed as a disagreement (on standard error and as comments in the file),",
                "the catalog's schema is written, and the exit code is 1."})
final class SchemasCommand implements Callable<Integer> {
    @Mixin
    ClusterOptions cluster;

    @Option(names = "--out", description = "Write to this file instead of standard output.")
    Path out;

    @Override
    public Integer call() throws Exception {
        HazelcastInstance client = cluster.connect();
        try {
            ClusterSchemas held = ClusterSchemas.read(client, Duration.ofSeconds(cluster.connectTimeout));
            StringBuilder text = new StringBuilder(write(held.schemas()));
            for (ClusterSchemas.Disagreement d : held.disagreements()) {
                String line = "disagreement: " + d.describe();
                text.append("# ").append(line).append('\n');
                System.err.println("navpack: " + line);
            }
            held.unanswered().forEach((member, why) -> {
                text.append("# member ").append(member).append(" did not answer: ").append(why).append('\n');
                System.err.println("navpack: member " + member + " did not answer: " + why);
            });
            if (out != null) {
                Files.writeString(out, text, StandardCharsets.UTF_8);
                System.err.println(held.schemas().size() + " schemas written to " + out.toAbsolutePath());
            } else {
                System.out.print(text);
            }
            if (!held.disagreements().isEmpty()) {
                return Main.FAILED;
            }
            return held.unanswered().isEmpty() ? Main.OK : Main.INCOMPLETE;
        } finally {
            client.shutdown();
        }
    }

    static String write(List<Schema> schemas) {
        StringBuilder sb = new StringBuilder("# navpack schemas: a description line, then the binary form in base64\n");
        for (Schema s : schemas) {
            sb.append("# ").append(s).append('\n').append(Base64.getEncoder().encodeToString(s.toBytes())).append('\n');
        }
        return sb.toString();
    }

    static List<Schema> read(Path file) throws IOException {
        List<Schema> out = new ArrayList<>();
        int lineNo = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            lineNo++;
            String l = line.trim();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            try {
                out.add(Schema.fromBytes(Base64.getDecoder().decode(l)));
            } catch (RuntimeException e) {
                throw new CliException(Main.USAGE, file + " line " + lineNo + " is not a schema: " + e.getMessage(), e);
            }
        }
        return out;
    }
}
