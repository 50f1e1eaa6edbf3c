package io.navpack.format;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.lang.reflect.Array;
import java.lang.reflect.GenericArrayType;

/** Everything navpack learns about a class by reflection, done once when the class is registered. */
final class Reflection {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();

    private Reflection() {
    }

    /** The schema type name of a class: {@link NavpackType#name()} or the class name. */
    static String typeName(Class<?> c) {
        NavpackType a = c.getAnnotation(NavpackType.class);
        return a != null && !a.name().isEmpty() ? a.name() : c.getName();
    }

    /** The field type a Java type maps to; nested record classes are registered with {@code registry}. */
    static FieldType typeOf(Type t, SchemaRegistry registry, String where) {
        Class<?> c = rawClass(t);
        FieldType scalar = Codecs.scalarType(c);
        if (scalar != null) {
            return scalar;
        }
        if (c.isEnum()) {
            List<String> names = new ArrayList<>();
            for (Object e : c.getEnumConstants()) {
                names.add(((Enum<?>) e).name());
            }
            return FieldType.enumOf(c.getName(), names);
        }
        if (c.isArray()) {
            Type component = t instanceof GenericArrayType
                    ? ((GenericArrayType) t).getGenericComponentType() : c.getComponentType();
            return FieldType.array(typeOf(component, registry, where), !c.getComponentType().isPrimitive());
        }
        if (Map.class.isAssignableFrom(c)) {
            return FieldType.map(typeOf(typeArgument(t, 0, where), registry, where),
                    typeOf(typeArgument(t, 1, where), registry, where));
        }
        if (Set.class.isAssignableFrom(c)) {
            return FieldType.set(typeOf(typeArgument(t, 0, where), registry, where));
        }
        if (List.class.isAssignableFrom(c) || c == Collection.class) {
            return FieldType.list(typeOf(typeArgument(t, 0, where), registry, where));
        }
        if (c.isInterface() || Modifier.isAbstract(c.getModifiers()) || c.isPrimitive() || c == Object.class
                || c.getName().startsWith("java.") || c.getName().startsWith("javax.")) {
            throw new SchemaException(where + ": unsupported type " + t.getTypeName());
        }
        return FieldType.record(registry.registerNested(c));
    }

    static Class<?> rawClass(Type t) {
        if (t instanceof Class) {
            return (Class<?>) t;
        }
        if (t instanceof ParameterizedType) {
            return (Class<?>) ((ParameterizedType) t).getRawType();
        }
        if (t instanceof GenericArrayType) {
            Class<?> component = rawClass(((GenericArrayType) t).getGenericComponentType());
            return Array.newInstance(component, 0).getClass();
        }
        if (t instanceof WildcardType) {
            Type[] upper = ((WildcardType) t).getUpperBounds();
            return rawClass(upper.length > 0 ? upper[0] : Object.class);
        }
        if (t instanceof TypeVariable) {
            throw new SchemaException("type variable " + t + " cannot be stored: declare a concrete type");
        }
        throw new SchemaException("unsupported type " + t);
    }

    static Type typeArgument(Type t, int i, String where) {
        if (!(t instanceof ParameterizedType)) {
            throw new SchemaException(where + ": " + t.getTypeName() + " needs type arguments, e.g. List<String>");
        }
        Type arg = ((ParameterizedType) t).getActualTypeArguments()[i];
        if (arg instanceof WildcardType) {
            Type[] upper = ((WildcardType) arg).getUpperBounds();
            arg = upper.length > 0 ? upper[0] : Object.class;
        }
        return arg;
    }

    /** A {@code ()Object} constructor of a concrete collection or map class, or null for the defaults. */
    static MethodHandle collectionFactory(Class<?> c) {
        if (c.isInterface() || Modifier.isAbstract(c.getModifiers())) {
            return null;
        }
        try {
            return LOOKUP.findConstructor(c, MethodType.methodType(void.class)).asType(MethodType.methodType(Object.class));
        } catch (ReflectiveOperationException e) {
            throw new SchemaException(c.getName() + " has no public no-arg constructor to decode into", e);
        }
    }

    private static MethodHandles.Lookup lookupFor(Class<?> c) {
        try {
            return MethodHandles.privateLookupIn(c, LOOKUP);
        } catch (IllegalAccessException | SecurityException e) {
            throw new SchemaException("navpack cannot access " + c.getName() + ": open its package to navpack ("
                    + e.getMessage() + ")", e);
        }
    }

