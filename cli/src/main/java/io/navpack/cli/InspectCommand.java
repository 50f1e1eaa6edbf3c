package io.navpack.cli;

import com.hazelcast.core.HazelcastInstance;
import io.navpack.format.spi.Hex;
import io.navpack.format.NavpackFormatException;
import io.navpack.format.PackedRecord;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;
import io.navpack.hazelcast.NavpackContext;
import io.navpack.hazelcast.NavpackSerializer;
import io.navpack.json.JsonWriter;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = {"Decodes a navpack value into JSON.", "",
                "The value is a navpack record, or a Hazelcast Data holding one (its header is recognised).",
                "Schemas come from a running cluster or from a schema file written by 'navpack schemas'."})
final class InspectCommand implements Callable<Integer> {
    static final class Value {
        @Option(names = "--hex", description = "The value as hex digits.")
        String hex;
        @Option(names = "--base64", description = "The value in base64.")
        String base64;
        @Option(names = "--file", description = "A file holding the value's bytes.")
        Path file;
    }

    static final class Schemas {
        @Option(names = "--schemas", paramLabel = "file", description = "A schema file written by 'navpack schemas'.")
        Path file;
        @ArgGroup(exclusive = false)
        ClusterOptions cluster;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Value value;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Schemas schemas;

    @Override
    public Integer call() throws IOException {
        byte[] bytes = bytes();
        HazelcastInstance client = null;
        try {
            SchemaRegistry registry;
            if (schemas.file != null) {
                registry = new SchemaRegistry();
                for (Schema s : SchemasCommand.read(schemas.file)) {
                    registry.learn(s);
                }
            } else {
                client = schemas.cluster.connect();
                registry = NavpackContext.of(client).registry();
            }
            PackedRecord view = NavpackSerializer.view(bytes, registry);
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("@type", view.schema().typeName());
            out.put("@typeId", view.schema().typeId());
            out.put("@version", view.schema().version());
            out.putAll(view.toMap());
            System.out.println(JsonWriter.indented(out));
            return Main.OK;
        } catch (NavpackFormatException e) {
            throw new CliException(Main.FAILED, "not a valid navpack value: " + e.getMessage(), e);
        } finally {
            if (client != null) {
                client.shutdown();
            }
        }
    }

    private byte[] bytes() throws IOException {
        try {
            if (value.hex != null) {
                return Hex.parse(value.hex);
            }
            if (value.base64 != null) {
                return Base64.getDecoder().decode(value.base64.trim());
            }
            return Files.readAllBytes(value.file);
        } catch (IllegalArgumentException e) {
            throw new CliException(Main.USAGE, "cannot read the value: " + e.getMessage(), e);
        }
    }

    static String text(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.UTF_8);
    }
}
