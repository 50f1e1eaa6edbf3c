package io.navpack.documents;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.Arrays;
import java.util.function.Function;

/**
 * Turns inference statistics into a model: which elements, objects and columns become record types and
 * fields, their types, enums and names, the order of an element's children; and grows an existing model
 * compatibly with the statistics of a document that does not fit it ({@link #evolve}).
 *
 * <p>The rules (docs/user-guide.md, "Documents without classes", states them for users):
 * <ul>
 *   <li>An XML element name with attributes, child elements or namespace declarations in any occurrence is a
 *   record type (all elements of that name, wherever they occur); others hold text and are fields of their
 *   parents. A JSON object under a key is a record type named after the key; a document's root is one.</li>
 *   <li>A child that occurs more than once in one parent, and a JSON array, is a list.</li>
 *   <li>A text is typed only when every sample reads back to exactly its characters ({@link TextType}).</li>
 *   <li>A string field is an enum when it has at most {@value #MAX_ENUM} distinct values and the values seen
 *   only once are at most a quarter of its occurrences ({@link #enumWorthy}); constants are ordered by
 *   frequency, so the most frequent take one byte.</li>
 * </ul>
 */
final class ModelBuilder {
    static final int MAX_ENUM = 256;
    /** An enum when the values seen once are at most 1 / this of the occurrences. */
    static final int UNSEEN_SHARE = 4;
    /** An enum grows by evolution up to this many constants; beyond, new values go to a text alternate. */
    static final int MAX_ENUM_GROWTH = 1024;

    private final Stats stats;
    private final String schemaName;
    private final int firstId;
    private final boolean inline;
    private final DocumentFormat format;
    private final Map<Stats.Name, String> typeNames = new HashMap<>();

    private ModelBuilder(Stats stats, DocumentFormat format, String schemaName, int firstId, boolean inline) {
        this.stats = stats;
        this.format = format;
        this.schemaName = schemaName;
        this.firstId = firstId;
        this.inline = inline;
    }

    /**
     * A new model from the statistics of sample documents. With {@code inline}, XML elements without child
     * elements are kept in their parents' records as groups of fields (text and attributes); without, those
     * with attributes are records of their own with a {@code value} field for the text.
     */
    static Model infer(Stats stats, DocumentFormat format, String schemaName, int firstId, boolean inline) {
        return new ModelBuilder(stats, format, schemaName, firstId, inline).build();
    }

    private Model build() {
        List<Stats.ElementStats> typed = new ArrayList<>();
        for (Stats.ElementStats e : stats.elements.values()) {
            if (isType(e)) {
                typed.add(e);
            }
        }
        Set<String> used = new HashSet<>();
        for (Stats.ElementStats e : typed) {
            String base = isRoot(e) && stats.format != DocumentFormat.XML ? schemaName
                    : stats.format != DocumentFormat.XML && e.name.local().isEmpty() ? schemaName + "._"
                    : schemaName + "." + identifier(e.name.local());
            String n = base;
            for (int k = 2; !used.add(n); k++) {
                n = base + "_" + k;
            }
            typeNames.put(e.name, n);
        }
        List<Stats.ElementStats> byCount = new ArrayList<>(typed);
        byCount.sort((a, b) -> a.count != b.count ? Long.compare(b.count, a.count) : Integer.compare(a.firstSeen, b.firstSeen));
        Map<Stats.Name, Integer> ids = new HashMap<>();
        for (int i = 0; i < byCount.size(); i++) {
            ids.put(byCount.get(i).name, firstId + i);
        }
        List<RecType> types = new ArrayList<>();
        for (Stats.ElementStats e : typed) {
            types.add(type(e, ids.get(e.name)));
        }
        Map<String, String> namespaces = new LinkedHashMap<>();
        Set<String> prefixes = new HashSet<>();
        for (Map.Entry<String, String> p : stats.prefixes.entrySet()) {
            String prefix = p.getValue().isEmpty() ? identifier(schemaName) : p.getValue();
            String unique = prefix;
            for (int k = 2; !prefixes.add(unique); k++) {
                unique = prefix + k;
            }
            namespaces.put(unique, p.getKey());
        }
        return new Model(schemaName, format, namespaces, types, inline);
    }

