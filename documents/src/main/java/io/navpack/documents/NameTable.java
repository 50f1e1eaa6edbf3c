package io.navpack.documents;

import java.util.List;

/**
 * Slots by XML name (namespace and local name), for the parser's names: the parser hands out the same
 * {@code String} instance for a name each time, so a lookup is a cached hash and reference comparisons in the
 * common case (and {@code equals} otherwise). Immutable once built.
 */
final class NameTable {
    /** Per bucket: the local name, the namespace and the slot, one after the other (one array, read together). */
    private final Object[] entries;
    private final int mask;

    NameTable(List<Slot> slots, boolean attributeOfGroup) {
        int size = Integer.highestOneBit(Math.max(4, slots.size() * 2 - 1)) << 1;
        entries = new Object[3 * size];
        mask = size - 1;
        for (Slot s : slots) {
            String local = attributeOfGroup ? s.attrName : s.name;
            String ns = attributeOfGroup ? s.attrNs : s.ns;
            int h = local.hashCode() & mask;
            while (entries[3 * h] != null) {
                h = (h + 1) & mask;
            }
            // the parsers hand out interned names: interned here too, they are found by reference
            entries[3 * h] = local.intern();
            entries[3 * h + 1] = ns.intern();
            entries[3 * h + 2] = s;
        }
    }

    Slot find(String ns, String local) {
        Object[] e = entries;
        int h = local.hashCode() & mask;
        while (true) {
            Object k = e[3 * h];
            if (k == null) {
                return null;
            }
            if (k.equals(local) && e[3 * h + 1].equals(ns)) { // equals compares references first
                return (Slot) e[3 * h + 2];
            }
            h = (h + 1) & mask;
        }
    }
}
