package io.navpack.documents;

import io.navpack.format.Schema;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Arrays;

/**
 * A record type of a document schema: an XML element name (every element of that name, wherever it
 * occurs), a JSON object under a key name, or a document's root. Its slots are the navpack fields in
 * field order, which only grows: a new version adds fields at the end or constants to an enum, so a value of
 * any version reads with the slots it has.
 */
final class RecType {
    final String name;
    final int id;
    final int version;
    /** XML element namespace and local name; null for JSON and CSV types. */
    final String ns;
    final String local;
    final boolean root;
    final List<Slot> slots;
    /** {@link #slots} as an array, for loops that must not allocate. */
    final Slot[] slotArray;
    /** Children (element and text slots) in the order an element writes them when it has no {@code $order}. */
    final List<Slot> childOrder;

    /** Navpack schemas by version (index 0 is version 1). */
    Schema[] schemas;
    /** Primary attribute and element slots by namespace, then local name; JSON keys and CSV columns by name. */
    final Map<String, Map<String, Slot>> attributes = new HashMap<>();
    final Map<String, Map<String, Slot>> elements = new HashMap<>();
    final Map<String, Slot> keys = new HashMap<>();
    /** Every slot by field name: how JSON written from a schema of another format names its keys. */
    final Map<String, Slot> byField = new HashMap<>();
    /** Heads of the groups that hold an element's occurrences beyond the first ({@code name$more}), by ns|name. */
    final Map<String, Slot> moreGroups = new HashMap<>();
    Slot text;
    Slot nsSlot;
    Slot orderSlot;
    Slot nullsSlot;
    Slot headerSlot;
    Slot rootSlot;
    private NameTable attributeTable;
    private NameTable elementTable;
    /** JSON keys (first slot of their chain) whose null is written as null: those a missing key may break. */
    Slot[] jsonNullKeys;
    /** Slots whose source is attributes, in field order. */
    Slot[] attributeSlots;
    /** Children slots in {@link #childOrder}. */
    Slot[] children;

    RecType(String name, int id, int version, String ns, String local, boolean root, List<Slot> slots, List<Slot> childOrder) {
        this.name = name;
        this.id = id;
        this.version = version;
        this.ns = ns;
        this.local = local;
        this.root = root;
        this.slots = List.copyOf(slots);
        this.slotArray = this.slots.toArray(new Slot[0]);
        this.childOrder = List.copyOf(childOrder);
        for (int i = 0; i < this.slots.size(); i++) {
            if (this.slots.get(i).index != i) {
                throw new IllegalStateException("slot " + this.slots.get(i).field + " of " + name + " is not at its index");
            }
        }
    }

    /** The same type with other slots, order and version. */
    RecType with(int newVersion, boolean newRoot, List<Slot> newSlots, List<Slot> newOrder) {
        return new RecType(name, id, newVersion, ns, local, newRoot, newSlots, newOrder);
    }

    Slot slot(String field) {
        for (Slot s : slots) {
            if (s.field.equals(field)) {
                return s;
            }
        }
        return null;
    }

    /** The primary attribute slot of {@code ns}/{@code local}, or null. */
    Slot attribute(String ns, String local) {
        return attributeTable.find(ns, local);
    }

    /** The head of the group that holds the element's further occurrences, or null. */
    Slot moreGroup(Slot head) {
        return moreGroups.isEmpty() ? null : moreGroups.get(head.ns + "|" + head.name);
    }

    /** The primary element slot of {@code ns}/{@code local}, or null. */
    Slot element(String ns, String local) {
        return elementTable.find(ns, local);
    }

