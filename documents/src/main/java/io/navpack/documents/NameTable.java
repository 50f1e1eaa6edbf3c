package io.navpack.documents;

import java.util.List;

/**
 * Slots by XML name (namespace and local name), for the parser's names: the parser hands out the same
 * {@code String} instance for a name each time, so a lookup is a cached hash and reference comparisons in the
 * common case (and {@code equals} otherwise). Immutable once built.
 */
final class NameTable {
    private final String[] locals;
    private final String[] namespaces;
    private final Slot[] slots;
    private final int mask;

    NameTable(List<Slot> entries, boolean attributeOfGroup) {
        int size = Integer.highestOneBit(Math.max(4, entries.size() * 2 - 1)) << 1;
        locals = new String[size];
        namespaces = new String[size];
        slots = new Slot[size];
        mask = size - 1;
        for (Slot s : entries) {
            String local = attributeOfGroup ? s.attrName : s.name;
            String ns = attributeOfGroup ? s.attrNs : s.ns;
            int h = local.hashCode() & mask;
            while (locals[h] != null) {
                h = (h + 1) & mask;
            }
            // the parsers hand out interned names: interned here too, equals finds them by reference
            locals[h] = local.intern();
            namespaces[h] = ns.intern();
            slots[h] = s;
        }
    }

    Slot find(String ns, String local) {
        int h = local.hashCode() & mask;
        while (true) {
            String k = locals[h];
            if (k == null) {
                return null;
            }
            if (k.equals(local) && namespaces[h].equals(ns)) { // equals compares references first
                return slots[h];
            }
            h = (h + 1) & mask;
        }
    }
}
