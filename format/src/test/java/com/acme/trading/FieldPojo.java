package com.acme.trading;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/** A plain class with fields and no accessors, private no-arg constructor, a superclass. */
public class FieldPojo extends FieldPojoBase {
    private int count;
    private Double ratio;
    private TreeMap<String, Integer> sorted;
    private transient String ignored = "transient";
    private static String alsoIgnored = "static";

    private FieldPojo() {
    }

    public FieldPojo(String label, int count, Double ratio, Map<String, Integer> sorted) {
        this.label = label;
        this.count = count;
        this.ratio = ratio;
        this.sorted = sorted == null ? null : new TreeMap<>(sorted);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof FieldPojo)) return false;
        FieldPojo p = (FieldPojo) o;
        return count == p.count && Objects.equals(label, p.label) && Objects.equals(ratio, p.ratio)
                && Objects.equals(sorted, p.sorted);
    }

    @Override
    public int hashCode() {
        return count;
    }

    public TreeMap<String, Integer> sorted() {
        return sorted;
    }
}
