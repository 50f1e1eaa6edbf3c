package io.navpack.cli;

import com.hazelcast.core.HazelcastInstance;
import io.navpack.format.Schema;
import io.navpack.hazelcast.schemas.ClusterSchemas;
import io.navpack.mapstore.DatabaseSchemas;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
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
                "the catalog's schema is written, and the exit code is 1. With --database, the schema",
                "table of a map store's database is listed too: the schemas it holds that the cluster",
                "lacks, and where it disagrees with the cluster (exit code 1)."})
final class SchemasCommand implements Callable<Integer> {
    @Mixin
    ClusterOptions cluster;

    @Option(names = "--out", description = "Write to this file instead of standard output.")
    Path out;

    @Option(names = "--database", paramLabel = "JDBC-URL", description = {"Also list the schema table of a map store's"
            + " database (e.g. jdbc:postgresql://127.0.0.1:5432/postgres): its schemas the cluster lacks, and where the"
            + " two disagree."})
    String database;

    @Option(names = "--database-user", description = "The database user (default: the URL's).")
    String databaseUser;

    @Option(names = "--database-password", description = "The database password (default: the environment variable"
            + " NAVPACK_DATABASE_PASSWORD, else the URL's).")
    String databasePassword;

    @Option(names = "--schema-table", defaultValue = "navpack_schemas",
            description = "The map store's schema table (default: ${DEFAULT-VALUE}).")
    String schemaTable;

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
            boolean tableDisagrees = database != null && appendSchemaTable(held, text);
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
            if (!held.disagreements().isEmpty() || tableDisagrees) {
                return Main.FAILED;
            }
            return held.unanswered().isEmpty() ? Main.OK : Main.INCOMPLETE;
        } finally {
            client.shutdown();
        }
    }

    /**
     * Appends the schema table of {@link #database}: a comment line saying what it holds, then the schemas it holds that
     * the cluster lacks (as schema lines), and a comment per schema it holds differently; true when one differs.
     */
    private boolean appendSchemaTable(ClusterSchemas held, StringBuilder text) {
        List<Schema> stored;
        String password = databasePassword != null ? databasePassword : System.getenv("NAVPACK_DATABASE_PASSWORD");
        try (Connection c = databaseUser == null && password == null ? DriverManager.getConnection(database)
                : DriverManager.getConnection(database, databaseUser, password)) {
            stored = DatabaseSchemas.read(c, schemaTable);
        } catch (SQLException e) {
            throw new CliException(Main.UNREACHABLE, "cannot read schema table " + schemaTable + " of " + database + ": "
                    + e.getMessage(), e);
        }
        Map<Long, Schema> cluster = new HashMap<>();
        for (Schema s : held.schemas()) {
            cluster.put(s.key(), s);
        }
        List<Schema> onlyInTable = new ArrayList<>();
        boolean differ = false;
        StringBuilder notes = new StringBuilder();
        for (Schema s : stored) {
            Schema c = cluster.get(s.key());
            if (c == null) {
                onlyInTable.add(s);
            } else if (!c.equals(s)) {
                differ = true;
                String line = "disagreement: type id " + s.typeId() + " version " + s.version() + ": schema table "
                        + schemaTable + " holds " + s + "; the cluster holds " + c;
                notes.append("# ").append(line).append('\n');
                System.err.println("navpack: " + line);
            }
        }
        text.append("# schema table ").append(schemaTable).append(" of ").append(database).append(": ").append(stored.size())
                .append(" schemas, ").append(onlyInTable.size()).append(" of them not in the cluster")
                .append(onlyInTable.isEmpty() ? "" : " (below)").append('\n').append(notes);
        for (Schema s : onlyInTable) {
            text.append("# ").append(s).append(" (schema table only)\n")
                    .append(Base64.getEncoder().encodeToString(s.toBytes())).append('\n');
        }
        return differ;
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
