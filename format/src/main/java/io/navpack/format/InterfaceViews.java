package io.navpack.format;

import io.navpack.format.internal.ClassFileWriter;
import io.navpack.format.internal.ViewClasses;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.lang.reflect.Array;

/**
 * Interface views of one {@link SchemaRegistry}: for an interface and a schema version, a class generated
 * at run time that implements the interface over the bytes of a record ({@link GeneratedView}), defined once
 * and reused for every value of that version.
 *
 * <p>Accessors: every abstract method of the interface without parameters reads the field of its name
 * ({@code currency1()}), or of its bean-property name ({@code getCurrency1()}, {@code isActive()}).
 * Default methods stay as the interface has them; {@code equals}, {@code hashCode}, {@code toString} and
 * the methods of {@link PackedRecord} are the base class's. A field that this version lacks but another
 * version of the type has reads as the Java default (0, false, null), as a class decoding the value would;
 * a field that no version has, a return type that cannot hold the field's values, and a method that is no
 * accessor are refused when the class is built, with an error naming the interface, the method, the field
 * and both types. Return types follow the rules of classes ({@link RecordBinding}), and nested records may
 * also be read as interfaces (views over the same bytes) or as {@link PackedRecord}.
 *
 * <p>The class is a hidden class of the interface's package (so it may implement package-private
 * interfaces and lives in the interface's class loader); when navpack's lookup lacks the access to define a
 * hidden class there (the interface's class loader is not navpack's), an ordinary class of that package.
 * Each accessor is straight-line bytecode calling one typed reader of the base class: no reflection and no
 * {@link java.lang.reflect.Proxy} per call.
 */
final class InterfaceViews {
    private static final AtomicInteger CLASS_NUMBER = new AtomicInteger();
    private static final String BASE = ClassFileWriter.internalName(GeneratedView.class);
    private static final String TYPE_FIELD = "TYPE";

    private final SchemaRegistry registry;
    private final ConcurrentHashMap<Class<?>, PerInterface> byInterface = new ConcurrentHashMap<>();
    /** Held while a view class is built (rare): builds of nested interfaces may recurse. */
    private final Object buildLock = new Object();
    /** Interface and schema pairs being built on the locking thread, so that recursive checks stop. */
    private final Set<List<Object>> building = new HashSet<>();

    InterfaceViews(SchemaRegistry registry) {
        this.registry = registry;
    }

    /** A view of {@code record}'s bytes as {@code iface} (sharing its array when the record fills it). */
    <T> T view(PackedRecord record, Class<T> iface) {
        RecordView r = record instanceof RecordView ? (RecordView) record
                : record instanceof GeneratedView ? ((GeneratedView) record).record()
                : new RecordView(record.array(), record.offset(), record.length(), registry, 0, record.schema());
        ViewType t = type(iface, r.schema());
        return iface.cast(t.create(r));
    }

    /** The view class of {@code iface} for values of {@code schema}, built on first use. */
    ViewType type(Class<?> iface, Schema schema) {
        PerInterface p = byInterface.get(iface);
        if (p != null) {
            ViewType t = p.bySchema.get(schema);
            if (t != null) {
                return t;
            }
        }
        synchronized (buildLock) {
            p = byInterface.computeIfAbsent(iface, i -> new PerInterface(shape(i)));
            ViewType t = p.bySchema.get(schema);
            if (t == null) {
                t = build(iface, p.accessors, schema);
                p.bySchema.put(schema, t);
            }
            return t;
        }
    }

    /**
     * Checks {@code iface} against every version of {@code typeName} known here and builds their view
     * classes, so that a mismatch is reported now rather than when a value is read.
     */
    void check(Class<?> iface, String typeName) {
        boolean any = false;
        for (Schema s : registry.schemas()) {
            if (s.typeName().equals(typeName)) {
                type(iface, s);
                any = true;
            }
        }
        if (!any) {
            synchronized (buildLock) {
                byInterface.computeIfAbsent(iface, i -> new PerInterface(shape(i)));
            }
        }
    }

    /** How many view classes this registry has generated. */
    int generatedClasses() {
        int n = 0;
        for (PerInterface p : byInterface.values()) {
            n += p.bySchema.size();
        }
        return n;
    }

    private static final class PerInterface {
        final List<ViewType.Accessor> accessors;
        final ConcurrentHashMap<Schema, ViewType> bySchema = new ConcurrentHashMap<>();

        PerInterface(List<ViewType.Accessor> accessors) {
            this.accessors = accessors;
        }
    }

