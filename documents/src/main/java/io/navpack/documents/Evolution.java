package io.navpack.documents;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Grows a model so that it holds a document it did not: only changes that leave every value written before
 * readable as it was. A changed type gets a new version whose fields are the old ones plus new ones at the
 * end, and whose enums have the old constants plus new ones at the end:
 * <ul>
 *   <li>a new attribute, child element, text, key or column: a new field;</li>
 *   <li>a new value of an enum: a new constant (up to {@value ModelBuilder#MAX_ENUM_GROWTH});</li>
 *   <li>a value its field's type cannot hold exactly (text in a date field, a string where numbers were): a
 *   new alternate field of a type that holds it ({@code amount$text}, {@code amount$json});</li>
 *   <li>an element more often than its field holds: a list alternate ({@code trade$more});</li>
 *   <li>children in another order than the type keeps: a {@code $order} field; namespace declarations where
 *   there were none: a {@code $ns} field; a new element or object type: a new type.</li>
 * </ul>
 * Anything else (text where only records were, an element kept as fields that now has child elements) is
 * {@link Refused}: the document is refused, naming what to change.
 */
final class Evolution {
    /** A change no new version can make compatibly. */
    static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message, null, false, false);
        }
    }

    private final Model base;
    private final Stats stats;
    private final Map<String, Work> byName = new LinkedHashMap<>();
    private final Map<Stats.Name, Work> byElement = new HashMap<>();
    private int nextId;

    /** One type being changed: its slots and children order as lists. */
    static final class Work {
        final RecType old;
        final List<Slot> slots = new ArrayList<>();
        final List<Slot> order = new ArrayList<>();
        boolean root;
        boolean changed;
        final String name;
        final int id;

        Work(RecType t) {
            this.old = t;
            this.name = t.name;
            this.id = t.id;
            this.root = t.root;
            RecType copy = Model.copy(t);
            slots.addAll(copy.slots);
            order.addAll(copy.childOrder);
        }

        Work(String name, int id, boolean root, String ns, String local) {
            this.old = null;
            this.name = name;
            this.id = id;
            this.root = root;
            this.ns = ns;
            this.local = local;
            this.changed = true;
        }

        String ns;
        String local;

        int newVersion() {
            return old == null ? 1 : old.version + 1;
        }

        Slot add(String field, Slot.Role role, String ns, String local, String attrNs, String attrName, Shape shape,
                 Slot.Alternate alt, boolean jsonNull) {
            Slot s = new Slot(unique(field), slots.size(), newVersion(), role, ns, local, attrNs, attrName, shape, alt,
                    jsonNull);
            slots.add(s);
            changed = true;
            return s;
        }

        String unique(String base) {
            String n = base;
            for (int k = 2; field(n) != null; k++) {
                n = base + "_" + k;
            }
            return n;
        }

        Slot field(String f) {
            for (Slot s : slots) {
                if (s.field.equals(f)) {
                    return s;
                }
            }
            return null;
        }

        void replace(Slot old, Slot now) {
            slots.set(old.index, now);
            int i = order.indexOf(old);
            if (i >= 0) {
                order.set(i, now);
            }
            changed = true;
        }

        /**
         * The first slot of {@code role} with this source (XML attribute or text, JSON key, CSV column); for an
         * element, the first field of its group (not of its further occurrences) with this attribute, or null.
         */
        Slot find(Slot.Role role, String ns, String local, String attrNs, String attrName) {
            for (Slot s : slots) {
                if (s.role == role && Objects.equals(s.ns, ns) && Objects.equals(s.name, local)
                        && Objects.equals(s.attrNs, attrNs) && Objects.equals(s.attrName, attrName)
                        && (role != Slot.Role.ELEMENT || (s.inGroup() && !s.alternate.more()))) {
                    return s;
                }
            }
            return null;
        }

        /** The slots of an element's group, all members and alternates. */
        List<Slot> group(String ns, String local) {
            List<Slot> out = new ArrayList<>();
            for (Slot s : slots) {
                if (s.role == Slot.Role.ELEMENT && s.inGroup() && !s.alternate.more() && s.ns.equals(ns) && s.name.equals(local)) {
                    out.add(s);
                }
            }
            return out;
        }

        /** The alternates of {@code head}'s source, in field order. */
        List<Slot> chain(Slot head) {
            List<Slot> out = new ArrayList<>();
            for (Slot s : slots) {
                if (s.sameSource(head)) {
                    out.add(s);
                }
            }
            return out;
        }

        RecType build() {
            if (!changed) {
                return Model.copy(old);
            }
            String ns0 = old != null ? old.ns : ns;
            String local0 = old != null ? old.local : local;
            RecType t = new RecType(name, id, newVersion(), ns0, local0, root, slots, order);
            if (old != null) {
                t.schemas = old.schemas; // versions before keep their schemas; buildSchemas adds the new one
            }
            return t;
        }
    }

    private Evolution(Model base, Stats stats) {
        this.base = base;
        this.stats = stats;
        for (RecType t : base.types) {
            Work w = new Work(t);
            byName.put(t.name, w);
            if (t.local != null) {
                byElement.put(new Stats.Name(t.ns, t.local), w);
            }
            nextId = Math.max(nextId, t.id + 1);
        }
    }

    /** The model grown to hold what {@code stats} saw; {@link Refused} when no compatible change can. */
    static Model evolve(Model base, Stats stats) {
        Evolution e = new Evolution(base, stats);
        if (base.format == DocumentFormat.XML) {
            e.xml();
        } else {
            JsonEvolution.evolve(e, base, stats);
        }
        return e.build();
    }

    Map<String, Work> works() {
        return byName;
    }

    int takeId() {
        return nextId++;
    }

    Work newType(String name, boolean root, String ns, String local) {
        String n = name;
        for (int k = 2; byName.containsKey(n); k++) {
            n = name + "_" + k;
        }
        Work w = new Work(n, takeId(), root, ns, local);
        byName.put(n, w);
        return w;
    }

    private Model build() {
        List<RecType> types = new ArrayList<>();
        for (Work w : byName.values()) {
            types.add(w.build());
        }
        Map<String, String> namespaces = new LinkedHashMap<>(base.namespaces);
        for (Map.Entry<String, String> p : stats.prefixes.entrySet()) {
            if (!namespaces.containsValue(p.getKey())) {
                String prefix = p.getValue().isEmpty() ? ModelBuilder.identifier(base.name) : p.getValue();
                String unique = prefix;
                for (int k = 2; namespaces.containsKey(unique); k++) {
                    unique = prefix + k;
                }
                namespaces.put(unique, p.getKey());
            }
        }
        return new Model(base.name, base.format, namespaces, types, base.inline);
    }

    // ---------------------------------------------------------------- XML

    private boolean isRecord(Stats.ElementStats e) {
        return byElement.containsKey(e.name) || e.structural || e.asRoot > 0 || (e.complex && !base.inline);
    }

    private void xml() {
        // new record types first, so that fields can name them
        for (Stats.ElementStats e : stats.elements.values()) {
            if (!byElement.containsKey(e.name) && isRecord(e)) {
                Work w = newType(base.name + "." + ModelBuilder.identifier(e.name.local()), e.asRoot > 0, e.name.ns(),
                        e.name.local());
                byElement.put(e.name, w);
            }
        }
        for (Stats.ElementStats e : stats.elements.values()) {
            Work w = byElement.get(e.name);
            if (w == null) {
                continue;
            }
            if (e.asRoot > 0 && !w.root) {
                w.root = true;
                w.changed = true;
            }
            attributes(w, e);
            children(w, e);
            if (e.namespaces.count > 0) {
                Slot ns = findRole(w, Slot.Role.NS);
                if (ns == null) {
                    w.add("$ns", Slot.Role.NS, null, null, null, null, ModelBuilder.textShape(e.namespaces, w.name, "$ns"),
                            Slot.Alternate.NONE, false);
                } else {
                    fit(w, ns, e.namespaces);
                }
            }
        }
    }

    private static Slot findRole(Work w, Slot.Role role) {
        for (Slot s : w.slots) {
            if (s.role == role) {
                return s;
            }
        }
        return null;
    }

    private void attributes(Work w, Stats.ElementStats e) {
        for (Stats.ChildStats a : e.attributes.values()) {
            Slot s = w.find(Slot.Role.ATTRIBUTE, a.name.ns(), a.name.local(), null, null);
            if (s == null) {
                w.add(ModelBuilder.identifier(a.name.local()), Slot.Role.ATTRIBUTE, a.name.ns(), a.name.local(), null, null,
                        ModelBuilder.textShape(a.values, w.name, a.name.local()), Slot.Alternate.NONE, false);
            } else {
                fit(w, s, a.values);
            }
        }
    }

    private void children(Work w, Stats.ElementStats e) {
        // the children of the document's occurrences, in the order they came
        List<Stats.ChildStats> seen = new ArrayList<>(e.children.values());
        Map<Integer, Slot> heads = new HashMap<>();
        for (Stats.ChildStats c : seen) {
            Slot head;
            if (c.name == Stats.TEXT) {
                head = text(w, e, c);
            } else {
                Stats.ElementStats ce = stats.elements.get(c.name);
                head = isRecord(ce) ? recordChild(w, e, c) : groupChild(w, e, c, ce);
            }
            heads.put(c.index, head);
        }
        // order: every pair the document has one right after the other must keep its order in the type
        boolean broken = false;
        for (long edge : e.follows) {
            Slot a = heads.get((int) (edge >>> 32));
            Slot b = heads.get((int) edge);
            if (a == null || b == null) {
                continue;
            }
            int ra = rankOfChain(w, a);
            int rb = firstRankOfChain(w, b);
            if (ra >= rb) {
                broken = true;
            }
        }
        if (broken && findRole(w, Slot.Role.ORDER) == null) {
            w.add("$order", Slot.Role.ORDER, null, null, null, null, Shape.scalar(TextType.BYTES), Slot.Alternate.NONE, false);
        }
    }

    private static int rankOfChain(Work w, Slot head) {
        int r = -1;
        for (int i = 0; i < w.order.size(); i++) {
            if (w.order.get(i).sameSource(head)) {
                r = i;
            }
        }
        return r;
    }

    private static int firstRankOfChain(Work w, Slot head) {
        for (int i = 0; i < w.order.size(); i++) {
            if (w.order.get(i).sameSource(head)) {
                return i;
            }
        }
        return -1;
    }

    /** Puts a new child after the child it came after in the document (else first). */
    private static void order(Work w, Slot child, Stats.ElementStats e, Stats.ChildStats c) {
        int at = 0;
        for (long edge : e.follows) {
            if ((int) edge == c.index) {
                Stats.ChildStats before = null;
                for (Stats.ChildStats x : e.children.values()) {
                    if (x.index == (int) (edge >>> 32)) {
                        before = x;
                    }
                }
                if (before != null) {
                    for (int i = 0; i < w.order.size(); i++) {
                        Slot o = w.order.get(i);
                        boolean same = before.name == Stats.TEXT ? o.role == Slot.Role.TEXT
                                : o.role == Slot.Role.ELEMENT && o.ns.equals(before.name.ns())
                                && o.name.equals(before.name.local());
                        if (same) {
                            at = Math.max(at, i + 1);
                        }
                    }
                }
            }
        }
        w.order.add(Math.min(at, w.order.size()), child);
    }

    private Slot text(Work w, Stats.ElementStats e, Stats.ChildStats c) {
        Slot t = w.find(Slot.Role.TEXT, null, null, null, null);
        if (t == null) {
            Shape item = ModelBuilder.textShape(e.text, w.name, "value");
            t = w.add("value", Slot.Role.TEXT, null, null, null, null, e.maxTextSegments > 1 ? Shape.list(item) : item,
                    Slot.Alternate.NONE, false);
            order(w, t, e, c);
            return t;
        }
        if (e.maxTextSegments > 1 && !anyRepeated(w, t)) {
            Slot more = w.add(t.field + "$more", Slot.Role.TEXT, null, null, null, null,
                    Shape.list(Shape.scalar(TextType.STRING)), Slot.Alternate.MORE, false);
            w.order.add(rankOfChain(w, t) + 1, more);
        }
        fitOrdered(w, t, e.text);
        return t;
    }

    private static boolean anyRepeated(Work w, Slot head) {
        for (Slot s : w.chain(head)) {
            if (s.repeated()) {
                return true;
            }
        }
        return false;
    }

    private Slot recordChild(Work w, Stats.ElementStats parent, Stats.ChildStats c) {
        Work target = byElement.get(c.name);
        Slot s = recordSlot(w, c.name);
        List<Slot> group = w.group(c.name.ns(), c.name.local());
        if (s == null && !group.isEmpty()) {
            // kept as fields so far: from now on a record alternate holds its occurrences
            Slot head = group.get(0);
            Shape item = Shape.record(target.name);
            s = w.add(head.field + "$record", Slot.Role.ELEMENT, c.name.ns(), c.name.local(), null, null,
                    head.repeated() || c.maxPerParent > 1 ? Shape.list(item) : item, Slot.Alternate.MORE, false);
            w.order.add(rankOfChain(w, head) + 1, s);
            return s;
        }
        if (s == null) {
            Shape item = Shape.record(target.name);
            s = w.add(ModelBuilder.identifier(c.name.local()), Slot.Role.ELEMENT, c.name.ns(), c.name.local(), null, null,
                    c.maxPerParent > 1 ? Shape.list(item) : item, Slot.Alternate.NONE, false);
            order(w, s, parent, c);
            return s;
        }
        if (c.maxPerParent > 1 && !anyRepeated(w, s)) {
            Slot more = w.add(s.field + "$more", Slot.Role.ELEMENT, c.name.ns(), c.name.local(), null, null,
                    Shape.list(s.item()), Slot.Alternate.MORE, false);
            w.order.add(rankOfChain(w, s) + 1, more);
        }
        return s;
    }

    private Slot groupChild(Work w, Stats.ElementStats parent, Stats.ChildStats c, Stats.ElementStats ce) {
        List<Slot> group = w.group(c.name.ns(), c.name.local());
        if (recordSlot(w, c.name) != null) {
            return recordChild(w, parent, c); // a record type holds text and attributes too
        }
        boolean repeated = c.maxPerParent > 1;
        String base = ModelBuilder.identifier(c.name.local());
        if (group.isEmpty()) {
            Slot head = null;
            if (ce.simpleText.count > 0 || ce.attributes.isEmpty()) {
                Shape item = ModelBuilder.textShape(ce.simpleText, w.name, base);
                head = w.add(base, Slot.Role.ELEMENT, c.name.ns(), c.name.local(), null, null,
                        repeated ? Shape.list(item) : item, Slot.Alternate.NONE, false);
            }
            for (Stats.ChildStats a : ce.attributes.values()) {
                Shape item = ModelBuilder.textShape(a.values, w.name, a.name.local());
                String field = head == null && ce.attributes.size() == 1 ? base : base + "_" + ModelBuilder.identifier(a.name.local());
                Slot s = w.add(field, Slot.Role.ELEMENT, c.name.ns(), c.name.local(), a.name.ns(), a.name.local(),
                        repeated ? Shape.list(item) : item, Slot.Alternate.NONE, false);
                if (head == null) {
                    head = s;
                }
            }
            order(w, head, parent, c);
            return head;
        }
        Slot head = group.get(0);
        boolean hasMore = w.slots.stream().anyMatch(x -> x.role == Slot.Role.ELEMENT && x.inGroup() && x.alternate.more()
                && x.ns.equals(c.name.ns()) && x.name.equals(c.name.local()));
        if (repeated && !head.repeated() && !hasMore) {
            // the occurrences beyond the first go to a group of lists of their own
            List<Slot> members = new ArrayList<>();
            for (Slot m : group) {
                if (m.alternate == Slot.Alternate.NONE) {
                    members.add(m);
                }
            }
            Slot moreHead = null;
            for (Slot m : members) {
                Slot more = w.add(m.field + "$more", m.role, m.ns, m.name, m.attrNs, m.attrName, Shape.list(m.item()),
                        Slot.Alternate.MORE, false);
                if (moreHead == null) {
                    moreHead = more;
                }
            }
            w.order.add(rankOfChain(w, head) + 1, moreHead);
        }
        if (ce.simpleText.count > 0) {
            Slot t = w.find(Slot.Role.ELEMENT, c.name.ns(), c.name.local(), null, null);
            if (t == null) {
                Shape item = ModelBuilder.textShape(ce.simpleText, w.name, base);
                Slot added = w.add(base, Slot.Role.ELEMENT, c.name.ns(), c.name.local(), null, null,
                        head.repeated() ? Shape.list(item) : item, Slot.Alternate.NONE, false);
                addMore(w, added);
            } else {
                fit(w, t, ce.simpleText);
                fitMore(w, t, ce.simpleText);
            }
        }
        for (Stats.ChildStats a : ce.attributes.values()) {
            Slot m = w.find(Slot.Role.ELEMENT, c.name.ns(), c.name.local(), a.name.ns(), a.name.local());
            if (m == null) {
                Shape item = ModelBuilder.textShape(a.values, w.name, a.name.local());
                Slot added = w.add(base + "_" + ModelBuilder.identifier(a.name.local()), Slot.Role.ELEMENT, c.name.ns(),
                        c.name.local(), a.name.ns(), a.name.local(), head.repeated() ? Shape.list(item) : item,
                        Slot.Alternate.NONE, false);
                addMore(w, added);
            } else {
                fit(w, m, a.values);
                fitMore(w, m, a.values);
            }
        }
        return head;
    }

    /** When the element has a group for its further occurrences, gives it a field for the new {@code member} too. */
    private static void addMore(Work w, Slot member) {
        boolean hasMore = w.slots.stream().anyMatch(x -> x.role == Slot.Role.ELEMENT && x.inGroup()
                && x.alternate == Slot.Alternate.MORE && x.ns.equals(member.ns) && x.name.equals(member.name));
        if (hasMore) {
            w.add(member.field + "$more", member.role, member.ns, member.name, member.attrNs, member.attrName,
                    Shape.list(member.item()), Slot.Alternate.MORE, false);
        }
    }

    /** Makes the further-occurrence field of {@code member} (if any) hold the values too. */
    private void fitMore(Work w, Slot member, Stats.ValueStats values) {
        for (Slot s : w.slots) {
            if (s.alternate == Slot.Alternate.MORE && s.inGroup() && s.ns.equals(member.ns) && s.name.equals(member.name)
                    && Objects.equals(s.attrNs, member.attrNs) && Objects.equals(s.attrName, member.attrName)) {
                fit(w, s, values);
                return;
            }
        }
    }

    /** The slot that holds the element {@code name} as a record, or null. */
    private static Slot recordSlot(Work w, Stats.Name name) {
        for (Slot s : w.slots) {
            if (s.role == Slot.Role.ELEMENT && !s.inGroup() && s.ns.equals(name.ns()) && s.name.equals(name.local())) {
                return s;
            }
        }
        return null;
    }

    /** As {@link #fit}, for an element's text: a new text alternate is a child and gets its place in the order. */
    private void fitOrdered(Work w, Slot head, Stats.ValueStats values) {
        int before = w.slots.size();
        fit(w, head, values);
        for (int i = before; i < w.slots.size(); i++) {
            w.order.add(rankOfChain(w, head) + 1 > w.order.size() ? w.order.size() : rankOfChain(w, head) + 1, w.slots.get(i));
        }
    }

    /**
     * Makes the chain of {@code head} hold every text of {@code values}: new enum constants, or a text alternate
     * for what its types cannot hold exactly.
     */
    void fit(Work w, Slot head, Stats.ValueStats values) {
        List<Slot> chain = w.chain(head);
        List<String> misfits = new ArrayList<>();
        boolean unknown = values.overflow;
        if (!unknown) {
            for (String v : values.distinct.keySet()) {
                if (!fitsChain(chain, v)) {
                    misfits.add(v);
                }
            }
        }
        if (!unknown && misfits.isEmpty()) {
            return;
        }
        for (Slot s : chain) {
            if (s.item().kind == Shape.Kind.SCALAR && (s.item().text == TextType.STRING || s.item().text == TextType.JSON)) {
                return; // holds anything
            }
        }
        Slot first = chain.get(0);
        Shape item = first.item();
        if (!unknown && item.kind == Shape.Kind.ENUM && item.constants.size() + misfits.size() <= ModelBuilder.MAX_ENUM_GROWTH) {
            Shape grown = first.shape.withLeaf(item.withConstants(misfits, w.newVersion()));
            w.replace(first, first.withShape(grown));
            return;
        }
        Shape text = Shape.scalar(TextType.STRING);
        w.add(first.field + "$text", first.role, first.ns, first.name, first.attrNs, first.attrName,
                first.repeated() ? Shape.list(text) : text,
                first.alternate.more() ? Slot.Alternate.MORE_TEXT : Slot.Alternate.TEXT, false);
    }

    private static boolean fitsChain(List<Slot> chain, String v) {
        for (Slot s : chain) {
            Shape item = s.item();
            if (item.kind == Shape.Kind.ENUM ? item.table.find(v) >= 0
                    : item.kind == Shape.Kind.SCALAR && (item.text == TextType.STRING || item.text == TextType.JSON
                    || (Texts.fits(v) & item.text.bit()) != 0)) {
                return true;
            }
        }
        return false;
    }

}
