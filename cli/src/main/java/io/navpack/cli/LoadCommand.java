package io.navpack.cli;

import com.hazelcast.collection.IList;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.jet.Job;
import com.hazelcast.jet.config.JobConfig;
import io.navpack.documents.DocumentException;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.DocumentSchemaException;
import io.navpack.documents.SchemaInference;
import io.navpack.documents.hazelcast.DocumentCatalog;
import io.navpack.documents.hazelcast.DocumentLoader;
import io.navpack.documents.hazelcast.DocumentPipelines;
import io.navpack.documents.hazelcast.KeyPath;
import io.navpack.format.NavpackException;
import io.navpack.format.SchemaException;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

@Command(name = "load", mixinStandardHelpOptions = true,
        description = {"Loads XML, JSON, NDJSON or CSV documents into a map as navpack values.", "",
                "The schema (--schema FILE, or --infer from the documents; a map that has a schema in the cluster keeps",
                "it) is registered in the cluster, so that members query the values without classes and 'navpack",
                "export' writes them back. Documents are transcoded here and stored in batches of asynchronous puts,",
                "a bounded number on their way. Keys come from --key PATH in each document, or else from the file",
                "names (the path below a directory argument, without extension; NAME-n for the n-th document of an",
                "NDJSON or CSV file): loading the same files again gives the same map. Ctrl-C stops after the",
                "batches on their way are stored; every stored entry is whole, and the summary says how far it got.",
                "With --on-members DIR, each member loads the files of its own directory DIR in a Jet job."})
final class LoadCommand implements Callable<Integer> {
    @Mixin
    ClusterOptions cluster;

    @Option(names = "--map", required = true, paramLabel = "NAME", description = "The map to load into.")
    String map;

    static final class SchemaChoice {
        @Option(names = "--schema", paramLabel = "FILE", description = "The schema file ('navpack infer').")
        Path file;

        @Option(names = "--infer", description = "Infer the schema from the documents (unless the map has one in the cluster).")
        boolean infer;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    SchemaChoice schemaChoice;

    @Option(names = "--key", paramLabel = "PATH", description = {"The path of each document's key, e.g."
            + " trade.tradeHeader.partyTradeIdentifier[0].tradeId[0]; a repeated element on the path names its occurrence"
            + " with [n] (from 0). Default: keys from the file names."})
    String key;

    @Option(names = "--format", paramLabel = "xml|json|ndjson|csv",
            description = "The documents' format, for files whose extension does not tell and for standard input.")
    String format;

    @Option(names = "--type", paramLabel = "NAME", description = "With --infer: the schema's name (default: the first input's name).")
    String type;

    @Option(names = "--on-error", paramLabel = "skip|stop", defaultValue = "skip",
            description = "A document that cannot be loaded: skip its file and go on (default), or stop.")
    String onError;

    @Option(names = "--batch-size", paramLabel = "N", defaultValue = "256", description = "Entries per put (default ${DEFAULT-VALUE}).")
    int batchSize;

    @Option(names = "--max-in-flight", paramLabel = "N", defaultValue = "8",
            description = "Batches on their way at most (default ${DEFAULT-VALUE}).")
    int maxInFlight;

    @Option(names = "--no-evolve", description = "Refuse documents that do not fit the schema instead of growing it.")
    boolean noEvolve;

    @Option(names = "--on-members", paramLabel = "DIR",
            description = "Load the files in DIR on each member (its own directory) with a Jet job instead of from here.")
    String onMembers;

    @Option(names = "--glob", paramLabel = "PATTERN",
            description = "With --on-members: the files of DIR to load (default: *.xml, *.json, *.ndjson or *.csv by --format).")
    String glob;

    @Parameters(paramLabel = "FILE|DIR|-", arity = "0..*", description = "Documents, directories of them, or - for standard input.")
    List<String> inputs = new ArrayList<>();

    /** A file to load and the key stem of its documents. */
    record Input(Path file, String keyStem, boolean stdin) {
        String source() {
            return stdin ? "(standard input)" : file.toString();
        }
    }

