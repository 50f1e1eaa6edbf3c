package io.navpack.bench;

import com.fasterxml.aalto.stax.InputFactoryImpl;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.navpack.bench.docs.FpmlDocuments;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.Transcoder;
import org.codehaus.stax2.XMLInputFactory2;
import org.codehaus.stax2.XMLStreamReader2;
import org.codehaus.stax2.io.Stax2ByteArraySource;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Documents in: one FpML document per operation, round robin over the 491 of the shared set. XML: navpack's
 * transcoder (Aalto underneath) against the same Aalto parser reading the same bytes and touching every event
 * (the limit of this path), the same parser making only the reads the transcoder makes, and Jackson's {@code XmlMapper.readTree} (a tree, on Aalto too). JSON (the same
 * documents as Jackson writes their XML trees): navpack against Jackson's streaming parser touching every token
 * and {@code ObjectMapper.readTree}. Documents per second are 1e9 / the score; MB/s use the mean document size.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class DocumentIngestBenchmark {
    @Param({"xml", "json"})
    public String format;

    private List<byte[]> docs;
    private Transcoder transcoder;
    private DocumentFormat documentFormat;
    private XMLInputFactory2 stax;
    private final JsonFactory json = new JsonFactory();
    private int next;
    private final Transcoder.ValueSink[] sink = new Transcoder.ValueSink[1];
    private long written;
    private char[] chars = new char[4096];

    private static XMLInputFactory2 stax() {
        XMLInputFactory2 f = new InputFactoryImpl();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_COALESCING, true);
        return f;
    }

    @Setup
    public void setUp() {
        stax = stax();
        FpmlDocuments d = FpmlDocuments.get();
        documentFormat = DocumentFormat.of(format);
        docs = documentFormat == DocumentFormat.XML ? d.xml : d.json;
        transcoder = (documentFormat == DocumentFormat.XML ? d.xmlSchema : d.jsonSchema).transcoder().evolving(false);
        sink[0] = (b, off, len) -> written += len;
    }

    private byte[] nextDoc() {
        byte[] d = docs.get(next);
        next = next + 1 == docs.size() ? 0 : next + 1;
        return d;
    }

    /** The document to navpack bytes (the value is handed over in the transcoder's buffer, not copied). */
    @Benchmark
    public long navpack() {
        byte[] d = nextDoc();
        transcoder.toNavpack(documentFormat, d, 0, d.length, "fpml", sink[0]);
        return written;
    }

    /** The same parser over the same bytes, every event or token read and discarded. */
    @Benchmark
    public long parseOnly() throws XMLStreamException, IOException {
        byte[] d = nextDoc();
        long n = 0;
        if (documentFormat == DocumentFormat.XML) {
            XMLStreamReader2 r = (XMLStreamReader2) stax.createXMLStreamReader(new Stax2ByteArraySource(d, 0, d.length));
            while (r.hasNext()) {
                int e = r.next();
                if (e == XMLStreamConstants.START_ELEMENT) {
                    n += r.getLocalName().length();
                    for (int i = 0, a = r.getAttributeCount(); i < a; i++) {
                        n += r.getAttributeValue(i).length();
                    }
                } else if (e == XMLStreamConstants.CHARACTERS) {
                    n += r.getTextLength();
                }
            }
            r.closeCompletely();
            return n;
        }
        try (JsonParser p = json.createParser(d)) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                if (t == JsonToken.VALUE_STRING || t == JsonToken.FIELD_NAME) {
                    n += p.getTextLength();
                } else if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
                    n += p.getTextLength();
                }
            }
        }
        return n;
    }

    /** Jackson's tree of the document. */
    @Benchmark
    public void readTree(Blackhole bh) throws IOException {
        byte[] d = nextDoc();
        bh.consume(documentFormat == DocumentFormat.XML ? FpmlDocuments.XML_MAPPER.readTree(d)
                : FpmlDocuments.JSON_MAPPER.readTree(d));
    }

    /**
     * The parser's side of the transcoder alone: the same parser over the same bytes, read as the transcoder reads it
     * (XML: each element's namespace, local name and declarations, each attribute's namespace, name and value, and
     * the characters of every text that is not whitespace copied out; JSON: each key's name and the characters of
     * every scalar), nothing done with what was read. What the transcoder takes beyond this is its own work.
     */
    @Benchmark
    public long transcoderReads() throws XMLStreamException, IOException {
        byte[] d = nextDoc();
        long n = 0;
        char[] buf = chars;
        if (documentFormat == DocumentFormat.XML) {
            XMLStreamReader2 r = (XMLStreamReader2) stax.createXMLStreamReader(new Stax2ByteArraySource(d, 0, d.length));
            while (r.hasNext()) {
                int e = r.next();
                if (e == XMLStreamConstants.START_ELEMENT) {
                    String ns = r.getNamespaceURI();
                    n += r.getLocalName().hashCode() + (ns == null ? 0 : ns.hashCode()) + r.getNamespaceCount();
                    for (int i = 0, a = r.getAttributeCount(); i < a; i++) {
                        String an = r.getAttributeNamespace(i);
                        n += r.getAttributeLocalName(i).hashCode() + (an == null ? 0 : 1);
                        String v = r.getAttributeValue(i);
                        if (v.length() > buf.length) {
                            chars = buf = new char[v.length()];
                        }
                        v.getChars(0, v.length(), buf, 0);
                    }
                } else if (e == XMLStreamConstants.CHARACTERS && !r.isWhiteSpace()) {
                    int len = r.getTextLength();
                    if (len > buf.length) {
                        chars = buf = new char[len];
                    }
                    System.arraycopy(r.getTextCharacters(), r.getTextStart(), buf, 0, len);
                    n += len;
                }
            }
            r.closeCompletely();
            return n;
        }
        try (JsonParser p = json.createParser(d)) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                if (t == JsonToken.FIELD_NAME) {
                    n += p.currentName().hashCode();
                } else if (t.isScalarValue()) {
                    int len = p.getTextLength();
                    if (len > buf.length) {
                        chars = buf = new char[len];
                    }
                    System.arraycopy(p.getTextCharacters(), p.getTextOffset(), buf, 0, len);
                    n += len;
                }
            }
        }
        return n;
    }
}
