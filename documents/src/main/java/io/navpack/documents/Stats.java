package io.navpack.documents;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Arrays;

/**
 * What inference learned from sample documents, before any decision: per XML element name, JSON object type
 * or CSV file, how often each attribute, child, key or column occurred and what its values were. A model is
 * built from it ({@link ModelBuilder}); samples add up in any order, and stats of more documents merge.
 */
final class Stats {
    /** A namespace URI and local name (an XML name), or "" and a JSON key, CSV column or type name. */
    record Name(String ns, String local) {
        @Override
        public String toString() {
            return ns.isEmpty() ? local : "{" + ns + "}" + local;
        }
    }

    /** The key of an XML element's text among its children. */
    static final Name TEXT = new Name("\u0000", "#text");
    /** The key of a JSON document's root value that is not an object. */
    static final Name ROOT_VALUE = new Name("", "$root");

    final DocumentFormat format;
    /** Element names, object types and the CSV root, in the order first seen. */
    final Map<Name, ElementStats> elements = new LinkedHashMap<>();
    /** The first prefix seen for each namespace URI (XML). */
    final Map<String, String> prefixes = new LinkedHashMap<>();
    long documents;

    Stats(DocumentFormat format) {
        this.format = format;
    }

    ElementStats element(Name name) {
        return elements.computeIfAbsent(name, n -> new ElementStats(n, elements.size()));
    }

    /** An XML element name, JSON object type or the CSV row: its occurrences and what they held. */
    static final class ElementStats {
        final Name name;
        final int firstSeen;
        long count;
        long asRoot;
        /** Some occurrence had attributes, child elements or namespace declarations. */
        boolean complex;
        /** Some occurrence had child elements or namespace declarations: a record wherever it occurs. */
        boolean structural;
        /**
         * Text of occurrences without child elements and namespace declarations: all of it (even empty) when the
         * occurrence has no attributes, else when it is not only whitespace.
         */
        final ValueStats simpleText = new ValueStats();
        /** The whole text of occurrences without attributes and children, whitespace included. */
        final ValueStats leafText = new ValueStats();
        /** Text that is not only whitespace, of every occurrence. */
        final ValueStats text = new ValueStats();
        /** Most separate pieces of text (between child elements) in one occurrence. */
        int maxTextSegments;
        final Map<Name, ChildStats> attributes = new LinkedHashMap<>();
        /** Child elements (and {@link #TEXT}), JSON keys, CSV columns, in the order first seen. */
        final Map<Name, ChildStats> children = new LinkedHashMap<>();
        /** Namespace declarations of an occurrence, as {@code xmlns="..." xmlns:p="..."}. */
        final ValueStats namespaces = new ValueStats();
        /** CSV headers, as written. */
        final ValueStats headers = new ValueStats();
        /** Pairs of children (by {@link ChildStats#index}) seen one right after the other: {@code a << 32 | b}. */
        final Set<Long> follows = new HashSet<>();

        ElementStats(Name name, int firstSeen) {
            this.name = name;
            this.firstSeen = firstSeen;
        }

        ChildStats attribute(Name n) {
            return attributes.computeIfAbsent(n, k -> new ChildStats(k, attributes.size()));
        }

        ChildStats child(Name n) {
            return children.computeIfAbsent(n, k -> new ChildStats(k, children.size()));
        }

        /** Records one occurrence's children in document order (their indexes, repeats included). */
        void sequence(int[] seq, int n) {
            for (int k = 1; k < n; k++) {
                if (seq[k] != seq[k - 1]) {
                    follows.add(((long) seq[k - 1] << 32) | seq[k]);
                }
            }
        }

        @Override
        public String toString() {
            return name + " x" + count;
        }
    }

    /** One attribute, child, key or column of an element, object type or CSV: how often and what values. */
    static final class ChildStats {
        final Name name;
        final int index;
        long occurrences;
        long parentsWith;
        int maxPerParent;
        /** JSON: occurrences whose value was null. */
        long nulls;
        final ValueStats values = new ValueStats();