    /** Properties of a Java record (components in order) or a POJO (instance fields, sorted by name). */
    static List<Property> properties(Class<?> c) {
        MethodHandles.Lookup lookup = lookupFor(c);
        List<Property> out = new ArrayList<>();
        try {
            if (c.isRecord()) {
                for (RecordComponent rc : c.getRecordComponents()) {
                    MethodHandle g = lookup.unreflect(rc.getAccessor());
                    out.add(new Property(rc.getName(), rc.getGenericType(), rc.getType(), getterType(g, rc.getType()), null));
                }
                return out;
            }
            List<java.lang.reflect.Field> fields = new ArrayList<>();
            for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
                for (java.lang.reflect.Field f : k.getDeclaredFields()) {
                    int m = f.getModifiers();
                    if (!Modifier.isStatic(m) && !Modifier.isTransient(m) && !f.isSynthetic()) {
                        fields.add(f);
                    }
                }
            }
            fields.sort(Comparator.comparing(java.lang.reflect.Field::getName));
            for (java.lang.reflect.Field f : fields) {
                for (Property p : out) {
                    if (p.name.equals(f.getName())) {
                        throw new SchemaException(c.getName() + " and a superclass both declare a field " + f.getName());
                    }
                }
                Method getter = beanGetter(c, f);
                Method setter = beanSetter(c, f);
                MethodHandle g;
                MethodHandle s;
                if (getter != null && setter != null) {
                    g = lookup.unreflect(getter);
                    s = lookup.unreflect(setter);
                } else {
                    if (Modifier.isFinal(f.getModifiers())) {
                        throw new SchemaException(c.getName() + "." + f.getName()
                                + " is final and has no setter: use a Java record, add a setter, or make it non-final");
                    }
                    g = lookup.unreflectGetter(f);
                    s = lookup.unreflectSetter(f);
                }
                out.add(new Property(f.getName(), f.getGenericType(), f.getType(), getterType(g, f.getType()),
                        s.asType(MethodType.methodType(void.class, Object.class,
                                f.getType().isPrimitive() ? f.getType() : Object.class))));
            }
            return out;
        } catch (IllegalAccessException e) {
            throw new SchemaException("navpack cannot access the members of " + c.getName(), e);
        }
    }

    private static MethodHandle getterType(MethodHandle g, Class<?> type) {
        return g.asType(MethodType.methodType(type.isPrimitive() ? type : Object.class, Object.class));
    }

    private static Method beanGetter(Class<?> c, java.lang.reflect.Field f) {
        String cap = Character.toUpperCase(f.getName().charAt(0)) + f.getName().substring(1);
        for (String name : f.getType() == boolean.class ? List.of("is" + cap, "get" + cap) : List.of("get" + cap)) {
            try {
                Method m = c.getMethod(name);
                if (m.getReturnType() == f.getType() && !Modifier.isStatic(m.getModifiers())) {
                    return m;
                }
            } catch (NoSuchMethodException e) {
                // try the next name
            }
        }
        return null;
    }

    private static Method beanSetter(Class<?> c, java.lang.reflect.Field f) {
        String name = "set" + Character.toUpperCase(f.getName().charAt(0)) + f.getName().substring(1);
        try {
            Method m = c.getMethod(name, f.getType());
            return Modifier.isStatic(m.getModifiers()) ? null : m;
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    /** Canonical constructor of a record as {@code (Object[])Object}. */
    static MethodHandle canonicalConstructor(Class<?> c) {
        Class<?>[] types = Arrays.stream(c.getRecordComponents()).map(RecordComponent::getType).toArray(Class<?>[]::new);
        try {
            Constructor<?> ctor = c.getDeclaredConstructor(types);
            MethodHandle mh = lookupFor(c).unreflectConstructor(ctor);
            return mh.asSpreader(Object[].class, types.length).asType(MethodType.methodType(Object.class, Object[].class));
        } catch (ReflectiveOperationException e) {
            throw new SchemaException("cannot use the canonical constructor of " + c.getName(), e);
        }
    }

    /** No-arg constructor (any visibility) as {@code ()Object}. */
    static MethodHandle noArgConstructor(Class<?> c) {
        try {
            Constructor<?> ctor = c.getDeclaredConstructor();
            return lookupFor(c).unreflectConstructor(ctor).asType(MethodType.methodType(Object.class));
        } catch (NoSuchMethodException e) {
            throw new SchemaException(c.getName() + " needs a no-arg constructor (or make it a Java record)");
        } catch (IllegalAccessException e) {
            throw new SchemaException("cannot use the no-arg constructor of " + c.getName(), e);
        }
    }
}
