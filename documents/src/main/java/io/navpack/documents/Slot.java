package io.navpack.documents;

/**
 * One field of a record type and where its values come from in a document: an XML attribute, child element
 * or text, a JSON key, a CSV column, or one of the fields navpack adds to keep a document exact ({@code $ns},
 * {@code $order}, {@code $nulls}, {@code $header}, {@code $root}). Slots of the same source form a chain of
 * alternates ({@link #next}): the primary typed one, then one for text its type cannot hold exactly
 * ({@code name$text}, {@code name$json}) or for more occurrences than it holds ({@code name$more}).
 *
 * <p>A child element without child elements of its own is kept in its parent's record: a <i>group</i> of
 * fields, one for its text and one per attribute ({@link #attrName}), all lists when the element repeats
 * (the k-th element of each list belongs to the k-th occurrence, null where it had no such value). The
 * first field of the group is its head ({@link #group}), which stands for the element among the children.
 */
final class Slot {
    enum Role {
        ATTRIBUTE, ELEMENT, TEXT, KEY, COLUMN, ROOT, NS, ORDER, NULLS, HEADER;

        /** The roles a document's content fills (not the fields navpack adds). */
        boolean content() {
            return this == ATTRIBUTE || this == ELEMENT || this == TEXT || this == KEY || this == COLUMN || this == ROOT;
        }

        /** Child roles of an XML element, whose order the element keeps. */
        boolean child() {
            return this == ELEMENT || this == TEXT;
        }
    }

    /** Why an alternate exists. */
    enum Alternate {
        /** The first slot of its source. */
        NONE,
        /** Text the slots before cannot hold exactly. */
        TEXT,
        /** JSON values of kinds the slots before cannot hold, as JSON text. */
        JSON,
        /** Occurrences beyond what the slots before hold (for an element kept as fields: a group of lists of its own). */
        MORE,
        /** Text that a {@link #MORE} group's field cannot hold exactly. */
        MORE_TEXT;

        boolean more() {
            return this == MORE || this == MORE_TEXT;
        }
    }

    final String field;
    final int index;
    final int since;
    final Role role;
    /** Namespace URI of an XML attribute or element ("" for none); null otherwise. */
    final String ns;
    /** Local name of an XML attribute or element, JSON key or CSV column; null for the fields navpack adds. */
    final String name;
    /** For the attribute fields of an element's group: the attribute's namespace ("" for none) and name; else null. */
    final String attrNs;
    final String attrName;
    final Shape shape;
    /** The shape of one occurrence: a list's element, or the shape itself. */
    final Shape item;
    /** {@link #shape} is a list (read per element: kept here, not behind the shape). */
    private final boolean list;
    final Alternate alternate;
    /** JSON: a null value of this key is written as {@code null} (else the key is left out). */
    final boolean jsonNull;
    private final String sourceKey;

    /** The head of the element's group this field belongs to (itself for the head), or null; set when linked. */
    Slot group;
    /** On a group's head: the first slot of each member's chain (text, attributes), in field order. */
    Slot[] members;
    /** On a group's head: its attribute members by attribute name. */
    NameTable attributeMembers;
    /** The next alternate of the same source; set when the type is linked. */
    Slot next;
    /** The first slot of this chain. */
    Slot primary;
    /** Position among the element's children in document order (elements and text), or -1. */
    int rank = -1;
    /** On a chain's first slot: whether an alternate holds JSON text (so that a value's own text must be found). */
    boolean rawAlternates;
    /** The record type that {@link #shape} (or its list's elements) names, when it names one. */
    RecType target;

    Slot(String field, int index, int since, Role role, String ns, String name, Shape shape, Alternate alternate,
         boolean jsonNull) {
        this(field, index, since, role, ns, name, null, null, shape, alternate, jsonNull);
    }

    Slot(String field, int index, int since, Role role, String ns, String name, String attrNs, String attrName, Shape shape,
         Alternate alternate, boolean jsonNull) {
        this.field = field;
        this.index = index;
        this.since = since;
        this.role = role;
        this.ns = ns;
        this.name = name;
        this.attrNs = attrNs;
        this.attrName = attrName;
        this.shape = shape;
        this.list = shape.kind == Shape.Kind.LIST;
        this.item = list ? shape.element : shape;
        this.alternate = alternate;
        this.jsonNull = jsonNull;
        this.sourceKey = role + "|" + ns + "|" + name + "|" + attrNs + "|" + attrName
                + (!inGroup() ? "|record" : alternate.more() ? "|more" : "");
    }

    /** A copy without the links {@link RecType#link} sets, for a new model. */
    Slot copy() {
        return new Slot(field, index, since, role, ns, name, attrNs, attrName, shape, alternate, jsonNull);
    }

    Slot withShape(Shape s) {
        return new Slot(field, index, since, role, ns, name, attrNs, attrName, s, alternate, jsonNull);
    }

    Slot withJsonNull(boolean n) {
        return new Slot(field, index, since, role, ns, name, attrNs, attrName, shape, alternate, n);
    }

    /** True for a field of an element's group (its text or an attribute), false for a nested record's element. */
    boolean inGroup() {
        return role == Role.ELEMENT && shape.leaf().kind != Shape.Kind.RECORD;
    }

    /** True for a list: a repeated element, a JSON array. */
    boolean repeated() {
        return list;
    }

    /** The shape of one occurrence: a list's element, or the shape itself. */
    Shape item() {
        return item;
    }

    /** Whether this slot is the same source as {@code ns}/{@code name} in {@code role}. */
    boolean sameSource(Slot o) {
        return sourceKey().equals(o.sourceKey());
    }

    /**
     * A key of the source: slots with the same key are alternates of one another. The fields of an element kept
     * in its parent, those of its further occurrences ({@code $more}) and a record that holds it are apart.
     */
    String sourceKey() {
        return sourceKey;
    }

    /** How messages name the source: {@code @currencyScheme}, {@code <trade>}, {@code "amount"}. */
    String describeSource() {
        return switch (role) {
            case ATTRIBUTE -> "attribute " + (ns.isEmpty() ? "" : "{" + ns + "}") + name;
            case ELEMENT -> "element " + (ns.isEmpty() ? "" : "{" + ns + "}") + name
                    + (attrName == null ? "" : " attribute " + (attrNs.isEmpty() ? "" : "{" + attrNs + "}") + attrName);
            case TEXT -> "text";
            case KEY -> "key \"" + name + "\"";
            case COLUMN -> "column \"" + name + "\"";
            default -> field;
        };
    }

    @Override
    public String toString() {
        return field + ": " + shape + " (" + describeSource() + ")";
    }
}