    // ---------------------------------------------------------------- the interface alone

    /** The accessors of {@code iface}, each with the field names it may read; refuses what a view cannot implement. */
    static List<ViewType.Accessor> shape(Class<?> iface) {
        if (!iface.isInterface() || iface.isAnnotation()) {
            throw new SchemaException(iface.getName() + " is not an interface: navpack implements interfaces as views;"
                    + " declare an interface with " + iface.getSimpleName() + "'s accessors (a record or class may"
                    + " implement it too) and ask for that, or decode the value into a class with toObject");
        }
        if (iface.isSealed()) {
            throw new SchemaException(iface.getName() + " is sealed: navpack cannot implement it as a view");
        }
        Map<TypeVariable<?>, Type> bindings = new HashMap<>();
        collectBindings(iface, bindings);
        Map<String, ViewType.Accessor> out = new LinkedHashMap<>();
        Method[] methods = iface.getMethods();
        Arrays.sort(methods, Comparator.comparing(Method::getName).thenComparing(Method::toString));
        for (Method m : methods) {
            if (Modifier.isStatic(m.getModifiers()) || m.isDefault() || !Modifier.isAbstract(m.getModifiers())) {
                continue;
            }
            if (isObjectMethod(m) || m.getDeclaringClass().isAssignableFrom(PackedRecord.class)
                    || PackedRecord.class.isAssignableFrom(iface) && isPackedRecordMethod(m)) {
                continue; // equals, hashCode, toString and PackedRecord's methods: the base class implements them
            }
            String where = iface.getName() + "." + m.getName() + "()";
            if (m.getParameterCount() > 0 || m.getReturnType() == void.class || m.getTypeParameters().length > 0) {
                throw new SchemaException(iface.getName() + "." + m.getName()
                        + Arrays.toString(m.getParameterTypes()).replace('[', '(').replace(']', ')')
                        + " is not an accessor: a view implements methods without parameters that return a field's value;"
                        + " make it a default method of " + iface.getSimpleName());
            }
            String descriptor = "()" + ClassFileWriter.descriptor(m.getReturnType());
            Method base = baseMethod(m.getName());
            if (base != null && base.getReturnType() == m.getReturnType() && Modifier.isFinal(base.getModifiers())) {
                throw new SchemaException(where + " cannot be implemented: it would replace " + base + "; name the"
                        + " accessor get" + Character.toUpperCase(m.getName().charAt(0)) + m.getName().substring(1)
                        + "() (bean style)");
            }
            Type generic = resolve(m.getGenericReturnType(), bindings, where);
            ViewType.Accessor a = new ViewType.Accessor(m.getName(), descriptor, m.getReturnType(), generic);
            out.putIfAbsent(m.getName() + descriptor, a);
        }
        return new ArrayList<>(out.values());
    }

    private static boolean isObjectMethod(Method m) {
        String n = m.getName();
        Class<?>[] p = m.getParameterTypes();
        return n.equals("equals") && p.length == 1 && p[0] == Object.class && m.getReturnType() == boolean.class
                || n.equals("hashCode") && p.length == 0 && m.getReturnType() == int.class
                || n.equals("toString") && p.length == 0 && m.getReturnType() == String.class;
    }

