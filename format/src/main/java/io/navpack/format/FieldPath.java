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

    /**
     * One step of a path: a field name, one element, or every element.
     *
     * @param type what the step selects
     * @param name the field name of a {@link Type#FIELD} or {@link Type#FIELD_OR_ANY} step, else null
     * @param index the element index (from 0) of an {@link Type#ELEMENT} step, else -1
     */
    public record Step(Type type, String name, int index) {

        /** What a step selects. */
        public enum Type {
            /** A field of a record, by name: {@code amount1}. */
            FIELD,
            /** One element of a list, set or array: {@code [2]}, or the dotted {@code .2}. */
            ELEMENT,
            /** Every element of a list, set or array: {@code [any]}. */
            ANY,
            /** The dotted {@code .any}: every element after a list, set or array; the field "any" after a record. */
            FIELD_OR_ANY
        }

        static final Step ANY_ELEMENT = new Step(Type.ANY, null, -1);

        /** True when this step reads a field by name of the value it follows, a list, set or array or not. */
        public boolean readsField(boolean afterContainer) {
            return type == Type.FIELD || (type == Type.FIELD_OR_ANY && !afterContainer);
        }

        /** True when this step, where it does not read a field, takes every element rather than one. */
        public boolean everyElement() {
            return type == Type.ANY || type == Type.FIELD_OR_ANY;
        }

        /** The step as written with brackets: {@code name}, {@code [2]} or {@code [any]}. */
        @Override
        public String toString() {
            return type == Type.FIELD ? name : type == Type.ELEMENT ? "[" + index + "]" : "[any]";
        }
    }

    private final String text;
    private final Step[] steps;
    /** Where each step ends in the text. */
    private final int[] ends;
    private final boolean hasAny;

    private FieldPath(String text, List<Step> steps, List<Integer> ends) {
        this.text = text;
        this.steps = steps.toArray(new Step[0]);
        this.ends = ends.stream().mapToInt(Integer::intValue).toArray();
        this.hasAny = steps.stream().anyMatch(Step::everyElement);
    }

    /** Parses {@code path}; a malformed path gives {@link IllegalArgumentException} naming the position. */
    public static FieldPath parse(String path) {
        if (path == null || path.isEmpty()) {
            throw new IllegalArgumentException("empty field path");
        }
        List<Step> steps = new ArrayList<>();
        List<Integer> ends = new ArrayList<>();
        int i = 0;
        int n = path.length();
        while (true) {
            int start = i;
            while (i < n && path.charAt(i) != '.' && path.charAt(i) != '[') {
                i++;
            }
            String name = path.substring(start, i).trim();
            ends.add(i);
            if (!steps.isEmpty() && name.chars().allMatch(Character::isDigit) && !name.isEmpty()) {
                steps.add(new Step(Step.Type.ELEMENT, null, parseIndex(path, name, start)));
            } else if (!steps.isEmpty() && name.equals("any")) {
                steps.add(new Step(Step.Type.FIELD_OR_ANY, name, -1));
            } else if (!Schema.NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("field path '" + path + "': '" + name + "' at " + start
                        + " is not a field name");
            } else {
                steps.add(new Step(Step.Type.FIELD, name, -1));
            }
            while (i < n && path.charAt(i) == '[') {
                int close = path.indexOf(']', i);
                if (close < 0) {
                    throw new IllegalArgumentException("field path '" + path + "': unclosed [ at " + i);
                }
                String sel = path.substring(i + 1, close).trim();
                steps.add(sel.equals("any") ? Step.ANY_ELEMENT
                        : new Step(Step.Type.ELEMENT, null, parseIndex(path, sel, i)));
                i = close + 1;
                ends.add(i);
            }
            if (i == n) {
                break;
            }
            if (path.charAt(i) != '.') {
                throw new IllegalArgumentException("field path '" + path + "': unexpected '" + path.charAt(i) + "' at " + i);
            }
            i++;
        }
        return new FieldPath(path, steps, ends);
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

    /**
     * The error for a path that goes through a repeated element — a list, set or array — without saying which of
     * its occurrences it means: the one rule for every place a path is written (queries, projections, aggregations,
     * indexes, SQL columns, document keys). It names the step and the ways to write it: {@code [any]} for any
     * occurrence and {@code [0]} for the first, or only {@code [n]} where the path must give one value. In the dotted
     * form ({@code legs.any.notional}, inside {@code nav[...]}) the ways are written dotted too.
     *
     * @param path the path as written
     * @param stepEnd the position in {@code path} just after the repeated step's name
     * @param in the schema of the record whose field the step names, or null where it is not known
     * @param oneValue what must give one value ("a key", "a SQL column"), or null where {@code [any]} is allowed
     * @param dotted whether the path is written in the dotted form
     */
    public static IllegalArgumentException repeatedStep(String path, int stepEnd, Schema in, String oneValue, boolean dotted) {
        int start = stepEnd;
        while (start > 0 && path.charAt(start - 1) != '.' && path.charAt(start - 1) != ']') {
            start--;
        }
        String name = path.substring(start, stepEnd);
        Field f = in == null ? null : in.field(name);
        String what = "'" + name + "' is repeated" + (in == null ? "" : " in " + in.typeName())
                + (f == null ? "" : " (a " + f.type() + ")");
        String first = path.substring(0, stepEnd) + (dotted ? ".0" : "[0]") + path.substring(stepEnd);
        if (oneValue != null) {
            return new IllegalArgumentException("path '" + path + "': " + what + " and " + oneValue + " takes one value:"
                    + " say which occurrence, e.g. '" + first + "' for the first (elements from 0)");
        }
        String any = path.substring(0, stepEnd) + (dotted ? ".any" : "[any]") + path.substring(stepEnd);
        return new IllegalArgumentException("path '" + path + "': " + what + "; say which occurrences: '" + any
                + "' for any of them, or '" + first + "' for the first (elements from 0)");
    }

    /** Number of steps: each field name and each element selector is one step. */
    public int size() {
        return steps.length;
    }

    /** Step {@code i}, from 0. */
    public Step step(int i) {
        return steps[i];
    }

    /**
     * The error for a path whose step {@code s} reaches a list, set or array that the next step reads a field of:
     * {@link #repeatedStep} for this path.
     */
    public IllegalArgumentException repeatedAt(int s, Schema in, String oneValue) {
        boolean dotted = text.indexOf('[') < 0;
        return repeatedStep(text, ends[s], in, oneValue, dotted);
    }

    /** True when some step can take every element: the path can reach many values. */
    boolean hasAny() {
        return hasAny;
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
