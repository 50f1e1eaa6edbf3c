package io.navpack.format.internal;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the class files navpack generates ({@link ViewClasses}, {@link DecoderClasses}): classes whose
 * methods are straight-line code — loads, calls of a base class's typed readers, casts, a constructor call,
 * a return — or return a constant. No method branches, so the classes need no stack-map frames, and the few
 * instructions below are all the bytecode navpack ever writes: the format keeps no dependency for it. Every
 * class written is checked by a bytecode verifier in the tests.
 */
public final class ClassFileWriter {
    private static final int MAGIC = 0xCAFEBABE;
    /** Java 17's class file version: the oldest JVM navpack runs on. */
    private static final int MAJOR = 61;

    public static final int ACC_PUBLIC = 0x0001;
    public static final int ACC_PRIVATE = 0x0002;
    public static final int ACC_PROTECTED = 0x0004;
    public static final int ACC_STATIC = 0x0008;
    public static final int ACC_FINAL = 0x0010;
    public static final int ACC_SUPER = 0x0020;
    public static final int ACC_SYNTHETIC = 0x1000;

    // opcodes used
    public static final int ACONST_NULL = 0x01;
    public static final int ICONST_0 = 0x03;
    public static final int LCONST_0 = 0x09;
    public static final int FCONST_0 = 0x0b;
    public static final int DCONST_0 = 0x0e;
    public static final int SIPUSH = 0x11;
    public static final int LDC_W = 0x13;
    public static final int ALOAD_0 = 0x2a;
    public static final int ALOAD_1 = 0x2b;
    public static final int DUP = 0x59;
    public static final int IRETURN = 0xac;
    public static final int LRETURN = 0xad;
    public static final int FRETURN = 0xae;
    public static final int DRETURN = 0xaf;
    public static final int ARETURN = 0xb0;
    public static final int RETURN = 0xb1;
    public static final int GETSTATIC = 0xb2;
    public static final int PUTSTATIC = 0xb3;
    public static final int INVOKEVIRTUAL = 0xb6;
    public static final int INVOKESPECIAL = 0xb7;
    public static final int INVOKESTATIC = 0xb8;
    public static final int NEW = 0xbb;
    public static final int CHECKCAST = 0xc0;

    private final ByteArrayOutputStream poolBytes = new ByteArrayOutputStream();
    private final DataOutputStream pool = new DataOutputStream(poolBytes);
    private final Map<String, Integer> entries = new HashMap<>();
    private int poolCount = 1;
    private final List<byte[]> fields = new ArrayList<>();
    private final List<byte[]> methods = new ArrayList<>();
    private final int thisClass;
    private final int superClass;
    private final int[] interfaces;
    private final int codeName;

    /** A class named {@code internalName} (slashes) extending {@code superName} and implementing {@code interfaceNames}. */
    public ClassFileWriter(String internalName, String superName, String... interfaceNames) {
        thisClass = classRef(internalName);
        superClass = classRef(superName);
        interfaces = new int[interfaceNames.length];
        for (int i = 0; i < interfaceNames.length; i++) {
            interfaces[i] = classRef(interfaceNames[i]);
        }
        codeName = utf8("Code");
    }

    // ---------------------------------------------------------------- constant pool

