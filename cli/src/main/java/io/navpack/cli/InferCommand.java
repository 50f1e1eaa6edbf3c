package io.navpack.cli;

import io.navpack.documents.DocumentException;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.SchemaInference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "infer", mixinStandardHelpOptions = true,
        description = {"Infers a document schema from sample documents and prints its schema file (JSON).", "",
                "XML, JSON, NDJSON or CSV with a header; directories are read for files of the format (by extension).",
                "Every record type, field, list, type and enum comes from the samples; the schema file can be edited",
                "and committed, and 'navpack convert --schema' takes it."})
final class InferCommand implements Callable<Integer> {
    @Option(names = "--format", paramLabel = "xml|json|ndjson|csv",
            description = "The documents' format; by default from the files' extensions.")
    String format;

    @Option(names = "--type", paramLabel = "NAME",
            description = "The schema's name: the root type of JSON and CSV documents, the prefix of the other type names"
                    + " (default: the first file or directory's name).")
    String type;

    @Option(names = "--first-type-id", paramLabel = "N", defaultValue = "" + SchemaInference.DEFAULT_FIRST_TYPE_ID,
            description = "Type id of the most frequent type; the others follow (ids up to 63 take one byte; default ${DEFAULT-VALUE}).")
    int firstTypeId;

    @Option(names = "--no-inline", description = "Keep XML elements that have attributes as records of their own, with a"
            + " 'value' field for their text, instead of as fields of their parent.")
    boolean noInline;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the schema file here instead of to standard output.")
    Path out;

    @Parameters(paramLabel = "FILE|DIR", arity = "1..*", description = "Sample documents, or directories of them.")
    List<Path> inputs;

    @Override
    public Integer call() throws IOException {
        PrintStream err = System.err;
        DocumentFormat f = format != null ? DocumentFormat.of(format) : ConvertCommand.formatOf(inputs);
        List<Path> files = new ArrayList<>();
        for (Path p : inputs) {
            if (!Files.exists(p)) {
                throw new CliException(Main.USAGE, "no such file or directory: " + p);
            }
            files.addAll(SchemaInference.files(p, f));
        }
        if (files.isEmpty()) {
            throw new CliException(Main.USAGE, "no " + f.extension() + " files in " + inputs);
        }
        SchemaInference inference = SchemaInference.of(f).firstTypeId(firstTypeId).inlineSimpleElements(!noInline);
        if (type != null) {
            inference.name(type);
        } else {
            inference.name(SchemaInference.defaultName(inputs.get(0)));
        }
        long total = 0;
        for (Path p : files) {
            total += Files.size(p);
        }
        Progress progress = new Progress(err, files.size(), total);
        List<String> failures = new ArrayList<>();
        long start = System.nanoTime();
        for (Path p : files) {
            byte[] bytes = Files.readAllBytes(p);
            try {
                inference.add(bytes, p.toString());
            } catch (DocumentException e) {
                failures.add(e.getMessage());
            }
            progress.advance(bytes.length);
        }
        progress.finish();
        if (inference.documents() == 0) {
            for (String s : failures) {
                err.println("  " + s);
            }
            throw new CliException(Main.FAILED, "no document could be read: no schema");
        }
        DocumentSchema schema = inference.infer();
        String json = schema.toJson();
        if (out != null) {
            schema.write(out);
        } else {
            System.out.write(json.getBytes(StandardCharsets.UTF_8));
            System.out.flush();
        }
        err.printf("inferred %s from %d documents in %d files (%s) in %.1f s: %d record types%s%n",
                schema.name(), inference.documents(), files.size(), Progress.bytes(total), (System.nanoTime() - start) / 1e9,
                schema.typeNames().size(), out == null ? "" : ", written to " + out);
        if (!failures.isEmpty()) {
            err.println(failures.size() + " files could not be read and are not in the schema:");
            for (String s : failures) {
                err.println("  " + s);
            }
            return Main.FAILED;
        }
        return Main.OK;
    }
}
