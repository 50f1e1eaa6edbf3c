package io.navpack.format;


/**
 * A schema that breaks a rule of {@link SchemaCatalog} against one already registered: two different
 * schemas under the same type id and version, a type id for two type names, a type name with two ids,
 * or a field whose type differs between versions of its type. The second registration is refused; the
 * message names the problem, the fields that differ and the fix, then both schemas.
 */
public class SchemaConflictException extends SchemaException {
    private static final long serialVersionUID = 1L;

    private final String problem;
    private final transient Schema existing;
    private final transient Schema refused;

    public SchemaConflictException(String problem, Schema existing, Schema refused) {
        super(problem + " [registered: " + existing + "; refused: " + refused + "]");
        this.problem = problem;
        this.existing = existing;
        this.refused = refused;
    }

    /** The problem and its fix, without the two schemas. */
    public String problem() {
        return problem;
    }

    /** The schema that was registered first and stays. */
    public Schema existing() {
        return existing;
    }

    /** The schema whose registration was refused. */
    public Schema refused() {
        return refused;
    }
}
