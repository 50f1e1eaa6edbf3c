package io.navpack.documents;

import io.navpack.format.FieldType;

import java.util.Locale;

/**
 * The scalar types a document's text (or a JSON value) is stored as. Each is chosen only when every sample
 * reads back to exactly its text ({@link Texts}); {@link #STRING} holds anything.
 */
enum TextType {
    /** {@code true} or {@code false}. */
    BOOLEAN(FieldType.BOOLEAN),
    /** A decimal integer in its shortest form that fits 64 bits: no sign but {@code -}, no leading zero. */
    LONG(FieldType.LONG),
    /** A plain decimal ({@code -12.50}), its scale kept: no exponent, no leading zero, no {@code -0}. */
    DECIMAL(FieldType.DECIMAL),
    /** {@code 2024-05-31}: a four-digit year. */
    DATE(FieldType.DATE),
    /** {@code 2024-05-31T10:15:30}, with a fraction of a second without trailing zeros. */
    DATE_TIME(FieldType.DATE_TIME),
    /** A date-time with an offset: {@code Z} or {@code +01:00} (never {@code +00:00}, which reads back as {@code Z}). */
    OFFSET_DATE_TIME(FieldType.OFFSET_DATE_TIME),
    /** {@code 10:15:30}, with a fraction of a second without trailing zeros. */
    TIME(FieldType.TIME),
    /** Any text. */
    STRING(FieldType.STRING),
    /** Raw JSON text, kept as it was written: values whose kinds no single type holds. */
    JSON(FieldType.STRING),
    /** Bytes (the order of an element's children, when it differs from the schema's). */
    BYTES(FieldType.BYTES);

    /** The types inference tries on text, most specific first. */
    static final TextType[] CANDIDATES = {BOOLEAN, LONG, DECIMAL, DATE, DATE_TIME, OFFSET_DATE_TIME, TIME};
    /** Every candidate fits: the state before any sample. */
    static final int ALL = (1 << CANDIDATES.length) - 1;

    final FieldType fieldType;

    TextType(FieldType fieldType) {
        this.fieldType = fieldType;
    }

    /** The name in schema files. */
    String fileName() {
        return name().toLowerCase(Locale.ROOT);
    }

    static TextType ofFileName(String name) {
        for (TextType t : values()) {
            if (t.fileName().equals(name)) {
                return t;
            }
        }
        return null;
    }

    /** Bit of this type in a mask of {@link #CANDIDATES}; 0 for string, JSON and bytes. */
    int bit() {
        int o = ordinal();
        return o < CANDIDATES.length ? 1 << o : 0;
    }

    /** The most specific type in {@code fits} (a mask of candidates), or {@link #STRING}. */
    static TextType best(int fits) {
        for (TextType t : CANDIDATES) {
            if ((fits & t.bit()) != 0) {
                return t;
            }
        }
        return STRING;
    }

    /** True when a number type: JSON writes it as a number. */
    boolean numeric() {
        return this == LONG || this == DECIMAL;
    }
}
