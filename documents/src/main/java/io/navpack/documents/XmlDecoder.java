package io.navpack.documents;

import io.navpack.format.NavpackFormatException;
import io.navpack.format.spi.PackedInts;
import io.navpack.format.RecordCursor;
import io.navpack.format.Schema;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;

/**
 * navpack to XML, streaming: the record's bytes are read where they lie (a {@link RecordCursor} per level)
 * and written as UTF-8 text into a {@link Utf8Buffer}. Elements get the prefixes the document declared
 * ({@code $ns}); a namespace no declaration in scope binds gets one ({@code ns1}, ...).
 */
final class XmlDecoder {
    private static final int MAX_DEPTH = 64;
    private static final byte[] XML_DECLARATION = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            .getBytes(StandardCharsets.US_ASCII);

    private final Model model;
    private RecordCursor[] cursors = new RecordCursor[16];
    /** Per level: where each field's next value is. */
    private Items[] itemsByDepth = new Items[16];
    private final Namespaces ns = new Namespaces();
    private final Map<String, String[]> parsedDeclarations = new HashMap<>();
    private final Map<Shape, String[][]> enumDeclarations = new IdentityHashMap<>();
    private final Map<String, byte[]> names = new HashMap<>();
    private Utf8Buffer out;

    XmlDecoder(Model model) {
        this.model = model;
    }

    void decode(byte[] b, int off, int len, Utf8Buffer out) {
        this.out = out;
        ns.reset();
        out.bytes(XML_DECLARATION);
        element(0, b, off, off + len, null);
        out.byte1('\n');
    }

    private RecordCursor cursor(int depth) {
        if (depth >= MAX_DEPTH) {
            throw new NavpackFormatException("records nested deeper than " + MAX_DEPTH, 0);
        }
        if (depth >= cursors.length) {
            cursors = Arrays.copyOf(cursors, depth * 2);
        }
        RecordCursor c = cursors[depth];
        if (c == null) {
            c = cursors[depth] = new RecordCursor(model.registry);
        }
        return c;
    }

    /** Writes the element of the record at {@code start..end}. */
    private void element(int depth, byte[] b, int start, int end, RecType expected) {
        RecordCursor c = cursor(depth);
        Schema schema = c.open(b, start, end);
        RecType t = model.typeOf(schema);
        if (expected != null && t != expected) {
            throw new NavpackFormatException("a " + t.name + " where a " + expected.name + " belongs", start);
        }
        if (t.local == null) {
            throw new IllegalStateException("type " + t.name + " is not an XML element: write it as JSON");
        }
        int fields = schema.fieldCount();
        int mark = ns.mark();
        // declarations first: they bind the prefixes the element's own name may use
        byte[] declBytes = null;
        int declOff = 0;
        int declLen = 0;
        if (t.nsSlot != null && t.nsSlot.index < fields && !c.isNull(t.nsSlot.index)) {
            int p = c.start(t.nsSlot.index);
            String[] decls;
            Shape shape = t.nsSlot.shape;
            if (shape.kind == Shape.Kind.ENUM) {
                int i = PackedInts.readInt(b, p, c.recordEnd());
                if (i < 0 || i >= shape.constants.size()) {
                    throw new NavpackFormatException("enum index " + i + " outside the $ns constants", p);
                }
                declBytes = shape.utf8[i];
                declLen = declBytes.length;
                String[][] parsed = enumDeclarations.computeIfAbsent(shape, k -> new String[k.constants.size()][]);
                if (parsed[i] == null) {
                    parsed[i] = parseDeclarations(shape.constants.get(i));
                }
                decls = parsed[i];
            } else {
                int q = PackedInts.skipInt(b, p, c.recordEnd());
                declLen = PackedInts.readInt(b, p, c.recordEnd());
                if (declLen < 0 || declLen > c.recordEnd() - q) {
                    throw new NavpackFormatException("$ns of " + declLen + " bytes exceeds its record", p);
                }
                declBytes = b;
                declOff = q;
                decls = declarations(b, q, q + declLen);
            }
            for (int i = 0; i < decls.length; i += 2) {
                ns.bind(decls[i], decls[i + 1]);
            }
        }
        out.byte1('<');
        writeName(t.ns, t.local, true);
        if (declBytes != null) {
            out.byte1(' ');
            out.bytes(declBytes, declOff, declLen);
        }
        ns.writePending(out);
        for (Slot a : t.attributeSlots) {
            if (a.index >= fields || c.isNull(a.index)) {
                continue;
            }
            String prefix = ns.prefixFor(a.ns, false);
            ns.writePending(out);
            out.byte1(' ');
            writeLocal(prefix, a.name);
            out.byte1('=');
            out.byte1('"');
            Texts.formatOrEnum(a.shape, b, c.start(a.index), c.recordEnd(), out, Utf8Buffer.Escape.XML_ATTRIBUTE);
            out.byte1('"');
        }
        int before = out.size();
        out.byte1('>');
        int contentStart = out.size();
        children(depth, c, t, fields, b);
        if (out.size() == contentStart) {
            out.pos = before;
            out.ascii("/>");
        } else {
            out.ascii("</");
            writeName(t.ns, t.local, true);
            out.byte1('>');
        }
        ns.reset(mark);
    }

