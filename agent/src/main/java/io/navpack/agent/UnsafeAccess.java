package io.navpack.agent;

import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.util.Map;
import java.util.Set;

/**
 * Reads reference fields by offset with the JDK's internal {@code jdk.internal.misc.Unsafe}, which the agent
 * exports to its own module through {@link Instrumentation#redefineModule}: no command-line flag, and none of
 * the warnings that {@code sun.misc.Unsafe}'s memory-access methods print on JDK 24 and later. A walk reads
 * every reference field of every object it visits, and a read by offset costs a plain load where
 * {@link Field#get} goes through an accessor per call.
 *
 * <p>When the export is not possible (no agent, or a JDK without these methods) {@link #available()} is false
 * and callers read fields with {@link Field#get}.
 */
final class UnsafeAccess {

    private static final String PACKAGE = "jdk.internal.misc";

    private static volatile Holder holder;
    private static volatile String failure;

    private UnsafeAccess() {
    }

    /** Exports {@code jdk.internal.misc} to the agent and looks the methods up; called when the agent starts. */
    static synchronized void install(Instrumentation inst) {
        if (holder != null || inst == null) {
            return;
        }
        try {
            Module base = Object.class.getModule();
            Module self = UnsafeAccess.class.getModule();
            if (!base.isExported(PACKAGE, self)) {
                inst.redefineModule(base, Set.of(), Map.of(PACKAGE, Set.of(self)), Map.of(), Set.of(), Map.of());
            }
            holder = new Holder();
            failure = null;
        } catch (Throwable e) {
            failure = e.toString();
        }
    }

    /** True when fields can be read by offset. */
    static boolean available() {
        return holder != null;
    }

    /** Why reading by offset is not available, or null. */
    static String failure() {
        return failure;
    }

    /** The offset of an instance field, or -1 if it has none that can be used. */
    static long objectFieldOffset(Field f) {
        Holder h = holder;
        if (h == null) {
            return -1;
        }
        try {
            return (long) h.objectFieldOffset.invokeExact(f);
        } catch (Throwable e) {
            return -1;
        }
    }

    static long arrayBaseOffset(Class<?> arrayClass) {
        try {
            return (long) holder.arrayBaseOffset.invokeExact(arrayClass);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    static int arrayIndexScale(Class<?> arrayClass) {
        try {
            return (int) holder.arrayIndexScale.invokeExact(arrayClass);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** The reference at {@code offset} in {@code o}; only with an offset from {@link #objectFieldOffset}. */
    static Object getReference(Object o, long offset) {
        try {
            return (Object) Holder.GET_REFERENCE.invokeExact(o, offset);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** The method handles; loaded only after the export, so that the class initialiser cannot fail earlier. */
    private static final class Holder {
        /** A constant for the JIT, so that a read compiles to a load. */
        static final MethodHandle GET_REFERENCE;

        static {
            try {
                Class<?> type = Class.forName(PACKAGE + ".Unsafe");
                Object unsafe = type.getMethod("getUnsafe").invoke(null);
                GET_REFERENCE = MethodHandles.lookup()
                        .findVirtual(type, "getReference", MethodType.methodType(Object.class, Object.class, long.class))
                        .bindTo(unsafe);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final MethodHandle objectFieldOffset;
        final MethodHandle arrayBaseOffset;
        final MethodHandle arrayIndexScale;

        Holder() throws ReflectiveOperationException {
            Class<?> type = Class.forName(PACKAGE + ".Unsafe");
            Object unsafe = type.getMethod("getUnsafe").invoke(null);
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            objectFieldOffset = lookup.findVirtual(type, "objectFieldOffset",
                    MethodType.methodType(long.class, Field.class)).bindTo(unsafe);
            MethodHandle base;
            try {
                // a long from JDK 23 on, an int before
                base = lookup.findVirtual(type, "arrayBaseOffset", MethodType.methodType(long.class, Class.class));
            } catch (NoSuchMethodException e) {
                base = lookup.findVirtual(type, "arrayBaseOffset", MethodType.methodType(int.class, Class.class))
                        .asType(MethodType.methodType(long.class, type, Class.class));
            }
            arrayBaseOffset = base.bindTo(unsafe);
            arrayIndexScale = lookup.findVirtual(type, "arrayIndexScale",
                    MethodType.methodType(int.class, Class.class)).bindTo(unsafe);
            // initialises GET_REFERENCE now, so a failure shows here and not during a walk
            Object probe = GET_REFERENCE;
            if (probe == null) {
                throw new IllegalStateException("no getReference");
            }
        }
    }
}
