package io.navpack.documents;

import io.navpack.format.PackedRecord;
import io.navpack.format.RecordEncoder;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * Turns documents into navpack values and values back into documents, for one thread: it keeps its parsers'
 * settings and its buffers between documents, so that after the largest document it allocates little beyond
 * what the parsers do. Get one from {@link DocumentSchema#transcoder()}.
 *
 * <pre>{@code
 * DocumentSchema schema = DocumentSchema.read(Path.of("fpml.schema.json"));
 * Transcoder t = schema.transcoder();
 * byte[] value = t.toNavpack(Files.readAllBytes(trade), trade.toString());   // XML to navpack
 * byte[] xml = t.toDocument(value, DocumentFormat.XML);                        // and back
 * byte[] json = t.toDocument(value, DocumentFormat.JSON);                      // or as JSON
 *
 * // many documents: every row of a CSV file, every line of NDJSON; the value is valid during the call
 * t.toNavpack(DocumentFormat.NDJSON, bytes, 0, bytes.length, "events.ndjson",
 *         (buf, off, len) -> out.write(buf, off, len));
 * }</pre>
 *
 * <p>A document that does not fit the schema grows it (new fields, enum constants, alternates; see
 * {@link DocumentSchema#onEvolution}) unless {@link #evolving(boolean) evolving} is off; one that cannot be held
 * compatibly, is not well-formed, is hostile (a DTD) or exceeds a {@link Limits limit} is refused with a
 * {@link DocumentException} naming the file, line, column and path.
 */
public final class Transcoder {
    /** Receives one navpack value: bytes {@code offset} to {@code offset + length} of {@code buffer}, valid during the call. */
    @FunctionalInterface
    public interface ValueSink {
        void value(byte[] buffer, int offset, int length) throws IOException;
    }

    /** Receives one navpack value as a record of its own ({@link #toRecords}). */
    @FunctionalInterface
    public interface RecordSink {
        void record(PackedRecord value) throws IOException;
    }

    private final DocumentSchema schema;
    private final Limits limits;
    private final RecordEncoder out = new RecordEncoder(4096);
    private final Utf8Buffer text = new Utf8Buffer(8192);
    private XmlEncoder xmlIn;
    private JsonEncoder jsonIn;
    private CsvEncoder csvIn;
    private Model decodersModel;
    private XmlDecoder xmlOut;
    private JsonDecoder jsonOut;
    private boolean evolving = true;

    Transcoder(DocumentSchema schema, Limits limits) {
        this.schema = schema;
        this.limits = limits;
    }

    public DocumentSchema schema() {
        return schema;
    }

    /**
     * Whether a document that does not fit the schema grows it ({@link DocumentSchema#onEvolution}): the default.
     * Without, such a document is refused with a {@link DocumentException} naming where it does not fit.
     */
    public Transcoder evolving(boolean on) {
        this.evolving = on;
        return this;
    }

    /** Why a document that does not fit is refused when the schema may not grow. */
    static final String NOT_GROWING = "the schema may not grow here (it grows where growth is on: 'navpack stream"
            + " --evolve', Transcoder.evolving(true))";

    /**
     * Whether a document has had its tries against a growing schema: at most 4 growths of its own, and at most 64 tries
     * in all, since each try after the first meets a schema that grew meanwhile (here, in another thread, or on another
     * member: documents met at once by many grow it many times, and each may need the newest copy).
     */
    static boolean triesExhausted(int ownGrowths, int tries) {
        return ownGrowths >= 4 || tries >= 64;
    }

    /** The navpack value of one document in the schema's format (XML or JSON). */
    public byte[] toNavpack(byte[] document, String source) {
        DocumentFormat f = schema.model().format;
        return toNavpack(f == DocumentFormat.CSV || f == DocumentFormat.NDJSON ? DocumentFormat.JSON : f, document, source);
    }

    /** The navpack value of one XML or JSON document. */
    public byte[] toNavpack(DocumentFormat format, byte[] document, String source) {
        if (format == DocumentFormat.CSV || format == DocumentFormat.NDJSON) {
            throw new IllegalArgumentException(format + " holds many documents: use toNavpack(format, bytes, off, len, source, sink)");
        }
        int start = encode(format, document, 0, document.length, source, 0);
        return out.toByteArray(start, out.position());
    }

    /**
     * Every document of one file's bytes, each value given to {@code sink} in order: one for XML and JSON, one per
     * non-blank line for NDJSON, one per row for CSV (its first line the header). Returns how many.
     */
    public long toNavpack(DocumentFormat format, byte[] file, int off, int len, String source, ValueSink sink) {
        try {
            switch (format) {
                case XML, JSON -> {
                    int start = encode(format, file, off, len, source, 0);
                    sink.value(out.buffer(), start, out.position() - start);
                    return 1;
                }
                case NDJSON -> {
                    long n = 0;
                    int end = off + len;
                    long line = 0;
                    for (int start = off; start < end; line++) {
                        int nl = start;
                        while (nl < end && file[nl] != '\n') {
                            nl++;
                        }
                        if (!JsonScanner.blank(file, start, nl)) {
                            int v = encode(DocumentFormat.JSON, file, start, nl - start, source, line);
                            sink.value(out.buffer(), v, out.position() - v);
                            n++;
                        }
                        start = nl + 1;
                    }
                    return n;
                }
                case CSV -> {
                    return csv().encodeAll(schema, file, off, len, source, sink, evolving, limits);
                }
                default -> throw new IllegalArgumentException(format.toString());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private CsvEncoder csv() {
        if (csvIn == null) {
            csvIn = new CsvEncoder(out);
        }
        return csvIn;
    }

    /** Encodes one document, growing the schema when it does not fit; the value is {@link #out} from the result on. */
    private int encode(DocumentFormat format, byte[] doc, int off, int len, String source, long lineBase) {
        int ownGrowths = 0;
        for (int tries = 0; ; tries++) {
            Model m = schema.model();
            try {
                return encode(m, format, doc, off, len, source, lineBase);
            } catch (Misfit misfit) {
                boolean sameFormat = format == m.format || (format.json() && m.format.json());
                if (!evolving || !sameFormat || triesExhausted(ownGrowths, tries)) {
                    if (!evolving && sameFormat) {
                        // the encoder stops at the first thing that does not fit: a document broken further on is
                        // refused as malformed, which is what the user has to fix first
                        Scanning.scanOne(format, doc, off, len, source, new Stats(m.format), limits);
                    }
                    throw misfit.toException(source, !evolving ? NOT_GROWING
                            : !sameFormat ? "a schema inferred from " + m.format.extension() + " grows only from "
                            + m.format.extension() + " documents" : "the schema did not grow to hold it");
                }
                if (schema.evolve(m, format, doc, off, len, source, limits, misfit)) {
                    ownGrowths++;
                }
            }
        }
    }

    private int encode(Model m, DocumentFormat format, byte[] doc, int off, int len, String source, long lineBase) {
        switch (format) {
            case XML -> {
                if (m.format != DocumentFormat.XML) {
                    throw new DocumentException(source, 0, 0, "", "XML documents need a schema inferred from XML; this one"
                            + " is from " + m.format.extension());
                }
                if (xmlIn == null) {
                    xmlIn = new XmlEncoder(limits, out);
                }
                return xmlIn.encode(m, doc, off, len, source);
            }
            case JSON, NDJSON -> {
                if (jsonIn == null) {
                    jsonIn = new JsonEncoder(limits, out);
                }
                return jsonIn.encode(m, doc, off, len, source, lineBase);
            }
            default -> throw new IllegalArgumentException(format + " documents are rows of a file: use toNavpack(format,"
                    + " bytes, off, len, source, sink)");
        }
    }

    /**
     * As {@link #toNavpack(DocumentFormat, byte[], int, int, String, ValueSink)}, each value handed over as a
     * {@link PackedRecord} over a copy of its bytes, read with the schema's registry. The record knows the schemas
     * it holds, as the encoder wrote them ({@link RecordEncoder#toRecord}): the Hazelcast serializer stores it
     * without decoding it again to check it, which it does for a record made with {@code PackedRecord.of} from bytes
     * of elsewhere.
     */
    public long toRecords(DocumentFormat format, byte[] file, int off, int len, String source, RecordSink sink) {
        return toNavpack(format, file, off, len, source, (b, o, l) -> sink.record(out.toRecord(o, o + l, schema.registry())));
    }

    /** The document of a navpack value: XML (schemas from XML) or JSON (any schema). */
    public byte[] toDocument(byte[] value, DocumentFormat format) {
        return toDocument(value, 0, value.length, format);
    }

    public byte[] toDocument(byte[] value, int off, int len, DocumentFormat format) {
        text.reset();
        write(value, off, len, format);
        return text.toByteArray();
    }

    /** Writes the document of a navpack value to {@code out}. */
    public void toDocument(byte[] value, int off, int len, DocumentFormat format, OutputStream to) throws IOException {
        text.reset();
        write(value, off, len, format);
        text.writeTo(to);
    }

    private void write(byte[] value, int off, int len, DocumentFormat format) {
        Model m = schema.model();
        if (decodersModel != m) {
            decodersModel = m;
            xmlOut = null;
            jsonOut = null;
        }
        switch (format) {
            case XML -> {
                if (m.format != DocumentFormat.XML) {
                    throw new IllegalArgumentException("values of a schema inferred from " + m.format.extension()
                            + " are written as JSON" + (m.format == DocumentFormat.CSV ? " or CSV" : ""));
                }
                if (xmlOut == null) {
                    xmlOut = new XmlDecoder(m);
                }
                xmlOut.decode(value, off, len, text);
            }
            case JSON, NDJSON -> {
                if (jsonOut == null) {
                    jsonOut = new JsonDecoder(m);
                }
                jsonOut.decode(value, off, len, text);
            }
            default -> throw new IllegalArgumentException("CSV rows are written by a CsvWriter: writer(CSV, out)");
        }
    }

    /**
     * A writer of many values into one stream: NDJSON writes a line per value, CSV a header and then a row per
     * value, JSON an array of the values' documents (a single value: its document alone), XML refuses a second
     * value. Close it to finish the stream (it does not close {@code to}).
     */
    public DocumentWriter writer(DocumentFormat format, OutputStream to) {
        return new DocumentWriter(this, format, to);
    }

    /** Writes the document of a value into the shared text buffer (for {@link DocumentWriter}). */
    Utf8Buffer render(byte[] value, int off, int len, DocumentFormat format) {
        text.reset();
        write(value, off, len, format);
        return text;
    }

    Utf8Buffer buffer() {
        return text;
    }

    Limits limits() {
        return limits;
    }
}