        ChildStats(Name name, int index) {
            this.name = name;
            this.index = index;
        }

        void occurred(int timesInParent) {
            occurrences += timesInParent;
            parentsWith++;
            maxPerParent = Math.max(maxPerParent, timesInParent);
        }

        @Override
        public String toString() {
            return name + " x" + occurrences + " max " + maxPerParent;
        }
    }

    /**
     * Values of one place: which text types all of them fit, their distinct values (up to a cap) and, for JSON,
     * the kinds they had.
     */
    static final class ValueStats {
        static final int DISTINCT_CAP = 4096;

        long count;
        int fits = TextType.ALL;
        final Map<String, long[]> distinct = new LinkedHashMap<>();
        boolean overflow;
        // JSON kinds
        long nulls;
        long booleans;
        long integers;
        /** Integers outside 64 bits. */
        boolean bigIntegers;
        long floats;
        /** A decimal number written as a negative zero ({@code -0.0}), which a decimal cannot hold. */
        boolean negativeZero;
        long strings;
        long objects;
        long arrays;
        /** The type of object values (the key's name). */
        Name objectType;
        /** Elements of array values. */
        ValueStats elements;

        /** A text value (XML, CSV, or a JSON string with {@code fitsMask} limiting what it may become). */
        void text(char[] c, int off, int len, int fitsMask) {
            count++;
            fits &= Texts.fits(c, off, len) & fitsMask;
            if (!overflow) {
                String s = new String(c, off, len);
                long[] n = distinct.get(s);
                if (n != null) {
                    n[0]++;
                } else if (distinct.size() < DISTINCT_CAP) {
                    distinct.put(s, new long[] {1});
                } else {
                    overflow = true;
                    distinct.clear();
                }
            }
        }

        void text(String s, int fitsMask) {
            char[] c = s.toCharArray();
            text(c, 0, c.length, fitsMask);
        }

        /** Non-null JSON kinds seen. */
        int kinds() {
            return (booleans > 0 ? 1 : 0) + (integers + floats > 0 ? 1 : 0) + (strings > 0 ? 1 : 0)
                    + (objects > 0 ? 1 : 0) + (arrays > 0 ? 1 : 0);
        }

        /** Distinct values, most frequent first (ties in the order first seen). */
        List<String> byFrequency() {
            List<Map.Entry<String, long[]>> e = new ArrayList<>(distinct.entrySet());
            e.sort((a, b) -> Long.compare(b.getValue()[0], a.getValue()[0]));
            List<String> out = new ArrayList<>(e.size());
            for (Map.Entry<String, long[]> x : e) {
                out.add(x.getKey());
            }
            return out;
        }
    }

    /** Per open element of a document being scanned: how often each child occurred in it so far. */
    static final class Occurrence {
        final ElementStats element;
        final Map<Name, int[]> counts = new HashMap<>();
        int[] sequence = new int[8];
        int length;
        int textSegments;
        final StringBuilder leafText = new StringBuilder();
        boolean hasChildren;
        boolean childElements;
        boolean attributes;

        Occurrence(ElementStats element) {
            this.element = element;
        }

        void child(ChildStats c) {
            counts.computeIfAbsent(c.name, k -> new int[1])[0]++;
            if (length == sequence.length) {
                sequence = Arrays.copyOf(sequence, length * 2);
            }
            sequence[length++] = c.index;
        }

        /** Adds this occurrence's child counts to the element's stats. */
        void close() {
            for (Map.Entry<Name, int[]> e : counts.entrySet()) {
                element.children.get(e.getKey()).occurred(e.getValue()[0]);
            }
            element.sequence(sequence, length);
            element.maxTextSegments = Math.max(element.maxTextSegments, textSegments);
        }
    }
}
