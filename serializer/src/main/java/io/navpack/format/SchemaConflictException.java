package io.navpack.format;

/**
 * Two different schemas claim the same type id and version, the same type id belongs to two type
 * names, or one type name has two ids. The second registration is refused; both are named.
 */
public class SchemaConflictException extends SchemaException {
    private static final long serialVersionUID = 1L;

    private final transient Schema existing;
    private final transient Schema refused;

    public SchemaConflictException(String problem, Schema existing, Schema refused) {
        super(problem + ": registered " + existing + ", refused " + refused);
        this.existing = existing;
        this.refused = refused;
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