    @Override
    public Integer call() throws Exception {
        boolean stop = switch (onError.toLowerCase(Locale.ROOT)) {
            case "skip" -> false;
            case "stop" -> true;
            default -> throw new CliException(Main.USAGE, "--on-error takes skip or stop, not " + onError);
        };
        KeyPath keyPath;
        try {
            keyPath = key == null ? null : KeyPath.parse(key);
        } catch (IllegalArgumentException e) {
            throw new CliException(Main.USAGE, "--key " + key + ": " + e.getMessage(), e);
        }
        if (onMembers != null) {
            return onMembers();
        }
        if (inputs.isEmpty()) {
            throw new CliException(Main.USAGE, "name the documents to load (files, directories or -), or --on-members DIR");
        }
        DocumentFormat given = format == null ? null : DocumentFormat.of(format);
        List<Input> files = inputs(given);
        byte[] stdin = null;
        if (files.stream().anyMatch(Input::stdin)) {
            if (given == null) {
                throw new CliException(Main.USAGE, "standard input needs --format");
            }
            stdin = System.in.readAllBytes();
        }
        PrintStream err = System.err;
        PrintStream out = System.out;
        HazelcastInstance hz = cluster.connect(c -> {
            // puts of the same key and value are safe to send again when a member is lost on their way
            c.getNetworkConfig().setRedoOperation(true);
            // Ctrl-C: the load's own hook lets the batches on their way finish before the client goes
            c.setProperty("hazelcast.shutdownhook.enabled", "false");
        });
        CountDownLatch done = new CountDownLatch(1);
        try {
            DocumentSchema schema = schema(hz, files, stdin, given, err);
            DocumentLoader loader;
            try {
                loader = DocumentLoader.into(hz, map, schema).key(keyPath).batchSize(batchSize).maxInFlight(maxInFlight)
                        .evolving(!noEvolve).build();
            } catch (SchemaException e) {
                throw new CliException(Main.FAILED, "the cluster refuses the schema: " + e.getMessage()
                        + " (choose other type ids with 'navpack infer --first-type-id', or load into another cluster)", e);
            }
            Thread hook = new Thread(() -> {
                loader.stop();
                try {
                    done.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "navpack-load-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            long total = 0;
            for (Input i : files) {
                total += i.stdin() ? stdin.length : Files.size(i.file());
            }
            Progress progress = new Progress(err, files.size(), total);
            List<String> failures = new ArrayList<>();
            long documents = 0;
            long bytes = 0;
            int filesDone = 0;
            String stoppedAt = null;
            boolean interrupted = false;
            long start = System.nanoTime();
            for (Input i : files) {
                byte[] content = i.stdin() ? stdin : Files.readAllBytes(i.file());
                DocumentFormat f = given != null ? given : DocumentFormat.ofFileName(String.valueOf(i.file().getFileName()));
                try {
                    if (f == null) {
                        throw new IllegalArgumentException(i.source() + ": its extension names no format: use --format");
                    }
                    documents += loader.load(f, content, i.source(), i.keyStem());
                    bytes += content.length;
                    filesDone++;
                } catch (DocumentLoader.Stopped s) {
                    interrupted = true;
                    stoppedAt = i.source();
                    break;
                } catch (DocumentException | NavpackException | IllegalArgumentException | IllegalStateException e) {
                    failures.add((e instanceof DocumentException || String.valueOf(e.getMessage()).startsWith(i.source())
                            ? "" : i.source() + ": ") + e.getMessage());
                    if (stop) {
                        stoppedAt = i.source();
                        break;
                    }
                }
                progress.advance(content.length);
                if (stop && !loader.lostBatches().isEmpty()) {
                    stoppedAt = i.source();
                    break;
                }
            }
            boolean settled = loader.flush(2, TimeUnit.MINUTES);
            progress.finish();
            double seconds = (System.nanoTime() - start) / 1e9;
            if (schema.evolutions() > 0 && schemaChoice.file != null) {
                schema.write(schemaChoice.file);
            }
            out.printf(Locale.ROOT, "%s %d documents from %d of %d files into map %s: %s, %.1f s, %.0f documents/s, %.1f MB/s;"
                            + " %d entries stored: %d new, %d replaced, %d unchanged (byte-equal to the stored entry, not"
                            + " written again)%s%n", interrupted ? "interrupted after loading" : "loaded", documents, filesDone,
                    files.size(), map, Progress.bytes(bytes), seconds, documents / Math.max(seconds, 1e-9),
                    bytes / 1e6 / Math.max(seconds, 1e-9), loader.stored(), loader.added(), loader.replaced(),
                    loader.unchanged(), loader.unchecked() == 0 ? "" : ", " + loader.unchecked()
                            + " written without that check (the entries before them could not be read)");
            if (interrupted) {
                out.println("stopped before " + stoppedAt + ": every stored entry is whole; loading the same files again"
                        + " completes the map (same keys)");
            } else if (stoppedAt != null) {
                out.println("stopped at " + stoppedAt + " (--on-error stop); the files before it are loaded");
            }
            if (!settled) {
                out.println("some batches were still on their way after 2 minutes: their entries may or may not be stored");
            }
            if (schema.evolutions() > 0) {
                out.printf("the schema grew %d times to hold documents it did not%s; the cluster has every version:%n",
                        schema.evolutions(), schemaChoice.file != null ? " (" + schemaChoice.file + " rewritten)" : "");
                Growths.print(out, schema.growths());
            }
            for (DocumentLoader.LostBatch l : loader.lostBatches()) {
                failures.add(l.documents() + " documents of " + String.join(", ", l.sources()) + " not stored: " + l.reason());
            }
            if (!failures.isEmpty()) {
                out.println(failures.size() + " failures:");
                for (String f : failures) {
                    out.println("  " + f);
                }
            }
            out.flush();
            return interrupted || !settled ? Main.INCOMPLETE : failures.isEmpty() ? Main.OK : Main.FAILED;
        } finally {
            done.countDown();
            hz.shutdown();
        }
    }

    private List<Input> inputs(DocumentFormat given) throws IOException {
        List<Input> files = new ArrayList<>();
        for (String a : inputs) {
            if (a.equals("-")) {
                files.add(new Input(Path.of("-"), "stdin", true));
                continue;
            }
            Path p = Path.of(a);
            if (!Files.exists(p)) {
                throw new CliException(Main.USAGE, "no such file or directory: " + p);
            }
            if (Files.isDirectory(p)) {
                try (Stream<Path> s = Files.walk(p)) {
                    s.filter(Files::isRegularFile).filter(f -> given != null ? matches(f, given)
                                    : DocumentFormat.ofFileName(String.valueOf(f.getFileName())) != null).sorted()
                            .forEach(f -> files.add(new Input(f, stem(p.relativize(f).toString().replace('\\', '/')), false)));
                }
            } else {
                files.add(new Input(p, stem(String.valueOf(p.getFileName())), false));
            }
        }
        if (files.isEmpty()) {
            throw new CliException(Main.USAGE, "no documents in " + inputs);
        }
        return files;
    }

    private static boolean matches(Path f, DocumentFormat format) {
        DocumentFormat d = DocumentFormat.ofFileName(String.valueOf(f.getFileName()));
        return d == null || d == format || (d.json() && format.json());
    }

    static String stem(String relative) {
        int slash = relative.lastIndexOf('/');
        int dot = relative.lastIndexOf('.');
        return dot > slash + 1 ? relative.substring(0, dot) : relative;
    }

    /** The schema file, the map's schema in the cluster, or one inferred from the inputs. */
    private DocumentSchema schema(HazelcastInstance hz, List<Input> files, byte[] stdin, DocumentFormat given, PrintStream err)
            throws IOException {
        if (schemaChoice.file != null) {
            try {
                return DocumentSchema.read(schemaChoice.file);
            } catch (DocumentSchemaException e) {
                throw new CliException(Main.USAGE, e.getMessage(), e);
            }
        }
        DocumentSchema kept = DocumentCatalog.read(hz, map);
        if (kept != null) {
            err.println("map " + map + " has a schema in the cluster (" + kept + "): loading with it");
            return kept;
        }
        DocumentFormat f = given;
        if (f == null) {
            List<Path> paths = files.stream().map(Input::file).toList();
            f = ConvertCommand.formatOf(paths);
        }
        // type ids after those of the other maps' documents, so that their schemas never claim the same ids
        String name = type != null ? type : files.get(0).stdin() ? map : SchemaInference.defaultName(Path.of(inputs.get(0)));
        DocumentSchema named = DocumentCatalog.byName(hz, name);
        if (named != null && named.format().json() == f.json() && (named.format() == f || f.json())) {
            // type names are the cluster's: the schema of that name is this one, grown to hold these documents
            err.println("the cluster has a document schema named " + name + " (" + named + "): loading with it");
            return named;
        }
        SchemaInference inference = SchemaInference.of(f).firstTypeId(DocumentCatalog.firstFreeTypeId(hz, map));
        inference.name(name);
        try {
            for (Input i : files) {
                inference.add(i.stdin() ? stdin : Files.readAllBytes(i.file()), i.source());
            }
            DocumentSchema s = inference.infer();
            err.println("inferred " + s + " from " + inference.documents() + " documents");
            return s;
        } catch (DocumentException e) {
            throw new CliException(Main.FAILED, "cannot infer a schema: " + e.getMessage()
                    + " (leave the file out, or infer from good samples with 'navpack infer' and load with --schema)", e);
        }
    }

    /** Submits the Jet job that loads the files of each member's directory and waits for it. */
    private int onMembers() throws IOException {
        if (!inputs.isEmpty()) {
            throw new CliException(Main.USAGE, "--on-members loads the files on the members: name no files here");
        }
        if (format == null) {
            throw new CliException(Main.USAGE, "--on-members needs --format (xml, json, ndjson or csv)");
        }
        DocumentFormat f = DocumentFormat.of(format);
        PrintStream out = System.out;
        HazelcastInstance hz = cluster.connect();
        try {
            DocumentSchema schema;
            if (schemaChoice.file != null) {
                try {
                    schema = DocumentSchema.read(schemaChoice.file);
                } catch (DocumentSchemaException e) {
                    throw new CliException(Main.USAGE, e.getMessage(), e);
                }
            } else {
                schema = DocumentCatalog.read(hz, map);
                if (schema == null) {
                    throw new CliException(Main.USAGE, "--on-members needs --schema FILE (the documents are on the members,"
                            + " where no schema is inferred) unless map " + map + " has a schema in the cluster");
                }
            }
            DocumentCatalog.publish(hz, map, schema);
            IList<String> failures = hz.getList(DocumentPipelines.failuresList(map));
            failures.clear();
            int before = hz.getMap(map).size();
            long start = System.nanoTime();
            String pattern = glob != null ? glob : "*." + f.extension();
            Job job = hz.getJet().newJob(DocumentPipelines.load(onMembers, pattern, f, schema, map, key),
                    new JobConfig().setName("navpack load " + map + " from " + onMembers));
            System.err.println("navpack: job " + job.getIdString() + " loads " + onMembers + "/" + pattern
                    + " on every member into map " + map);
            try {
                job.join();
            } catch (RuntimeException e) {
                throw new CliException(Main.FAILED, "the load job failed: " + e.getMessage(), e);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            int after = hz.getMap(map).size();
            out.printf(Locale.ROOT, "loaded on the members from %s into map %s: %d entries (%+d), %.1f s%n", onMembers, map,
                    after, after - before, seconds);
            List<String> failed = new ArrayList<>(failures);
            if (!failed.isEmpty()) {
                out.println(failed.size() + " failures:");
                failed.forEach(x -> out.println("  " + x));
                return Main.FAILED;
            }
            return Main.OK;
        } finally {
            hz.shutdown();
        }
    }
}
