package io.navpack.format;

/**
 * What a field holds, and so how it is encoded. The code is the byte that names the kind in a
 * schema's binary form; it never changes once released.
 */
public enum Kind {
    BOOLEAN(1, 1),
    BYTE(2, 1),
    SHORT(3, -1),
    CHAR(4, -1),
    INT(5, -1),
    LONG(6, -1),
    FLOAT(7, 4),
    DOUBLE(8, 8),
    STRING(9, -1),
    DECIMAL(10, -1),
    BIG_INTEGER(11, -1),
    DATE(12, -1),
    TIME(13, -1),
    DATE_TIME(14, -1),
    INSTANT(15, -1),
    OFFSET_DATE_TIME(16, -1),
    UUID(17, 16),
    ENUM(18, -1),
    BYTES(19, -1),
    RECORD(20, -1),
    LIST(21, -1),
    SET(22, -1),
    ARRAY(23, -1),
    MAP(24, -1);

    private static final Kind[] BY_CODE = new Kind[32];

    static {
        for (Kind k : values()) {
            BY_CODE[k.code] = k;
        }
    }

    final int code;
    final int fixedSize;

    Kind(int code, int fixedSize) {
        this.code = code;
        this.fixedSize = fixedSize;
    }

    /** The byte that names this kind in a schema's binary form. */
    public int code() {
        return code;
    }

    /** Encoded size in bytes when it is the same for every value, else -1. */
    int fixedSize() {
        return fixedSize;
    }

    /** True for the kinds a Java primitive can hold (boolean, byte, short, char, int, long, float, double). */
    public boolean isPrimitive() {
        return code <= DOUBLE.code;
    }

    /** True for list, set and array. */
    public boolean isCollection() {
        return this == LIST || this == SET || this == ARRAY;
    }

    static Kind ofCode(int code, int offset) {
        Kind k = code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
        if (k == null) {
            throw new NavpackFormatException("unknown field kind code " + code, offset);
        }
        return k;
    }
}