    private boolean isType(Stats.ElementStats e) {
        return stats.format != DocumentFormat.XML || e.structural || e.asRoot > 0 || (e.complex && !inline);
    }

    private static boolean isRoot(Stats.ElementStats e) {
        return e.asRoot > 0;
    }

    private RecType type(Stats.ElementStats e, int id) {
        String name = typeNames.get(e.name);
        Names names = new Names();
        List<Slot> slots = new ArrayList<>();
        List<Slot> order = new ArrayList<>();
        if (stats.format == DocumentFormat.XML) {
            // names: attributes, then elements, keep theirs; the text takes "value" (or value_2, ...) after them
            List<Stats.ChildStats> children = childOrder(e);
            Map<Object, String> fieldNames = new HashMap<>();
            for (Stats.ChildStats a : e.attributes.values()) {
                fieldNames.put(a, names.take(identifier(a.name.local())));
            }
            for (Stats.ChildStats c : children) {
                if (c.name == Stats.TEXT) {
                    continue;
                }
                Stats.ElementStats ce = stats.elements.get(c.name);
                String base = identifier(c.name.local());
                if (isType(ce)) {
                    fieldNames.put(c, names.take(base));
                    continue;
                }
                boolean text = ce.simpleText.count > 0;
                if (text || ce.attributes.size() != 1) {
                    fieldNames.put(c, names.take(base));
                }
                for (Stats.ChildStats a : ce.attributes.values()) {
                    fieldNames.put(List.of(c, a), names.take(!text && ce.attributes.size() == 1 ? base
                            : base + "_" + identifier(a.name.local())));
                }
            }
            for (Stats.ChildStats c : children) {
                if (c.name == Stats.TEXT) {
                    fieldNames.put(c, names.take("value"));
                }
            }
            for (Stats.ChildStats a : e.attributes.values()) {
                slots.add(new Slot(fieldNames.get(a), slots.size(), 1, Slot.Role.ATTRIBUTE, a.name.ns(), a.name.local(),
                        textShape(a.values, name, fieldNames.get(a)), Slot.Alternate.NONE, false));
            }
            for (Stats.ChildStats c : children) {
                if (c.name == Stats.TEXT) {
                    Shape item = textShape(e.text, name, fieldNames.get(c));
                    Slot s = new Slot(fieldNames.get(c), slots.size(), 1, Slot.Role.TEXT, null, null,
                            e.maxTextSegments > 1 ? Shape.list(item) : item, Slot.Alternate.NONE, false);
                    slots.add(s);
                    order.add(s);
                    continue;
                }
                Stats.ElementStats ce = stats.elements.get(c.name);
                boolean repeated = c.maxPerParent > 1;
                if (isType(ce)) {
                    Shape item = Shape.record(typeNames.get(c.name));
                    Slot s = new Slot(fieldNames.get(c), slots.size(), 1, Slot.Role.ELEMENT, c.name.ns(), c.name.local(),
                            repeated ? Shape.list(item) : item, Slot.Alternate.NONE, false);
                    slots.add(s);
                    order.add(s);
                    continue;
                }
                Slot head = null;
                if (ce.simpleText.count > 0 || ce.attributes.isEmpty()) {
                    Shape item = textShape(ce.simpleText, name, fieldNames.get(c));
                    head = new Slot(fieldNames.get(c), slots.size(), 1, Slot.Role.ELEMENT, c.name.ns(), c.name.local(),
                            repeated ? Shape.list(item) : item, Slot.Alternate.NONE, false);
                    slots.add(head);
                }
                for (Stats.ChildStats a : ce.attributes.values()) {
                    String field = fieldNames.get(List.of(c, a));
                    Shape item = textShape(a.values, name, field);
                    Slot s = new Slot(field, slots.size(), 1, Slot.Role.ELEMENT, c.name.ns(), c.name.local(), a.name.ns(),
                            a.name.local(), repeated ? Shape.list(item) : item, Slot.Alternate.NONE, false);
                    slots.add(s);
                    if (head == null) {
                        head = s;
                    }
                }
                order.add(head);
            }
            if (e.namespaces.count > 0) {
                slots.add(new Slot("$ns", slots.size(), 1, Slot.Role.NS, null, null, textShape(e.namespaces, name, "$ns"),
                        Slot.Alternate.NONE, false));
            }
            if (cyclic) {
                slots.add(new Slot("$order", slots.size(), 1, Slot.Role.ORDER, null, null, Shape.scalar(TextType.BYTES),
                        Slot.Alternate.NONE, false));
            }
            cyclic = false;
        }
        if (stats.format.json()) {
            jsonSlots(e, name, names, slots);
        } else if (stats.format == DocumentFormat.CSV) {
            for (Stats.ChildStats c : e.children.values()) {
                String column = columnName(c.name.local());
                slots.add(new Slot(names.take(identifier(column)), slots.size(), 1, Slot.Role.COLUMN, null, column,
                        textShape(c.values, name, column), Slot.Alternate.NONE, false));
            }
            if (e.headers.overflow || e.headers.distinct.size() > 1) {
                slots.add(new Slot("$header", slots.size(), 1, Slot.Role.HEADER, null, null,
                        textShape(e.headers, name, "$header"), Slot.Alternate.NONE, false));
            }
        }
        return new RecType(name, id, 1, stats.format == DocumentFormat.XML ? e.name.ns() : null,
                stats.format == DocumentFormat.XML ? e.name.local() : null, isRoot(e), slots, order);
    }

