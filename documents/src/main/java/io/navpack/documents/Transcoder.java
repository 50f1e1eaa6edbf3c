package io.navpack.documents;

import io.navpack.format.RecordEncoder;

/**
 * Turns documents into navpack values and values back into documents, for one thread (it keeps its buffers
 * between documents: after the largest document, transcoding allocates little but what the parsers do).
 */
public final class Transcoder {
    private final DocumentSchema schema;
    private final Limits limits;
    private final RecordEncoder out = new RecordEncoder(4096);
    private final Utf8Buffer text = new Utf8Buffer(8192);
    private XmlEncoder xmlIn;
    private XmlDecoder xmlOut;
    private Model xmlOutModel;
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

    /** The navpack value of one XML or JSON document (the schema's format). */
    public byte[] toNavpack(byte[] document, String source) {
        Model m = schema.model();
        DocumentFormat f = m.format == DocumentFormat.NDJSON ? DocumentFormat.JSON : m.format;
        int start = encode(f, document, 0, document.length, source);
        return out.toByteArray(start, out.position());
    }

    /** Encodes one document, growing the schema when it does not fit; the value is {@link #out} from the result on. */
    private int encode(DocumentFormat format, byte[] doc, int off, int len, String source) {
        for (int attempt = 0; ; attempt++) {
            Model m = schema.model();
            try {
                return encode(m, format, doc, off, len, source);
            } catch (Misfit misfit) {
                boolean sameFormat = format == m.format || (format.json() && m.format.json());
                if (!evolving || !sameFormat || attempt >= 3) {
                    throw misfit.toException(source, !evolving ? "the schema may not grow here"
                            : !sameFormat ? "a schema inferred from " + m.format.extension() + " grows only from "
                            + m.format.extension() + " documents" : "the schema did not grow to hold it");
                }
                schema.evolve(m, format, doc, off, len, source, limits, misfit);
            }
        }
    }

    private int encode(Model m, DocumentFormat format, byte[] doc, int off, int len, String source) {
        switch (format) {
            case XML -> {
                if (xmlIn == null) {
                    xmlIn = new XmlEncoder(limits, out);
                }
                return xmlIn.encode(m, doc, off, len, source);
            }
            default -> throw new UnsupportedOperationException(format.toString());
        }
    }

    /** The document of a navpack value, in {@code format}. */
    public byte[] toDocument(byte[] value, DocumentFormat format) {
        return toDocument(value, 0, value.length, format);
    }

    public byte[] toDocument(byte[] value, int off, int len, DocumentFormat format) {
        text.reset();
        Model m = schema.model();
        switch (format) {
            case XML -> {
                if (xmlOut == null || xmlOutModel != m) {
                    xmlOut = new XmlDecoder(m);
                    xmlOutModel = m;
                }
                xmlOut.decode(value, off, len, text);
            }
            default -> throw new UnsupportedOperationException(format.toString());
        }
        return text.toByteArray();
    }
}
