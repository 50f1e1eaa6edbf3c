package io.navpack.hazelcast;

import com.hazelcast.nio.serialization.FieldKind;
import io.navpack.format.FieldPath;
import io.navpack.format.FieldType;
import io.navpack.format.Kind;
import io.navpack.format.NavpackException;
import io.navpack.format.RecordPointer;
import io.navpack.format.Schema;
import io.navpack.hazelcast.internal.QueryableGenericRecord;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A path in Hazelcast's attribute syntax ({@code trade.tradeHeader.tradeDate}, {@code party[any].partyName},
 * {@code legs[1].notional}) parsed once and read out of a value's bytes in one pass: a {@link RecordPointer} per
 * level moved from record to nested record, no view and no string per step, each step's field found by the
 * nested record's schema once and remembered (values of several schema versions in one map each find theirs).
 *
 * <p>What it gives is exactly what Hazelcast's generic-record query reader gives when it walks the same path over
 * {@link PackedGenericRecord}s step by step: the same values, converted by the same field kinds; a
 * {@code MultiResult} where {@code [any]} fans out or a step names a field of another version (with Hazelcast's
 * null-or-empty mark); null where a record on the way is null or an index is past the end; "no value" where a
 * member cannot read the bytes. {@link PackedGenericRecord} answers a path attribute with it, so Hazelcast's reader
 * asks for the whole path at once.
 *
 * <p>One rule for repeated elements (lists, sets, arrays): a path that steps through one says which occurrences
 * it means, {@code [any]} or {@code [n]}; without, the read is refused with {@link FieldPath#repeatedStep}.
 */
final class QueryPath {
    private static final int FIELD = 0;
    private static final int ANY = 1;
    private static final int INDEX = 2;
    /** Compiled paths by text; bounded, since attribute names come from users. */
    private static final ConcurrentHashMap<String, QueryPath> PATHS = new ConcurrentHashMap<>();
    private static final int MAX_PATHS = 10_000;

    final String text;
    private final Step[] steps;

    private QueryPath(String text, Step[] steps) {
        this.text = text;
        this.steps = steps;
    }

    /** Whether {@code name} is a path (has a step or a selector) rather than a field name. */
    static boolean isPath(String name) {
        return name.indexOf('.') >= 0 || name.indexOf('[') >= 0;
    }

    /** The compiled form of {@code path}, parsed once per text. */
    static QueryPath of(String path) {
        QueryPath p = PATHS.get(path);
        if (p == null) {
            p = PATHS.size() < MAX_PATHS ? PATHS.computeIfAbsent(path, QueryPath::parse) : parse(path);
        }
        return p;
    }

    /** Parses as Hazelcast's reader cuts a path: steps between dots, each a name and at most one {@code [any]} or {@code [n]}. */
    private static QueryPath parse(String path) {
        List<Step> out = new ArrayList<>();
        int begin = 0;
        while (true) {
            int end = path.indexOf('.', begin);
            String segment = path.substring(begin, end < 0 ? path.length() : end);
            if (segment.isEmpty()) {
                throw new IllegalArgumentException("The token's length cannot be zero: " + path);
            }
            int open = segment.indexOf('[');
            String name = open < 0 ? segment : segment.substring(0, open);
            int mode = FIELD;
            int index = -1;
            if (segment.indexOf(']') >= 0) {
                if (open < 0 || !segment.endsWith("]")) {
                    throw new IllegalArgumentException("attribute '" + path + "': '" + segment + "' is not a field with [n] or [any]");
                }
                String selector = segment.substring(open + 1, segment.length() - 1).trim();
                if (segment.endsWith("[any]")) {
                    mode = ANY;
                } else {
                    mode = INDEX;
                    index = Integer.parseInt(selector);
                }
            }
            out.add(new Step(name, mode, index, begin + name.length()));
            if (end < 0) {
                break;
            }
            begin = end + 1;
        }
        return new QueryPath(path, out.toArray(new Step[0]));
    }

    /** The steps the walk below needs of a field, found once per schema of the record it is looked up in. */
    private static final class Resolved {
        final Schema schema;
        /** The field's index, or -1 when the schema lacks it. */
        final int field;
        final FieldKind kind;
        /** A record, a list, set or array, or something else (a scalar, a map). */
        final boolean record;
        final boolean container;
        /** Whether the list, set or array holds records. */
        final boolean recordElements;
        /** The element class of the field's array kind ({@code Object} for records), or null. */
        final Class<?> component;
        /** For a field the schema lacks: whether another version or type has it (else the name is unknown). */
        final boolean knownElsewhere;

        Resolved(Schema schema, String name, PackedGenericRecord root) {
            this.schema = schema;
            this.field = schema.indexOf(name);
            if (field >= 0) {
                FieldType t = schema.field(field).type();
                this.kind = GenericSchema.of(schema).kind(field);
                this.record = t.kind() == Kind.RECORD;
                this.container = t.kind().isCollection();
                this.recordElements = container && t.element() != null && t.element().kind() == Kind.RECORD;
                this.component = PackedGenericRecord.component(kind);
                this.knownElsewhere = true;
            } else {
                this.kind = null;
                this.record = false;
                this.container = false;
                this.recordElements = false;
                this.component = null;
                this.knownElsewhere = GenericSchema.of(schema).knownElsewhere(name, root.registry());
            }
        }
    }

    /** One step: a field name and its selector. */
    private static final class Step {
        final String name;
        final int mode;
        final int index;
        /** Where the name ends in the path's text (for the repeated-step error). */
        final int nameEnd;
        /**
         * The last resolutions, one per schema the step met (a map of several versions or types alternates between
         * them): immutable, the slots racy, since any thread may replace one with an equal one.
         */
        private final Resolved[] resolved = new Resolved[4];
        private int next;

        Step(String name, int mode, int index, int nameEnd) {
            this.name = name;
            this.mode = mode;
            this.index = index;
            this.nameEnd = nameEnd;
        }

        Resolved resolve(Schema s, PackedGenericRecord root) {
            Resolved[] slots = resolved;
            for (Resolved r : slots) {
                if (r != null && r.schema == s) {
                    return r;
                }
            }
            Resolved r = new Resolved(s, name, root);
            int i = next;
            next = (i + 1) & (slots.length - 1);
            slots[i] = r;
            return r;
        }
    }

    /** A thread's state for walks: a pointer and an element cursor per level, and the values found. */
    static final class Walk {
        private RecordPointer[] levels = new RecordPointer[0];
        private RecordPointer.Elements[] elements = new RecordPointer.Elements[0];
        private Object first;
        private List<Object> more;
        private int count;
        private boolean nullOrEmpty;

        private void reset(int depth) {
            if (levels.length < depth + 1) {
                RecordPointer[] l = new RecordPointer[depth + 1];
                RecordPointer.Elements[] e = new RecordPointer.Elements[depth + 1];
                for (int i = 0; i < l.length; i++) {
                    l[i] = new RecordPointer();
                    e[i] = new RecordPointer.Elements();
                }
                levels = l;
                elements = e;
            }
            first = null;
            more = null;
            count = 0;
            nullOrEmpty = false;
        }

        private void add(Object v) {
            if (count == 0) {
                first = v;
            } else {
                if (more == null) {
                    more = new ArrayList<>(4);
                    more.add(first);
                }
                more.add(v);
            }
            count++;
        }

        /** What Hazelcast's reader returns: the one value, or a multi-result (null first when marked null-or-empty). */
        private Object result() {
            if (!nullOrEmpty && count == 1) {
                return first;
            }
            List<Object> all = more;
            if (all == null) {
                all = new ArrayList<>(2);
                if (count == 1) {
                    all.add(first);
                }
            }
            if (nullOrEmpty) {
                all.add(0, null);
            }
            first = null;
            more = null;
            return QueryableGenericRecord.multiResult(all, nullOrEmpty);
        }
    }

    /** The value of this path in {@code root}, as Hazelcast's reader would find it walking {@code root} step by step. */
    Object read(PackedGenericRecord root, Walk w) {
        w.reset(steps.length);
        RecordPointer top = w.levels[0];
        top.open(root.record);
        step(0, top, root, w);
        return w.result();
    }

    /** Step {@code s} from the record {@code r} points at; {@code r == null} is a null record on the way (reads nulls). */
    private void step(int s, RecordPointer r, PackedGenericRecord root, Walk w) {
        Step step = steps[s];
        boolean last = s == steps.length - 1;
        if (r == null) {
            // a null record on the way reads as a record of nulls, whose lists are null
            if (step.mode == ANY) {
                w.nullOrEmpty = true;
            } else if (last) {
                w.add(null);
            } else {
                step(s + 1, null, root, w);
            }
            return;
        }
        Resolved f = step.resolve(r.schema(), root);
        if (f.field < 0) {
            // a field of another version (or, in warn mode, of no schema): Hazelcast's reader drops the branch
            if (!f.knownElsewhere) {
                root.unknown(r.schema(), step.name);
            }
            if (last && step.mode != ANY) {
                w.add(null);
            } else {
                w.nullOrEmpty = true;
            }
            return;
        }
        if (last) {
            leaf(step, f, r, root, w);
            return;
        }
        RecordPointer next = w.levels[s + 1];
        switch (step.mode) {
            case FIELD:
                if (f.container) {
                    throw FieldPath.repeatedStep(text, step.nameEnd, f.schema, null, false);
                }
                if (!f.record) {
                    throw notARecord(f, step);
                }
                step(s + 1, enter(next, r, f.field, root), root, w);
                return;
            case INDEX:
                if (f.record) {
                    step(s + 1, step.index == 0 ? enter(next, r, f.field, root) : null, root, w);
                } else if (f.container) {
                    RecordPointer.Elements e = w.elements[s];
                    step(s + 1, element(e, r, f, step, next, root), root, w);
                } else if (r.isNull(f.field)) {
                    step(s + 1, null, root, w);
                } else {
                    throw notAListOfRecords(f, step);
                }
                return;
            default: // ANY
                if (f.record) {
                    RecordPointer n = enter(next, r, f.field, root);
                    if (n == null) {
                        w.nullOrEmpty = true;
                    } else {
                        step(s + 1, n, root, w);
                    }
                } else if (f.container) {
                    every(s, r, f, step, next, root, w);
                } else if (r.isNull(f.field)) {
                    w.nullOrEmpty = true;
                } else {
                    throw notAListOfRecords(f, step);
                }
        }
    }

    /** Every element of a list of records, each walked on; null, empty or unreadable lists mark the result. */
    private void every(int s, RecordPointer r, Resolved f, Step step, RecordPointer next, PackedGenericRecord root, Walk w) {
        RecordPointer.Elements e = w.elements[s];
        int n;
        try {
            n = e.open(r, f.field);
        } catch (NavpackException x) {
            if (!root.member()) {
                throw x;
            }
            UnreadableValues.skip(root.record, x);
            n = -1;
        }
        if (n <= 0) {
            w.nullOrEmpty = true;
            return;
        }
        if (!f.recordElements) {
            throw notAListOfRecords(f, step);
        }
        while (e.next()) {
            if (e.isNull()) {
                w.nullOrEmpty = true;
                continue;
            }
            RecordPointer into;
            try {
                next.enter(e);
                into = next;
            } catch (NavpackException x) {
                if (!root.member()) {
                    throw x;
                }
                UnreadableValues.skip(root.record, x);
                w.nullOrEmpty = true;
                continue;
            }
            step(s + 1, into, root, w);
        }
    }

    /** Element {@code step.index} of a list of records, or null (a record of nulls) when null, past the end or unreadable. */
    private RecordPointer element(RecordPointer.Elements e, RecordPointer r, Resolved f, Step step, RecordPointer next,
                                  PackedGenericRecord root) {
        try {
            int n = e.open(r, f.field);
            if (n <= step.index) {
                return null;
            }
            while (e.next() && e.index() < step.index) {
                // skip to the element
            }
            if (e.isNull()) {
                return null;
            }
            if (!f.recordElements) {
                throw notAListOfRecords(f, step);
            }
            next.enter(e);
            return next;
        } catch (NavpackException x) {
            if (!root.member()) {
                throw x;
            }
            UnreadableValues.skip(root.record, x);
            return null;
        }
    }

    /** The nested record of field {@code field}, or null when null or (on a member) unreadable. */
    private static RecordPointer enter(RecordPointer next, RecordPointer r, int field, PackedGenericRecord root) {
        try {
            return next.enter(r, field) == null ? null : next;
        } catch (NavpackException x) {
            if (!root.member()) {
                throw x;
            }
            UnreadableValues.skip(root.record, x);
            return null;
        }
    }

    /** The last step: the field's value converted by its kind, each element for {@code [any]}, one for {@code [n]}. */
    private void leaf(Step step, Resolved f, RecordPointer r, PackedGenericRecord root, Walk w) {
        if (step.mode == FIELD) {
            Object raw;
            try {
                raw = r.get(f.field);
            } catch (NavpackException x) {
                if (!root.member()) {
                    throw x;
                }
                Object none = UnreadableValues.skip(root.record, x);
                w.add(f.kind.name().startsWith("ARRAY_OF_") ? null : none);
                return;
            }
            w.add(root.asKind(f.kind, raw));
            return;
        }
        if (!f.container) {
            // a single value is a list of one
            Object raw;
            try {
                raw = r.get(f.field);
            } catch (NavpackException x) {
                if (!root.member()) {
                    throw x;
                }
                UnreadableValues.skip(root.record, x);
                raw = null;
            }
            if (step.mode == ANY) {
                if (raw == null) {
                    w.nullOrEmpty = true;
                } else {
                    w.add(root.asKind(f.kind, raw));
                }
            } else {
                w.add(step.index == 0 ? root.asKind(f.kind, raw) : null);
            }
            return;
        }
        RecordPointer.Elements e = w.elements[steps.length - 1];
        try {
            int n = e.open(r, f.field);
            if (step.mode == ANY) {
                if (n <= 0) {
                    w.nullOrEmpty = true;
                    return;
                }
                while (e.next()) {
                    w.add(root.asElement(f.component, e.get(), step.name));
                }
            } else if (n <= step.index) {
                w.add(null);
            } else {
                while (e.next() && e.index() < step.index) {
                    // skip to the element
                }
                w.add(root.asElement(f.component, e.get(), step.name));
            }
        } catch (NavpackException x) {
            if (!root.member()) {
                throw x;
            }
            UnreadableValues.skip(root.record, x);
            if (step.mode == ANY) {
                w.nullOrEmpty = true;
            } else {
                w.add(null);
            }
        }
    }

    private IllegalArgumentException notARecord(Resolved f, Step step) {
        return new IllegalArgumentException("path '" + text + "': field '" + step.name + "' of " + f.schema.typeName() + " is a "
                + f.schema.field(f.field).type() + ", not a record: a path steps into records and, with [any] or [n], into"
                + " lists of records");
    }

    private IllegalArgumentException notAListOfRecords(Resolved f, Step step) {
        return new IllegalArgumentException("field '" + step.name + "' of " + f.schema.typeName() + " is a "
                + f.schema.field(f.field).type() + ", not a list of records (path '" + text + "')");
    }
}
