package io.navpack.format;

/**
 * A schema that cannot be built or registered: an unsupported Java type, a conflict between two
 * schemas that claim the same type id and version, or a class that cannot be bound to a schema.
 */
public class SchemaException extends NavpackException {
    private static final long serialVersionUID = 1L;

    public SchemaException(String message) {
        super(message);
    }

    public SchemaException(String message, Throwable cause) {
        super(message, cause);
    }
}