    private static boolean isPackedRecordMethod(Method m) {
        try {
            return PackedRecord.class.getMethod(m.getName(), m.getParameterTypes()).getReturnType() == m.getReturnType();
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    /** A public or protected method of the base class with this name and no parameters, or null. */
    private static Method baseMethod(String name) {
        for (Class<?> c = GeneratedView.class; c != null; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                if (m.getName().equals(name) && m.getParameterCount() == 0
                        && (Modifier.isPublic(m.getModifiers()) || Modifier.isProtected(m.getModifiers()))) {
                    return m;
                }
            }
        }
        return null;
    }

    /** The field names an accessor may read, in order of preference: its own name, then its bean-property name. */
    static List<String> candidates(String method, Class<?> returns) {
        List<String> names = new ArrayList<>(2);
        names.add(method);
        String bean = null;
        if (method.startsWith("get") && method.length() > 3 && Character.isUpperCase(method.charAt(3))) {
            bean = decapitalize(method.substring(3));
        } else if (method.startsWith("is") && method.length() > 2 && Character.isUpperCase(method.charAt(2))
                && (returns == boolean.class || returns == Boolean.class)) {
            bean = decapitalize(method.substring(2));
        }
        if (bean != null) {
            names.add(bean);
        }
        return names;
    }

    /** As JavaBeans do it: {@code Name} becomes {@code name}, {@code URL} stays {@code URL}. */
    private static String decapitalize(String s) {
        if (s.length() > 1 && Character.isUpperCase(s.charAt(1))) {
            return s;
        }
        return Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    // ---------------------------------------------------------------- generic return types

    private static void collectBindings(Class<?> c, Map<TypeVariable<?>, Type> bindings) {
        for (Type t : c.getGenericInterfaces()) {
            if (t instanceof ParameterizedType) {
                ParameterizedType p = (ParameterizedType) t;
                Class<?> raw = (Class<?>) p.getRawType();
                TypeVariable<?>[] vars = raw.getTypeParameters();
                Type[] args = p.getActualTypeArguments();
                for (int i = 0; i < vars.length; i++) {
                    bindings.put(vars[i], args[i]);
                }
                collectBindings(raw, bindings);
            } else if (t instanceof Class) {
                collectBindings((Class<?>) t, bindings);
            }
        }
    }

    private static Type resolve(Type t, Map<TypeVariable<?>, Type> bindings, String where) {
        if (t instanceof Class) {
            return t;
        }
        if (t instanceof TypeVariable) {
            Type bound = bindings.get(t);
            if (bound == null) {
                throw new SchemaException(where + " returns the type variable " + t + ", which " + "nothing binds: "
                        + "declare the accessor with a concrete type");
            }
            return resolve(bound, bindings, where);
        }
        if (t instanceof ParameterizedType) {
            ParameterizedType p = (ParameterizedType) t;
            Type[] args = p.getActualTypeArguments().clone();
            for (int i = 0; i < args.length; i++) {
                args[i] = resolve(args[i], bindings, where);
            }
            return new Parameterized((Class<?>) p.getRawType(), args);
        }
        if (t instanceof GenericArrayType) {
            Type component = resolve(((GenericArrayType) t).getGenericComponentType(), bindings, where);
            return component instanceof Class ? Array.newInstance((Class<?>) component, 0).getClass()
                    : (GenericArrayType) () -> component;
        }
        if (t instanceof WildcardType) {
            Type[] upper = ((WildcardType) t).getUpperBounds();
            return resolve(upper.length > 0 ? upper[0] : Object.class, bindings, where);
        }
        throw new SchemaException(where + ": unsupported return type " + t);
    }

    /** A parameterized type with its type variables replaced. */
    private static final class Parameterized implements ParameterizedType {
        private final Class<?> raw;
        private final Type[] args;

        Parameterized(Class<?> raw, Type[] args) {
            this.raw = raw;
            this.args = args;
        }

        @Override
        public Type[] getActualTypeArguments() {
            return args.clone();
        }

        @Override
        public Type getRawType() {
            return raw;
        }

        @Override
        public Type getOwnerType() {
            return raw.getDeclaringClass();
        }

        @Override
        public String getTypeName() {
            StringBuilder sb = new StringBuilder(raw.getName()).append('<');
            for (int i = 0; i < args.length; i++) {
                sb.append(i > 0 ? ", " : "").append(args[i].getTypeName());
            }
            return sb.append('>').toString();
        }

        @Override
        public String toString() {
            return getTypeName();
        }
    }

    // ---------------------------------------------------------------- the interface against one schema

    private ViewType build(Class<?> iface, List<ViewType.Accessor> shape, Schema schema) {
        List<Object> key = List.of(iface, schema);
        building.add(key);
        try {
            String view = "view " + iface.getName() + " of " + schema.typeName() + " v" + schema.version();
            List<ViewType.Accessor> accessors = new ArrayList<>(shape.size());
            List<String> unknown = new ArrayList<>();
            for (ViewType.Accessor template : shape) {
                ViewType.Accessor a = template.copy();
                if (!bind(a, schema, view)) {
                    unknown.add(a.method + "() (field " + String.join(" or ", candidates(a.method, a.raw)) + ")");
                }
                accessors.add(a);
            }
            if (!unknown.isEmpty()) {
                throw new SchemaException(view + ": " + String.join(", ", unknown) + (unknown.size() == 1 ? " reads a field"
                        : " read fields") + " that no version of " + schema.typeName() + " known here has (fields of v"
                        + schema.version() + ": " + schema.fieldNames() + "). Fix the accessor's name, or register the"
                        + " version that adds the field (its class, or its schema) in this JVM");
            }
            // toString: one accessor per property, present fields in field order, then the others
            Map<String, ViewType.Accessor> byProperty = new LinkedHashMap<>();
            accessors.stream().sorted(Comparator.comparingInt((ViewType.Accessor a) -> a.field < 0 ? Integer.MAX_VALUE : a.field)
                    .thenComparing(a -> a.property).thenComparing(a -> !a.method.equals(a.property))
                    .thenComparing(a -> a.reader != ViewType.Accessor.Reader.VALUE || !a.raw.isInterface()))
                    .forEach(a -> byProperty.putIfAbsent(a.property, a));
            ViewType t = new ViewType(iface, schema, registry, accessors.toArray(new ViewType.Accessor[0]),
                    byProperty.values().toArray(new ViewType.Accessor[0]));
            define(t);
            return t;
        } finally {
            building.remove(key);
        }
    }

    /**
     * Finds the field of accessor {@code a} in {@code schema} and how to read it; refuses a mismatch of
     * types. False when no version of the type has the field.
     */
    private boolean bind(ViewType.Accessor a, Schema schema, String view) {
        List<String> names = candidates(a.method, a.raw);
        String method = a.method + "()";
        for (String name : names) {
            Field f = schema.field(name);
            if (f != null) {
                a.property = name;
                a.field = f.index();
                a.fieldType = f.type();
                check(a, f.type(), view + ": " + method + " reads field " + name);
                a.reader = reader(a);
                return true;
            }
        }
        // a field of another version: read as the default, as a class would; its type is still checked
        for (Schema other : versions(schema)) {
            for (String name : names) {
                Field f = other.field(name);
                if (f != null) {
                    a.property = name;
                    check(a, f.type(), view + ": " + method + " reads field " + name + " (of v" + other.version() + ")");
                    a.fieldType = null;
                    a.target = null;
                    a.missing = defaultValue(a.raw);
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The other versions of {@code schema}'s type that this registry knows or can find (a schema source such
     * as the cluster is asked for versions above the highest one known, until one is missing).
     */
    private List<Schema> versions(Schema schema) {
        List<Schema> out = new ArrayList<>();
        int highest = schema.version();
        for (Schema s : registry.schemas()) {
            if (s.typeId() == schema.typeId() && s.typeName().equals(schema.typeName()) && s != schema) {
                out.add(s);
                highest = Math.max(highest, s.version());
            }
        }
        for (int v = highest + 1; v <= highest + 16; v++) {
            Schema s = registry.find(schema.typeId(), v);
            if (s == null) {
                break;
            }
            out.add(s);
        }
        return out;
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

    /** Checks that accessor {@code a}'s return type can hold values of {@code t}; builds its Java target. */
    private void check(ViewType.Accessor a, FieldType t, String where) {
        String fail = where + " (a " + t + ") but returns " + a.generic.getTypeName();
        if (a.raw == Object.class) {
            return; // the plain form of any value
        }
        if (a.primitive && !t.kind().isPrimitive()) {
            throw new SchemaException(fail + ": a primitive cannot hold it");
        }
        try {
            t.codec().checkJava(a.generic, where, true);
        } catch (SchemaException e) {
            throw new SchemaException(fail + ": " + e.getMessage().substring(e.getMessage().indexOf(": ") + 2), e);
        }
        checkRecords(t, a.generic, fail);
        if (a.fieldType != null) {
            a.target = JavaTarget.of(a.generic, t, registry, where);
        }
    }

    /** Nested records: an interface is checked against the nested type's known versions; a class must be bound. */
    private void checkRecords(FieldType t, Type javaType, String where) {
        Class<?> c = Reflection.rawClass(javaType);
        switch (t.kind()) {
            case RECORD:
                if (c == PackedRecord.class || c == Object.class) {
                    return;
                }
                if (c.isInterface()) {
                    for (Schema s : registry.schemas()) {
                        if (s.typeName().equals(t.name()) && !building.contains(List.of(c, s))) {
                            try {
                                type(c, s);
                            } catch (SchemaException e) {
                                throw new SchemaException(where + ": " + e.getMessage(), e);
                            }
                        }
                    }
                    return;
                }
                RecordBinding<?> b = registry.findBinding(c);
                if (b == null || !b.schema().typeName().equals(t.name())) {
                    throw new SchemaException(where + ": " + c.getName() + (b == null ? " is not registered with navpack"
                            : " is bound to type " + b.schema().typeName()) + "; register the class, or read the record"
                            + " as an interface view or a PackedRecord");
                }
                return;
            case LIST:
            case SET:
                checkRecords(t.element(), Reflection.typeArgument(javaType, 0, where), where);
                return;
            case MAP:
                checkRecords(t.key(), Reflection.typeArgument(javaType, 0, where), where);
                checkRecords(t.element(), Reflection.typeArgument(javaType, 1, where), where);
                return;
            case ARRAY:
                checkRecords(t.element(), javaType instanceof GenericArrayType
                        ? ((GenericArrayType) javaType).getGenericComponentType() : c.getComponentType(), where);
                return;
            default:
        }
    }

    private static ViewType.Accessor.Reader reader(ViewType.Accessor a) {
        Class<?> c = a.raw;
        if (!a.fieldType.kind().isPrimitive() && a.fieldType.kind() != Kind.STRING && a.fieldType.kind() != Kind.DECIMAL
                && a.fieldType.kind() != Kind.DATE) {
            return ViewType.Accessor.Reader.VALUE; // e.g. an enum read as its name
        }
        if (c == boolean.class) return ViewType.Accessor.Reader.BOOLEAN;
        if (c == byte.class) return ViewType.Accessor.Reader.BYTE;
        if (c == short.class) return ViewType.Accessor.Reader.SHORT;
        if (c == char.class) return ViewType.Accessor.Reader.CHAR;
        if (c == int.class) return ViewType.Accessor.Reader.INT;
        if (c == long.class) return ViewType.Accessor.Reader.LONG;
        if (c == float.class) return ViewType.Accessor.Reader.FLOAT;
        if (c == double.class) return ViewType.Accessor.Reader.DOUBLE;
        if (c == String.class) return ViewType.Accessor.Reader.STRING;
        if (c == BigDecimal.class) return ViewType.Accessor.Reader.DECIMAL;
        if (c == LocalDate.class) return ViewType.Accessor.Reader.DATE;
        return ViewType.Accessor.Reader.VALUE;
    }

    // ---------------------------------------------------------------- the class

    /** What {@link ViewClasses} writes for each accessor of {@code t}. */
    private static List<ViewClasses.Accessor> accessors(ViewType t) {
        List<ViewClasses.Accessor> out = new ArrayList<>(t.accessors.length);
        for (int slot = 0; slot < t.accessors.length; slot++) {
            ViewType.Accessor a = t.accessors[slot];
            if (a.field < 0) {
                out.add(new ViewClasses.Accessor(a.method, a.descriptor, a.raw, null, null, 0, false));
            } else {
                ViewType.Accessor.Reader r = a.reader;
                boolean value = r == ViewType.Accessor.Reader.VALUE;
                out.add(new ViewClasses.Accessor(a.method, a.descriptor, a.raw, r.method, r.returns, value ? slot : a.field,
                        value && a.raw != Object.class));
            }
        }
        return out;
    }

    private void define(ViewType t) {
        Class<?> iface = t.iface;
        MethodHandles.Lookup lookup;
        try {
            lookup = MethodHandles.privateLookupIn(iface, MethodHandles.lookup());
        } catch (IllegalAccessException | RuntimeException e) {
            throw new SchemaException("navpack cannot define a view class in the package of " + iface.getName()
                    + ": open the package to navpack (" + e.getMessage() + ")", e);
        }
        boolean hidden = lookup.hasFullPrivilegeAccess();
        String name = ClassFileWriter.internalName(iface) + "$NavpackView" + (hidden ? "" : CLASS_NUMBER.incrementAndGet());
        byte[] classFile = ViewClasses.viewClass(name, BASE, iface, TYPE_FIELD, accessors(t));
        try {
            Class<?> c;
            MethodHandles.Lookup own;
            if (hidden) {
                own = lookup.defineHiddenClass(classFile, false);
                c = own.lookupClass();
            } else {
                c = lookup.defineClass(classFile);
                own = lookup;
            }
            GeneratedView.pending(c, t);
            own.ensureInitialized(c);
            MethodHandle ctor = own.findConstructor(c, MethodType.methodType(void.class, byte[].class));
            t.prototype = (GeneratedView) ctor.invoke((byte[]) null);
        } catch (Error | RuntimeException e) {
            throw new SchemaException("navpack cannot define the view class of " + iface.getName() + ": " + e, e);
        } catch (Throwable e) {
            throw new SchemaException("navpack cannot define the view class of " + iface.getName() + ": " + e, e);
        }
    }

    @Override
    public String toString() {
        return "InterfaceViews" + byInterface.keySet();
    }
}
