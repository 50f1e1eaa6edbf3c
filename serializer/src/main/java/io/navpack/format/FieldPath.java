package io.navpack.format;

import java.util.ArrayList;
import java.util.List;

/**
 * A parsed path into a record: field names separated by dots, each optionally followed by element
 * selectors — {@code [n]} for the n-th element (from 0) of a list, set or array, {@code [any]} for
 * every element. Examples: {@code amount1}, {@code counterparty.name}, {@code legs[1].periods[any].rate}.
 *
 * <p>Selectors can also be written as dotted steps, {@code legs.1.periods.any.rate}, which is the
 * form to use inside a Hazelcast attribute argument ({@code nav[legs.1.payer]}): Hazelcast refuses a
 * second {@code [} in an attribute. A numeric step is always an index; {@code any} is the selector
 * when it follows a list, set or array, and a field name when it follows a record.
 * Immutable; parse once and reuse.
 */
public final class FieldPath {
    /** Selector value of {@code [any]}. */
    public static final int ANY = -1;
    /** Selector value of a dotted {@code any} step: every element after a container, the field "any" after a record. */
    public static final int ANY_OR_FIELD = -4;

    private final String text;
    private final String[] names;
    /** For each step: -2 for a field name, ANY, or an element index. */
    private final int[] selectors;
    private final boolean hasAny;

    private FieldPath(String text, List<String> names, List<Integer> selectors) {
        this.text = text;
        this.names = names.toArray(new String[0]);
        this.selectors = selectors.stream().mapToInt(Integer::intValue).toArray();
        this.hasAny = selectors.contains(ANY) || selectors.contains(ANY_OR_FIELD);
    }

    /** Parses {@code path}; a malformed path gives {@link IllegalArgumentException} naming the position. */
    public static FieldPath parse(String path) {
        if (path == null || path.isEmpty()) {
            throw new IllegalArgumentException("empty field path");
        }
        List<String> names = new ArrayList<>();
        List<Integer> selectors = new ArrayList<>();
        int i = 0;
        int n = path.length();
        while (true) {
            int start = i;
            while (i < n && path.charAt(i) != '.' && path.charAt(i) != '[') {
                i++;
            }
            String name = path.substring(start, i).trim();
            if (!names.isEmpty() && name.chars().allMatch(Character::isDigit) && !name.isEmpty()) {
                names.add(null);
                selectors.add(parseIndex(path, name, start));
            } else if (!names.isEmpty() && name.equals("any")) {
                names.add(name);
                selectors.add(ANY_OR_FIELD);
            } else if (!Schema.NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("field path '" + path + "': '" + name + "' at " + start
                        + " is not a field name");
            } else {
                names.add(name);
                selectors.add(-2);
            }
            while (i < n && path.charAt(i) == '[') {
                int close = path.indexOf(']', i);
                if (close < 0) {
                    throw new IllegalArgumentException("field path '" + path + "': unclosed [ at " + i);
                }
                String sel = path.substring(i + 1, close).trim();
                int value = sel.equals("any") ? ANY : parseIndex(path, sel, i);
                names.add(null);
                selectors.add(value);
                i = close + 1;
            }
            if (i == n) {
                break;
            }
            if (path.charAt(i) != '.') {
                throw new IllegalArgumentException("field path '" + path + "': unexpected '" + path.charAt(i) + "' at " + i);
            }
            i++;
        }
        return new FieldPath(path, names, selectors);
    }

    private static int parseIndex(String path, String text, int at) {
        try {
            int value = Integer.parseInt(text);
            if (value >= 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("field path '" + path + "': '" + text + "' at " + at
                + " is neither an element index >= 0 nor 'any'");
    }

    /** Number of steps: each field name and each selector is one step. */
    public int size() {
        return names.length;
    }

    /** True when step {@code i} is a field name (a dotted {@code any} counts as both; see {@link #ANY_OR_FIELD}). */
    public boolean isName(int i) {
        return selectors[i] == -2;
    }

    /** Field name of step {@code i}, or null for a selector. */
    public String name(int i) {
        return names[i];
    }

    /** Element index of selector step {@code i}, or {@link #ANY}. */
    public int selector(int i) {
        return selectors[i];
    }

    /** True when some step is {@code [any]}: the path can match many values. */
    public boolean hasAny() {
        return hasAny;
    }

    /** True for a single field name with no selectors. */
    public boolean isSimple() {
        return names.length == 1;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FieldPath && ((FieldPath) o).text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }
}
