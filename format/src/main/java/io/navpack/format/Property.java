package io.navpack.format;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Type;

/**
 * One property of a bound Java class: the Java side of its schema field, and method handles that read
 * it and (for non-record classes) write it. Getters have type {@code (Object)P} for a primitive
 * {@code P} and {@code (Object)Object} otherwise; setters {@code (Object,P)void}: primitives are never boxed.
 */
final class Property {
    final String name;
    final Type genericType;
    final Class<?> rawType;
    final MethodHandle getter;
    final MethodHandle setter;
    JavaTarget target;

    Property(String name, Type genericType, Class<?> rawType, MethodHandle getter, MethodHandle setter) {
        this.name = name;
        this.genericType = genericType;
        this.rawType = rawType;
        this.getter = getter;
        this.setter = setter;
    }

    /** True when the Java type is a primitive: read and written through typed handles, never null. */
    boolean primitive() {
        return rawType.isPrimitive();
    }
}
