package io.navpack.bench.docs;

import com.fasterxml.aalto.stax.InputFactoryImpl;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.codehaus.stax2.XMLStreamReader2;
import org.codehaus.stax2.XMLStreamWriter2;
import org.codehaus.stax2.io.Stax2ByteArraySource;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A document's parser events, recorded once, so that a writer can write the same document again without parsing:
 * the limit of writing a document with that writer (the export peer of navpack's transcoder).
 */
public final class Recorded {
    private static final int START = 1;
    private static final int TEXT = 2;
    private static final int END = 3;

    private final int[] kinds;
    private final Object[] data;

    private Recorded(int[] kinds, Object[] data) {
        this.kinds = kinds;
        this.data = data;
    }

    /** Element: prefix, ns, local, then namespace declarations (prefix, uri)* and attributes (prefix, ns, local, value)*. */
    private record Element(String prefix, String ns, String local, String[] declarations, String[] attributes) {
    }

    public static Recorded xml(byte[] doc) {
        InputFactoryImpl f = new InputFactoryImpl();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_COALESCING, true);
        List<Integer> kinds = new ArrayList<>();
        List<Object> data = new ArrayList<>();
        try {
            XMLStreamReader2 r = (XMLStreamReader2) f.createXMLStreamReader(new Stax2ByteArraySource(doc, 0, doc.length));
            int depth = 0;
            while (r.hasNext()) {
                switch (r.next()) {
                    case XMLStreamConstants.START_ELEMENT -> {
                        String[] decl = new String[r.getNamespaceCount() * 2];
                        for (int i = 0; i < r.getNamespaceCount(); i++) {
                            decl[2 * i] = r.getNamespacePrefix(i);
                            decl[2 * i + 1] = r.getNamespaceURI(i);
                        }
                        String[] attrs = new String[r.getAttributeCount() * 4];
                        for (int i = 0; i < r.getAttributeCount(); i++) {
                            attrs[4 * i] = r.getAttributePrefix(i);
                            attrs[4 * i + 1] = r.getAttributeNamespace(i);
                            attrs[4 * i + 2] = r.getAttributeLocalName(i);
                            attrs[4 * i + 3] = r.getAttributeValue(i);
                        }
                        kinds.add(START);
                        data.add(new Element(r.getPrefix(), r.getNamespaceURI(), r.getLocalName(), decl, attrs));
                        depth++;
                    }
                    case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA -> {
                        if (depth > 0) {
                            kinds.add(TEXT);
                            data.add(r.getText());
                        }
                    }
                    case XMLStreamConstants.END_ELEMENT -> {
                        kinds.add(END);
                        data.add(null);
                        depth--;
                    }
                    default -> {
                    }
                }
            }
            r.closeCompletely();
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return new Recorded(kinds.stream().mapToInt(Integer::intValue).toArray(), data.toArray());
    }

    /** Writes the recorded XML document with {@code w}. */
    public void writeXml(XMLStreamWriter2 w) throws XMLStreamException {
        w.writeStartDocument("UTF-8", "1.0");
        for (int i = 0; i < kinds.length; i++) {
            switch (kinds[i]) {
                case START -> {
                    Element e = (Element) data[i];
                    w.writeStartElement(e.prefix() == null ? "" : e.prefix(), e.local(), e.ns() == null ? "" : e.ns());
                    for (int k = 0; k < e.declarations().length; k += 2) {
                        String p = e.declarations()[k];
                        if (p == null || p.isEmpty()) {
                            w.writeDefaultNamespace(e.declarations()[k + 1]);
                        } else {
                            w.writeNamespace(p, e.declarations()[k + 1]);
                        }
                    }
                    String[] a = e.attributes();
                    for (int k = 0; k < a.length; k += 4) {
                        w.writeAttribute(a[k] == null ? "" : a[k], a[k + 1] == null ? "" : a[k + 1], a[k + 2], a[k + 3]);
                    }
                }
                case TEXT -> w.writeCharacters((String) data[i]);
                default -> w.writeEndElement();
            }
        }
        w.writeEndDocument();
    }

    /** JSON tokens with their text (names, strings, numbers as written). */
    public static Recorded json(byte[] doc) {
        List<Integer> kinds = new ArrayList<>();
        List<Object> data = new ArrayList<>();
        try (JsonParser p = new JsonFactory().createParser(doc)) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                kinds.add(t.ordinal());
                data.add(t == JsonToken.FIELD_NAME || t.isScalarValue() ? p.getText() : null);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Recorded(kinds.stream().mapToInt(Integer::intValue).toArray(), data.toArray());
    }

    private static final JsonToken[] TOKENS = JsonToken.values();

    /** Writes the recorded JSON document with {@code g}. */
    public void writeJson(JsonGenerator g) throws IOException {
        for (int i = 0; i < kinds.length; i++) {
            JsonToken t = TOKENS[kinds[i]];
            switch (t) {
                case START_OBJECT -> g.writeStartObject();
                case END_OBJECT -> g.writeEndObject();
                case START_ARRAY -> g.writeStartArray();
                case END_ARRAY -> g.writeEndArray();
                case FIELD_NAME -> g.writeFieldName((String) data[i]);
                case VALUE_STRING -> g.writeString((String) data[i]);
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> g.writeNumber((String) data[i]);
                case VALUE_TRUE -> g.writeBoolean(true);
                case VALUE_FALSE -> g.writeBoolean(false);
                case VALUE_NULL -> g.writeNull();
                default -> throw new IllegalStateException(t.toString());
            }
        }
        g.flush();
    }
}
