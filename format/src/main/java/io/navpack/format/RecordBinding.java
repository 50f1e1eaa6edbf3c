package io.navpack.format;

import java.lang.invoke.MethodHandle;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A Java class bound to a schema: method handles that read every field for writing and build an
 * instance when decoding (a record's canonical constructor, or a no-arg constructor plus setters or
 * fields). Built once at registration; decoding values written with another version of the schema
 * matches fields by name, reading missing fields as default/null and skipping unknown ones.
 */
public final class RecordBinding<T> {
    private final SchemaRegistry registry;
    private final Class<T> type;
    private final Schema schema;
    final Property[] props;
    private final MethodHandle canonical;
    private final MethodHandle noArg;
    private final Object[] defaults;
    private final int[] identity;
    private final JavaTarget[] targetOfSlot;
    private final ConcurrentHashMap<Schema, int[]> mappings = new ConcurrentHashMap<>();
    /** Record components in order (records only). */
    private final List<Property> components;
    /** How values of {@link #schema} are decoded (records only), made on first use. */
    private volatile RecordDecoders.Plan ownPlan;
    private final ConcurrentHashMap<Schema, RecordDecoders.Plan> plans = new ConcurrentHashMap<>();

    RecordBinding(SchemaRegistry registry, Class<T> type, Schema schema, List<Property> classProps) {
        this.registry = registry;
        this.type = type;
        this.schema = schema;
        this.props = new Property[schema.fieldCount()];
        for (Field f : schema.fields()) {
            Property p = classProps.stream().filter(x -> x.name.equals(f.name())).findFirst().orElseThrow(() ->
                    new SchemaException("schema " + schema.typeName() + " has a field " + f.name() + " that "
                            + type.getName() + " does not have"));
            String where = type.getName() + "." + f.name();
            f.type().codec().checkJava(p.genericType, where);
            if (p.primitive() && !f.type().kind().isPrimitive()) {
                throw new SchemaException(where + " is a " + p.rawType + " but the schema says " + f.type());
            }
            p.target = JavaTarget.of(p.genericType, f.type(), registry, where);
            props[f.index()] = p;
        }
        if (type.isRecord()) {
            canonical = Reflection.canonicalConstructor(type);
            noArg = null;
            components = classProps;
            defaults = new Object[components.size()];
            for (int i = 0; i < defaults.length; i++) {
                defaults[i] = defaultValue(components.get(i).rawType);
            }
            // schema fields map to constructor positions
            identity = new int[props.length];
            targetOfSlot = new JavaTarget[components.size()];
            for (int i = 0; i < props.length; i++) {
                identity[i] = components.indexOf(props[i]);
                targetOfSlot[identity[i]] = props[i].target;
            }
        } else {
            canonical = null;
            components = null;
            noArg = Reflection.noArgConstructor(type);
            defaults = null;
            identity = new int[props.length];
            Arrays.setAll(identity, i -> i);
            targetOfSlot = null;
        }
    }

    private static Object defaultValue(Class<?> c) {
        if (!c.isPrimitive()) return null;
        if (c == boolean.class) return false;
        if (c == byte.class) return (byte) 0;
        if (c == short.class) return (short) 0;
        if (c == char.class) return (char) 0;
        if (c == int.class) return 0;
        if (c == long.class) return 0L;
        if (c == float.class) return 0f;
        return 0d;
    }

    public Class<T> type() {
        return type;
    }

    public Schema schema() {
        return schema;
    }

    /** For each field of {@code writer}: the property it fills (constructor position for records), or -1. */
    private int[] mapping(Schema writer) {
        if (writer == schema) {
            return identity;
        }
        return mappings.computeIfAbsent(writer, this::newMapping);
    }

    private int[] newMapping(Schema writer) {
        int[] m = new int[writer.fieldCount()];
        for (Field wf : writer.fields()) {
            Field rf = schema.field(wf.name());
            if (rf == null) {
                m[wf.index()] = -1;
                continue;
            }
            if (!FieldType.compatibleAcrossVersions(wf.type(), rf.type())) {
                throw new SchemaException("field " + wf.name() + " of " + schema.typeName() + " is a " + wf.type()
                        + " in version " + writer.version() + " but a " + rf.type() + " in version " + schema.version()
                        + ": versions of a type may add and remove fields, not change their types");
            }
            m[wf.index()] = identity[rf.index()];
        }
        return m;
    }

