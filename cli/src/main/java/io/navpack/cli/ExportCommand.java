package io.navpack.cli;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.query.Predicate;
import com.hazelcast.query.Predicates;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.DocumentSchemaException;
import io.navpack.documents.DocumentWriter;
import io.navpack.documents.Transcoder;
import io.navpack.documents.hazelcast.DocumentCatalog;
import io.navpack.documents.hazelcast.DocumentExporter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.Callable;

@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Writes the documents of a map loaded with 'navpack load' to files.", "",
                "Entries are read partition by partition, a few hundred at a time, whatever the map's size; the schema",
                "comes from the cluster. --to xml (and --to json with an --out that is not a .json file) writes a file per",
                "entry into the directory --out, named by its key (a key a/b/c becomes --out/a/b/c.xml), so documents",
                "loaded with keys from their file names come back as the same files. --to ndjson writes a line per entry",
                "and --to csv a row per entry into the file --out; --to json with a .json file a JSON array.",
                "--where takes an SQL predicate on the values' fields, as Hazelcast's Predicates.sql does."})
final class ExportCommand implements Callable<Integer> {
    @Mixin
    ClusterOptions cluster;

    @Option(names = "--map", required = true, paramLabel = "NAME", description = "The map to export.")
    String map;

    @Option(names = "--to", required = true, paramLabel = "ndjson|json|xml|csv", description = "What to write.")
    String to;

    @Option(names = "--out", required = true, paramLabel = "FILE|DIR", description = "The file or directory to write.")
    Path out;

    @Option(names = "--where", paramLabel = "SQL", description = "Only entries whose values match this predicate,"
            + " e.g. \"trade[any].tradeHeader.tradeDate >= '2020-01-01'\".")
    String where;

    @Option(names = "--schema", paramLabel = "FILE", description = "The schema file, when the cluster has none for the map.")
    Path schemaFile;

    @Override
    public Integer call() throws Exception {
        DocumentFormat target = DocumentFormat.of(to);
        PrintStream err = System.err;
        HazelcastInstance hz = cluster.connect();
        try {
            DocumentSchema schema;
            if (schemaFile != null) {
                try {
                    schema = DocumentSchema.read(schemaFile);
                } catch (DocumentSchemaException e) {
                    throw new CliException(Main.USAGE, e.getMessage(), e);
                }
            } else {
                schema = DocumentCatalog.read(hz, map);
                if (schema == null) {
                    throw new CliException(Main.USAGE, "map " + map + " has no document schema in the cluster: load it with"
                            + " 'navpack load', or give its schema file with --schema");
                }
            }
            if (target == DocumentFormat.XML && schema.format() != DocumentFormat.XML) {
                throw new CliException(Main.USAGE, "the documents of map " + map + " are " + schema.format().extension()
                        + ": export them --to json or ndjson" + (schema.format() == DocumentFormat.CSV ? " or csv" : ""));
            }
            if (target == DocumentFormat.CSV && schema.format() != DocumentFormat.CSV) {
                throw new CliException(Main.USAGE, "--to csv writes documents loaded from CSV; these are "
                        + schema.format().extension() + ": export them --to json or ndjson");
            }
            Predicate<Object, Object> predicate = where == null ? null : Predicates.sql(where);
            boolean perEntry = target == DocumentFormat.XML
                    || target == DocumentFormat.JSON && !String.valueOf(out.getFileName()).toLowerCase(Locale.ROOT).endsWith(".json");
            // with --where, how many entries match is known only at the end
            Progress progress = where == null ? new Progress(err, hz.getMap(map).size(), 0, "entries")
                    : new Progress(err, -1, 0, "entries matching --where");
            Transcoder t = schema.transcoder();
            long start = System.nanoTime();
            long[] bytes = {0};
            long n;
            if (perEntry) {
                Files.createDirectories(out);
                String ext = "." + target.extension();
                n = DocumentExporter.export(hz, map, predicate, (key, value) -> {
                    Path file = out.resolve(fileName(key) + ext);
                    long written = write(file, o -> t.toDocument(value.array(), value.offset(), value.length(), target, o));
                    bytes[0] += written;
                    progress.advance(written);
                });
            } else {
                long[] count = {0};
                bytes[0] = write(Files.isDirectory(out) ? out.resolve(map + "." + target.extension()) : out, o -> {
                    try (DocumentWriter w = t.writer(target, o)) {
                        count[0] = DocumentExporter.export(hz, map, predicate, (key, value) -> {
                            w.write(value.array(), value.offset(), value.length());
                            progress.advance(value.length());
                        });
                    }
                });
                n = count[0];
            }
            progress.finish();
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(Locale.ROOT, "exported %d entries of map %s to %s (%s): %s, %.1f s%n", n, map, out,
                    target.extension(), Progress.bytes(bytes[0]), seconds);
            return Main.OK;
        } finally {
            hz.shutdown();
        }
    }

    /** A key as a relative file name: its '/'-separated segments, each of safe characters only. */
    static String fileName(Object key) {
        StringBuilder sb = new StringBuilder();
        for (String segment : String.valueOf(key).split("/")) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                continue;
            }
            if (sb.length() > 0) {
                sb.append('/');
            }
            for (int i = 0; i < segment.length(); i++) {
                char c = segment.charAt(i);
                sb.append(c < 128 && (Character.isLetterOrDigit(c) || c == '.' || c == '-' || c == '_') ? c : '_');
            }
        }
        return sb.length() == 0 ? "_" : sb.toString();
    }

    private interface Body {
        void write(OutputStream o) throws IOException;
    }

    /** Writes a file through a temporary one beside it, so that a failure leaves nothing half written. */
    private static long write(Path p, Body body) throws IOException {
        Path dir = Objects.requireNonNull(p.toAbsolutePath().getParent(), "a file has a directory");
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, String.valueOf(p.getFileName()), ".part");
        try {
            try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
                body.write(o);
            }
            Files.move(tmp, p, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return Files.size(p);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
