package io.navpack.documents;

import io.navpack.format.Field;
import io.navpack.format.FieldType;
import io.navpack.format.Kind;
import io.navpack.format.Schema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One growth of a document schema ({@link DocumentSchema#growths()}): the document that did not fit, why, and what
 * changed — the types that got a new version with the fields and enum constants they gained, and the new types.
 *
 * @param source  the document (its file, or file and line) that made the schema grow
 * @param reason  why it did not fit, with its line, column and path
 * @param changes what changed, one entry per type: {@code pacs.CdtTrfTxInf v2: +InstrForNxtAgt, +ChrgBr constant
 *                'CRED'}, {@code new type pacs.InstrForNxtAgt}
 */
public record Growth(String source, String reason, List<String> changes) {

    /** The growth from {@code before} to {@code after} (every navpack schema of each, all versions). */
    static Growth between(List<Schema> before, List<Schema> after, String source, String reason) {
        Map<String, Schema> old = newest(before);
        List<String> changes = new ArrayList<>();
        for (Schema s : newest(after).values()) {
            Schema was = old.get(s.typeName());
            if (was == null) {
                changes.add("new type " + s.typeName());
                continue;
            }
            if (was.version() == s.version()) {
                continue;
            }
            List<String> gained = new ArrayList<>();
            for (Field f : s.fields()) {
                Field w = was.field(f.name());
                if (w == null) {
                    gained.add("+" + f.name());
                } else if (f.type().kind() == Kind.ENUM && w.type().kind() == Kind.ENUM) {
                    List<String> constants = new ArrayList<>(f.type().constants());
                    constants.removeAll(w.type().constants());
                    for (String c : constants) {
                        gained.add("+" + f.name() + " value '" + c + "'");
                    }
                } else if (!f.type().equals(w.type())) {
                    gained.add(f.name() + " " + describe(w.type()) + " -> " + describe(f.type()));
                }
            }
            changes.add(s.typeName() + " v" + s.version() + (gained.isEmpty() ? "" : ": " + String.join(", ", gained)));
        }
        return new Growth(source, reason, List.copyOf(changes));
    }

    private static String describe(FieldType t) {
        return t.kind() == Kind.ENUM ? "enum" : t.toString();
    }

    private static Map<String, Schema> newest(List<Schema> schemas) {
        Map<String, Schema> out = new LinkedHashMap<>();
        for (Schema s : schemas) {
            out.merge(s.typeName(), s, (a, b) -> a.version() >= b.version() ? a : b);
        }
        return out;
    }

    /** One line: {@code file.xml: pacs.CdtTrfTxInf v2: +InstrForNxtAgt (it had ...)}. */
    @Override
    public String toString() {
        return source + ": " + (changes.isEmpty() ? "no type changed" : String.join("; ", changes))
                + (reason == null ? "" : " (" + reason + ")");
    }
}
