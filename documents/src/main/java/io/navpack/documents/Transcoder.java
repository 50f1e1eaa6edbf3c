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

    Transcoder(DocumentSchema schema, Limits limits) {
        this.schema = schema;
        this.limits = limits;
    }

    public DocumentSchema schema() {
        return schema;
    }

    /** The navpack value of one XML or JSON document (the schema's format). */
    public byte[] toNavpack(byte[] document, String source) {
        Model m = schema.model();
        int start = encode(m, m.format, document, 0, document.length, source);
        return out.toByteArray(start, out.position());
    }

    private int encode(Model m, DocumentFormat format, byte[] doc, int off, int len, String source) {
        switch (format) {
            case XML -> {
                if (xmlIn == null) {
                    xmlIn = new XmlEncoder(limits, out);
                }
                try {
                    return xmlIn.encode(m, doc, off, len, source);
                } catch (Misfit e) {
                    throw e.toException(source, null);
                }
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
