package io.navpack.extract;

import java.util.Locale;

/** How {@link NavpackExtractor} reads fields of a value. */
public enum ExtractionMode {
    /** Single-field reads until they cost more than the schema's measured full decode (or a pinned number of fields), then one full decode. */
    ADAPTIVE,
    /** Always single-field reads. */
    PARTIAL,
    /** Always decode the whole value at its first read. */
    FULL;

    static ExtractionMode parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(ExtractSettings.MODE + " must be adaptive, partial or full, not '" + text + "'", e);
        }
    }
}
