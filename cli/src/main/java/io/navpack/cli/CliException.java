package io.navpack.cli;

/** A failure with a one-line message and the exit code it maps to. */
public final class CliException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    final int exitCode;

    public CliException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public CliException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }
}
