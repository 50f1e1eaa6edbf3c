package io.navpack.format;

import java.lang.invoke.MethodHandles;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

/**
 * Generates the decoder class of a Java record for one writer's schema ({@link GeneratedDecoder}): its
 * {@code $decode} calls, for each field in the order of the bytes, the reader of the field's type (or skips
 * the fields the record lacks), stores each value in a local variable, checks the record's end, and calls
 * the canonical constructor with the values in component order (the Java default for a component the
 * writer's version lacks). The code has no branches, so {@link ViewClassWriter} writes it without stack-map
 * frames.
 *
 * <p>The class is a hidden class nested with the record (so a private record's constructor may be called);
 * when navpack cannot define one there (the record's package is not open to navpack, or the record's class
 * loader does not see navpack), {@link #plan} gives a plan without a decoder and {@link RecordBinding}
 * decodes through method handles as before.
 */
final class RecordDecoders {
    private static final String BASE = ViewClassWriter.internalName(GeneratedDecoder.class);
    /** More writer fields than this are decoded through method handles: the method would grow too big to compile. */
    static final int MAX_FIELDS = 1024;

    private static final int WIDE = 0xc4;
    private static final int ILOAD = 0x15;
    private static final int LLOAD = 0x16;
    private static final int FLOAD = 0x17;
    private static final int DLOAD = 0x18;
    private static final int ALOAD = 0x19;
    private static final int ISTORE = 0x36;
    private static final int LSTORE = 0x37;
    private static final int FSTORE = 0x38;
    private static final int DSTORE = 0x39;
    private static final int ASTORE = 0x3a;

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

