package io.navpack.documents;

import java.util.HashMap;
import java.util.Map;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Evolution of JSON and CSV models (see {@link Evolution}): new keys and columns are new fields, new enum values
 * new constants; a JSON value of a kind its field cannot hold goes to a JSON-text alternate ({@code name$json}),
 * a CSV cell a column's type cannot hold to a text alternate ({@code name$text}); a null where the key was left
 * out before (or the other way round) adds {@code $nulls}, a different CSV header {@code $header}.
 */
final class JsonEvolution {
    private JsonEvolution() {
    }

    static void evolve(Evolution ev, Model base, Stats stats) {
        Map<Stats.Name, Evolution.Work> byKey = new HashMap<>();
        Evolution.Work root = ev.works().get(base.roots.get(0).name);
        byKey.put(JsonScanner.ROOT, root);
        // object types by the key they are under, as the base's fields name them
        for (Evolution.Work w : ev.works().values()) {
            for (Slot s : w.slots) {
                Shape leaf = s.shape.leaf();
                if (leaf.kind == Shape.Kind.RECORD && s.name != null) {
                    byKey.putIfAbsent(new Stats.Name("", s.name), ev.works().get(leaf.typeName));
                }
            }
        }
        for (Stats.ElementStats e : stats.elements.values()) {
            if (!byKey.containsKey(e.name)) {
                byKey.put(e.name, ev.newType(base.name + "." + ModelBuilder.identifier(e.name.local()), false, null, null));
            }
        }
        for (Stats.ElementStats e : stats.elements.values()) {
            Evolution.Work w = byKey.get(e.name);
            if (base.format == DocumentFormat.CSV) {
                csv(ev, w, e);
            } else {
                json(ev, w, e, n -> byKey.get(n).name);
            }
        }
    }

    private static void json(Evolution ev, Evolution.Work w, Stats.ElementStats e,
                             Function<Stats.Name, String> types) {
        boolean nulls = false;
        for (Stats.ChildStats c : e.children.values()) {
            boolean root = c.name.equals(Stats.ROOT_VALUE);
            Slot.Role role = root ? Slot.Role.ROOT : Slot.Role.KEY;
            String key = root ? null : c.name.local();
            Slot head = w.find(role, null, key, null, null);
            long absent = root ? 0 : e.count - c.parentsWith;
            if (head == null) {
                boolean jsonNull = c.nulls > 0 && c.nulls >= absent;
                String field = root ? "$root" : ModelBuilder.identifier(key);
                head = w.add(field, role, null, key, null, null, ModelBuilder.jsonShape(c.values, types),
                        Slot.Alternate.NONE, jsonNull);
                if (c.values.kinds() > 1 || c.values.negativeZero) {
                    w.add(head.field + "$json", role, null, key, null, null, Shape.scalar(TextType.JSON), Slot.Alternate.JSON,
                            jsonNull);
                }
                nulls |= (c.nulls > 0 && absent > 0) || (w.old != null && e.count > c.parentsWith && jsonNull);
                continue;
            }
            nulls |= (c.nulls > 0 && !head.jsonNull) || (absent > 0 && head.jsonNull);
            boolean raw = false;
            for (Slot s : w.chain(head)) {
                raw |= s.item().kind == Shape.Kind.SCALAR && s.item().text == TextType.JSON && !s.repeated();
            }
            if (raw) {
                continue;
            }
            if (holds(head.shape, c.values)) {
                continue;
            }
            Shape item = head.item();
            boolean onlyStrings = c.values.kinds() == 1 && c.values.strings > 0;
            if (onlyStrings && !head.repeated() && (item.kind == Shape.Kind.ENUM || item.kind == Shape.Kind.SCALAR
                    && item.text != TextType.JSON && item.text != TextType.BYTES && !item.text.numeric()
                    && item.text != TextType.BOOLEAN)) {
                int before = w.slots.size();
                ev.fit(w, head, c.values);
                if (w.slots.size() == before) {
                    continue; // the values fit, or the enum grew
                }
                // fit added a text alternate: JSON keeps other values as JSON text instead
                w.slots.remove(w.slots.size() - 1);
            }
            w.add(head.field + "$json", role, null, key, null, null, Shape.scalar(TextType.JSON), Slot.Alternate.JSON,
                    head.jsonNull);
        }
        // keys this document left out that the type writes as null
        for (Slot s : w.slots) {
            if (s.role == Slot.Role.KEY && s.alternate == Slot.Alternate.NONE && s.jsonNull
                    && !e.children.containsKey(new Stats.Name("", s.name)) && e.count > 0) {
                nulls = true;
            }
        }
        if (nulls && w.find(Slot.Role.NULLS, null, null, null, null) == null) {
            w.add("$nulls", Slot.Role.NULLS, null, null, null, null, Shape.scalar(TextType.BYTES), Slot.Alternate.NONE, false);
        }
    }

    /** Whether a field of {@code shape} holds every value {@code v} saw (enum values and text types: see fit). */
    static boolean holds(Shape shape, Stats.ValueStats v) {
        if (v.kinds() == 0) {
            return true; // only nulls
        }
        if (v.kinds() > 1) {
            return shape.kind == Shape.Kind.SCALAR && shape.text == TextType.JSON;
        }
        return switch (shape.kind) {
            case ENUM -> false; // strings: let fit decide
            case RECORD -> v.objects > 0;
            case LIST -> v.arrays > 0 && (v.elements == null || holds(shape.element, v.elements));
            default -> switch (shape.text) {
                case JSON -> true;
                case LONG -> v.integers > 0 && v.floats == 0 && !v.bigIntegers;
                case DECIMAL -> v.integers + v.floats > 0 && !v.negativeZero;
                case BOOLEAN -> v.booleans > 0;
                default -> false; // strings: let fit decide
            };
        };
    }

    private static void csv(Evolution ev, Evolution.Work w, Stats.ElementStats e) {
        for (Stats.ChildStats c : e.children.values()) {
            String column = ModelBuilder.columnName(c.name.local());
            int occurrence = c.name.local().equals(column) ? 1 : Integer.parseInt(c.name.local().substring(column.length() + 1));
            Slot head = null;
            int seen = 0;
            for (Slot s : w.slots) {
                if (s.role == Slot.Role.COLUMN && s.alternate == Slot.Alternate.NONE && s.name.equals(column) && ++seen == occurrence) {
                    head = s;
                }
            }
            if (head == null) {
                w.add(ModelBuilder.identifier(column), Slot.Role.COLUMN, null, column, null, null,
                        ModelBuilder.textShape(c.values, w.name, column), Slot.Alternate.NONE, false);
            } else if (c.values.count > 0) {
                ev.fit(w, head, c.values);
            }
        }
        StringBuilder canonical = new StringBuilder();
        List<String> names = new ArrayList<>();
        for (Slot s : w.slots) {
            if (s.role == Slot.Role.COLUMN && s.alternate == Slot.Alternate.NONE) {
                names.add(s.name);
            }
        }
        canonical.append(Csv.headerLine(names));
        Slot header = w.find(Slot.Role.HEADER, null, null, null, null);
        boolean other = e.headers.overflow || e.headers.distinct.keySet().stream().anyMatch(h -> !h.equals(canonical.toString()));
        if (header == null && other) {
            w.add("$header", Slot.Role.HEADER, null, null, null, null, Shape.scalar(TextType.STRING), Slot.Alternate.NONE, false);
        } else if (header != null && other) {
            ev.fit(w, header, e.headers);
        }
    }
}
