package io.navpack.documents;

/** Inference's reading of documents in any format. */
final class Scanning {
    private Scanning() {
    }

    /** One document of {@code format}: an XML or JSON document (a JSON line). */
    static void scanOne(DocumentFormat format, byte[] bytes, int off, int len, String source, Stats stats, Limits limits) {
        switch (format) {
            case XML -> XmlScanner.scan(bytes, off, len, source, stats, limits);
            case JSON, NDJSON -> JsonScanner.scanOne(Json.factory(limits), bytes, off, len, source, 0, stats, limits);
            default -> throw new IllegalArgumentException("a CSV row is scanned with its header");
        }
    }

    /** Every document of one file's bytes. */
    static void scan(DocumentFormat format, byte[] bytes, String source, Stats stats, Limits limits) {
        switch (format) {
            case XML -> XmlScanner.scan(bytes, 0, bytes.length, source, stats, limits);
            case JSON -> JsonScanner.scan(bytes, 0, bytes.length, false, source, stats, limits);
            case NDJSON -> JsonScanner.scan(bytes, 0, bytes.length, true, source, stats, limits);
            case CSV -> CsvScanner.scan(bytes, 0, bytes.length, source, stats, limits);
            default -> throw new IllegalArgumentException(format.toString());
        }
    }
}
