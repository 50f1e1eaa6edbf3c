package io.navpack.documents;

/** Inference's reading of one file's bytes in any format. */
final class Scanning {
    private Scanning() {
    }

    static void scan(DocumentFormat format, byte[] bytes, String source, Stats stats, Limits limits) {
        switch (format) {
            case XML -> XmlScanner.scan(bytes, 0, bytes.length, source, stats, limits);
            default -> throw new UnsupportedOperationException(format + " is not read yet");
        }
    }
}
