package io.navpack.documents;

import com.fasterxml.aalto.stax.InputFactoryImpl;
import org.codehaus.stax2.XMLInputFactory2;
import org.codehaus.stax2.LocationInfo;
import org.codehaus.stax2.XMLStreamReader2;
import org.codehaus.stax2.io.Stax2ByteArraySource;

import javax.xml.stream.Location;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import java.util.Arrays;

/**
 * The XML parser every XML document goes through: Aalto's StAX parser with DTDs refused (no internal or
 * external subset, so no entity is ever declared, expanded or fetched), no external entities, no resolver
 * that reads anything, namespaces on, and adjacent text and CDATA joined.
 */
final class Xml {
    private static final XMLInputFactory2 FACTORY = factory();

    private Xml() {
    }

    private static XMLInputFactory2 factory() {
        XMLInputFactory2 f = new InputFactoryImpl();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        f.setProperty(XMLInputFactory.IS_COALESCING, true);
        f.setProperty(XMLInputFactory.IS_VALIDATING, false);
        f.setXMLResolver((publicId, systemId, baseUri, namespace) -> {
            throw new XMLStreamException("external content is refused: " + systemId);
        });
        return f;
    }

    /** A reader over {@code len} bytes of {@code doc} from {@code off}. */
    static XMLStreamReader2 reader(byte[] doc, int off, int len) throws XMLStreamException {
        return (XMLStreamReader2) FACTORY.createXMLStreamReader(new Stax2ByteArraySource(doc, off, len));
    }

    /** The error for a parser exception, with its line and column. */
    static DocumentException error(String source, XMLStreamException e, String path) {
        Location l = e.getLocation();
        String msg = e.getMessage();
        if (msg != null) {
            int at = msg.indexOf("\n at [");
            if (at >= 0) {
                msg = msg.substring(0, at);
            }
            msg = msg.replace("ParseError at [row,col]:", "").trim();
        }
        return new DocumentException(source, l == null ? 0 : l.getLineNumber(), l == null ? 0 : l.getColumnNumber(),
                path, "malformed XML: " + msg, e);
    }

    /** The error for the event a document may not hold: a DTD or processing instruction. */
    static DocumentException refused(String source, XMLStreamReader2 r, int event, String path) {
        return refused(source, r, event, path, null, 0, 0);
    }

    /**
     * As above, for a reader over {@code len} bytes of {@code doc} from {@code off}: a DTD is then reported where its
     * {@code <!DOCTYPE} starts (the parser's own location for it is where the XML declaration before it ends).
     */
    static DocumentException refused(String source, XMLStreamReader2 r, int event, String path, byte[] doc, int off,
                                     int len) {
        if (event == XMLStreamConstants.DTD && doc != null) {
            LocationInfo info = r.getLocationInfo();
            Location start = info.getStartLocation();
            long line = start.getLineNumber();
            long column = start.getColumnNumber();
            long p = off + info.getStartingByteOffset();
            for (; p >= off && p < (long) off + len && doc[(int) p] != '<'; p++) {
                byte b = doc[(int) p];
                if (b == '\n') {
                    line++;
                    column = 1;
                } else if (b != '\r') {
                    column++;
                }
            }
            return new DocumentException(source, line, column, path, reason(r, event));
        }
        Location l = r.getLocation();
        return new DocumentException(source, l.getLineNumber(), l.getColumnNumber(), path, reason(r, event));
    }

    private static String reason(XMLStreamReader2 r, int event) {
        return event == XMLStreamConstants.DTD
                ? "a DTD (<!DOCTYPE ...>) is refused: navpack reads no DTD, declares and expands no entity and fetches"
                + " nothing; remove the DOCTYPE"
                : event == XMLStreamConstants.ENTITY_REFERENCE
                ? "an entity reference (&" + r.getLocalName() + ";) that is not declared: navpack reads no DTD"
                : "a processing instruction (<?" + r.getPITarget() + " ...?>) would be lost: navpack keeps elements,"
                + " attributes and text only; remove it";
    }

    static DocumentException at(String source, XMLStreamReader2 r, String path, String reason) {
        Location l = r.getLocation();
        return new DocumentException(source, l.getLineNumber(), l.getColumnNumber(), path, reason);
    }

    /** True when the characters are all XML whitespace. */
    static boolean whitespace(char[] c, int off, int len) {
        for (int i = off; i < off + len; i++) {
            char ch = c[i];
            if (ch != ' ' && ch != '\n' && ch != '\t' && ch != '\r') {
                return false;
            }
        }
        return true;
    }

    static boolean whitespace(CharSequence s) {
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch != ' ' && ch != '\n' && ch != '\t' && ch != '\r') {
                return false;
            }
        }
        return true;
    }

    /** A path of open elements: {@code /dataDocument/trade/swap}. */
    static final class Path {
        private String[] names = new String[16];
        private int depth;

        void push(String local) {
            if (depth == names.length) {
                names = Arrays.copyOf(names, depth * 2);
            }
            names[depth++] = local;
        }

        void pop() {
            depth--;
        }

        void clear() {
            depth = 0;
        }

        int depth() {
            return depth;
        }

        @Override
        public String toString() {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < depth; i++) {
                b.append('/').append(names[i]);
            }
            return b.length() == 0 ? "/" : b.toString();
        }
    }
}
