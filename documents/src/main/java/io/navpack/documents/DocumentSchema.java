package io.navpack.documents;

import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;

import java.util.List;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A schema for documents without classes: navpack record types for a set of XML, JSON or CSV documents, with
 * what it takes to write the documents back exactly (names, namespaces, order). Inferred by
 * {@link SchemaInference}, kept as a schema file ({@link #toJson()}, {@link #parse(String)}), and grown
 * compatibly when a document does not fit it. Thread-safe: transcoders on many threads share one.
 */
public final class DocumentSchema {
    private volatile Model model;
    private final List<Consumer<DocumentSchema>> listeners =
            new CopyOnWriteArrayList<>();
    private final AtomicLong evolutions = new AtomicLong();
    private final List<Growth> growths = new CopyOnWriteArrayList<>();
    private volatile SharedGrowth sharedGrowth;

    /**
     * Where copies of one schema are held in several places (the members of a cluster), the way they grow as one:
     * {@link #grow} is called when a document does not fit this copy, and must run {@code growHere} while no other
     * copy grows, after bringing this copy up to the newest one ({@link #adopt}). Growing then happens once, from the
     * newest version, wherever the document was met first.
     */
    public interface SharedGrowth {
        /**
         * Runs {@code growHere} (which grows this copy and calls its {@link #onEvolution} listeners) while no other copy
         * grows; before that, {@link #adopt adopts} the newest copy if this one is older, in which case
         * {@code growHere} does nothing and the document is tried again on the newer schema.
         */
        void grow(DocumentSchema schema, Runnable growHere);
    }

    /** Sets how this copy grows together with the others (see {@link SharedGrowth}); null: alone (the default). */
    public void sharedGrowth(SharedGrowth g) {
        this.sharedGrowth = g;
    }

    /**
     * Takes the model of {@code newer}, a later copy of this schema (the same types, and at least the same versions),
     * unless this one already holds every version of it; returns whether it did. Listeners are not called: the newer
     * copy's versions are registered where it was grown.
     */
    public synchronized boolean adopt(DocumentSchema newer) {
        if (holdsAll(newer)) {
            return false;
        }
        model = newer.model;
        return true;
    }

    /**
     * Whether this schema holds every navpack schema (type id and version) of {@code other}: it is {@code other} or a
     * later copy of it, grown since.
     */
    public boolean holdsAll(DocumentSchema other) {
        java.util.Set<Long> have = new java.util.HashSet<>();
        for (Schema s : model.schemas()) {
            have.add(((long) s.typeId() << 32) | (s.version() & 0xFFFFFFFFL));
        }
        for (Schema s : other.model.schemas()) {
            if (!have.contains(((long) s.typeId() << 32) | (s.version() & 0xFFFFFFFFL))) {
                return false;
            }
        }
        return true;
    }

    DocumentSchema(Model model) {
        this.model = model;
    }

    /**
     * Calls {@code listener} each time the schema grows to hold a document that did not fit it (on the thread
     * that transcodes that document, before its value is returned): e.g. to register the new versions in a
     * cluster or to save the schema file. The new navpack schemas are in {@link #navpackSchemas()}.
     */
    public void onEvolution(Consumer<DocumentSchema> listener) {
        listeners.add(listener);
    }

    /** How many times the schema has grown since it was made or read. */
    public long evolutions() {
        return evolutions.get();
    }

    /**
     * Each growth since the schema was made or read, in order: the document that made it, why it did not fit, and
     * the types and fields that grew (the first 1,000).
     */
    public List<Growth> growths() {
        return List.copyOf(growths);
    }

    /**
     * Grows the schema so that it holds the document that did not fit {@code seen}; does nothing when another
     * thread grew it meanwhile. Throws the misfit as a {@link DocumentException} when no compatible change can.
     */
    synchronized boolean evolve(Model seen, DocumentFormat format, byte[] doc, int off, int len, String source,
                                Limits limits, Misfit misfit) {
        if (model != seen) {
            return false;
        }
        Stats stats = new Stats(seen.format);
        Scanning.scanOne(format, doc, off, len, source, stats, limits);
        return evolve(seen, stats, source, misfit);
    }

    /**
     * Grows the schema from the stats of one document that did not fit {@code seen} (see above); returns whether this
     * call grew it, rather than finding it grown meanwhile (here or, with a {@link SharedGrowth}, elsewhere).
     */
    synchronized boolean evolve(Model seen, Stats stats, String source, Misfit misfit) {
        if (model != seen) {
            return false;
        }
        SharedGrowth g = sharedGrowth;
        if (g == null) {
            grow(seen, stats, source, misfit);
            return true;
        }
        boolean[] grew = {false};
        g.grow(this, () -> {
            synchronized (this) {
                if (model == seen) {
                    grow(seen, stats, source, misfit);
                    grew[0] = true;
                }
            }
        });
        return grew[0];
    }

    private void grow(Model seen, Stats stats, String source, Misfit misfit) {
        Model next;
        try {
            next = Evolution.evolve(seen, stats);
        } catch (Evolution.Refused r) {
            throw misfit.toException(source, r.getMessage());
        }
        boolean grown = next.types.size() != seen.types.size();
        for (RecType t : next.types) {
            RecType before = seen.type(t.name);
            grown |= before == null || before.version != t.version || before.root != t.root;
        }
        if (!grown) {
            throw misfit.toException(source, "the schema cannot grow to hold it");
        }
        if (growths.size() < 1_000) {
            growths.add(Growth.between(seen.schemas(), next.schemas(), source, misfit.where()));
        }
        model = next;
        evolutions.incrementAndGet();
        for (Consumer<DocumentSchema> l : listeners) {
            l.accept(this);
        }
    }

    Model model() {
        return model;
    }

    /** The schema's name: the root type of JSON and CSV documents, the prefix of the other type names. */
    public String name() {
        return model.name;
    }

    /** The format it was inferred from. */
    public DocumentFormat format() {
        return model.format;
    }

    /** The names of the record types, in the schema file's order. */
    public List<String> typeNames() {
        return model.types.stream().map(t -> t.name).toList();
    }

    /** Every navpack schema of every type and version, in the order of type id and version. */
    public List<Schema> navpackSchemas() {
        return model.schemas();
    }

    /** Teaches {@code registry} every navpack schema of this schema (all versions), so it can read the values. */
    public void registerIn(SchemaRegistry registry) {
        for (Schema s : model.schemas()) {
            registry.learn(s);
        }
    }

    /** A registry of its own that holds every version of every type. */
    public SchemaRegistry registry() {
        return model.registry;
    }

    /** A transcoder for one thread. */
    public Transcoder transcoder() {
        return new Transcoder(this, Limits.DEFAULT);
    }

    public Transcoder transcoder(Limits limits) {
        return new Transcoder(this, limits);
    }

    /** The schema file: JSON to read, edit and commit; {@link #parse(String)} reads it back. */
    public String toJson() {
        return SchemaFile.write(model);
    }

    /** A schema from its schema file's text; {@link DocumentSchemaException} names what is wrong and where. */
    public static DocumentSchema parse(String schemaFile) {
        return new DocumentSchema(SchemaFile.read(schemaFile));
    }

    /** Reads a schema file. */
    public static DocumentSchema read(Path file) throws IOException {
        try {
            return parse(Files.readString(file));
        } catch (DocumentSchemaException e) {
            throw new DocumentSchemaException(file + ": " + e.getMessage(), e);
        }
    }

    /** Writes the schema file, atomically (a temporary file beside it, then a move). */
    public void write(Path file) throws IOException {
        Path abs = file.toAbsolutePath();
        Path dir = Objects.requireNonNull(abs.getParent(), "a file has a directory");
        Path tmp = Files.createTempFile(dir, String.valueOf(abs.getFileName()), ".tmp");
        try {
            Files.writeString(tmp, toJson());
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    @Override
    public String toString() {
        Model m = model;
        return "DocumentSchema " + m.name + " (" + m.format.extension() + ", " + m.types.size() + " types)";
    }
}
