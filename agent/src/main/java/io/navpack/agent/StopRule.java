package io.navpack.agent;

import java.util.List;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.Writer;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.lang.ref.ReferenceQueue;
import java.lang.reflect.AccessibleObject;
import java.nio.channels.Channel;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.util.concurrent.Executor;
import java.util.function.Predicate;

/**
 * Objects a walk neither counts nor follows: services, class loaders, threads, singletons. The rule is
 * asked once per class per walk ({@link #stopsClass}), and for each instance of a class it did not stop
 * ({@link #stopsObject}), which should therefore be cheap, unless {@link #checksObjectsOf} says it need not.
 */
public interface StopRule {

    /** True if every instance of {@code type} is outside the walk. Cached per class by the walker. */
    boolean stopsClass(Class<?> type);

    /** True if this particular object is outside the walk. */
    default boolean stopsObject(Object o) {
        return false;
    }

    /**
     * False if {@link #stopsObject} never stops an instance of {@code type} (a class this rule does not stop),
     * so the walker need not ask for each instance. Asked once per class per walk; the default, true, is
     * always correct.
     */
    default boolean checksObjectsOf(Class<?> type) {
        return true;
    }

    /** A rule that stops where either rule stops. */
    default StopRule or(StopRule other) {
        StopRule self = this;
        return new StopRule() {
            @Override
            public boolean stopsClass(Class<?> type) {
                return self.stopsClass(type) || other.stopsClass(type);
            }

            @Override
            public boolean stopsObject(Object o) {
                return self.stopsObject(o) || other.stopsObject(o);
            }

            @Override
            public boolean checksObjectsOf(Class<?> type) {
                return self.checksObjectsOf(type) || other.checksObjectsOf(type);
            }
        };
    }

    /** A rule that decides by class only. */
    static StopRule byClass(Predicate<Class<?>> stops) {
        return new StopRule() {
            @Override
            public boolean stopsClass(Class<?> type) {
                return stops.test(type);
            }

            @Override
            public boolean checksObjectsOf(Class<?> type) {
                return false;
            }
        };
    }

    /** Stops nothing. */
    static StopRule none() {
        return byClass(type -> false);
    }

    /** Stops instances of any of these types or their subtypes. */
    static StopRule assignableTo(Class<?>... types) {
        List<Class<?>> list = List.of(types);
        return byClass(type -> {
            for (Class<?> t : list) {
                if (t.isAssignableFrom(type)) {
                    return true;
                }
            }
            return false;
        });
    }

    /**
     * Stops instances of classes (or of subclasses of classes, or implementations of interfaces) whose
     * name is one of {@code names}; classes that are not loaded simply never match.
     */
    static StopRule assignableToNamed(String... names) {
        List<String> list = List.of(names);
        return new StopRule() {
            @Override
            public boolean stopsClass(Class<?> type) {
                return matches(type);
            }

            @Override
            public boolean checksObjectsOf(Class<?> type) {
                return false;
            }

            private boolean matches(Class<?> c) {
                if (c == null) {
                    return false;
                }
                if (list.contains(c.getName())) {
                    return true;
                }
                for (Class<?> i : c.getInterfaces()) {
                    if (matches(i)) {
                        return true;
                    }
                }
                return matches(c.getSuperclass());
            }
        };
    }

    /** Stops classes whose name starts with one of these prefixes. */
    static StopRule namePrefixes(String... prefixes) {
        List<String> list = List.of(prefixes);
        return byClass(type -> {
            String name = type.getName();
            for (String p : list) {
                if (name.startsWith(p)) {
                    return true;
                }
            }
            return false;
        });
    }

    /**
     * Boxed values the JVM keeps for everyone ({@code Boolean.TRUE}, and {@code Integer.valueOf(5)} and the
     * like within the box caches): a structure that refers to them does not keep them alive.
     */
    static StopRule canonicalBoxes() {
        return new StopRule() {
            @Override
            public boolean stopsClass(Class<?> type) {
                return false;
            }

            @Override
            public boolean checksObjectsOf(Class<?> type) {
                return type == Long.class || type == Integer.class || type == Short.class || type == Byte.class
                        || type == Character.class || type == Boolean.class;
            }

            @Override
            public boolean stopsObject(Object o) {
                if (o instanceof Long v) {
                    return Long.valueOf(v) == v;
                } else if (o instanceof Integer v) {
                    return Integer.valueOf(v) == v;
                } else if (o instanceof Short v) {
                    return Short.valueOf(v) == v;
                } else if (o instanceof Byte v) {
                    return Byte.valueOf(v) == v;
                } else if (o instanceof Character v) {
                    return Character.valueOf(v) == v;
                } else if (o instanceof Boolean v) {
                    return Boolean.valueOf(v) == v;
                }
                return false;
            }
        };
    }

    /**
     * What is never owned by a data structure: classes, class loaders, modules, threads, reflection and
     * method handles, enums, reference queues, executors and security objects, and the boxed values the JVM
     * caches ({@link #canonicalBoxes()}).
     */
    static StopRule jvmRuntime() {
        return assignableTo(Class.class, ClassLoader.class, Module.class, ModuleLayer.class, Thread.class,
                ThreadGroup.class, AccessibleObject.class, MethodHandle.class,
                MethodType.class, VarHandle.class,
                MethodHandles.Lookup.class, Enum.class, ReferenceQueue.class,
                Executor.class, ProtectionDomain.class,
                CodeSource.class, InputStream.class, OutputStream.class,
                Reader.class, Writer.class, Channel.class,
                Runtime.class, System.Logger.class, ThreadLocal.class)
                .or(assignableToNamed("java.util.logging.Logger", "org.slf4j.Logger"))
                .or(canonicalBoxes());
    }
}
