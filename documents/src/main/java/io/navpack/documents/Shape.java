package io.navpack.documents;

import io.navpack.format.FieldType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * What a slot holds: a scalar of a {@link TextType}, an enum (strings from a list of constants that only
 * grows), a nested record of a named type, or a list of one of these. Immutable; an enum that grows is a
 * new shape.
 */
final class Shape {
    enum Kind { SCALAR, ENUM, RECORD, LIST }

    final Kind kind;
    final TextType text;
    /** Enum constants, in index order; the first {@code constantsAt(v)} belong to version {@code v}. */
    final List<String> constants;
    /** Per constant, the version of its type that added it. */
    final int[] since;
    final String typeName;
    final Shape element;
    /** Enum constants by their characters. */
    final CharTable table;
    /** Enum constants in UTF-8. */
    final byte[][] utf8;

    private Shape(Kind kind, TextType text, List<String> constants, int[] since, String typeName, Shape element) {
        this.kind = kind;
        this.text = text;
        this.constants = constants;
        this.since = since;
        this.typeName = typeName;
        this.element = element;
        this.table = kind == Kind.ENUM ? new CharTable(constants) : null;
        this.utf8 = new byte[constants.size()][];
        for (int i = 0; i < utf8.length; i++) {
            utf8[i] = constants.get(i).getBytes(StandardCharsets.UTF_8);
        }
    }

    static Shape scalar(TextType t) {
        return new Shape(Kind.SCALAR, t, List.of(), new int[0], null, null);
    }

    static Shape enumOf(List<String> constants, int[] since) {
        if (constants.size() != since.length || constants.isEmpty()) {
            throw new IllegalArgumentException("an enum needs constants, each with its version");
        }
        return new Shape(Kind.ENUM, TextType.STRING, List.copyOf(constants), since.clone(), null, null);
    }

    static Shape record(String typeName) {
        return new Shape(Kind.RECORD, null, List.of(), new int[0], typeName, null);
    }

    static Shape list(Shape element) {
        return new Shape(Kind.LIST, null, List.of(), new int[0], null, element);
    }

    /** This enum with {@code more} constants added in version {@code version}. */
    Shape withConstants(List<String> more, int version) {
        List<String> all = new ArrayList<>(constants);
        all.addAll(more);
        int[] s = Arrays.copyOf(since, all.size());
        Arrays.fill(s, since.length, s.length, version);
        return enumOf(all, s);
    }

    /** The innermost non-list shape. */
    Shape leaf() {
        Shape s = this;
        while (s.kind == Kind.LIST) {
            s = s.element;
        }
        return s;
    }

    /** This shape with its innermost non-list shape replaced. */
    Shape withLeaf(Shape leaf) {
        return kind == Kind.LIST ? list(element.withLeaf(leaf)) : leaf;
    }

    /** How many constants version {@code version} of the type has. */
    int constantsAt(int version) {
        int n = 0;
        while (n < since.length && since[n] <= version) {
            n++;
        }
        return n;
    }

    /** The navpack type of this shape in version {@code version} of its record type; enums are named {@code enumName}. */
    FieldType fieldType(int version, String enumName) {
        return switch (kind) {
            case SCALAR -> text.fieldType;
            case ENUM -> FieldType.enumOf(enumName, constants.subList(0, constantsAt(version)));
            case RECORD -> FieldType.record(typeName);
            case LIST -> FieldType.list(element.fieldType(version, enumName));
        };
    }

    /** The type as schema files write it: {@code long}, {@code enum}, {@code fpml.trade}, {@code list<enum>}. */
    String describe() {
        return switch (kind) {
            case SCALAR -> text.fileName();
            case ENUM -> "enum";
            case RECORD -> typeName;
            case LIST -> "list<" + element.describe() + ">";
        };
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Shape s && s.kind == kind && s.text == text && s.constants.equals(constants)
                && Arrays.equals(s.since, since) && Objects.equals(s.typeName, typeName)
                && Objects.equals(s.element, element);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, text, constants, typeName, element);
    }

    @Override
    public String toString() {
        return describe() + (kind == Kind.ENUM ? constants.toString() : "");
    }
}
