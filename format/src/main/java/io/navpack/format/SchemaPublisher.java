package io.navpack.format;


import java.util.List;

/**
 * Where a {@link SchemaRegistry} agrees the schemas it creates with others before any value of them is
 * written, e.g. a cluster's shared catalog. The publisher applies the rules of {@link SchemaCatalog}
 * to what it holds and makes the agreed schemas known wherever values are read.
 */
@FunctionalInterface
public interface SchemaPublisher {
    /**
     * Agrees {@code proposals} in one go. The answer holds one entry per proposal, in order: the schema
     * agreed for it (the proposal itself, an equal schema, or with {@code chooseVersion} the proposal's
     * fields under the version chosen), or the {@link SchemaException} that refused it. Throws
     * {@link NavpackException} when the others cannot be reached.
     */
    List<Answer> publish(List<Proposal> proposals);

    /**
     * Publishes schemas that were agreed before, again, because the other side may have lost them (it
     * restarted, or this JVM was cut off from it): like {@link #publish}, but makes them known everywhere
     * even where they are still agreed.
     */
    default List<Answer> republish(List<Proposal> proposals) {
        return publish(proposals);
    }

    /** A schema to agree; with {@code chooseVersion} its version is chosen by the rules, not taken from it. */
    record Proposal(Schema schema, boolean chooseVersion) {
    }

    /** The schema agreed for a proposal, or why it was refused. */
    record Answer(Schema agreed, SchemaException refused) {
        public static Answer agreed(Schema schema) {
            return new Answer(schema, null);
        }

        public static Answer refused(SchemaException why) {
            return new Answer(null, why);
        }
    }
}