    private int entry(String key, IoAction write) {
        Integer index = entries.get(key);
        if (index != null) {
            return index;
        }
        try {
            write.run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int i = poolCount++;
        entries.put(key, i);
        return i;
    }

    private interface IoAction {
        void run() throws IOException;
    }

    public int utf8(String s) {
        return entry("U" + s, () -> {
            pool.writeByte(1);
            pool.writeUTF(s);
        });
    }

    public int classRef(String internalName) {
        int name = utf8(internalName);
        return entry("C" + internalName, () -> {
            pool.writeByte(7);
            pool.writeShort(name);
        });
    }

    private int nameAndType(String name, String descriptor) {
        int n = utf8(name);
        int d = utf8(descriptor);
        return entry("N" + name + ":" + descriptor, () -> {
            pool.writeByte(12);
            pool.writeShort(n);
            pool.writeShort(d);
        });
    }

    public int fieldRef(String owner, String name, String descriptor) {
        int c = classRef(owner);
        int nt = nameAndType(name, descriptor);
        return entry("F" + owner + "." + name + ":" + descriptor, () -> {
            pool.writeByte(9);
            pool.writeShort(c);
            pool.writeShort(nt);
        });
    }

    public int methodRef(String owner, String name, String descriptor) {
        int c = classRef(owner);
        int nt = nameAndType(name, descriptor);
        return entry("M" + owner + "." + name + ":" + descriptor, () -> {
            pool.writeByte(10);
            pool.writeShort(c);
            pool.writeShort(nt);
        });
    }

    public int thisClass() {
        return thisClass;
    }

    // ---------------------------------------------------------------- members

    public void field(int access, String name, String descriptor) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(b);
        try {
            out.writeShort(access);
            out.writeShort(utf8(name));
            out.writeShort(utf8(descriptor));
            out.writeShort(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        fields.add(b.toByteArray());
    }

    /** Straight-line code of one method, with its operand stack and local variable sizes. */
    public static final class Code {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private int stack;
        private int maxStack;

        /** An instruction without operands that changes the stack depth by {@code delta}. */
        public Code op(int opcode, int delta) {
            bytes.write(opcode);
            return grow(delta);
        }

        /** An instruction with a two-byte operand (a constant-pool index or a short). */
        public Code op2(int opcode, int operand, int delta) {
            bytes.write(opcode);
            bytes.write(operand >>> 8);
            bytes.write(operand);
            return grow(delta);
        }

        public Code grow(int delta) {
            stack += delta;
            maxStack = Math.max(maxStack, stack);
            return this;
        }

        /** Pushes a small int constant (0..32767). */
        public Code pushInt(int v) {
            if (v < 0 || v > Short.MAX_VALUE) {
                throw new IllegalArgumentException("constant out of range: " + v);
            }
            return op2(SIPUSH, v, 1);
        }
    }

    public void method(int access, String name, String descriptor, int maxLocals, Code code) {
        byte[] body = code.bytes.toByteArray();
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(b);
        try {
            out.writeShort(access);
            out.writeShort(utf8(name));
            out.writeShort(utf8(descriptor));
            out.writeShort(1);
            out.writeShort(codeName);
            out.writeInt(2 + 2 + 4 + body.length + 2 + 2);
            out.writeShort(code.maxStack);
            out.writeShort(maxLocals);
            out.writeInt(body.length);
            out.write(body);
            out.writeShort(0); // exception table
            out.writeShort(0); // attributes
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        methods.add(b.toByteArray());
    }

    public byte[] toByteArray(int access) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(b);
        try {
            out.writeInt(MAGIC);
            out.writeShort(0);
            out.writeShort(MAJOR);
            out.flush();
            out.writeShort(poolCount);
            out.write(poolBytes.toByteArray());
            out.writeShort(access);
            out.writeShort(thisClass);
            out.writeShort(superClass);
            out.writeShort(interfaces.length);
            for (int i : interfaces) {
                out.writeShort(i);
            }
            out.writeShort(fields.size());
            for (byte[] f : fields) {
                out.write(f);
            }
            out.writeShort(methods.size());
            for (byte[] m : methods) {
                out.write(m);
            }
            out.writeShort(0); // class attributes
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        byte[] classFile = b.toByteArray();
        ClassFileObserver.written(classFile);
        return classFile;
    }

    /** The JVM descriptor of a class: {@code J}, {@code Ljava/lang/String;}, {@code [I}. */
    public static String descriptor(Class<?> c) {
        if (c.isPrimitive()) {
            if (c == void.class) return "V";
            if (c == boolean.class) return "Z";
            if (c == byte.class) return "B";
            if (c == short.class) return "S";
            if (c == char.class) return "C";
            if (c == int.class) return "I";
            if (c == long.class) return "J";
            if (c == float.class) return "F";
            return "D";
        }
        if (c.isArray()) {
            return "[" + descriptor(c.getComponentType());
        }
        return "L" + internalName(c) + ";";
    }

    public static String internalName(Class<?> c) {
        return c.getName().replace('.', '/');
    }
}
