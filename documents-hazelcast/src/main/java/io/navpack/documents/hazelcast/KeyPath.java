package io.navpack.documents.hazelcast;

import io.navpack.format.FieldPath;
import io.navpack.format.PackedRecord;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.Iterator;
import java.util.Objects;

/**
 * The path in a document whose value is its key in the map: field names separated by dots, each optionally
 * followed by {@code [n]} (element n, from 0, of a repeated element or an array). A key is one value, so a repeated
 * element or an array on the path, the last step included, names its occurrence —
 * {@code trade.tradeHeader.partyTradeIdentifier[0].tradeId[0]} is the first {@code tradeId} of the first party's
 * identifier — and a path that does not is refused, naming the step and the way to write it (the rule of every path,
 * {@link FieldPath#repeatedStep}). As on the paths of queries, a field that holds a single value (an element that
 * occurs once wherever the schema met it) is a list of one: {@code [0]} is that value. The key is the value as a {@code String}, or a {@code Long} for integer fields; a
 * document without a value there is refused with the path.
 */
public final class KeyPath {
    private final FieldPath path;

    private KeyPath(FieldPath path) {
        this.path = path;
    }

    /** Parses a path such as {@code trade.tradeHeader.partyTradeIdentifier[0].tradeId[0]}. */
    public static KeyPath parse(String text) {
        FieldPath p = FieldPath.parse(text);
        for (int i = 0; i < p.size(); i++) {
            if (p.step(i).type() == FieldPath.Step.Type.ANY) {
                throw new IllegalArgumentException("a key path takes one value: " + text + " has [any]; use [0] or no index");
            }
        }
        return new KeyPath(p);
    }

    /** The key of a value; throws {@link IllegalArgumentException} naming the path when it has none. */
    public Object keyOf(PackedRecord record) {
        Object current = record;
        PackedRecord parent = null;
        for (int i = 0; i < path.size(); i++) {
            FieldPath.Step step = path.step(i);
            boolean container = current instanceof Collection<?>;
            if (step.readsField(container)) {
                if (container) {
                    throw path.repeatedAt(i - 1, parent == null ? null : parent.schema(), "a key");
                }
                if (!(current instanceof PackedRecord r)) {
                    throw missing(current == null ? "nothing" : "a " + current.getClass().getSimpleName(), i);
                }
                int index;
                try {
                    index = r.indexOf(step.name());
                } catch (IllegalArgumentException e) {
                    index = -1;
                }
                if (index < 0) {
                    throw missing("no field " + step.name() + " in " + r.schema().typeName(), i);
                }
                parent = r;
                current = r.get(index);
            } else if (step.type() == FieldPath.Step.Type.ELEMENT) {
                if (current == null) {
                    throw missing("nothing", i);
                }
                if (!(current instanceof Collection<?> c)) {
                    // a field that holds a single value (the element occurs once in this schema) is a list of one,
                    // as on the paths of queries: [0] is the value, another index nothing
                    if (step.index() == 0) {
                        continue;
                    }
                    throw missing("no element " + step.index() + " (the field holds a single value here; [0] is that value)", i);
                }
                if (step.index() >= c.size()) {
                    throw missing("no element " + step.index(), i);
                }
                Iterator<?> it = c.iterator();
                for (int k = 0; k < step.index(); k++) {
                    it.next();
                }
                current = it.next();
            } else {
                throw missing("[any]", i);
            }
        }
        if (current instanceof Collection<?>) {
            throw path.repeatedAt(path.size() - 1, parent == null ? null : parent.schema(), "a key");
        }
        if (current == null) {
            throw new IllegalArgumentException("no value at the key path " + path);
        }
        if (current instanceof PackedRecord) {
            throw new IllegalArgumentException("the key path " + path + " ends at a record, not a value: name one of its fields");
        }
        if (current instanceof Long || current instanceof Integer || current instanceof Short || current instanceof Byte) {
            return ((Number) current).longValue();
        }
        if (current instanceof BigInteger b && b.bitLength() < 64) {
            return b.longValue();
        }
        if (current instanceof BigDecimal d) {
            return d.toPlainString();
        }
        return current.toString();
    }

    private IllegalArgumentException missing(String what, int step) {
        StringBuilder at = new StringBuilder();
        for (int i = 0; i <= step; i++) {
            FieldPath.Step s = path.step(i);
            if (i > 0 && s.type() != FieldPath.Step.Type.ELEMENT) {
                at.append('.');
            }
            at.append(s);
        }
        return new IllegalArgumentException("no value at the key path " + path + ": " + what + " at " + at);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeyPath k && k.path.equals(path);
    }

    @Override
    public int hashCode() {
        return Objects.hash(path);
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