    private static GeneratedDecoder generate(Class<?> type, List<Property> components, Schema writer, int[] slotOf) {
        if (writer.fieldCount() > MAX_FIELDS) {
            return null;
        }
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
            if (!lookup.hasFullPrivilegeAccess()) {
                return null;
            }
            String name = ViewClassWriter.internalName(type) + "$NavpackDecoder";
            MethodHandles.Lookup own = lookup.defineHiddenClass(classFile(type, components, writer, slotOf, name), true,
                    MethodHandles.Lookup.ClassOption.NESTMATE);
            return (GeneratedDecoder) own.findConstructor(own.lookupClass(),
                    java.lang.invoke.MethodType.methodType(void.class)).invoke();
        } catch (Throwable e) {
            // no access to the record's package, or its class loader cannot see navpack: method handles decode it
            return null;
        }
    }

    /** The reader a component of Java type {@code c} takes from a field of {@code kind}. */
    private static String reader(Class<?> c, Kind kind) {
        if (c.isPrimitive()) {
            return "$" + c.getName();
        }
        if (c == String.class && kind == Kind.STRING) {
            return "$string";
        }
        if (c == BigDecimal.class && kind == Kind.DECIMAL) {
            return "$decimal";
        }
        if (c == LocalDate.class && kind == Kind.DATE) {
            return "$date";
        }
        return "$value";
    }

    private static byte[] classFile(Class<?> type, List<Property> components, Schema writer, int[] slotOf, String name) {
        ViewClassWriter w = new ViewClassWriter(name, BASE);
        w.method(ViewClassWriter.ACC_PUBLIC, "<init>", "()V", 1, new ViewClassWriter.Code()
                .op(ViewClassWriter.ALOAD_0, 1)
                .op2(ViewClassWriter.INVOKESPECIAL, w.methodRef(BASE, "<init>", "()V"), -1)
                .op(ViewClassWriter.RETURN, 0));
        w.method(ViewClassWriter.ACC_PROTECTED, "$create", "()L" + BASE + ";", 1, new ViewClassWriter.Code()
                .op2(ViewClassWriter.NEW, w.thisClass(), 1).op(ViewClassWriter.DUP, 1)
                .op2(ViewClassWriter.INVOKESPECIAL, w.methodRef(name, "<init>", "()V"), -1)
                .op(ViewClassWriter.ARETURN, -1));

        int n = components.size();
        int[] local = new int[n];
        int locals = 1;
        StringBuilder ctor = new StringBuilder("(");
        for (int i = 0; i < n; i++) {
            Class<?> c = components.get(i).rawType;
            local[i] = locals;
            locals += size(c);
            ctor.append(ViewClassWriter.descriptor(c));
        }
        ctor.append(")V");

        ViewClassWriter.Code code = new ViewClassWriter.Code();
        int fields = writer.fieldCount();
        for (int f = 0; f < fields; ) {
            int slot = slotOf[f];
            if (slot < 0) {
                int to = f + 1;
                while (to < fields && slotOf[to] < 0) {
                    to++;
                }
                code.op(ViewClassWriter.ALOAD_0, 1).pushInt(f).pushInt(to)
                        .op2(ViewClassWriter.INVOKEVIRTUAL, w.methodRef(BASE, "$skip", "(II)V"), -3);
                f = to;
                continue;
            }
            Class<?> c = components.get(slot).rawType;
            String reader = reader(c, writer.field(f).type().kind());
            String returns = reader.equals("$value") ? "Ljava/lang/Object;" : ViewClassWriter.descriptor(c);
            code.op(ViewClassWriter.ALOAD_0, 1).pushInt(f)
                    .op2(ViewClassWriter.INVOKEVIRTUAL, w.methodRef(BASE, reader, "(I)" + returns), size(c) - 2);
            if (reader.equals("$value") && c != Object.class) {
                code.op2(ViewClassWriter.CHECKCAST, w.classRef(ViewClassWriter.internalName(c)), 0);
            }
            local(code, storeOpcode(c), local[slot], -size(c));
            f++;
        }
        code.op(ViewClassWriter.ALOAD_0, 1).op2(ViewClassWriter.INVOKEVIRTUAL, w.methodRef(BASE, "$end", "()V"), -1);

        boolean[] filled = new boolean[n];
        for (int slot : slotOf) {
            if (slot >= 0) {
                filled[slot] = true;
            }
        }
        String owner = ViewClassWriter.internalName(type);
        code.op2(ViewClassWriter.NEW, w.classRef(owner), 1).op(ViewClassWriter.DUP, 1);
        int args = 0;
        for (int i = 0; i < n; i++) {
            Class<?> c = components.get(i).rawType;
            if (filled[i]) {
                local(code, loadOpcode(c), local[i], size(c));
            } else {
                pushDefault(code, c);
            }
            args += size(c);
        }
        code.op2(ViewClassWriter.INVOKESPECIAL, w.methodRef(owner, "<init>", ctor.toString()), -args - 1)
                .op(ViewClassWriter.ARETURN, -1);
        w.method(ViewClassWriter.ACC_PROTECTED, "$decode", "()Ljava/lang/Object;", locals, code);
        return w.toByteArray(ViewClassWriter.ACC_FINAL | ViewClassWriter.ACC_SUPER | ViewClassWriter.ACC_SYNTHETIC);
    }

    private static int size(Class<?> c) {
        return c == long.class || c == double.class ? 2 : 1;
    }

    private static void local(ViewClassWriter.Code code, int opcode, int index, int delta) {
        if (index < 256) {
            code.op(opcode, delta).op(index, 0);
        } else {
            code.op(WIDE, 0).op2(opcode, index, delta);
        }
    }

    private static int storeOpcode(Class<?> c) {
        if (c == long.class) return LSTORE;
        if (c == double.class) return DSTORE;
        if (c == float.class) return FSTORE;
        return c.isPrimitive() ? ISTORE : ASTORE;
    }

    private static int loadOpcode(Class<?> c) {
        if (c == long.class) return LLOAD;
        if (c == double.class) return DLOAD;
        if (c == float.class) return FLOAD;
        return c.isPrimitive() ? ILOAD : ALOAD;
    }

    private static void pushDefault(ViewClassWriter.Code code, Class<?> c) {
        if (c == long.class) {
            code.op(ViewClassWriter.LCONST_0, 2);
        } else if (c == double.class) {
            code.op(ViewClassWriter.DCONST_0, 2);
        } else if (c == float.class) {
            code.op(ViewClassWriter.FCONST_0, 1);
        } else if (c.isPrimitive()) {
            code.op(ViewClassWriter.ICONST_0, 1);
        } else {
            code.op(ViewClassWriter.ACONST_NULL, 1);
        }
    }
}
