package io.navpack.format;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Type;
import java.util.HashMap;
import java.util.Map;

/**
 * The Java side of a {@link FieldType}: which class a decoded value becomes (a concrete collection,
 * an enum constant, a bound record class) and how a Java value is read for writing. Built once per
 * property when a class is bound; never per value.
 */
final class JavaTarget {
    final FieldType type;
    final Class<?> raw;
    final JavaTarget element;
    final JavaTarget key;
    final MethodHandle factory;
    final Enum<?>[] enumConstants;
    final int[] indexOfOrdinal;
    private final Map<String, Enum<?>> enumByName;
    private final SchemaRegistry registry;
    private volatile RecordBinding<?> binding;
    /** This enum's constants by index of the writer's enum type last read (an immutable pair). */
    private volatile EnumMapping enumMapping;

    /** The Java constant of each constant index of {@code writer}'s enum type, null where the class lacks it. */
    private static final class EnumMapping {
        final FieldType writer;
        final Enum<?>[] byIndex;

        EnumMapping(FieldType writer, Map<String, Enum<?>> byName) {
            this.writer = writer;
            this.byIndex = new Enum<?>[writer.constants().size()];
            for (int i = 0; i < byIndex.length; i++) {
                byIndex[i] = byName.get(writer.constants().get(i));
            }
        }
    }

    JavaTarget(FieldType type, Class<?> raw, JavaTarget element, JavaTarget key, MethodHandle factory,
                       SchemaRegistry registry) {
        this.type = type;
        this.raw = raw;
        this.element = element;
        this.key = key;
        this.factory = factory;
        this.registry = registry;
        if (type.kind() == Kind.ENUM) {
            enumConstants = (Enum<?>[]) raw.getEnumConstants();
            indexOfOrdinal = new int[enumConstants.length];
            enumByName = new HashMap<>();
            for (Enum<?> e : enumConstants) {
                indexOfOrdinal[e.ordinal()] = type.constants().indexOf(e.name());
                enumByName.put(e.name(), e);
            }
        } else {
            enumConstants = null;
            indexOfOrdinal = null;
            enumByName = null;
        }
    }

    /** Describes Java type {@code javaType} holding values of {@code type}; the two must agree. */
    static JavaTarget of(Type javaType, FieldType type, SchemaRegistry registry, String where) {
        return type.codec().target(javaType, registry, where);
    }

    /** The binding of a nested record class, looked up once (classes may refer to each other). */
    RecordBinding<?> binding() {
        RecordBinding<?> b = binding;
        if (b == null) {
            b = registry.binding(raw);
            binding = b;
        }
        return b;
    }

    /**
     * A nested record as this target's Java type: the view itself for {@link PackedRecord}, an interface view
     * for another interface, an instance of the bound class otherwise.
     */
    Object decodeRecord(PackedRecord view) {
        if (raw.isInterface()) {
            return raw == PackedRecord.class ? view : registry.views.view(view, raw);
        }
        return binding().decode(view);
    }

    /** The Java constant for index {@code index} of the writer's enum type; clear error when the class lacks it. */
    Object enumConstant(FieldType writerType, int index, int offset) {
        EnumMapping m = enumMapping;
        if (m == null || m.writer != writerType) {
            m = new EnumMapping(writerType, enumByName);
            enumMapping = m;
        }
        Enum<?> e = m.byIndex[index];
        if (e == null) {
            String name = writerType.constants().get(index);
            throw new NavpackFormatException("enum constant " + name + " of " + writerType.name()
                    + " does not exist in " + raw.getName() + " (known: " + enumByName.keySet() + ")", offset);
        }
        return e;
    }
}
