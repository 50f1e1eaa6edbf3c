package io.navpack.format;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Arrays;
import java.util.Collection;
import java.util.Set;

/**
 * {@link PackedRecord.Builder}: each value is checked and encoded when it is set, into a buffer of the
 * builder's; {@link #build()} then writes the record's header, null bitmap and offset table around the
 * encoded fields, and copies the bytes of the fields a source record keeps. Nothing of a kept field is
 * decoded: its end is found by skipping it.
 */
final class RecordBuilder implements PackedRecord.Builder {
    /** A field value already encoded: bytes {@code start..end} of {@code array}. */
    static final class Encoded {
        final byte[] array;
        final int start;
        final int end;

        Encoded(byte[] array, int start, int end) {
            this.array = array;
            this.start = start;
            this.end = end;
        }
    }

    private static final byte UNSET = 0;
    private static final byte SET = 1;
    private static final byte NULL = 2;
    private static final byte KEPT = 3;

    private final Schema schema;
    private final SchemaRegistry registry;
    private final RecordView source;
    private final byte[] state;
    private final int[] start;
    private final int[] end;
    private final PackedWriter scratch;

    RecordBuilder(Schema schema, SchemaRegistry registry) {
        this(schema, registry, null);
    }

    RecordBuilder(PackedRecord record) {
        this(record.schema(), record.registry(), record instanceof RecordView ? (RecordView) record
                : new RecordView(record.array(), record.offset(), record.length(), record.registry(), 0, record.schema()));
    }