    private void children(int depth, RecordCursor c, RecType t, int fields, byte[] b) {
        Items items = items(depth, fields);
        items.open(c, t, fields, b);
        Slot order = t.orderSlot;
        if (order != null && order.index < fields && !c.isNull(order.index)) {
            int p = c.start(order.index);
            int q = PackedInts.skipInt(b, p, c.recordEnd());
            int n = PackedInts.readInt(b, p, c.recordEnd());
            int end = q + n;
            if (n < 0 || end > c.recordEnd()) {
                throw new NavpackFormatException("$order of " + n + " bytes exceeds its record", p);
            }
            while (q < end) {
                int field = PackedInts.readInt(b, q, end);
                q = PackedInts.skipInt(b, q, end);
                Slot s = field >= 0 && field < fields ? t.slots.get(field) : null;
                if (s == null || s.rank < 0 || items.left(s) <= 0) {
                    throw new NavpackFormatException("$order names field " + field + " of " + t.name
                            + ", which has no value left", q);
                }
                occurrence(depth, s, items, b);
            }
            for (Slot s : t.children) {
                if (s.index < fields && items.left(s) > 0) {
                    throw new NavpackFormatException("$order of " + t.name + " leaves values of " + s.field + " out", p);
                }
            }
            return;
        }
        for (Slot s : t.children) {
            if (s.index >= fields) {
                continue;
            }
            for (int k = items.left(s); k > 0; k--) {
                occurrence(depth, s, items, b);
            }
        }
    }

    private Items items(int depth, int fields) {
        if (itemsByDepth.length <= depth) {
            itemsByDepth = Arrays.copyOf(itemsByDepth, depth * 2 + 2);
        }
        Items i = itemsByDepth[depth];
        if (i == null) {
            i = itemsByDepth[depth] = new Items();
        }
        return i;
    }

    /** Writes the next occurrence of child {@code s} (a record element, a text, or a group's head). */
    private void occurrence(int depth, Slot s, Items items, byte[] b) {
        if (s.role == Slot.Role.TEXT) {
            int p = items.take(s.index);
            Texts.formatOrEnum(s.item(), b, p, items.limit, out, Utf8Buffer.Escape.XML_TEXT);
            items.taken(s);
            return;
        }
        if (!s.inGroup()) {
            int p = items.take(s.index);
            int limit = items.limit;
            int q = PackedInts.skipInt(b, p, limit);
            int n = PackedInts.readInt(b, p, limit);
            if (n < 0 || n > limit - q) {
                throw new NavpackFormatException("nested record of " + n + " bytes exceeds its container", p);
            }
            element(depth + 1, b, q, q + n, s.target);
            items.taken(s);
            return;
        }
        // a group: the element with its attributes and text, the k-th value of each field
        int m = ns.mark();
        out.byte1('<');
        writeName(s.ns, s.name, true);
        ns.writePending(out);
        int textField = -1;
        int textAt = -1;
        for (Slot member : s.members) {
            for (Slot a = member; a != null; a = a.next) {
                int p = items.take(a.index);
                if (p < 0) {
                    continue;
                }
                if (a.attrName == null) {
                    textField = a.index;
                    textAt = p;
                    continue;
                }
                String prefix = ns.prefixFor(a.attrNs, false);
                ns.writePending(out);
                out.byte1(' ');
                writeLocal(prefix, a.attrName);
                out.ascii("=\"");
                Texts.formatOrEnum(a.item(), b, p, items.limit, out, Utf8Buffer.Escape.XML_ATTRIBUTE);
                out.byte1('"');
            }
        }
        if (textAt >= 0) {
            out.byte1('>');
            int before = out.size();
            Texts.formatOrEnum(items.type.slots.get(textField).item(), b, textAt, items.limit, out,
                    Utf8Buffer.Escape.XML_TEXT);
            if (out.size() == before && false) {
                out.pos = before - 1;
            }
            out.ascii("</");
            writeName(s.ns, s.name, true);
            out.byte1('>');
        } else {
            out.ascii("/>");
        }
        items.taken(s);
        ns.reset(m);
    }