    /** A CSV column's name without the occurrence {@link CsvScanner#columns} adds to a repeated one. */
    static String columnName(String key) {
        int nul = key.indexOf('\u0000');
        return nul < 0 ? key : key.substring(0, nul);
    }

    /** The fields of a JSON object type: a field per key (and a JSON-text alternate where kinds mix), {@code $nulls}. */
    private void jsonSlots(Stats.ElementStats e, String typeName, Names names, List<Slot> slots) {
        boolean nullsAndAbsent = false;
        for (Stats.ChildStats c : e.children.values()) {
            boolean root = c.name.equals(Stats.ROOT_VALUE);
            String field = root ? "$root" : names.take(identifier(c.name.local()));
            long absent = root ? 0 : e.count - c.parentsWith;
            boolean jsonNull = c.nulls > 0 && c.nulls >= absent;
            nullsAndAbsent |= c.nulls > 0 && absent > 0;
            Shape shape = jsonShape(c.values, typeName, field);
            Slot.Role role = root ? Slot.Role.ROOT : Slot.Role.KEY;
            String key = root ? null : c.name.local();
            slots.add(new Slot(field, slots.size(), 1, role, null, key, shape, Slot.Alternate.NONE, jsonNull));
            if (c.values.kinds() > 1 || c.values.negativeZero) {
                slots.add(new Slot(names.take(field + "$json"), slots.size(), 1, role, null, key,
                        Shape.scalar(TextType.JSON), Slot.Alternate.JSON, jsonNull));
            }
        }
        if (nullsAndAbsent) {
            slots.add(new Slot("$nulls", slots.size(), 1, Slot.Role.NULLS, null, null, Shape.scalar(TextType.BYTES),
                    Slot.Alternate.NONE, false));
        }
    }

    /** The shape of a JSON value's most frequent kind (the others go to a JSON-text alternate). */
    private Shape jsonShape(Stats.ValueStats v, String typeName, String field) {
        return jsonShape(v, n -> typeNames.get(n));
    }

    /** The shape of a JSON value's most frequent kind; {@code types} names the record type of an object's key. */
    static Shape jsonShape(Stats.ValueStats v, Function<Stats.Name, String> types) {
        long numbers = v.integers + v.floats;
        long best = Math.max(Math.max(v.booleans, numbers), Math.max(v.strings, Math.max(v.objects, v.arrays)));
        if (best == 0) {
            return Shape.scalar(TextType.STRING); // only nulls
        }
        if (numbers == best) {
            return Shape.scalar(v.floats > 0 || v.bigIntegers ? TextType.DECIMAL : TextType.LONG);
        }
        if (v.strings == best) {
            return jsonStringShape(v);
        }
        if (v.booleans == best) {
            return Shape.scalar(TextType.BOOLEAN);
        }
        if (v.objects == best) {
            return Shape.record(types.apply(v.objectType));
        }
        Stats.ValueStats e = v.elements;
        return Shape.list(e == null || e.kinds() != 1 || e.negativeZero ? Shape.scalar(TextType.JSON) : jsonShape(e, types));
    }

