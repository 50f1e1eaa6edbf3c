package io.navpack.extract;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads a named property of a plain Java object — a value in a map that is not a navpack value (an
 * {@code IdentifiedDataSerializable}, a {@code Serializable} class) — as Hazelcast's reflection does:
 * an accessor {@code name()}, {@code getName()} or {@code isName()}, else a field of that name. The
 * accessor is found once per class and name.
 */
final class JavaProperties {
    private static final ClassValue<Map<String, MethodHandle>> ACCESSORS = new ClassValue<>() {
        @Override
        protected Map<String, MethodHandle> computeValue(Class<?> type) {
            return new ConcurrentHashMap<>();
        }
    };

    private JavaProperties() {
    }

    /** The property {@code name} of {@code target}; {@link IllegalArgumentException} when it has none. */
    static Object get(Object target, String name) {
        Map<String, MethodHandle> byName = ACCESSORS.get(target.getClass());
        MethodHandle h = byName.get(name);
        if (h == null) {
            h = accessor(target.getClass(), name);
            if (byName.size() < 1_000) {
                byName.put(name, h);
            }
        }
        try {
            return h.invoke(target);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot read '" + name + "' of a " + target.getClass().getName(), e);
        }
    }

    private static MethodHandle accessor(Class<?> type, String name) {
        String camel = Character.toUpperCase(name.charAt(0)) + name.substring(1);
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        for (String m : new String[] {name, "get" + camel, "is" + camel}) {
            try {
                Method method = type.getMethod(m);
                if (method.getReturnType() != void.class && !Modifier.isStatic(method.getModifiers())) {
                    method.setAccessible(true);
                    return lookup.unreflect(method);
                }
            } catch (NoSuchMethodException | IllegalAccessException | RuntimeException e) {
                // try the next form
            }
        }
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField(name);
                if (!Modifier.isStatic(f.getModifiers())) {
                    f.setAccessible(true);
                    return lookup.unreflectGetter(f);
                }
            } catch (NoSuchFieldException | IllegalAccessException | RuntimeException e) {
                // try the superclass
            }
        }
        throw new IllegalArgumentException("a " + type.getName() + " has no property '" + name
                + "' (no method " + name + "(), get" + camel + "() or is" + camel + "(), no field " + name + ")");
    }
}