    /** Writes {@code prefix:local} (or {@code local}) for the namespace, binding a new prefix when none is in scope. */
    private void writeName(String uri, String local, boolean element) {
        writeLocal(ns.prefixFor(uri, element), local);
    }

    private void writeLocal(String prefix, String local) {
        if (!prefix.isEmpty()) {
            out.ascii(prefix);
            out.byte1(':');
        }
        byte[] l = names.get(local);
        if (l == null) {
            l = local.getBytes(StandardCharsets.UTF_8);
            names.put(local, l);
        }
        out.bytes(l);
    }

    /** {@code xmlns="u" xmlns:p="v"} to prefix, URI pairs; cached, since documents repeat them. */
    private String[] declarations(byte[] b, int from, int to) {
        String text = new String(b, from, to - from, StandardCharsets.UTF_8);
        String[] parsed = parsedDeclarations.get(text);
        if (parsed == null) {
            parsed = parseDeclarations(text);
            if (parsedDeclarations.size() < 1024) {
                parsedDeclarations.put(text, parsed);
            }
        }
        return parsed;
    }

    static String[] parseDeclarations(String text) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            while (i < n && text.charAt(i) == ' ') {
                i++;
            }
            if (i >= n) {
                break;
            }
            int eq = text.indexOf("=\"", i);
            int close = eq < 0 ? -1 : text.indexOf('"', eq + 2);
            if (eq < 0 || close < 0 || !text.startsWith("xmlns", i)) {
                throw new NavpackFormatException("$ns is not a list of namespace declarations: " + text, 0);
            }
            String name = text.substring(i, eq);
            String prefix = name.equals("xmlns") ? "" : name.startsWith("xmlns:") ? name.substring(6) : null;
            if (prefix == null) {
                throw new NavpackFormatException("$ns is not a list of namespace declarations: " + text, 0);
            }
            out.add(prefix);
            out.add(text.substring(eq + 2, close).replace("&quot;", "\"").replace("&lt;", "<").replace("&amp;", "&"));
            i = close + 1;
        }
        return out.toArray(new String[0]);
    }

    /** Prefix bindings in scope, innermost last, and the declarations an element still has to write. */
    static final class Namespaces {
        private static final String XML_NS = "http://www.w3.org/XML/1998/namespace";
        private String[] prefixes = new String[16];
        private String[] uris = new String[16];
        private int size;
        private int pendingFrom;
        private int generated;

        void reset() {
            size = 0;
            pendingFrom = 0;
            generated = 0;
        }

        int mark() {
            pendingFrom = size;
            return size;
        }

        void reset(int mark) {
            size = mark;
            pendingFrom = Math.min(pendingFrom, mark);
        }

        void bind(String prefix, String uri) {
            if (size == prefixes.length) {
                prefixes = Arrays.copyOf(prefixes, size * 2);
                uris = Arrays.copyOf(uris, size * 2);
            }
            prefixes[size] = prefix;
            uris[size++] = uri;
            pendingFrom = size; // declared in the document: written from $ns
        }

        private String uriOf(String prefix) {
            for (int i = size - 1; i >= 0; i--) {
                if (prefixes[i].equals(prefix)) {
                    return uris[i];
                }
            }
            return prefix.isEmpty() ? "" : null;
        }

        /** A prefix bound to {@code uri} here; for an attribute a non-empty one; binds a new one when none is. */
        String prefixFor(String uri, boolean element) {
            if (uri.isEmpty()) {
                if (!element) {
                    return "";
                }
                if (!uriOf("").isEmpty()) {
                    add("", "");
                }
                return "";
            }
            if (uri.equals(XML_NS)) {
                return "xml";
            }
            for (int i = size - 1; i >= 0; i--) {
                if (uris[i].equals(uri) && (element || !prefixes[i].isEmpty()) && uri.equals(uriOf(prefixes[i]))) {
                    return prefixes[i];
                }
            }
            String p;
            do {
                p = "ns" + (++generated);
            } while (uriOf(p) != null);
            add(p, uri);
            return p;
        }

        private void add(String prefix, String uri) {
            if (size == prefixes.length) {
                prefixes = Arrays.copyOf(prefixes, size * 2);
                uris = Arrays.copyOf(uris, size * 2);
            }
            prefixes[size] = prefix;
            uris[size++] = uri;
        }

        /** Writes the declarations bound since the element started that the document did not declare. */
        void writePending(Utf8Buffer out) {
            for (int i = pendingFrom; i < size; i++) {
                out.ascii(prefixes[i].isEmpty() ? " xmlns" : " xmlns:" + prefixes[i]);
                out.ascii("=\"");
                byte[] u = uris[i].getBytes(StandardCharsets.UTF_8);
                out.xmlAttribute(u, 0, u.length);
                out.byte1('"');
            }
            pendingFrom = size;
        }
    }
}
