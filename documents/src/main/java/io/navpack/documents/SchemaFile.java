package io.navpack.documents;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import io.navpack.format.SchemaException;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The schema file: a document schema as JSON that people read, edit and commit (docs/user-guide.md,
 * "Documents without classes", describes every member). Writing and reading give back the same schema.
 */
final class SchemaFile {
    static final String MARKER = "navpack-documents";
    static final int FORM = 1;
    private static final JsonFactory JSON = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64).build()).build();

    private SchemaFile() {
    }

    // ---------------------------------------------------------------- writing

    static String write(Model m) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(w)) {
            DefaultPrettyPrinter pp = new DefaultPrettyPrinter().withArrayIndenter(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE)
                    .withObjectIndenter(new DefaultIndenter("  ", "\n"));
            g.setPrettyPrinter(new Compact(pp));
            g.writeStartObject();
            g.writeNumberField(MARKER, FORM);
            g.writeStringField("name", m.name);
            g.writeStringField("format", m.format.extension());
            if (m.format == DocumentFormat.XML) {
                g.writeBooleanField("inline", m.inline);
                g.writeObjectFieldStart("namespaces");
                for (Map.Entry<String, String> e : m.namespaces.entrySet()) {
                    g.writeStringField(e.getKey(), e.getValue());
                }
                g.writeEndObject();
            }
            g.writeArrayFieldStart("types");
            Map<String, String> prefixes = new HashMap<>();
            for (Map.Entry<String, String> e : m.namespaces.entrySet()) {
                prefixes.putIfAbsent(e.getValue(), e.getKey());
            }
            for (RecType t : m.types) {
                type(g, t, prefixes);
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w + "\n";
    }

    private static void type(JsonGenerator g, RecType t, Map<String, String> prefixes) throws IOException {
        g.writeStartObject();
        g.writeStringField("type", t.name);
        g.writeNumberField("id", t.id);
        g.writeNumberField("version", t.version);
        if (t.local != null) {
            g.writeStringField("element", qname(t.ns, t.local, prefixes));
        }
        if (t.root) {
            g.writeBooleanField("root", true);
        }
        g.writeArrayFieldStart("fields");
        for (Slot s : t.slots) {
            field(g, s, t, prefixes);
        }
        g.writeEndArray();
        List<String> natural = new ArrayList<>();
        for (Slot s : t.slots) {
            if (s.role == Slot.Role.TEXT || s.role == Slot.Role.ELEMENT && (!s.inGroup() || s.group == s)) {
                natural.add(s.field);
            }
        }
        List<String> order = new ArrayList<>();
        for (Slot s : t.childOrder) {
            order.add(s.field);
        }
        if (!order.equals(natural)) {
            g.writeArrayFieldStart("order");
            for (String f : order) {
                g.writeString(f);
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    private static void field(JsonGenerator g, Slot s, RecType t, Map<String, String> prefixes) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", s.field);
        switch (s.role) {
            case ATTRIBUTE -> g.writeStringField("attribute", qname(s.ns, s.name, prefixes));
            case ELEMENT -> {
                g.writeStringField("element", qname(s.ns, s.name, prefixes));
                if (s.attrName != null) {
                    g.writeStringField("attribute", qname(s.attrNs, s.attrName, prefixes));
                }
            }
            case TEXT -> g.writeBooleanField("text", true);
            case KEY -> g.writeStringField("key", s.name);
            case COLUMN -> g.writeStringField("column", s.name);
            default -> g.writeStringField("role", s.role.name().toLowerCase(Locale.ROOT));
        }
        if (s.alternate != Slot.Alternate.NONE) {
            g.writeStringField("alternate", s.alternate.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        }
        g.writeStringField("type", s.shape.describe());
        Shape leaf = s.shape.leaf();
        if (leaf.kind == Shape.Kind.ENUM) {
            g.writeArrayFieldStart("values");
            for (int i = 0; i < leaf.constants.size(); i++) {
                if (leaf.since[i] <= 1) {
                    g.writeString(leaf.constants.get(i));
                } else {
                    g.writeStartObject();
                    g.writeStringField("value", leaf.constants.get(i));
                    g.writeNumberField("since", leaf.since[i]);
                    g.writeEndObject();
                }
            }
            g.writeEndArray();
        }
        if (s.jsonNull) {
            g.writeBooleanField("null", true);
        }
        if (s.since > 1) {
            g.writeNumberField("since", s.since);
        }
        g.writeEndObject();
    }

    private static String qname(String ns, String local, Map<String, String> prefixes) {
        if (ns == null || ns.isEmpty()) {
            return local;
        }
        String p = prefixes.get(ns);
        if (p == null) {
            throw new IllegalStateException("no prefix for namespace " + ns);
        }
        return p + ":" + local;
    }

    /** Pretty printing with each field of a type on one line. */
    private static final class Compact extends DefaultPrettyPrinter {
        private static final long serialVersionUID = 1L;
        private int depth;

        Compact(DefaultPrettyPrinter base) {
            super(base);
        }

        @Override
        public Compact createInstance() {
            return new Compact(this);
        }

        @Override
        public void writeStartObject(JsonGenerator g) throws IOException {
            depth++;
            if (depth >= 3) {
                g.writeRaw('{');
                return;
            }
            super.writeStartObject(g);
        }

        @Override
        public void writeEndObject(JsonGenerator g, int entries) throws IOException {
            depth--;
            if (depth >= 2) {
                g.writeRaw('}');
                return;
            }
            super.writeEndObject(g, entries);
        }

        @Override
        public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
            if (depth >= 3) {
                g.writeRaw(", ");
                return;
            }
            super.writeObjectEntrySeparator(g);
        }

        @Override
        public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(": ");
        }

        @Override
        public void beforeObjectEntries(JsonGenerator g) throws IOException {
            if (depth >= 3) {
                return;
            }
            super.beforeObjectEntries(g);
        }

        @Override
        public void writeStartArray(JsonGenerator g) throws IOException {
            if (depth >= 3) {
                g.writeRaw('[');
                return;
            }
            super.writeStartArray(g);
        }

        @Override
        public void writeEndArray(JsonGenerator g, int values) throws IOException {
            if (depth >= 3) {
                g.writeRaw(']');
                return;
            }
            super.writeEndArray(g, values);
        }

        @Override
        public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
            if (depth >= 3) {
                g.writeRaw(", ");
                return;
            }
            super.writeArrayValueSeparator(g);
        }

        @Override
        public void beforeArrayValues(JsonGenerator g) throws IOException {
            if (depth >= 3) {
                return;
            }
            super.beforeArrayValues(g);
        }
    }

    // ---------------------------------------------------------------- reading

    static Model read(String text) {
        Object root;
        try (JsonParser p = JSON.createParser(text)) {
            p.nextToken();
            root = value(p);
            if (p.nextToken() != null) {
                throw new DocumentSchemaException("schema file: more after the schema at line " + p.currentLocation().getLineNr());
            }
        } catch (JsonProcessingException e) {
            throw new DocumentSchemaException("schema file is not JSON: " + e.getOriginalMessage() + " at line "
                    + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return model(asObject(root, "the schema file"));
    }

    private static Object value(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == null) {
            throw new DocumentSchemaException("schema file is empty");
        }
        switch (t) {
            case START_OBJECT -> {
                Map<String, Object> m = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String k = p.currentName();
                    p.nextToken();
                    m.put(k, value(p));
                }
                return m;
            }
            case START_ARRAY -> {
                List<Object> l = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    l.add(value(p));
                }
                return l;
            }
            case VALUE_STRING -> {
                return p.getText();
            }
            case VALUE_NUMBER_INT -> {
                return p.getLongValue();
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return t == JsonToken.VALUE_TRUE;
            }
            case VALUE_NULL -> {
                return null;
            }
            default -> throw new DocumentSchemaException("schema file: unexpected " + t + " at line "
                    + p.currentLocation().getLineNr());
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asObject(Object o, String what) {
        if (!(o instanceof Map)) {
            throw new DocumentSchemaException("schema file: " + what + " must be a JSON object");
        }
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> asList(Object o, String what) {
        if (!(o instanceof List)) {
            throw new DocumentSchemaException("schema file: " + what + " must be a JSON array");
        }
        return (List<Object>) o;
    }

    private static String string(Map<String, Object> m, String key, String what, boolean required) {
        Object v = m.get(key);
        if (v == null) {
            if (required) {
                throw new DocumentSchemaException("schema file: " + what + " has no \"" + key + "\"");
            }
            return null;
        }
        if (!(v instanceof String)) {
            throw new DocumentSchemaException("schema file: \"" + key + "\" of " + what + " must be a string");
        }
        return (String) v;
    }

    private static int integer(Map<String, Object> m, String key, String what, int otherwise) {
        Object v = m.get(key);
        if (v == null) {
            if (otherwise == Integer.MIN_VALUE) {
                throw new DocumentSchemaException("schema file: " + what + " has no \"" + key + "\"");
            }
            return otherwise;
        }
        if (!(v instanceof Long) || (Long) v < 0 || (Long) v > Integer.MAX_VALUE) {
            throw new DocumentSchemaException("schema file: \"" + key + "\" of " + what + " must be a whole number >= 0");
        }
        return (int) (long) (Long) v;
    }

    private static boolean bool(Map<String, Object> m, String key, String what) {
        Object v = m.get(key);
        if (v == null) {
            return false;
        }
        if (!(v instanceof Boolean)) {
            throw new DocumentSchemaException("schema file: \"" + key + "\" of " + what + " must be true or false");
        }
        return (Boolean) v;
    }

    private static Model model(Map<String, Object> root) {
        Object marker = root.get(MARKER);
        if (!(marker instanceof Long) || (Long) marker != FORM) {
            throw new DocumentSchemaException("not a navpack documents schema file: it needs \"" + MARKER + "\": " + FORM);
        }
        String name = string(root, "name", "the schema", true);
        DocumentFormat format = DocumentFormat.of(string(root, "format", "the schema", true));
        boolean inline = !root.containsKey("inline") || bool(root, "inline", "the schema");
        Map<String, String> namespaces = new LinkedHashMap<>();
        if (root.containsKey("namespaces")) {
            for (Map.Entry<String, Object> e : asObject(root.get("namespaces"), "\"namespaces\"").entrySet()) {
                if (!(e.getValue() instanceof String)) {
                    throw new DocumentSchemaException("schema file: namespace " + e.getKey() + " must be a string");
                }
                namespaces.put(e.getKey(), (String) e.getValue());
            }
        }
        List<RecType> types = new ArrayList<>();
        for (Object o : asList(root.get("types"), "\"types\"")) {
            types.add(type(asObject(o, "a type"), namespaces));
        }
        try {
            return new Model(name, format, namespaces, types, inline);
        } catch (SchemaException e) {
            throw new DocumentSchemaException("schema file: " + e.getMessage(), e);
        }
    }

    private static RecType type(Map<String, Object> m, Map<String, String> namespaces) {
        String name = string(m, "type", "a type", true);
        String what = "type " + name;
        int id = integer(m, "id", what, Integer.MIN_VALUE);
        int version = integer(m, "version", what, 1);
        if (version < 1) {
            throw new DocumentSchemaException("schema file: version of " + what + " must be 1 or more");
        }
        String element = string(m, "element", what, false);
        String[] q = element == null ? null : qname(element, namespaces, what);
        boolean root = bool(m, "root", what);
        List<Slot> slots = new ArrayList<>();
        for (Object o : asList(m.get("fields"), "\"fields\" of " + what)) {
            slots.add(field(asObject(o, "a field of " + what), slots.size(), name, version, namespaces));
        }
        List<Slot> order = new ArrayList<>();
        if (m.containsKey("order")) {
            for (Object o : asList(m.get("order"), "\"order\" of " + what)) {
                Slot s = null;
                for (Slot x : slots) {
                    if (x.field.equals(o)) {
                        s = x;
                    }
                }
                if (s == null) {
                    throw new DocumentSchemaException("schema file: \"order\" of " + what + " names " + o
                            + ", which is not one of its fields");
                }
                order.add(s);
            }
        } else {
            for (Slot s : slots) {
                if (s.role == Slot.Role.TEXT || s.role == Slot.Role.ELEMENT) {
                    order.add(s);
                }
            }
            // only the first field of an element's group stands for it
            List<Slot> heads = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (Slot s : order) {
                if (!s.inGroup() || seen.add(s.ns + "|" + s.name + (s.alternate.more() ? "|more" : ""))) {
                    heads.add(s);
                }
            }
            order = heads;
        }
        for (Slot s : slots) {
            if (s.since > version) {
                throw new DocumentSchemaException("schema file: field " + s.field + " of " + what + " is since version "
                        + s.since + ", after the type's version " + version);
            }
        }
        return new RecType(name, id, version, q == null ? null : q[0], q == null ? null : q[1], root, slots, order);
    }

    private static Slot field(Map<String, Object> m, int index, String typeName, int typeVersion,
                              Map<String, String> namespaces) {
        String field = string(m, "name", "field " + index + " of type " + typeName, true);
        String what = "field " + field + " of type " + typeName;
        if (!field.matches("[A-Za-z_$][A-Za-z0-9_$]*")) {
            throw new DocumentSchemaException("schema file: " + what + ": a field name is a Java identifier");
        }
        int since = integer(m, "since", what, 1);
        Shape shape = shape(string(m, "type", what, true), m, what, typeVersion);
        Slot.Alternate alt = Slot.Alternate.NONE;
        String a = string(m, "alternate", what, false);
        if (a != null) {
            try {
                alt = Slot.Alternate.valueOf(a.toUpperCase(Locale.ROOT).replace('-', '_'));
            } catch (IllegalArgumentException e) {
                throw new DocumentSchemaException("schema file: " + what + ": alternate " + a
                        + " is none of text, json, more, more-text");
            }
        }
        boolean jsonNull = bool(m, "null", what);
        String element = string(m, "element", what, false);
        String attribute = string(m, "attribute", what, false);
        if (element != null) {
            String[] e = qname(element, namespaces, what);
            String[] at = attribute == null ? null : qname(attribute, namespaces, what);
            if (at != null && shape.leaf().kind == Shape.Kind.RECORD) {
                throw new DocumentSchemaException("schema file: " + what + ": an attribute of an element is text, not a record");
            }
            return new Slot(field, index, since, Slot.Role.ELEMENT, e[0], e[1], at == null ? null : at[0],
                    at == null ? null : at[1], shape, alt, jsonNull);
        }
        if (attribute != null) {
            String[] at = qname(attribute, namespaces, what);
            return new Slot(field, index, since, Slot.Role.ATTRIBUTE, at[0], at[1], shape, alt, jsonNull);
        }
        if (bool(m, "text", what)) {
            return new Slot(field, index, since, Slot.Role.TEXT, null, null, shape, alt, jsonNull);
        }
        String key = string(m, "key", what, false);
        if (key != null) {
            return new Slot(field, index, since, Slot.Role.KEY, null, key, shape, alt, jsonNull);
        }
        String column = string(m, "column", what, false);
        if (column != null) {
            return new Slot(field, index, since, Slot.Role.COLUMN, null, column, shape, alt, jsonNull);
        }
        String role = string(m, "role", what, true);
        Slot.Role r;
        try {
            r = Slot.Role.valueOf(role.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            r = null;
        }
        if (r == null || r.content() && r != Slot.Role.ROOT) {
            throw new DocumentSchemaException("schema file: " + what + ": role " + role
                    + " is none of root, ns, order, nulls, header");
        }
        return new Slot(field, index, since, r, null, null, shape, alt, jsonNull);
    }

    private static Shape shape(String type, Map<String, Object> m, String what, int typeVersion) {
        if (type.startsWith("list<") && type.endsWith(">")) {
            return Shape.list(shape(type.substring(5, type.length() - 1), m, what, typeVersion));
        }
        if (type.equals("enum")) {
            List<String> constants = new ArrayList<>();
            List<Integer> since = new ArrayList<>();
            for (Object o : asList(m.get("values"), "\"values\" of " + what)) {
                if (o instanceof String s) {
                    constants.add(s);
                    since.add(1);
                } else {
                    Map<String, Object> c = asObject(o, "a value of " + what);
                    constants.add(string(c, "value", "a value of " + what, true));
                    since.add(integer(c, "since", "a value of " + what, 1));
                }
            }
            if (constants.isEmpty()) {
                throw new DocumentSchemaException("schema file: " + what + " is an enum without values");
            }
            if (new HashSet<>(constants).size() != constants.size()) {
                throw new DocumentSchemaException("schema file: " + what + " lists a value twice");
            }
            int[] s = new int[since.size()];
            for (int i = 0; i < s.length; i++) {
                s[i] = since.get(i);
                if (i > 0 && s[i] < s[i - 1]) {
                    throw new DocumentSchemaException("schema file: values of " + what + " added later come after the others");
                }
                if (s[i] > typeVersion) {
                    throw new DocumentSchemaException("schema file: a value of " + what + " is since a version after its type's");
                }
            }
            return Shape.enumOf(constants, s);
        }
        TextType t = TextType.ofFileName(type);
        if (t != null) {
            return Shape.scalar(t);
        }
        if (type.isEmpty() || type.contains("<") || type.contains(">")) {
            throw new DocumentSchemaException("schema file: " + what + " has type \"" + type + "\": one of string, long,"
                    + " decimal, boolean, date, date_time, offset_date_time, time, json, bytes, enum, a type name, list<...>");
        }
        return Shape.record(type);
    }

    private static String[] qname(String q, Map<String, String> namespaces, String what) {
        int colon = q.indexOf(':');
        if (colon < 0) {
            return new String[] {"", q};
        }
        String ns = namespaces.get(q.substring(0, colon));
        if (ns == null) {
            throw new DocumentSchemaException("schema file: " + what + " names " + q + ", whose prefix "
                    + q.substring(0, colon) + " is not in \"namespaces\"");
        }
        return new String[] {ns, q.substring(colon + 1)};
    }
}
