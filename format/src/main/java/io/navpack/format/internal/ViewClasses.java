package io.navpack.format.internal;

import java.util.List;

/**
 * The class file of an interface view: a final class extending the format's view base and implementing the
 * user's interface, with a static field holding the view's type (set from the base's {@code $typeOf} when the
 * class is initialised), a constructor over the value's bytes, {@code $type} and {@code $create}, and per
 * accessor straight-line code — load the view, its type and an argument, call one of the base's typed readers,
 * cast, return — or return the Java default.
 */
public final class ViewClasses {
    private ViewClasses() {
    }

    /**
     * One method of the interface: its name and descriptor, its raw return type, and the base's reader it calls
     * (a method taking the view's type and {@code argument}, returning {@code returns}, cast to {@code raw} when
     * {@code cast}) — or, with a null reader, the constant default of {@code raw}.
     */
    public record Accessor(String method, String descriptor, Class<?> raw, String reader, String returns, int argument,
                           boolean cast) {
    }

    /**
     * The class file of the view {@code name} (an internal name) extending {@code base} and implementing
     * {@code iface}, with its type in the static field {@code typeField}.
     */
    public static byte[] viewClass(String name, String base, Class<?> iface, String typeField, List<Accessor> accessors) {
        ClassFileWriter w = new ClassFileWriter(name, base, ClassFileWriter.internalName(iface));
        String object = "Ljava/lang/Object;";
        w.field(ClassFileWriter.ACC_PRIVATE | ClassFileWriter.ACC_STATIC | ClassFileWriter.ACC_FINAL, typeField, object);
        int typeRef = w.fieldRef(name, typeField, object);

        w.method(ClassFileWriter.ACC_STATIC, "<clinit>", "()V", 0, new ClassFileWriter.Code()
                .op2(ClassFileWriter.LDC_W, w.thisClass(), 1)
                .op2(ClassFileWriter.INVOKESTATIC, w.methodRef(base, "$typeOf", "(Ljava/lang/Class;)" + object), 0)
                .op2(ClassFileWriter.PUTSTATIC, typeRef, -1)
                .op(ClassFileWriter.RETURN, 0));
        w.method(ClassFileWriter.ACC_PUBLIC, "<init>", "([B)V", 2, new ClassFileWriter.Code()
                .op(ClassFileWriter.ALOAD_0, 1).op(ClassFileWriter.ALOAD_1, 1)
                .op2(ClassFileWriter.INVOKESPECIAL, w.methodRef(base, "<init>", "([B)V"), -2)
                .op(ClassFileWriter.RETURN, 0));
        w.method(ClassFileWriter.ACC_PROTECTED, "$type", "()" + object, 1, new ClassFileWriter.Code()
                .op2(ClassFileWriter.GETSTATIC, typeRef, 1)
                .op(ClassFileWriter.ARETURN, -1));
        w.method(ClassFileWriter.ACC_PROTECTED, "$create", "([B)L" + base + ";", 2, new ClassFileWriter.Code()
                .op2(ClassFileWriter.NEW, w.thisClass(), 1).op(ClassFileWriter.DUP, 1)
                .op(ClassFileWriter.ALOAD_1, 1)
                .op2(ClassFileWriter.INVOKESPECIAL, w.methodRef(name, "<init>", "([B)V"), -2)
                .op(ClassFileWriter.ARETURN, -1));

        for (Accessor a : accessors) {
            ClassFileWriter.Code code = new ClassFileWriter.Code();
            if (a.reader() == null) {
                constant(code, a.raw());
            } else {
                code.op(ClassFileWriter.ALOAD_0, 1).op2(ClassFileWriter.GETSTATIC, typeRef, 1)
                        .pushInt(a.argument())
                        .op2(ClassFileWriter.INVOKEVIRTUAL, w.methodRef(base, a.reader(), "(" + object + "I)" + a.returns()), -2);
                if (a.cast()) {
                    code.op2(ClassFileWriter.CHECKCAST, w.classRef(ClassFileWriter.internalName(a.raw())), 0);
                }
                code.op(returnOpcode(a.raw()), 0);
            }
            w.method(ClassFileWriter.ACC_PUBLIC, a.method(), a.descriptor(), 1, code);
        }
        return w.toByteArray(ClassFileWriter.ACC_FINAL | ClassFileWriter.ACC_SUPER | ClassFileWriter.ACC_SYNTHETIC);
    }

    /** Pushes the default value of {@code c} and returns it. */
    private static void constant(ClassFileWriter.Code code, Class<?> c) {
        if (c == long.class) {
            code.op(ClassFileWriter.LCONST_0, 2);
        } else if (c == float.class) {
            code.op(ClassFileWriter.FCONST_0, 1);
        } else if (c == double.class) {
            code.op(ClassFileWriter.DCONST_0, 2);
        } else if (c.isPrimitive()) {
            code.op(ClassFileWriter.ICONST_0, 1);
        } else {
            code.op(ClassFileWriter.ACONST_NULL, 1);
        }
        code.op(returnOpcode(c), 0);
    }

    private static int returnOpcode(Class<?> c) {
        if (c == long.class) return ClassFileWriter.LRETURN;
        if (c == float.class) return ClassFileWriter.FRETURN;
        if (c == double.class) return ClassFileWriter.DRETURN;
        if (c.isPrimitive()) return ClassFileWriter.IRETURN;
        return ClassFileWriter.ARETURN;
    }

}