    /** Builds lookups, alternate chains, groups and ranks; called once the model's types are all known. */
    void link(Map<String, RecType> types) {
        List<Slot> attrs = new ArrayList<>();
        Map<String, Slot> lastOfSource = new HashMap<>();
        Map<String, Slot> groups = new HashMap<>();
        Map<Slot, List<Slot>> members = new HashMap<>();
        for (Slot s : slots) {
            byField.put(s.field.intern(), s);
            Shape leaf = s.shape.leaf();
            if (leaf.kind == Shape.Kind.RECORD) {
                s.target = types.get(leaf.typeName);
                if (s.target == null) {
                    throw new DocumentSchemaException("field " + s.field + " of " + name + " names the type "
                            + leaf.typeName + ", which the schema does not define");
                }
            }
            String source = s.sourceKey();
            Slot before = s.role.content() ? lastOfSource.get(source) : null;
            if (before != null) {
                before.next = s;
                s.primary = before.primary;
            } else {
                s.primary = s;
            }
            if (s.role.content()) {
                lastOfSource.put(source, s);
            }
            if (s.inGroup()) {
                Slot head = groups.computeIfAbsent(s.ns + "|" + s.name + (s.alternate.more() ? "|more" : ""),
                        k -> s);
                s.group = head;
                if (s.primary == s) {
                    members.computeIfAbsent(head, k -> new ArrayList<>()).add(s);
                }
                if (head.repeated() != s.repeated()) {
                    throw new DocumentSchemaException("field " + s.field + " of " + name + " must be a list like "
                            + head.field + " (both hold element " + s.name + ") or neither");
                }
            }
            switch (s.role) {
                case ATTRIBUTE -> {
                    attrs.add(s);
                    if (s.primary == s) {
                        attributes.computeIfAbsent(s.ns, k -> new HashMap<>()).put(s.name, s);
                    }
                }
                case ELEMENT -> {
                    // an element kept as fields whose later occurrences had child elements has a record alternate
                    // too: new values use the record, older ones still read from the fields
                    if (s.inGroup() ? s.group == s && !s.alternate.more() : s.primary == s) {
                        Map<String, Slot> byLocal = elements.computeIfAbsent(s.ns, k -> new HashMap<>());
                        Slot other = byLocal.get(s.name);
                        if (other == null || (other.inGroup() && !s.inGroup())) {
                            byLocal.put(s.name, s);
                        }
                    }
                    if (s.inGroup() && s.alternate.more() && s.group == s) {
                        moreGroups.put(s.ns + "|" + s.name, s);
                    }
                }
                case TEXT -> {
                    if (s.primary == s) {
                        text = s;
                    }
                }
                case KEY, COLUMN -> {
                    if (s.primary == s) {
                        keys.put(s.name.intern(), s); // Jackson interns keys: found by reference
                    }
                }
                case ROOT -> {
                    if (s.primary == s) {
                        rootSlot = s;
                    }
                }
                case NS -> nsSlot = s;
                case ORDER -> orderSlot = s;
                case NULLS -> nullsSlot = s;
                case HEADER -> headerSlot = s;
                default -> throw new IllegalStateException(s.role.name());
            }
        }
        for (Map.Entry<Slot, List<Slot>> e : members.entrySet()) {
            e.getKey().members = e.getValue().toArray(new Slot[0]);
            e.getKey().attributeMembers = new NameTable(e.getValue().stream().filter(m -> m.attrName != null).toList(), true);
        }
        List<Slot> a = new ArrayList<>();
        attributes.values().forEach(m -> a.addAll(m.values()));
        attributeTable = new NameTable(a, false);
        List<Slot> el = new ArrayList<>();
        elements.values().forEach(m -> el.addAll(m.values()));
        elementTable = new NameTable(el, false);
        attributeSlots = attrs.toArray(new Slot[0]);
        List<Slot> nullKeys = new ArrayList<>();
        for (Slot s : slots) {
            if (s.jsonNull && s.primary == s && s.role.content()) {
                nullKeys.add(s);
            }
            if (s.item.kind == Shape.Kind.SCALAR && s.item.text == TextType.JSON && s.shape.kind != Shape.Kind.LIST) {
                s.primary.rawAlternates = true;
            }
        }
        jsonNullKeys = nullKeys.toArray(new Slot[0]);
        children = childOrder.toArray(new Slot[0]);
        for (int r = 0; r < children.length; r++) {
            Slot c = children[r];
            if (!c.role.child() || (c.inGroup() && c.group != c)) {
                throw new DocumentSchemaException("field " + c.field + " of " + name + " is not a child that has an order");
            }
            c.rank = r;
        }
        for (Slot s : slots) {
            boolean ordered = s.role == Slot.Role.TEXT || (s.role == Slot.Role.ELEMENT && (!s.inGroup() || s.group == s));
            if (ordered && s.rank < 0) {
                throw new DocumentSchemaException("child " + s.field + " of " + name + " is missing from its order");
            }
        }
    }

    /** The navpack schemas of every version (kept when a copy of an unchanged type already has them). */
    void buildSchemas() {
        if (schemas == null) {
            schemas = new Schema[version];
        } else if (schemas.length < version) {
            schemas = Arrays.copyOf(schemas, version);
        }
        for (int v = 1; v <= version; v++) {
            if (schemas[v - 1] != null) {
                continue; // an older version: its fields and constants do not change
            }
            Schema.Builder b = Schema.builder(name).typeId(id).version(v);
            for (Slot s : slots) {
                if (s.since <= v) {
                    b.field(s.field, s.shape.fieldType(v, name + "." + s.field), true);
                }
            }
            schemas[v - 1] = b.build();
        }
    }

    Schema current() {
        return schemas[version - 1];
    }

    @Override
    public String toString() {
        return name + "#" + id + " v" + version + " " + slots;
    }
}
