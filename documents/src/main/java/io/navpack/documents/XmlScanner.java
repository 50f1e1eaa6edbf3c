package io.navpack.documents;

import org.codehaus.stax2.XMLStreamReader2;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import java.util.ArrayDeque;

/** Inference's reading of an XML document: adds what it holds to {@link Stats}. */
final class XmlScanner {
    private XmlScanner() {
    }

    static void scan(byte[] doc, int off, int len, String source, Stats stats, Limits limits) {
        if (len > limits.maxDocumentBytes()) {
            throw new DocumentException(source, 0, 0, "", "document of " + len + " bytes is larger than the limit of "
                    + limits.maxDocumentBytes() + " bytes (Limits.maxDocumentBytes, --max-document-bytes)");
        }
        Xml.Path path = new Xml.Path();
        ArrayDeque<Stats.Occurrence> open = new ArrayDeque<>();
        XMLStreamReader2 r = null;
        try {
            r = Xml.reader(doc, off, len);
            while (r.hasNext()) {
                int event = r.next();
                switch (event) {
                    case XMLStreamConstants.START_ELEMENT -> {
                        if (path.depth() >= limits.maxDepth()) {
                            throw Xml.at(source, r, path.toString(), "elements nested deeper than " + limits.maxDepth()
                                    + " levels (Limits.maxDepth)");
                        }
                        String ns = nonNull(r.getNamespaceURI());
                        Stats.Name name = new Stats.Name(ns, r.getLocalName());
                        path.push(name.local());
                        String prefix = r.getPrefix();
                        if (!ns.isEmpty()) {
                            stats.prefixes.putIfAbsent(ns, prefix == null ? "" : prefix);
                        }
                        Stats.ElementStats e = stats.element(name);
                        e.count++;
                        Stats.Occurrence parent = open.peek();
                        if (parent == null) {
                            e.asRoot++;
                        } else {
                            parent.hasChildren = true;
                            parent.childElements = true;
                            flushText(parent, false);
                            parent.child(parent.element.child(name));
                        }
                        Stats.Occurrence o = new Stats.Occurrence(e);
                        int nsCount = r.getNamespaceCount();
                        if (nsCount > 0) {
                            e.complex = true;
                            e.structural = true;
                            o.hasChildren = true;
                            o.childElements = true;
                            String decl = declarations(r, nsCount, stats);
                            e.namespaces.text(decl, 0);
                        }
                        int attrs = r.getAttributeCount();
                        if (attrs > 0) {
                            e.complex = true;
                            o.hasChildren = true;
                            o.attributes = true;
                            for (int i = 0; i < attrs; i++) {
                                String ans = nonNull(r.getAttributeNamespace(i));
                                if (!ans.isEmpty()) {
                                    String p = r.getAttributePrefix(i);
                                    stats.prefixes.putIfAbsent(ans, p == null ? "" : p);
                                }
                                Stats.ChildStats a = e.attribute(new Stats.Name(ans, r.getAttributeLocalName(i)));
                                a.occurred(1);
                                String v = r.getAttributeValue(i);
                                checkText(v.length(), limits, source, r, path);
                                a.values.text(v, TextType.ALL);
                            }
                        }
                        open.push(o);
                    }
                    case XMLStreamConstants.END_ELEMENT -> {
                        Stats.Occurrence o = open.pop();
                        Stats.ElementStats e = o.element;
                        if (!o.childElements) {
                            String text = o.leafText.toString();
                            if (!o.attributes || !Xml.whitespace(text)) {
                                e.simpleText.text(text, TextType.ALL);
                            }
                        } else {
                            e.structural = true;
                        }
                        if (!o.hasChildren) {
                            String text = o.leafText.toString();
                            e.leafText.text(text, TextType.ALL);
                            flushText(o, true);
                        } else {
                            e.complex = true;
                            flushText(o, false);
                        }
                        o.close();
                        path.pop();
                    }
                    case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> {
                        Stats.Occurrence o = open.peek();
                        if (o != null) {
                            o.leafText.append(r.getTextCharacters(), r.getTextStart(), r.getTextLength());
                            checkText(o.leafText.length(), limits, source, r, path);
                        }
                    }
                    case XMLStreamConstants.DTD, XMLStreamConstants.PROCESSING_INSTRUCTION,
                            XMLStreamConstants.ENTITY_REFERENCE -> throw Xml.refused(source, r, event, path.toString(), doc, off, len);
                    default -> {
                    }
                }
            }
            stats.documents++;
        } catch (XMLStreamException e) {
            throw Xml.error(source, e, path.toString());
        } finally {
            close(r);
        }
    }

    /** Text gathered since the last child: a piece of the element's text unless it is only whitespace. */
    private static void flushText(Stats.Occurrence o, boolean leaf) {
        StringBuilder t = o.leafText;
        if (t.length() > 0 && !Xml.whitespace(t)) {
            Stats.ElementStats e = o.element;
            e.text.text(t.toString(), TextType.ALL);
            o.child(e.child(Stats.TEXT));
            o.textSegments++;
        } else if (leaf && t.length() == 0) {
            // an empty leaf: no text child
            return;
        }
        t.setLength(0);
    }

    static void checkText(int length, Limits limits, String source, XMLStreamReader2 r, Xml.Path path) {
        if (length > limits.maxTextLength()) {
            throw Xml.at(source, r, path.toString(), "text longer than " + limits.maxTextLength()
                    + " characters (Limits.maxTextLength)");
        }
    }

    /** The element's namespace declarations as attributes would write them: {@code xmlns="u" xmlns:p="v"}. */
    static String declarations(XMLStreamReader2 r, int count, Stats stats) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < count; i++) {
            String p = r.getNamespacePrefix(i);
            String uri = nonNull(r.getNamespaceURI(i));
            if (stats != null && !uri.isEmpty()) {
                stats.prefixes.putIfAbsent(uri, p == null ? "" : p);
            }
            if (i > 0) {
                b.append(' ');
            }
            b.append(p == null || p.isEmpty() ? "xmlns" : "xmlns:" + p).append("=\"");
            for (int k = 0; k < uri.length(); k++) {
                char c = uri.charAt(k);
                switch (c) {
                    case '&' -> b.append("&amp;");
                    case '<' -> b.append("&lt;");
                    case '"' -> b.append("&quot;");
                    default -> b.append(c);
                }
            }
            b.append('"');
        }
        return b.toString();
    }

    static String nonNull(String s) {
        return s == null ? "" : s;
    }

    static void close(XMLStreamReader2 r) {
        if (r != null) {
            try {
                r.closeCompletely();
            } catch (XMLStreamException ignored) {
                // nothing to release for an array
            }
        }
    }
}
