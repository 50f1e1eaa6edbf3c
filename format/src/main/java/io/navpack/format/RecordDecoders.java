package io.navpack.format;

import io.navpack.format.internal.ClassFileWriter;
import io.navpack.format.spi.DecoderFallbacks;
import io.navpack.format.internal.DecoderClasses;

import java.lang.invoke.MethodHandles;
import java.util.List;
import java.lang.invoke.MethodType;

/**
 * Generates the decoder class of a Java record for one writer's schema ({@link GeneratedDecoder}): its
 * {@code $decode} calls, for each field in the order of the bytes, the reader of the field's type (or skips
 * the fields the record lacks), stores each value in a local variable, checks the record's end, and calls
 * the canonical constructor with the values in component order (the Java default for a component the
 * writer's version lacks). The code has no branches, so {@link ClassFileWriter} writes it without stack-map
 * frames.
 *
 * <p>The class is a hidden class nested with the record (so a private record's constructor may be called);
 * when navpack cannot define one there (the record's package is not open to navpack, or the record's class
 * loader does not see navpack), {@link #plan} gives a plan without a decoder and {@link RecordBinding}
 * decodes through method handles as before.
 */
final class RecordDecoders {
    private static final String BASE = ClassFileWriter.internalName(GeneratedDecoder.class);
    /** More writer fields than this are decoded through method handles: the method would grow too big to compile. */
    static final int MAX_FIELDS = 1024;

    private RecordDecoders() {
    }

    /** What a generated decoder needs besides the bytes: per writer field its codec and the Java target it fills. */
    static final class Plan {
        final Schema writer;
        final Codec[] codecs;
        final JavaTarget[] targets;
        final SchemaRegistry registry;
        /** The instance whose {@link GeneratedDecoder#decode} decodes; null when no class could be generated. */
        final GeneratedDecoder decoder;

        Plan(Schema writer, JavaTarget[] targets, SchemaRegistry registry, GeneratedDecoder decoder) {
            this.writer = writer;
            this.codecs = writer.codecs();
            this.targets = targets;
            this.registry = registry;
            this.decoder = decoder;
        }
    }

    /**
     * The plan for decoding values of {@code writer} into the record class {@code type}, whose components are
     * {@code components}; {@code slotOf[f]} is the component that writer field {@code f} fills, or -1.
     */
    static Plan plan(Class<?> type, List<Property> components, Schema writer, int[] slotOf, SchemaRegistry registry) {
        JavaTarget[] targets = new JavaTarget[writer.fieldCount()];
        for (int f = 0; f < targets.length; f++) {
            if (slotOf[f] >= 0) {
                targets[f] = components.get(slotOf[f]).target;
            }
        }
        return new Plan(writer, targets, registry, generate(type, components, writer, slotOf));
    }

    private static Class<?>[] componentTypes(List<Property> components) {
        Class<?>[] out = new Class<?>[components.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = components.get(i).rawType;
        }
        return out;
    }

    private static Kind[] writerKinds(Schema writer) {
        Kind[] out = new Kind[writer.fieldCount()];
        for (int f = 0; f < out.length; f++) {
            out[f] = writer.field(f).type().kind();
        }
        return out;
    }

    private static GeneratedDecoder generate(Class<?> type, List<Property> components, Schema writer, int[] slotOf) {
        String what = type.getName() + " from " + writer;
        if (writer.fieldCount() > MAX_FIELDS) {
            DecoderFallbacks.record(what, "more than " + MAX_FIELDS + " fields", null);
            return null;
        }
        MethodHandles.Lookup lookup;
        try {
            lookup = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
        } catch (IllegalAccessException | RuntimeException e) {
            DecoderFallbacks.record(what, "its package is not open to navpack: " + e.getMessage(), null);
            return null;
        }
        if (!lookup.hasFullPrivilegeAccess()) {
            DecoderFallbacks.record(what, "navpack has no full access to its package", null);
            return null;
        }
        if (!visible(type)) {
            DecoderFallbacks.record(what, "its class loader does not see navpack", null);
            return null;
        }
        try {
            String name = ClassFileWriter.internalName(type) + "$NavpackDecoder";
            MethodHandles.Lookup own = lookup.defineHiddenClass(
                    DecoderClasses.decoderClass(name, BASE, type, componentTypes(components), writerKinds(writer), slotOf),
                    true, MethodHandles.Lookup.ClassOption.NESTMATE);
            return (GeneratedDecoder) own.findConstructor(own.lookupClass(),
                    MethodType.methodType(void.class)).invoke();
        } catch (Throwable e) {
            // a class navpack wrote and the JVM refused: a defect, which the tests' bytecode verifier should have caught
            DecoderFallbacks.record(what, e.toString(), e);
            return null;
        }
    }

    /** Whether {@code type}'s class loader sees navpack's decoder base, which the generated class extends. */
    private static boolean visible(Class<?> type) {
        try {
            return Class.forName(GeneratedDecoder.class.getName(), false, type.getClassLoader()) == GeneratedDecoder.class;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
