package io.navpack.documents;

import io.navpack.format.RecordEncoder;
import org.codehaus.stax2.XMLStreamReader2;

import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import java.util.Arrays;

/**
 * XML to navpack, streaming: the parser's events go straight into the record being assembled (no tree, no
 * per-element object); a record is written when its element ends. Whitespace-only text between elements and
 * comments are not kept; everything else is, or the document is a {@link Misfit}.
 */
final class XmlEncoder {
    private final Limits limits;
    private final Spans spans;
    private final RecordEncoder out;
    /**
     * The root element's name and the group element being read (its slot in the top record, or -1): with the open
     * records, what {@link #path} tells errors. Nothing per element is kept for that (a reference stored per element
     * costs a write barrier).
     */
    private String rootLocal;
    private int groupSlot = -1;
    private final int[] scratch = new int[2];
    private final StringBuilder decl = new StringBuilder();
    private char[] text = new char[256];
    private int textLength;

    private Model model;
    private XMLStreamReader2 reader;

    XmlEncoder(Limits limits, RecordEncoder out) {
        this.limits = limits;
        this.out = out;
        this.spans = new Spans(out, true);
    }

    /**
     * Encodes the document; the value is {@link #out}'s bytes from the returned position to its end. Throws
     * {@link Misfit} when the model cannot hold it, {@link DocumentException} when it is not good XML.
     */
    int encode(Model m, byte[] doc, int off, int len, String source) {
        if (len > limits.maxDocumentBytes()) {
            throw new DocumentException(source, 0, 0, "", "document of " + len + " bytes is larger than the limit of "
                    + limits.maxDocumentBytes() + " bytes (Limits.maxDocumentBytes)");
        }
        this.model = m;
        spans.reset();
        rootLocal = null;
        groupSlot = -1;
        textLength = 0;
        XMLStreamReader2 r = null;
        try {
            r = Xml.reader(doc, off, len);
            reader = r;
            int result = -1;
            while (r.hasNext()) {
                int event = r.next();
                switch (event) {
                    case XMLStreamConstants.START_ELEMENT -> startElement(r);
                    case XMLStreamConstants.END_ELEMENT -> {
                        int v = endRecord();
                        if (v >= 0) {
                            result = v;
                        }
                    }
                    case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> {
                        // between child elements: whitespace alone is not kept (the indentation of most documents)
                        if (spans.depth() > 0 && (textLength > 0 || !r.isWhiteSpace())) {
                            appendText(r);
                        }
                    }
                    case XMLStreamConstants.DTD, XMLStreamConstants.PROCESSING_INSTRUCTION,
                            XMLStreamConstants.ENTITY_REFERENCE -> throw Xml.refused(source, r, event, path(null), doc, off, len);
                    default -> {
                    }
                }
            }
            if (result < 0) {
                throw new DocumentException(source, 0, 0, "", "no root element");
            }
            return result;
        } catch (XMLStreamException e) {
            throw Xml.error(source, e, path(null));
        } finally {
            reader = null;
            XmlScanner.close(r);
        }
    }

    RecordEncoder out() {
        return out;
    }

    private Misfit misfit(String reason) {
        return misfit(reason, null);
    }

    /** A misfit at the element {@code last} (not yet opened) when not null, else at the current one. */
    private Misfit misfit(String reason, String last) {
        Location l = reader.getLocation();
        return new Misfit(l.getLineNumber(), l.getColumnNumber(), path(last), reason);
    }

    /** The path of local names to the current element (then {@code last}, when not null), for errors. */
    private String path(String last) {
        StringBuilder b = new StringBuilder();
        int depth = spans.depth();
        if (depth > 0) {
            b.append('/').append(rootLocal);
            for (int i = 1; i < depth; i++) {
                Spans.Frame parent = spans.frame(i - 1);
                b.append('/').append(parent.type.slotArray[parent.marks[parent.markCount - 1]].name);
            }
            if (groupSlot >= 0) {
                b.append('/').append(spans.top().type.slotArray[groupSlot].name);
            }
        }
        if (last != null) {
            b.append('/').append(last);
        }
        return b.length() == 0 ? "/" : b.toString();
    }

    private void startElement(XMLStreamReader2 r) throws XMLStreamException {
        if (spans.depth() >= limits.maxDepth()) {
            throw Xml.at(null, r, path(null), "elements nested deeper than " + limits.maxDepth() + " levels (Limits.maxDepth)");
        }
        String ns = r.getNamespaceURI();
        if (ns == null) {
            ns = "";
        }
        String local = r.getLocalName();
        if (spans.depth() == 0) {
            RecType root = model.rootElement(ns, local);
            if (root == null) {
                throw misfit("root element " + name(ns, local) + " is not a root of the schema", local);
            }
            rootLocal = local;
            openRecord(r, root);
            return;
        }
        Spans.Frame f = spans.top();
        flushText(f);
        Slot primary = f.type.element(ns, local);
        if (primary == null) {
            throw misfit("element " + name(ns, local) + " is not in type " + f.type.name, local);
        }
        if (primary.item().kind == Shape.Kind.RECORD) {
            Slot s = primary;
            while (s != null && !s.repeated() && f.count[s.index] > 0) {
                s = s.next;
            }
            if (s == null || s.item().kind != Shape.Kind.RECORD) {
                throw misfit("element " + name(ns, local) + " occurs more often than type " + f.type.name + " holds",
                        local);
            }
            f.sequence(s);
            f.mark(s.index);
            openRecord(r, s.target);
            return;
        }
        groupSlot = primary.index;
        group(r, f, primary, ns, local);
        groupSlot = -1;
    }

