package io.navpack.cli;

import io.navpack.documents.DocumentException;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.DocumentSchemaException;
import io.navpack.documents.DocumentWriter;
import io.navpack.documents.NpkFiles;
import io.navpack.documents.Transcoder;
import io.navpack.format.NavpackException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

@Command(name = "convert", mixinStandardHelpOptions = true,
        description = {"Converts documents to navpack values (.npk files) and back, or between formats, with a schema file.",
                "",
                "Inputs are XML, JSON, NDJSON, CSV or .npk files (by extension), or directories of them; each becomes a file",
                "of the same name in --out. An .npk file holds a file's values: one per XML or JSON document, one per NDJSON",
                "line or CSV row. A document that does not fit the schema grows it compatibly and the schema file is",
                "rewritten (every version kept, so older .npk files still read); one that cannot is reported and its file",
                "skipped. Exit code 1 when a file failed."})
final class ConvertCommand implements Callable<Integer> {
    @Option(names = "--schema", required = true, paramLabel = "schema.json", description = "The schema file ('navpack infer').")
    Path schemaFile;

    @Option(names = "--to", required = true, paramLabel = "navpack|xml|json|csv", description = "What to write.")
    String to;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "The directory to write into.")
    Path out;

    @Option(names = "--format", paramLabel = "xml|json|ndjson|csv",
            description = "The inputs' format, for files whose extension does not tell.")
    String format;

    @Option(names = "--no-evolve", description = "Refuse documents that do not fit the schema instead of growing it.")
    boolean noEvolve;

    @Parameters(paramLabel = "FILE|DIR", arity = "1..*", description = "Documents or .npk files, or directories of them.")
    List<Path> inputs;

    private record Input(Path file, Path relative) {
    }

    @Override
    public Integer call() throws IOException {
        PrintStream err = System.err;
        PrintStream std = System.out;
        DocumentSchema schema;
        try {
            schema = DocumentSchema.read(schemaFile);
        } catch (DocumentSchemaException e) {
            throw new CliException(Main.USAGE, e.getMessage(), e);
        } catch (IOException e) {
            throw new CliException(Main.USAGE, "cannot read the schema file " + schemaFile + ": " + e.getMessage(), e);
        }
        boolean toNavpack = to.equalsIgnoreCase("navpack") || to.equalsIgnoreCase("npk");
        DocumentFormat target = toNavpack ? null : DocumentFormat.of(to);
        List<Input> files = new ArrayList<>();
        for (Path p : inputs) {
            if (!Files.exists(p)) {
                throw new CliException(Main.USAGE, "no such file or directory: " + p);
            }
            if (Files.isDirectory(p)) {
                try (Stream<Path> s = Files.walk(p)) {
                    s.filter(Files::isRegularFile).filter(f -> format != null || known(f)).sorted()
                            .forEach(f -> files.add(new Input(f, p.relativize(f))));
                }
            } else {
                files.add(new Input(p, java.util.Objects.requireNonNull(p.getFileName(), "a file has a name")));
            }
        }
        if (files.isEmpty()) {
            throw new CliException(Main.USAGE, "no documents or .npk files in " + inputs);
        }
        Files.createDirectories(out);
        long total = 0;
        for (Input i : files) {
            total += Files.size(i.file());
        }
        Transcoder t = schema.transcoder().evolving(!noEvolve);
        Progress progress = new Progress(err, files.size(), total);
        List<String> failures = new ArrayList<>();
        long documents = 0;
        long bytesIn = 0;
        long bytesOut = 0;
        long start = System.nanoTime();
        for (Input i : files) {
            byte[] bytes = Files.readAllBytes(i.file());
            try {
                long[] r = convert(t, i, bytes, toNavpack, target);
                documents += r[0];
                bytesOut += r[1];
                bytesIn += bytes.length;
            } catch (DocumentException | NavpackException | IllegalArgumentException | IllegalStateException e) {
                failures.add((e instanceof DocumentException ? "" : i.file() + ": ") + e.getMessage());
            }
            progress.advance(bytes.length);
        }
        progress.finish();
        if (schema.evolutions() > 0) {
            schema.write(schemaFile);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        std.printf(Locale.ROOT, "converted %d documents in %d files to %s in %s: %s in, %s out (%.1f %%), %.1f s%n", documents,
                files.size() - failures.size(), toNavpack ? "navpack" : target.extension(), out, Progress.bytes(bytesIn),
                Progress.bytes(bytesOut), bytesIn == 0 ? 0.0 : 100.0 * bytesOut / bytesIn, seconds);
        if (schema.evolutions() > 0) {
            std.printf("the schema grew %d times to hold documents it did not: %s rewritten (older versions kept):%n",
                    schema.evolutions(), schemaFile);
            Growths.print(std, schema.growths());
        }
        if (!failures.isEmpty()) {
            std.println(failures.size() + " files failed:");
            for (String f : failures) {
                std.println("  " + f);
            }
            return Main.FAILED;
        }
        return Main.OK;
    }

    private static boolean known(Path f) {
        String n = String.valueOf(f.getFileName()).toLowerCase(Locale.ROOT);
        return n.endsWith("." + NpkFiles.EXTENSION) || DocumentFormat.ofFileName(n) != null;
    }

    /** Converts one file; returns the documents and the bytes written. */
    private long[] convert(Transcoder t, Input in, byte[] bytes, boolean toNavpack, DocumentFormat target) throws IOException {
        String name = String.valueOf(in.file().getFileName());
        boolean npk = name.toLowerCase(Locale.ROOT).endsWith("." + NpkFiles.EXTENSION);
        DocumentFormat from = npk ? null : format != null ? DocumentFormat.of(format) : DocumentFormat.ofFileName(name);
        if (!npk && from == null) {
            throw new IllegalArgumentException("its extension names no format: use --format");
        }
        String source = in.file().toString();
        // values, counted first when the output's name depends on how many there are
        List<byte[]> values = new ArrayList<>();
        if (npk) {
            NpkFiles.read(bytes, (b, off, len) -> values.add(java.util.Arrays.copyOfRange(b, off, off + len)));
        } else {
            t.toNavpack(from, bytes, 0, bytes.length, source, (b, off, len) -> values.add(java.util.Arrays.copyOfRange(b, off, off + len)));
        }
        String stem = stem(in.relative().toString());
        if (toNavpack) {
            Path target0 = out.resolve(stem + "." + NpkFiles.EXTENSION);
            return new long[] {values.size(), write(target0, o -> {
                for (byte[] v : values) {
                    NpkFiles.write(o, v, 0, v.length);
                }
            })};
        }
        long written = 0;
        switch (target) {
            case XML -> {
                for (int k = 0; k < values.size(); k++) {
                    byte[] v = values.get(k);
                    Path p = out.resolve(values.size() == 1 ? stem + ".xml" : stem + "-" + (k + 1) + ".xml");
                    written += write(p, o -> t.toDocument(v, 0, v.length, DocumentFormat.XML, o));
                }
            }
            case JSON, NDJSON -> {
                boolean lines = target == DocumentFormat.NDJSON || values.size() != 1
                        || t.schema().format() == DocumentFormat.NDJSON || from == DocumentFormat.NDJSON
                        || from == DocumentFormat.CSV;
                Path p = out.resolve(stem + (lines ? ".ndjson" : ".json"));
                written += write(p, o -> {
                    try (DocumentWriter w = t.writer(lines ? DocumentFormat.NDJSON : DocumentFormat.JSON, o)) {
                        for (byte[] v : values) {
                            w.write(v);
                        }
                    }
                });
            }
            case CSV -> {
                Path p = out.resolve(stem + ".csv");
                written += write(p, o -> {
                    try (DocumentWriter w = t.writer(DocumentFormat.CSV, o)) {
                        for (byte[] v : values) {
                            w.write(v);
                        }
                    }
                });
            }
            default -> throw new IllegalStateException(target.toString());
        }
        return new long[] {values.size(), written};
    }

    private static String stem(String relative) {
        int slash = Math.max(relative.lastIndexOf('/'), relative.lastIndexOf('\\'));
        int dot = relative.lastIndexOf('.');
        return dot > slash + 1 ? relative.substring(0, dot) : relative;
    }

    private interface Body {
        void write(OutputStream o) throws IOException;
    }

    /** Writes a file through a temporary one beside it, so that a failure leaves nothing half written. */
    private static long write(Path p, Body body) throws IOException {
        Path dir = java.util.Objects.requireNonNull(p.toAbsolutePath().getParent(), "a file has a directory");
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

    /** The format of the inputs by their extensions, for infer: they must agree. */
    static DocumentFormat formatOf(List<Path> inputs) throws IOException {
        DocumentFormat found = null;
        for (Path p : inputs) {
            List<Path> files = new ArrayList<>();
            if (Files.isDirectory(p)) {
                try (Stream<Path> s = Files.walk(p)) {
                    s.filter(Files::isRegularFile).forEach(files::add);
                }
            } else {
                files.add(p);
            }
            for (Path f : files) {
                DocumentFormat d = DocumentFormat.ofFileName(String.valueOf(f.getFileName()));
                if (d == null) {
                    continue;
                }
                if (found != null && found != d && !(found.json() && d.json())) {
                    throw new CliException(Main.USAGE, "the inputs hold " + found.extension() + " and " + d.extension()
                            + " files: choose one with --format");
                }
                if (found == null || d == DocumentFormat.NDJSON) {
                    found = d;
                }
            }
        }
        if (found == null) {
            throw new CliException(Main.USAGE, "no .xml, .json, .ndjson or .csv files in " + inputs + ": name the format with --format");
        }
        return found;
    }
}
