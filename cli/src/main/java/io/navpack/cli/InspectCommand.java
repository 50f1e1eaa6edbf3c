package io.navpack.cli;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
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
                "The value is a navpack record, or a Hazelcast Data holding one (its header is recognised), given",
                "as hex, base64 or a file — or the value of a key in a map of a running cluster (--map, --key).",
                "Schemas come from a running cluster or from a schema file written by 'navpack schemas'."})
final class InspectCommand implements Callable<Integer> {
    static final class Value {
        @Option(names = "--hex", description = "The value as hex digits.")
        String hex;
        @Option(names = "--base64", description = "The value in base64.")
        String base64;
        @Option(names = "--file", description = "A file holding the value's bytes.")
        Path file;
        @ArgGroup(exclusive = false)
        Entry entry;
    }

    /** A map entry of the cluster named by --cluster. */
    static final class Entry {
        @Option(names = "--map", required = true, description = "The map that holds the value (needs --cluster).")
        String map;
        @Option(names = "--key", required = true, description = "Its key: a number is tried as a long key, then as text.")
        String key;
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
        if (value.entry != null) {
            return entry();
        }
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
            print(NavpackSerializer.view(bytes, registry));
            return Main.OK;
        } catch (NavpackFormatException e) {
            throw new CliException(Main.FAILED, "not a valid navpack value: " + e.getMessage(), e);
        } finally {
            if (client != null) {
                client.shutdown();
            }
        }
    }

    /** The value of a key in a map of the running cluster. */
    private int entry() {
        if (schemas.cluster == null) {
            throw new CliException(Main.USAGE, "--map and --key read a running cluster: give it with --cluster");
        }
        HazelcastInstance client = schemas.cluster.connect();
        try {
            IMap<Object, Object> map = client.getMap(value.entry.map);
            Object found = null;
            Object key = value.entry.key;
            try {
                Long asLong = Long.valueOf(value.entry.key.trim());
                found = map.get(asLong);
                key = found != null ? asLong : key;
            } catch (NumberFormatException e) {
                // a text key
            }
            if (found == null) {
                found = map.get(value.entry.key);
            }
            if (found == null) {
                throw new CliException(Main.FAILED, "map '" + value.entry.map + "' has no entry for key "
                        + value.entry.key + " (tried as a long and as text)");
            }
            if (!(found instanceof PackedRecord view)) {
                throw new CliException(Main.FAILED, "the value of key " + key + " in map '" + value.entry.map
                        + "' is not a navpack value but a " + found.getClass().getName());
            }
            print(view);
            return Main.OK;
        } finally {
            client.shutdown();
        }
    }

    private static void print(PackedRecord view) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("@type", view.schema().typeName());
        out.put("@typeId", view.schema().typeId());
        out.put("@version", view.schema().version());
        out.putAll(view.toMap());
        System.out.println(JsonWriter.indented(out));
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
