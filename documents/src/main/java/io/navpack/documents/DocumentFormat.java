package io.navpack.documents;

import java.util.Locale;

/** The document formats navpack reads and writes. */
public enum DocumentFormat {
    /** An XML document per file or value. */
    XML("xml"),
    /** A JSON document per file or value. */
    JSON("json"),
    /** JSON documents one per line: each line is a value. */
    NDJSON("ndjson"),
    /** CSV with a header line: each row is a value. */
    CSV("csv");

    private final String extension;

    DocumentFormat(String extension) {
        this.extension = extension;
    }

    /** The file extension, without the dot. */
    public String extension() {
        return extension;
    }

    /** The format a file name's extension names ({@code .xml}, {@code .json}, {@code .ndjson} or {@code .jsonl}, {@code .csv}), or null. */
    public static DocumentFormat ofFileName(String fileName) {
        String n = fileName.toLowerCase(Locale.ROOT);
        if (n.endsWith(".xml")) {
            return XML;
        }
        if (n.endsWith(".ndjson") || n.endsWith(".jsonl")) {
            return NDJSON;
        }
        if (n.endsWith(".json")) {
            return JSON;
        }
        if (n.endsWith(".csv")) {
            return CSV;
        }
        return null;
    }

    /** The format of {@code name}: {@code xml}, {@code json}, {@code ndjson}, {@code csv}, any case. */
    public static DocumentFormat of(String name) {
        for (DocumentFormat f : values()) {
            if (f.extension.equalsIgnoreCase(name) || f.name().equalsIgnoreCase(name)) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown document format '" + name + "': xml, json, ndjson or csv");
    }

    /** True for the JSON formats. */
    public boolean json() {
        return this == JSON || this == NDJSON;
    }
}