    /** An element kept in its parent's record: its attributes and text go to the fields of its group. */
    private void group(XMLStreamReader2 r, Spans.Frame f, Slot g, String ns, String local) throws XMLStreamException {
        if (!g.repeated() && f.occurrences[g.index] > 0) {
            g = f.type.moreGroup(g);
            if (g == null) {
                throw misfit("element " + name(ns, local) + " occurs more often than type " + f.type.name + " holds");
            }
        }
        int occurrence = f.occur(g.index);
        if (r.getNamespaceCount() > 0) {
            throw misfit("element " + name(ns, local) + " declares namespaces, but type " + f.type.name
                    + " keeps it as fields");
        }
        int attrs = r.getAttributeCount();
        for (int i = 0; i < attrs; i++) {
            String ans = r.getAttributeNamespace(i);
            if (ans == null) {
                ans = "";
            }
            String alocal = r.getAttributeLocalName(i);
            Slot m = g.attributeMembers.find(ans, alocal);
            if (m == null) {
                throw misfit("attribute " + name(ans, alocal) + " of element " + name(ns, local) + " is not in type "
                        + f.type.name);
            }
            String v = r.getAttributeValue(i);
            int n = v.length();
            if (n > limits.maxTextLength()) {
                throw misfit("attribute value longer than " + limits.maxTextLength() + " characters (Limits.maxTextLength)");
            }
            if (text.length < n) {
                text = new char[Math.max(n, text.length * 2)];
            }
            v.getChars(0, n, text, 0);
            writeMember(f, m, occurrence, text, 0, n);
        }
        textLength = 0;
        while (true) {
            int event = r.next();
            if (event == XMLStreamConstants.END_ELEMENT) {
                break;
            }
            switch (event) {
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> appendText(r);
                case XMLStreamConstants.START_ELEMENT -> throw misfit("element " + name(ns, local)
                        + " has child elements, but type " + f.type.name + " keeps it as fields");
                case XMLStreamConstants.DTD, XMLStreamConstants.PROCESSING_INSTRUCTION,
                        XMLStreamConstants.ENTITY_REFERENCE -> throw Xml.refused(null, r, event, path(null));
                default -> {
                }
            }
        }
        if (attrs == 0 || (textLength > 0 && !Xml.whitespace(text, 0, textLength))) {
            Slot t = null;
            for (Slot m : g.members) {
                if (m.attrName == null) {
                    t = m;
                }
            }
            if (t == null) {
                throw misfit("element " + name(ns, local) + " has text, but type " + f.type.name + " keeps only its"
                        + " attributes");
            }
            writeMember(f, t, occurrence, text, 0, textLength);
        }
        textLength = 0;
        if (g.repeated()) {
            for (Slot m : g.members) {
                for (Slot s = m; s != null; s = s.next) {
                    while (f.count[s.index] < occurrence) {
                        spans.add(f, s.index, -1, -1);
                    }
                }
            }
        }
        f.sequence(g);
    }


    /** Writes a value of one occurrence of a group into the first of {@code primary}'s alternates that holds it. */
    private void writeMember(Spans.Frame f, Slot primary, int occurrence, char[] c, int off, int len) {
        for (Slot s = primary; s != null; s = s.next) {
            if (f.count[s.index] >= occurrence) {
                continue;
            }
            int start = out.position();
            if (writeScalar(s.item(), c, off, len)) {
                if (s.repeated()) {
                    while (f.count[s.index] < occurrence - 1) {
                        spans.add(f, s.index, -1, -1);
                    }
                }
                spans.add(f, s.index, start, out.position());
                return;
            }
        }
        throw misfit(primary.describeSource() + " \"" + abbreviate(c, len) + "\" does not fit " + primary.shape.describe()
                + " (field " + primary.field + " of " + f.type.name + ")");
    }

    private boolean writeScalar(Shape item, char[] c, int off, int len) {
        if (item.kind == Shape.Kind.ENUM) {
            int i = item.table.find(c, off, len);
            if (i < 0) {
                return false;
            }
            out.writeInt(i);
            return true;
        }
        return item.kind == Shape.Kind.SCALAR && Texts.write(item.text, c, off, len, out, scratch);
    }

