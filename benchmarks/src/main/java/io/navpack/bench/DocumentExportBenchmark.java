package io.navpack.bench;

import com.fasterxml.aalto.stax.OutputFactoryImpl;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.navpack.bench.docs.FpmlDocuments;
import io.navpack.bench.docs.Recorded;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.Transcoder;
import org.codehaus.stax2.XMLOutputFactory2;
import org.codehaus.stax2.XMLStreamWriter2;
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

import javax.xml.stream.XMLStreamException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Documents out: one FpML document per operation, round robin, written into the same reused byte stream. XML:
 * navpack's transcoder from the navpack value, against Aalto's writer writing the same document from its recorded
 * parser events (no parsing: the limit of writing it with a StAX writer). JSON the same with Jackson's generator.
 * Jackson writing a tree is {@link DocumentTreeExportBenchmark} (JSON only: {@code XmlMapper} cannot write back
 * its tree of an element with both text and attributes).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class DocumentExportBenchmark {
    @Param({"xml", "json"})
    public String format;

    private DocumentFormat documentFormat;
    private List<byte[]> values;
    private List<Recorded> recorded;
    private Transcoder transcoder;
    private final XMLOutputFactory2 stax = new OutputFactoryImpl();
    private final JsonFactory json = new JsonFactory();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 16);
    private int next;

    @Setup
    public void setUp() throws IOException {
        FpmlDocuments d = FpmlDocuments.get();
        documentFormat = DocumentFormat.of(format);
        boolean xml = documentFormat == DocumentFormat.XML;
        values = xml ? d.xmlValues : d.jsonValues;
        transcoder = (xml ? d.xmlSchema : d.jsonSchema).transcoder();
        recorded = new ArrayList<>();
        for (byte[] doc : xml ? d.xml : d.json) {
            recorded.add(xml ? Recorded.xml(doc) : Recorded.json(doc));
        }
    }

    private int nextIndex() {
        int i = next;
        next = next + 1 == values.size() ? 0 : next + 1;
        return i;
    }

    /** The navpack value to its document. */
    @Benchmark
    public int navpack() throws IOException {
        byte[] v = values.get(nextIndex());
        out.reset();
        transcoder.toDocument(v, 0, v.length, documentFormat, out);
        return out.size();
    }

    /** The same document written by the parser's own writer from its recorded events. */
    @Benchmark
    public int writeOnly() throws IOException, XMLStreamException {
        Recorded r = recorded.get(nextIndex());
        out.reset();
        if (documentFormat == DocumentFormat.XML) {
            XMLStreamWriter2 w = (XMLStreamWriter2) stax.createXMLStreamWriter(out, "UTF-8");
            r.writeXml(w);
            w.closeCompletely();
        } else {
            try (JsonGenerator g = json.createGenerator(out)) {
                r.writeJson(g);
            }
        }
        return out.size();
    }

}