    /** How values of {@code writer} are decoded into this record class: a generated decoder when navpack could make one. */
    RecordDecoders.Plan plan(Schema writer) {
        if (writer == schema) {
            RecordDecoders.Plan p = ownPlan;
            if (p == null) {
                synchronized (this) {
                    p = ownPlan;
                    if (p == null) {
                        p = RecordDecoders.plan(type, components, schema, identity, registry);
                        ownPlan = p;
                    }
                }
            }
            return p;
        }
        RecordDecoders.Plan p = plans.get(writer);
        return p != null ? p : plans.computeIfAbsent(writer,
                w -> RecordDecoders.plan(type, components, w, mapping(w), registry));
    }

    /** Decodes the whole record {@code view} into a new instance. */
    public T decode(PackedRecord record) {
        RecordView view = record instanceof RecordView ? (RecordView) record
                : new RecordView(record.array(), record.offset(), record.length(), record.registry(), 0);
        Schema ws = view.schema();
        if (ws != schema && !ws.typeName().equals(schema.typeName())) {
            throw new NavpackFormatException("a " + ws.typeName() + " cannot be decoded as " + type.getName()
                    + " (type " + schema.typeName() + ")", view.offset());
        }
        RecordDecoders.Plan plan = canonical != null ? plan(ws) : null;
        try {
            if (plan != null && plan.decoder != null) {
                return type.cast(plan.decoder.decode(view, plan));
            }
            return decodeThroughHandles(view, ws);
        } catch (NavpackException | Error e) {
            throw e;
        } catch (RuntimeException e) {
            throw new NavpackException("cannot build a " + type.getName() + " from a " + ws.typeName() + " v"
                    + ws.version() + ": " + e, e);
        } catch (Throwable e) {
            throw new NavpackException("cannot build a " + type.getName(), e);
        }
    }

    /**
     * Decoding where no decoder class could be generated, and of classes that are not records: values into an
     * argument array for the canonical constructor, or through setters into a new instance.
     */
    private T decodeThroughHandles(RecordView view, Schema ws) throws Throwable {
        int[] map = mapping(ws);
        byte[] b = view.array();
        int limit = view.limit();
        int depth = view.depth();
        int p = view.bodyPosition();
        int n = ws.fieldCount();
        int bitmap = view.bitmapPosition();
        Codec[] codecs = ws.codecs();
        if (canonical != null) {
            Object[] args = defaults.clone();
            for (int f = 0; f < n; f++) {
                view.checkBlock(f, p);
                if (NullBitmap.isSet(b, bitmap, f)) {
                    continue;
                }
                Codec c = codecs[f];
                int slot = map[f];
                p = slot >= 0 ? c.readInto(b, p, limit, registry, targetOfSlot[slot], depth, args, slot)
                        : c.skip(b, p, limit);
            }
            Values.requireRecordEnd(p, limit, ws);
            return type.cast((Object) canonical.invokeExact(args));
        }
        Object o = (Object) noArg.invokeExact();
        for (int f = 0; f < n; f++) {
            view.checkBlock(f, p);
            if (NullBitmap.isSet(b, bitmap, f)) {
                continue;
            }
            Codec c = codecs[f];
            int slot = map[f];
            if (slot >= 0) {
                set(props[slot], o, c, b, p, limit, depth);
            }
            p = c.skip(b, p, limit);
        }
        Values.requireRecordEnd(p, limit, ws);
        return type.cast(o);
    }

    private void set(Property p, Object o, Codec c, byte[] b, int at, int limit, int depth) throws Throwable {
        if (p.primitive()) {
            c.setProperty(p.setter, o, b, at, limit);
        } else {
            p.setter.invokeExact(o, c.read(b, at, limit, registry, p.target, depth));
        }
    }

    @Override
    public String toString() {
        return type.getName() + " <-> " + schema;
    }
}
