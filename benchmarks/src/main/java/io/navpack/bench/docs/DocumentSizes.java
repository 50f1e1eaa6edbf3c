package io.navpack.bench.docs;

import com.acme.trading.peers.CompactRecords;
import com.fasterxml.aalto.stax.InputFactoryImpl;
import com.fasterxml.aalto.stax.OutputFactoryImpl;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.internal.serialization.Data;
import com.hazelcast.nio.serialization.genericrecord.GenericRecord;
import io.navpack.bench.codec.HazelcastSerialization;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.SchemaInference;
import io.navpack.documents.Transcoder;
import io.navpack.format.PackedRecord;
import io.navpack.format.SchemaRegistry;
import org.codehaus.stax2.XMLStreamReader2;
import org.codehaus.stax2.XMLStreamWriter2;
import org.codehaus.stax2.io.Stax2ByteArraySource;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * Bytes per FpML document in every form a user could store it in, per folder of the shared set and over all of
 * it: the XML file, the XML without whitespace-only text and comments, the file gzipped alone, the JSON text of
 * its Jackson tree (what a {@code HazelcastJsonValue} holds), Hazelcast Compact generic records built from the
 * same inferred schema (Compact's own serializer; enum values as strings, as Compact has no enums), and the
 * navpack value — with the schema inferred from all documents, and with it inferred from the other half of the
 * set only (each half grown by evolution from the documents it did not see). Needs no JMH:
 * {@code java -cp benchmarks.jar io.navpack.bench.docs.DocumentSizes} prints the table. Compact and navpack are
 * the serialized values; in a map Hazelcast adds its 8-byte {@code Data} header to both.
 */
public final class DocumentSizes {
    /** The forms, in table order. */
    public static final List<String> FORMS = List.of("xml", "xml-minified", "gzip", "json", "compact", "navpack",
            "navpack-held-out");

    /** One row: a folder (or "all") with the sizes of each form, one per document in file order. */
    public record Row(String folder, int documents, Map<String, List<Integer>> sizes) {
        public double median(String form) {
            List<Integer> s = new ArrayList<>(sizes.get(form));
            s.sort(null);
            int n = s.size();
            int hi = s.get(n / 2);
            int lo = n % 2 == 1 ? hi : s.get(n / 2 - 1);
            return (lo + hi) / 2.0;
        }

        public long total(String form) {
            long t = 0;
            for (int v : sizes.get(form)) {
                t += v;
            }
            return t;
        }

        /** Median over the documents of form / XML file. */
        public double medianRatio(String form) {
            List<Double> r = new ArrayList<>();
            for (int i = 0; i < documents; i++) {
                r.add(sizes.get(form).get(i) / (double) sizes.get("xml").get(i));
            }
            r.sort(null);
            int n = r.size();
            return n % 2 == 1 ? r.get(n / 2) : (r.get(n / 2 - 1) + r.get(n / 2)) / 2.0;
        }
    }

    private DocumentSizes() {
    }

    public static List<Row> compute() {
        FpmlDocuments d = FpmlDocuments.get();
        InternalSerializationService compact = HazelcastSerialization.generic();
        SchemaRegistry registry = d.xmlSchema.registry();
        List<Integer> heldOut = heldOut(d);
        Map<String, Row> byFolder = new LinkedHashMap<>();
        Row all = new Row("all", d.files.size(), new LinkedHashMap<>());
        for (int i = 0; i < d.files.size(); i++) {
            Path f = d.files.get(i);
            String folder = String.valueOf(d.root.relativize(f).getParent());
            byte[] xml = d.xml.get(i);
            byte[] value = d.xmlValues.get(i);
            Map<String, Integer> s = new LinkedHashMap<>();
            s.put("xml", xml.length);
            s.put("xml-minified", minified(xml).length);
            s.put("gzip", gzip(xml).length);
            s.put("json", d.json.get(i).length);
            GenericRecord record = CompactRecords.of(PackedRecord.of(value, registry));
            Data data = compact.toData(record);
            s.put("compact", data.dataSize());
            s.put("navpack", value.length);
            s.put("navpack-held-out", heldOut.get(i));
            Row row = byFolder.computeIfAbsent(folder, k -> new Row(k, 0, new LinkedHashMap<>()));
            for (Map.Entry<String, Integer> e : s.entrySet()) {
                row.sizes().computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(e.getValue());
                all.sizes().computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(e.getValue());
            }
        }
        List<Row> rows = new ArrayList<>();
        for (Row r : byFolder.values()) {
            rows.add(new Row(r.folder(), r.sizes().get("xml").size(), r.sizes()));
        }
        rows.add(all);
        return rows;
    }

    /** Each document's navpack size with a schema inferred from the other half of the set (grown by what it meets). */
    private static List<Integer> heldOut(FpmlDocuments d) {
        int n = d.xml.size();
        Integer[] sizes = new Integer[n];
        for (int half = 0; half < 2; half++) {
            SchemaInference inf = SchemaInference.of(DocumentFormat.XML).name("fpml");
            for (int i = 1 - half; i < n; i += 2) {
                inf.add(d.xml.get(i), d.files.get(i).toString());
            }
            DocumentSchema schema = inf.infer();
            Transcoder t = schema.transcoder();
            for (int i = half; i < n; i += 2) {
                sizes[i] = t.toNavpack(d.xml.get(i), d.files.get(i).toString()).length;
            }
        }
        return List.of(sizes);
    }

    /** The document without whitespace-only text and comments, written by Aalto. */
    static byte[] minified(byte[] xml) {
        InputFactoryImpl in = new InputFactoryImpl();
        in.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        in.setProperty(XMLInputFactory.IS_COALESCING, true);
        ByteArrayOutputStream out = new ByteArrayOutputStream(xml.length);
        try {
            XMLStreamReader2 r = (XMLStreamReader2) in.createXMLStreamReader(new Stax2ByteArraySource(xml, 0, xml.length));
            XMLStreamWriter2 w = (XMLStreamWriter2) new OutputFactoryImpl().createXMLStreamWriter(out, "UTF-8");
            w.writeStartDocument("UTF-8", "1.0");
            while (r.hasNext()) {
                int e = r.next();
                if (e == XMLStreamConstants.CHARACTERS || e == XMLStreamConstants.CDATA) {
                    if (r.isWhiteSpace()) {
                        continue;
                    }
                } else if (e == XMLStreamConstants.SPACE || e == XMLStreamConstants.COMMENT) {
                    continue;
                }
                w.copyEventFromReader(r, false);
            }
            w.closeCompletely();
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return out.toByteArray();
    }

    static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** The table in the page's Markdown: medians per folder and over all, in bytes, and navpack's share of the XML. */
    public static String table(List<Row> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append("| folder | docs | XML file | XML, no whitespace or comments | gzip | JSON text | Compact generic record"
                + " | navpack | navpack, schema from the other half | navpack / XML |\n");
        sb.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Row r : rows) {
            boolean all = r.folder().equals("all");
            sb.append(all ? "| **all (median)**" : "| " + r.folder()).append(" | ").append(r.documents());
            for (String f : FORMS) {
                String v = String.format(Locale.ROOT, "%.0f", r.median(f));
                sb.append(" | ").append(all ? "**" + v + "**" : v);
            }
            String pct = String.format(Locale.ROOT, "%.1f %%", 100 * r.medianRatio("navpack"));
            sb.append(" | ").append(all ? "**" + pct + "**" : pct).append(" |\n");
        }
        Row all = rows.get(rows.size() - 1);
        sb.append("| all (total, KB) | ").append(all.documents());
        for (String f : FORMS) {
            sb.append(String.format(Locale.ROOT, " | %.1f", all.total(f) / 1000.0));
        }
        sb.append(String.format(Locale.ROOT, " | %.1f %% |%n", 100.0 * all.total("navpack") / all.total("xml")));
        return sb.toString();
    }

    /** The medians over all documents, each form's median share of the XML file and against navpack. */
    public static String summary(List<Row> rows) {
        Row all = rows.get(rows.size() - 1);
        StringBuilder sb = new StringBuilder("| form | median bytes | median share of the XML file | median × navpack |\n");
        sb.append("|---|---:|---:|---:|\n");
        for (String f : FORMS) {
            List<Double> r = new ArrayList<>();
            for (int i = 0; i < all.documents(); i++) {
                r.add(all.sizes().get(f).get(i) / (double) all.sizes().get("navpack").get(i));
            }
            r.sort(null);
            sb.append(String.format(Locale.ROOT, "| %s | %.0f | %.1f %% | %.2f |%n", label(f), all.median(f),
                    100 * all.medianRatio(f), r.get(r.size() / 2)));
        }
        return sb.toString();
    }

    public static String label(String form) {
        return switch (form) {
            case "xml" -> "XML file";
            case "xml-minified" -> "XML, no whitespace or comments";
            case "gzip" -> "gzip of the file";
            case "json" -> "JSON text (HazelcastJsonValue)";
            case "compact" -> "Compact generic record";
            case "navpack" -> "navpack";
            default -> "navpack, schema from the other half";
        };
    }

    public static void main(String[] args) {
        List<Row> rows = compute();
        System.out.println(table(rows));
        System.out.println(summary(rows));
    }
}
