package io.navpack.format.internal;

import io.navpack.format.Kind;

import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * The class file of a record decoder: a subclass of the format's decoder base whose {@code $decode} calls, for
 * each field in the order of the bytes, the base's reader of the field's type (or skips the fields the record
 * lacks), stores each value in a local variable, checks the record's end, and calls the canonical constructor
 * with the values in component order (the Java default for a component the writer's version lacks). The code
 * has no branches, so {@link ClassFileWriter} writes it without stack-map frames.
 */
public final class DecoderClasses {
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

    private DecoderClasses() {
    }

    /** The reader a component of Java type {@code c} takes from a field of {@code kind}. */
    static String reader(Class<?> c, Kind kind) {
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

    /**
     * The class file of the decoder {@code name} (an internal name) extending {@code base}, for the record class
     * {@code type} with component types {@code components}, of a writer whose fields have {@code writerKinds};
     * {@code slotOf[f]} is the component that writer field {@code f} fills, or -1.
     */
    public static byte[] decoderClass(String name, String base, Class<?> type, Class<?>[] components, Kind[] writerKinds,
                                      int[] slotOf) {
        ClassFileWriter w = new ClassFileWriter(name, base);
        w.method(ClassFileWriter.ACC_PUBLIC, "<init>", "()V", 1, new ClassFileWriter.Code()
                .op(ClassFileWriter.ALOAD_0, 1)
                .op2(ClassFileWriter.INVOKESPECIAL, w.methodRef(base, "<init>", "()V"), -1)
                .op(ClassFileWriter.RETURN, 0));
        w.method(ClassFileWriter.ACC_PROTECTED, "$create", "()L" + base + ";", 1, new ClassFileWriter.Code()
                .op2(ClassFileWriter.NEW, w.thisClass(), 1).op(ClassFileWriter.DUP, 1)
                .op2(ClassFileWriter.INVOKESPECIAL, w.methodRef(name, "<init>", "()V"), -1)
                .op(ClassFileWriter.ARETURN, -1));

        int n = components.length;
        int[] local = new int[n];
        int locals = 1;
        StringBuilder ctor = new StringBuilder("(");
        for (int i = 0; i < n; i++) {
            Class<?> c = components[i];
            local[i] = locals;
            locals += size(c);
            ctor.append(ClassFileWriter.descriptor(c));
        }
        ctor.append(")V");

        ClassFileWriter.Code code = new ClassFileWriter.Code();
        int fields = writerKinds.length;
        for (int f = 0; f < fields; ) {
            int slot = slotOf[f];
            if (slot < 0) {
                int to = f + 1;
                while (to < fields && slotOf[to] < 0) {
                    to++;
                }
                code.op(ClassFileWriter.ALOAD_0, 1).pushInt(f).pushInt(to)
                        .op2(ClassFileWriter.INVOKEVIRTUAL, w.methodRef(base, "$skip", "(II)V"), -3);
                f = to;
                continue;
            }
            Class<?> c = components[slot];
            String reader = reader(c, writerKinds[f]);
            String returns = reader.equals("$value") ? "Ljava/lang/Object;" : ClassFileWriter.descriptor(c);
            code.op(ClassFileWriter.ALOAD_0, 1).pushInt(f)
                    .op2(ClassFileWriter.INVOKEVIRTUAL, w.methodRef(base, reader, "(I)" + returns), size(c) - 2);
            if (reader.equals("$value") && c != Object.class) {
                code.op2(ClassFileWriter.CHECKCAST, w.classRef(ClassFileWriter.internalName(c)), 0);
            }
            local(code, storeOpcode(c), local[slot], -size(c));
            f++;
        }
        code.op(ClassFileWriter.ALOAD_0, 1).op2(ClassFileWriter.INVOKEVIRTUAL, w.methodRef(base, "$end", "()V"), -1);

        boolean[] filled = new boolean[n];
        for (int slot : slotOf) {
            if (slot >= 0) {
                filled[slot] = true;
            }
        }
        String owner = ClassFileWriter.internalName(type);
        code.op2(ClassFileWriter.NEW, w.classRef(owner), 1).op(ClassFileWriter.DUP, 1);
        int args = 0;
        for (int i = 0; i < n; i++) {
            Class<?> c = components[i];
            if (filled[i]) {
                local(code, loadOpcode(c), local[i], size(c));
            } else {
                pushDefault(code, c);
            }
            args += size(c);
        }
        code.op2(ClassFileWriter.INVOKESPECIAL, w.methodRef(owner, "<init>", ctor.toString()), -args - 1)
                .op(ClassFileWriter.ARETURN, -1);
        w.method(ClassFileWriter.ACC_PROTECTED, "$decode", "()Ljava/lang/Object;", locals, code);
        return w.toByteArray(ClassFileWriter.ACC_FINAL | ClassFileWriter.ACC_SUPER | ClassFileWriter.ACC_SYNTHETIC);
    }

    private static int size(Class<?> c) {
        return c == long.class || c == double.class ? 2 : 1;
    }

    private static void local(ClassFileWriter.Code code, int opcode, int index, int delta) {
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

    private static void pushDefault(ClassFileWriter.Code code, Class<?> c) {
        if (c == long.class) {
            code.op(ClassFileWriter.LCONST_0, 2);
        } else if (c == double.class) {
            code.op(ClassFileWriter.DCONST_0, 2);
        } else if (c == float.class) {
            code.op(ClassFileWriter.FCONST_0, 1);
        } else if (c.isPrimitive()) {
            code.op(ClassFileWriter.ICONST_0, 1);
        } else {
            code.op(ClassFileWriter.ACONST_NULL, 1);
        }
    }
}