    private static Shape jsonStringShape(Stats.ValueStats v) {
        TextType t = TextType.best(v.fits);
        if (t == TextType.STRING && enumWorthy(v, v.strings)) {
            List<String> constants = v.byFrequency();
            return Shape.enumOf(constants, ones(constants.size()));
        }
        return Shape.scalar(t);
    }

    /** Set by {@link #childOrder} when no order of the children agrees with every sample. */
    private boolean cyclic;

    /**
     * The children of {@code e} in an order that agrees with the order of every sample where one exists (a
     * topological order of "seen right after"); otherwise one that breaks few samples, and {@link #cyclic}.
     * Ties go to the child seen first.
     */
    private List<Stats.ChildStats> childOrder(Stats.ElementStats e) {
        List<Stats.ChildStats> nodes = new ArrayList<>(e.children.values());
        int n = nodes.size();
        int[] indegree = new int[n];
        List<List<Integer>> next = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            next.add(new ArrayList<>());
        }
        for (long edge : e.follows) {
            int a = (int) (edge >>> 32);
            int b = (int) edge;
            next.get(a).add(b);
            indegree[b]++;
        }
        boolean[] done = new boolean[n];
        PriorityQueue<Integer> ready = new PriorityQueue<>();
        for (int i = 0; i < n; i++) {
            if (indegree[i] == 0) {
                ready.add(i);
            }
        }
        List<Stats.ChildStats> out = new ArrayList<>();
        while (out.size() < n) {
            Integer i = ready.poll();
            if (i == null) {
                cyclic = true;
                int best = -1;
                for (int k = 0; k < n; k++) {
                    if (!done[k] && (best < 0 || indegree[k] < indegree[best])) {
                        best = k;
                    }
                }
                i = best;
            }
            if (done[i]) {
                continue;
            }
            done[i] = true;
            out.add(nodes.get(i));
            for (int j : next.get(i)) {
                if (--indegree[j] == 0 && !done[j]) {
                    ready.add(j);
                }
            }
        }
        return out;
    }

    /** The shape of text values: the most specific type all fit, or an enum, or a string. */
    static Shape textShape(Stats.ValueStats v, String typeName, String field) {
        TextType t = v.count == 0 ? TextType.STRING : TextType.best(v.fits);
        if (t == TextType.STRING && enumWorthy(v)) {
            List<String> constants = v.byFrequency();
            return Shape.enumOf(constants, ones(constants.size()));
        }
        return Shape.scalar(t);
    }

    /**
     * An enum pays when new documents rarely bring a value not seen yet: by the Good-Turing estimate, that
     * chance is the share of occurrences whose value was seen only once. At most a quarter, and at most
     * {@value #MAX_ENUM} distinct values.
     */
    static boolean enumWorthy(Stats.ValueStats v) {
        return enumWorthy(v, v.count);
    }

    static boolean enumWorthy(Stats.ValueStats v, long count) {
        int distinct = v.distinct.size();
        if (v.overflow || distinct == 0 || distinct > MAX_ENUM || count < 2) {
            return false;
        }
        long once = 0;
        for (long[] n : v.distinct.values()) {
            if (n[0] == 1) {
                once++;
            }
        }
        return once * UNSEEN_SHARE <= count;
    }

    static int[] ones(int n) {
        int[] a = new int[n];
        Arrays.fill(a, 1);
        return a;
    }

    /**
     * A field name from a document's name: letters, digits and {@code _} kept, anything else {@code _}, a
     * leading digit prefixed with {@code _}. {@code $} is never produced: it marks the fields navpack adds.
     */
    static String identifier(String raw) {
        StringBuilder b = new StringBuilder(raw.length() + 1);
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            boolean ok = c < 0x80 && (Character.isLetterOrDigit(c) || c == '_');
            b.append(ok ? c : '_');
        }
        if (b.length() == 0 || Character.isDigit(b.charAt(0))) {
            b.insert(0, '_');
        }
        return b.toString();
    }

    /** Field names of one type: a name taken twice gets {@code _2}, {@code _3}, ... */
    static final class Names {
        private final Set<String> used = new HashSet<>();

        Names() {
        }

        Names(List<Slot> existing) {
            for (Slot s : existing) {
                used.add(s.field);
            }
        }

        String take(String base) {
            String n = base;
            for (int k = 2; !used.add(n); k++) {
                n = base + "_" + k;
            }
            return n;
        }
    }
}
