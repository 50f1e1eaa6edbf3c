package io.navpack.format;

/**
 * Bytes that are not a valid navpack value: truncated, corrupted, naming an unknown schema, nested too
 * deeply, or not matching the schema they name. The message says what is wrong and at which offset.
 */
public class NavpackFormatException extends NavpackException {
    private static final long serialVersionUID = 1L;

    private final int offset;

    public NavpackFormatException(String problem, int offset) {
        super(offset >= 0 ? problem + " at offset " + offset : problem);
        this.offset = offset;
    }

    public NavpackFormatException(String problem, int offset, Throwable cause) {
        super(offset >= 0 ? problem + " at offset " + offset : problem, cause);
        this.offset = offset;
    }

    /** Offset in the byte array where the problem was found, or -1 when it has no position. */
    public int offset() {
        return offset;
    }
}
