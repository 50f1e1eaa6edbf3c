package io.navpack.cli;

import com.hazelcast.cluster.Member;
import com.hazelcast.core.HazelcastInstance;
import io.navpack.format.Schema;
import io.navpack.hazelcast.SchemaTasks;
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
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

@Command(name = "schemas", mixinStandardHelpOptions = true,
        description = {"Writes the schemas a running cluster holds as a schema file.", "",
                "Each schema is a comment line describing it, then its binary form in base64;",
                "'navpack inspect --schemas' reads such a file."})
final class SchemasCommand implements Callable<Integer> {
    @Mixin
    ClusterOptions cluster;

    @Option(names = "--out", description = "Write to this file instead of standard output.")
    Path out;

    @Override
    public Integer call() throws Exception {
        HazelcastInstance client = cluster.connect();
        try {
            Map<Long, Schema> all = new TreeMap<>();
            Map<Member, Future<List<byte[]>>> answers = client.getExecutorService("__navpack").submitToAllMembers(new SchemaTasks.All());
            for (Future<List<byte[]>> f : answers.values()) {
                for (byte[] b : f.get(cluster.connectTimeout, TimeUnit.SECONDS)) {
                    Schema s = Schema.fromBytes(b);
                    all.put(s.key(), s);
                }
            }
            String text = write(new ArrayList<>(all.values()));
            if (out != null) {
                Files.writeString(out, text, StandardCharsets.UTF_8);
                System.err.println(all.size() + " schemas written to " + out.toAbsolutePath());
            } else {
                System.out.print(text);
            }
            return Main.OK;
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
