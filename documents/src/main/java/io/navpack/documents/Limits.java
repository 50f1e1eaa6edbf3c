package io.navpack.documents;

/**
 * Bounds every document is held to, whatever its format: a document beyond one is refused with a
 * {@link DocumentException} naming the limit, the place and the setting to raise.
 *
 * @param maxDepth        most nested elements, objects and arrays (at most {@value #DEEPEST}: a navpack value
 *                        holds 64 levels of records and lists, and an element may take two)
 * @param maxDocumentBytes largest document (a file, a JSON line, a CSV row) in bytes
 * @param maxTextLength   longest text, attribute value, string or number, in characters
 */
public record Limits(int maxDepth, long maxDocumentBytes, int maxTextLength) {
    /** The deepest nesting a navpack value can hold. */
    public static final int DEEPEST = 31;

    /** 31 levels, 64 MiB per document, 16 Mi characters per text. */
    public static final Limits DEFAULT = new Limits(DEEPEST, 64L << 20, 16 << 20);

    public Limits {
        if (maxDepth < 1 || maxDepth > DEEPEST) {
            throw new IllegalArgumentException("maxDepth must be 1.." + DEEPEST + ": " + maxDepth);
        }
        if (maxDocumentBytes < 1 || maxTextLength < 1) {
            throw new IllegalArgumentException("limits must be positive");
        }
    }

    public Limits withMaxDepth(int depth) {
        return new Limits(depth, maxDocumentBytes, maxTextLength);
    }

    public Limits withMaxDocumentBytes(long bytes) {
        return new Limits(maxDepth, bytes, maxTextLength);
    }

    public Limits withMaxTextLength(int chars) {
        return new Limits(maxDepth, maxDocumentBytes, chars);
    }
}
