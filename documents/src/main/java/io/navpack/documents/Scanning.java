package io.navpack.documents;

/** Inference's reading of one file's bytes in any format. */
final class Scanning {
    private Scanning() {
    }

    /** One document of {@code format}: an XML or JSON document, a JSON line, a CSV record with its header. */
    static void scanOne(DocumentFormat format, byte[] bytes, int off, int len, String source, Stats stats, Limits limits) {
        switch (format) {
            case XML -> XmlScanner.scan(bytes, off, len, source, stats, limits);
            default -> throw new UnsupportedOperationException(format + " is not read yet");
        }
    }

    static void scan(DocumentFormat format, byte[] bytes, String source, Stats stats, Limits limits) {
        switch (format) {
            case XML -> XmlScanner.scan(bytes, 0, bytes.length, source, stats, limits);
            default -> throw new UnsupportedOperationException(format + " is not read yet");
        }
    }
}