    private RecordBuilder(Schema schema, SchemaRegistry registry, RecordView source) {
        this.schema = schema;
        this.registry = registry;
        this.source = source;
        int n = schema.fieldCount();
        this.state = new byte[n];
        this.start = new int[n];
        this.end = new int[n];
        this.scratch = new PackedWriter(registry, 64);
        if (source != null) {
            Arrays.fill(state, KEPT);
        }
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public PackedRecord.Builder set(String name, Object value) {
        Field f = schema.field(name);
        if (f == null) {
            throw new IllegalArgumentException("no field '" + name + "' in " + schema.typeName() + " v" + schema.version()
                    + " (fields: " + schema.fieldNames() + ")");
        }
        int i = f.index();
        if (value == null) {
            if (!f.nullable()) {
                throw new IllegalArgumentException(describe(f) + " cannot be null");
            }
            state[i] = NULL;
            return this;
        }
        Object x = convert(f, value);
        int from = scratch.size();
        try {
            scratch.writeValue(x, f.type(), null, 0);
        } catch (ClassCastException e) {
            throw new IllegalArgumentException(describe(f) + ": a " + value.getClass().getName() + " (" + brief(value)
                    + ") cannot be stored there" + (f.type().kind().isCollection() || f.type().kind() == Kind.MAP
                    ? ", or one of its elements cannot: " + e.getMessage() : ""), e);
        } catch (NavpackException e) {
            throw new IllegalArgumentException(describe(f) + ": " + e.getMessage(), e);
        }
        if (f.type().kind() == Kind.RECORD && x instanceof PackedRecord) {
            learn((PackedRecord) x);
        }
        state[i] = SET;
        start[i] = from;
        end[i] = scratch.size();
        return this;
    }

    private String describe(Field f) {
        return "field " + f.name() + " of " + schema.typeName() + " v" + schema.version() + " (a " + f.type()
                + (f.nullable() ? ", may be null" : "") + ")";
    }

    private static String brief(Object v) {
        String s = String.valueOf(v);
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }

    /**
     * The value to encode: the value itself when its Java type is the field's; a smaller integer where
     * it fits the field; otherwise refused with the field's type and the value's.
     */
    private Object convert(Field f, Object v) {
        Kind k = f.type().kind();
        Class<?> expected = f.type().codec().plainClass(true);
        switch (k) {
            case BYTE: case SHORT: case INT: case LONG: case CHAR:
                if (v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long) {
                    long n = ((Number) v).longValue();
                    Object out = k == Kind.BYTE ? (Object) (byte) n : k == Kind.SHORT ? (Object) (short) n
                            : k == Kind.INT ? (Object) (int) n : k == Kind.CHAR ? (Object) (char) n : (Object) n;
                    if (((out instanceof Character) ? (long) (Character) out : ((Number) out).longValue()) != n) {
                        throw new IllegalArgumentException(describe(f) + ": " + n + " does not fit");
                    }
                    return out;
                }
                if (k == Kind.CHAR && v instanceof Character) {
                    return v;
                }
                break;
            case DOUBLE:
                if (v instanceof Double || v instanceof Float) {
                    return ((Number) v).doubleValue();
                }
                break;
            case ENUM:
                if (v instanceof Enum || v instanceof String) {
                    String c = v instanceof Enum ? ((Enum<?>) v).name() : (String) v;
                    if (!f.type().constants().contains(c)) {
                        throw new IllegalArgumentException(describe(f) + ": " + c + " is not one of its constants "
                                + f.type().constants());
                    }
                    return c;
                }
                break;
            case RECORD:
                if (v instanceof PackedRecord || v instanceof GeneratedView) {
                    v = PackedRecord.ofView(v);
                    String type = ((PackedRecord) v).schema().typeName();
                    if (!type.equals(f.type().name())) {
                        throw new IllegalArgumentException(describe(f) + ": a " + type + " record cannot be stored there");
                    }
                    return v;
                }
                RecordBinding<?> b = registry.findBinding(v.getClass());
                if (b == null) {
                    throw new IllegalArgumentException(describe(f) + ": a " + v.getClass().getName() + " is neither a"
                            + " PackedRecord nor a class registered with navpack");
                }
                if (!b.schema().typeName().equals(f.type().name())) {
                    throw new IllegalArgumentException(describe(f) + ": a " + v.getClass().getName() + " is a "
                            + b.schema().typeName() + ", not a " + f.type().name());
                }
                return v;
            case LIST:
                if (v instanceof List || v instanceof Collection && !(v instanceof Set)) {
                    return v;
                }
                break;
            case ARRAY:
                if (v.getClass().isArray() && (f.type().isPrimitiveArray() ? v.getClass() == expected
                        : !v.getClass().getComponentType().isPrimitive())) {
                    return v;
                }
                break;
            default:
                if (expected.isInstance(v)) {
                    return v;
                }
        }
        throw new IllegalArgumentException(describe(f) + ": a " + v.getClass().getName() + " (" + brief(v)
                + ") cannot be stored there; expected " + expectation(f.type(), expected));
    }

    private static String expectation(FieldType t, Class<?> plain) {
        switch (t.kind()) {
            case ENUM: return "an enum constant or its name, one of " + t.constants();
            case RECORD: return "a PackedRecord of type " + t.name() + " or an instance of its registered class";
            case LIST: return "a List";
            case DECIMAL: return "a " + BigDecimal.class.getName();
            case BIG_INTEGER: return "a " + BigInteger.class.getName();
            default: return "a " + plain.getTypeName();
        }
    }

    /** Learns the schemas of a nested record (and of the records nested in it) that this registry lacks. */
    private void learn(PackedRecord r) {
        if (r.registry() == registry) {
            return;
        }
        List<Schema> todo = new ArrayList<>();
        todo.add(r.schema());
        for (int k = 0; k < todo.size() && k < 1_000; k++) {
            Schema s = todo.get(k);
            if (registry.local(s.typeId(), s.version()) == null) {
                registry.learn(s);
            }
            for (String type : s.referencedTypes()) {
                for (Schema other : r.registry().schemas()) {
                    if (other.typeName().equals(type) && !todo.contains(other)) {
                        todo.add(other);
                    }
                }
            }
        }
    }

    @Override
    public PackedRecord build() {
        int n = schema.fieldCount();
        Object[] values = new Object[n];
        List<String> unset = null;
        byte[] encoded = scratch.buffer();
        for (int i = 0; i < n; i++) {
            switch (state[i]) {
                case SET:
                    values[i] = new Encoded(encoded, start[i], end[i]);
                    break;
                case KEPT:
                    if (!source.isNull(i)) {
                        int p = source.fieldPosition(i);
                        values[i] = new Encoded(source.array(), p,
                                schema.field(i).type().codec().skip(source.array(), p, source.limit()));
                    }
                    break;
                case UNSET:
                    if (!schema.field(i).nullable()) {
                        if (unset == null) {
                            unset = new ArrayList<>();
                        }
                        unset.add(schema.field(i).name() + " (" + schema.field(i).type() + ")");
                    }
                    break;
                default:
                    break;
            }
        }
        if (unset != null) {
            throw new IllegalStateException("fields of " + schema.typeName() + " v" + schema.version()
                    + " that cannot be null were not set: " + unset);
        }
        PackedWriter out = new PackedWriter(registry, Math.max(16, scratch.size() + (source == null ? 0 : source.length())
                + 8 + 2 * n));
        out.writeRecord(schema, values);
        byte[] bytes = out.toByteArray();
        return new RecordView(bytes, 0, bytes.length, registry, 0, schema);
    }

    @Override
    public String toString() {
        return "builder of " + schema.typeName() + " v" + schema.version() + (source != null ? " from a record" : "");
    }
}
