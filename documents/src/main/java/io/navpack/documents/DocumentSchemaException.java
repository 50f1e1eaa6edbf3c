package io.navpack.documents;

/** A schema file or schema that cannot be used: the message names the type, field or line and what to fix. */
public class DocumentSchemaException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public DocumentSchemaException(String message) {
        super(message);
    }

    public DocumentSchemaException(String message, Throwable cause) {
        super(message, cause);
    }
}
