package io.navpack.format;

/** Base of every exception navpack throws on purpose. */
public class NavpackException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public NavpackException(String message) {
        super(message);
    }

    public NavpackException(String message, Throwable cause) {
        super(message, cause);
    }
}
