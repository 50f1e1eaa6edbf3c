package io.navpack.documents;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Infers a {@link DocumentSchema} from sample documents: record types, fields, lists, types, enums, the order of
 * XML children. Samples add up in any order; a few thousand documents take seconds.
 *
 * <pre>{@code
 * DocumentSchema schema = SchemaInference.of(DocumentFormat.XML)
 *         .name("fpml")                       // type names fpml.trade, fpml.party, ...
 *         .addPath(Path.of("data/fpml"))      // every .xml file below
 *         .infer();
 * Files.writeString(Path.of("fpml.schema.json"), schema.toJson());
 * }</pre>
 */
public final class SchemaInference {
    /** First type id given when none is chosen: ids up to 63 take one byte in every value, and 1..15 stay free for hand-made types. */
    public static final int DEFAULT_FIRST_TYPE_ID = 16;

    private final DocumentFormat format;
    private final Stats stats;
    private String name;
    private int firstTypeId = DEFAULT_FIRST_TYPE_ID;
    private Limits limits = Limits.DEFAULT;
    private boolean inline = true;

    private SchemaInference(DocumentFormat format) {
        this.format = format;
        this.stats = new Stats(format == DocumentFormat.NDJSON ? DocumentFormat.JSON : format);
    }

    public static SchemaInference of(DocumentFormat format) {
        return new SchemaInference(format);
    }

    /**
     * The schema's name: the root type of JSON and CSV documents, and the prefix of every other type name
     * ({@code fpml.trade}). Defaults to the first file or directory's name.
     */
    public SchemaInference name(String schemaName) {
        if (schemaName == null || schemaName.isBlank()) {
            throw new IllegalArgumentException("the schema name must not be empty");
        }
        if (TextType.ofFileName(schemaName) != null || schemaName.equals("enum") || schemaName.contains("<")) {
            throw new IllegalArgumentException("the schema name " + schemaName + " is a type of the schema file: choose another");
        }
        this.name = schemaName;
        return this;
    }

    /** The id of the most frequent type; the others follow. Ids up to 63 take one byte in a value. */
    public SchemaInference firstTypeId(int id) {
        if (id < 0) {
            throw new IllegalArgumentException("type ids are not negative: " + id);
        }
        this.firstTypeId = id;
        return this;
    }

    /**
     * Whether an XML element without child elements (text and attributes only, such as
     * {@code <currency currencyScheme="...">EUR</currency>}) is kept in its parent's record as fields
     * {@code currency} and {@code currency_currencyScheme} (the default: no record header per element), or
     * is a record of its own with a field {@code value} for its text.
     */
    public SchemaInference inlineSimpleElements(boolean on) {
        this.inline = on;
        return this;
    }

    public SchemaInference limits(Limits l) {
        this.limits = l;
        return this;
    }

    /**
     * Adds the documents of one file's bytes: one document for XML and JSON, a document per line for NDJSON, a
     * document per row for CSV. {@code source} names it in errors.
     */
    public SchemaInference add(byte[] bytes, String source) {
        Scanning.scan(format, bytes, source, stats, limits);
        return this;
    }

    /** Adds a file, or every file of the format below a directory (by extension: .xml, .json, .ndjson/.jsonl, .csv). */
    public SchemaInference addPath(Path path) {
        if (name == null) {
            name = defaultName(path);
        }
        for (Path f : files(path, format)) {
            try {
                add(Files.readAllBytes(f), f.toString());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + f + ": " + e.getMessage(), e);
            }
        }
        return this;
    }

    /** Documents read so far. */
    public long documents() {
        return stats.documents;
    }

    public DocumentSchema infer() {
        if (stats.documents == 0) {
            throw new IllegalStateException("no " + format.extension() + " documents to infer a schema from");
        }
        return new DocumentSchema(ModelBuilder.infer(stats, format, name == null ? "documents" : name, firstTypeId, inline));
    }

    /** The files of {@code path} in the format: the file itself, or those below a directory, sorted. */
    public static List<Path> files(Path path, DocumentFormat format) {
        if (!Files.isDirectory(path)) {
            return List.of(path);
        }
        try (Stream<Path> s = Files.walk(path)) {
            List<Path> out = new ArrayList<>();
            s.filter(Files::isRegularFile).filter(p -> matches(p, format)).sorted().forEach(out::add);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + path + ": " + e.getMessage(), e);
        }
    }

    private static boolean matches(Path p, DocumentFormat format) {
        DocumentFormat f = DocumentFormat.ofFileName(String.valueOf(p.getFileName()));
        return f == format || (format.json() && f != null && f.json());
    }

    /** The schema name {@link #addPath} takes from a file or directory: its name without extension, as an identifier. */
    public static String defaultName(Path path) {
        Path n = path.toAbsolutePath().normalize().getFileName();
        String s = n == null ? "documents" : n.toString();
        int dot = s.indexOf('.');
        if (dot > 0) {
            s = s.substring(0, dot);
        }
        s = ModelBuilder.identifier(s);
        return TextType.ofFileName(s) != null || s.equals("enum") ? s + "_" : s;
    }
}
