package io.navpack.agent;

import java.lang.reflect.Field;

/**
 * One named reference field of a class, read by offset when the agent can (see {@link UnsafeAccess}) and
 * by reflection otherwise. For code that knows the structure it reads: the interiors of JDK maps here, the
 * stores of a cache in the modules that size them.
 */
public final class FieldRef {

    private final Field field;
    private final Class<?> owner;
    private final long offset;

    private FieldRef(Field field) {
        this.field = field;
        this.owner = field.getDeclaringClass();
        this.offset = UnsafeAccess.objectFieldOffset(field);
    }

    /**
     * The field {@code name} declared by {@code type} or one of its superclasses.
     *
     * @throws IllegalArgumentException if there is no such reference field or it cannot be read
     */
    public static FieldRef of(Class<?> type, String name) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            Field f;
            try {
                f = c.getDeclaredField(name);
            } catch (NoSuchFieldException e) {
                continue;
            }
            if (f.getType().isPrimitive()) {
                throw new IllegalArgumentException(type.getName() + "." + name + " is not a reference field");
            }
            boolean accessible;
            try {
                f.setAccessible(true);
                accessible = true;
            } catch (RuntimeException e) {
                accessible = ModuleOpener.openPackageOf(c) && trySetAccessible(f);
            }
            FieldRef ref = new FieldRef(f);
            if (ref.offset < 0 && !accessible) {
                throw new IllegalArgumentException("cannot read " + c.getName() + "." + name);
            }
            return ref;
        }
        throw new IllegalArgumentException("no field " + name + " in " + type.getName() + " or its superclasses");
    }

    /** The field {@code name} of the class named {@code className}, loaded by {@code loader}. */
    public static FieldRef of(String className, String name, ClassLoader loader) {
        try {
            return of(Class.forName(className, false, loader), name);
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("no class " + className, e);
        }
    }

    private static boolean trySetAccessible(Field f) {
        try {
            f.setAccessible(true);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /**
     * The field's value in {@code o}.
     *
     * @throws ClassCastException if {@code o} is not an instance of the class that declares the field
     */
    public Object get(Object o) {
        if (!owner.isInstance(o)) {
            throw new ClassCastException(o.getClass().getName() + " has no field " + this);
        }
        if (offset >= 0) {
            return UnsafeAccess.getReference(o, offset);
        }
        try {
            return field.get(o);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read " + field, e);
        }
    }

    /** The class that declares the field. */
    public Class<?> declaringClass() {
        return field.getDeclaringClass();
    }

    @Override
    public String toString() {
        return field.getDeclaringClass().getName() + "." + field.getName();
    }
}
