package io.navpack.sql;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs statements through Hazelcast's JDBC driver in a JVM of its own ({@link JdbcRunner}). */
final class JdbcClient {
    /** The answer to one statement: rows (values as text, null for SQL NULL), an update count, or an error. */
    static final class Result {
        final List<List<String>> rows = new ArrayList<>();
        long updated = -1;
        String error;

        @Override
        public String toString() {
            return error != null ? "ERROR " + error : updated >= 0 ? "UPDATED " + updated : rows.toString();
        }
    }

    private JdbcClient() {
    }

    static Path driverJar() {
        Path jar = Path.of(System.getProperty("navpack.sql.jars", "target/sql-jars"),
                "hazelcast-jdbc-" + System.getProperty("navpack.hazelcast-jdbc.version", "5.5.0") + ".jar");
        if (!Files.exists(jar)) {
            throw new IllegalStateException("the build copies Hazelcast's JDBC driver to " + jar);
        }
        return jar;
    }

    static String url(String cluster, int[] ports) {
        StringBuilder hosts = new StringBuilder();
        for (int p : ports) {
            hosts.append(hosts.length() > 0 ? "," : "").append("127.0.0.1:").append(p);
        }
        return "jdbc:hazelcast://" + hosts + "/?clusterName=" + cluster;
    }

    /** The driver's name and version line, then one result per statement. */
    static List<Result> run(String url, String... statements) {
        try {
            Path dir = Files.createTempDirectory(Path.of("target"), "jdbc-client");
            Path classes = dir.resolve("classes/io/navpack/sql");
            Files.createDirectories(classes);
            try (var in = JdbcRunner.class.getResourceAsStream("JdbcRunner.class")) {
                Files.copy(in, classes.resolve("JdbcRunner.class"), StandardCopyOption.REPLACE_EXISTING);
            }
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx256m", "-Dhazelcast.phone.home.enabled=false", "-Dhazelcast.logging.type=none",
                    "-Djava.net.preferIPv4Stack=true",
                    "-cp", driverJar() + java.io.File.pathSeparator + dir.resolve("classes"), JdbcRunner.class.getName(), url));
            cmd.addAll(Arrays.asList(statements));
            Path out = dir.resolve("out.txt");
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("the JDBC client did not finish in 120 s:\n" + Files.readString(out));
            }
            List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                throw new IllegalStateException("the JDBC client failed:\n" + String.join("\n", lines));
            }
            List<Result> results = new ArrayList<>();
            Result current = null;
            for (String line : lines) {
                if (line.startsWith("DRIVER ")) {
                    Result driver = new Result();
                    driver.rows.add(List.of(line.substring(7)));
                    results.add(driver);
                } else if (line.equals("ROWS")) {
                    current = new Result();
                    results.add(current);
                } else if (line.equals("END")) {
                    current = null;
                } else if (line.startsWith("UPDATED ") && current == null) {
                    Result r = new Result();
                    r.updated = Long.parseLong(line.substring(8));
                    results.add(r);
                } else if (line.startsWith("ERROR ") && current == null) {
                    Result r = new Result();
                    r.error = line.substring(6);
                    results.add(r);
                } else if (current != null) {
                    List<String> row = new ArrayList<>();
                    for (String v : line.split("\t", -1)) {
                        row.add(v.equals("\\N") ? null : v);
                    }
                    current.rows.add(row);
                }
            }
            if (results.size() != statements.length + 1) {
                throw new IllegalStateException("the JDBC client answered " + (results.size() - 1) + " of "
                        + statements.length + " statements:\n" + String.join("\n", lines));
            }
            return results;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
