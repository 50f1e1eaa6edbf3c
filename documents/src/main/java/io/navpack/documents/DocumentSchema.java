package io.navpack.documents;

import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;

import java.util.List;

/**
 * A schema for documents without classes: navpack record types for a set of XML, JSON or CSV documents, with
 * what it takes to write the documents back exactly (names, namespaces, order). Inferred by
 * {@link SchemaInference}, kept as a schema file ({@link #toJson()}, {@link #parse(String)}), and grown
 * compatibly when a document does not fit it. Thread-safe: transcoders on many threads share one.
 */
public final class DocumentSchema {
    private volatile Model model;

    DocumentSchema(Model model) {
        this.model = model;
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

    @Override
    public String toString() {
        Model m = model;
        return "DocumentSchema " + m.name + " (" + m.format.extension() + ", " + m.types.size() + " types)";
    }
}