    private void openRecord(XMLStreamReader2 r, RecType t) throws XMLStreamException {
        Spans.Frame f = spans.push(t);
        int nsCount = r.getNamespaceCount();
        if (nsCount > 0) {
            if (t.nsSlot == null) {
                throw misfit("element " + t.local + " declares namespaces, but type " + t.name + " has no $ns field");
            }
            decl.setLength(0);
            declarations(r, nsCount);
            int n = decl.length();
            if (text.length < n) {
                text = new char[Math.max(n, text.length * 2)];
            }
            decl.getChars(0, n, text, 0);
            writeText(f, t.nsSlot, text, 0, n);
        }
        int attrs = r.getAttributeCount();
        for (int i = 0; i < attrs; i++) {
            String ans = r.getAttributeNamespace(i);
            if (ans == null) {
                ans = "";
            }
            String local = r.getAttributeLocalName(i);
            Slot a = t.attribute(ans, local);
            if (a == null) {
                throw misfit("attribute " + name(ans, local) + " is not in type " + t.name);
            }
            String v = r.getAttributeValue(i);
            int n = v.length();
            if (n > limits.maxTextLength()) {
                throw misfit("attribute value longer than " + limits.maxTextLength() + " characters (Limits.maxTextLength)");
            }
            if (text.length < n) {
                text = new char[Math.max(n, text.length * 2)];
            }
            v.getChars(0, n, text, 0);
            writeText(f, a, text, 0, n);
        }
        textLength = 0;
    }

    /** Namespace declarations as attributes write them, into {@link #decl}. */
    private void declarations(XMLStreamReader2 r, int count) {
        for (int i = 0; i < count; i++) {
            String p = r.getNamespacePrefix(i);
            String uri = r.getNamespaceURI(i);
            if (i > 0) {
                decl.append(' ');
            }
            decl.append(p == null || p.isEmpty() ? "xmlns" : "xmlns:").append(p == null ? "" : p).append("=\"");
            if (uri != null) {
                for (int k = 0; k < uri.length(); k++) {
                    char c = uri.charAt(k);
                    switch (c) {
                        case '&' -> decl.append("&amp;");
                        case '<' -> decl.append("&lt;");
                        case '"' -> decl.append("&quot;");
                        default -> decl.append(c);
                    }
                }
            }
            decl.append('"');
        }
    }

    private void appendText(XMLStreamReader2 r) {
        int n = r.getTextLength();
        int need = textLength + n;
        if (need > limits.maxTextLength()) {
            throw misfit("text longer than " + limits.maxTextLength() + " characters (Limits.maxTextLength)");
        }
        if (text.length < need) {
            text = Arrays.copyOf(text, Math.max(need, text.length * 2));
        }
        System.arraycopy(r.getTextCharacters(), r.getTextStart(), text, textLength, n);
        textLength = need;
    }

    /** Text gathered in a record since its last child: kept unless it is only whitespace. */
    private void flushText(Spans.Frame f) {
        if (textLength > 0 && !Xml.whitespace(text, 0, textLength)) {
            if (f.type.text == null) {
                throw misfit("text \"" + abbreviate(text, textLength) + "\" in an element of type " + f.type.name
                        + ", which has no text");
            }
            Slot s = writeText(f, f.type.text, text, 0, textLength);
            f.sequence(s);
        }
        textLength = 0;
    }

    /**
     * Writes text into the first slot of {@code primary}'s chain that takes it (a single slot not yet used, or a
     * list, whose type holds the text exactly); returns that slot.
     */
    private Slot writeText(Spans.Frame f, Slot primary, char[] c, int off, int len) {
        for (Slot s = primary; s != null; s = s.next) {
            if (!s.repeated() && f.count[s.index] > 0) {
                continue;
            }
            int start = out.position();
            boolean ok = writeScalar(s.item(), c, off, len);
            if (ok) {
                spans.add(f, s.index, start, out.position());
                return s;
            }
        }
        throw misfit((primary.role == Slot.Role.TEXT ? "text" : primary.describeSource()) + " \"" + abbreviate(c, len)
                + "\" does not fit " + primary.shape.describe() + " (field " + primary.field + " of "
                + spans.top().type.name + ")");
    }

    /** Ends the top record; returns its value's start when it was the root, else -1. */
    private int endRecord() {
        Spans.Frame f = spans.top();
        flushText(f);
        RecType t = f.type;
        if (f.outOfOrder) {
            if (t.orderSlot == null) {
                throw misfit("the children of this " + t.local + " are in another order than type " + t.name + " keeps"
                        + " (it has no $order field)");
            }
            int start = out.position();
            spans.writeSequence(f);
            spans.add(f, t.orderSlot.index, start, out.position());
        }
        boolean nested = spans.depth() > 1;
        int value = spans.close(t.current(), nested);
        if (!nested) {
            return value;
        }
        Spans.Frame parent = spans.top();
        spans.add(parent, parent.marks[--parent.markCount], value, out.position());
        return -1;
    }

    private static String name(String ns, String local) {
        return ns.isEmpty() ? local : "{" + ns + "}" + local;
    }

    static String abbreviate(char[] c, int len) {
        return len > 40 ? new String(c, 0, 37) + "..." : new String(c, 0, len);
    }
}
