package io.navpack.format.internal;

import java.util.function.Consumer;

/** Sees every class file {@link ClassFileWriter} writes; the tests hand each to a bytecode verifier. */
public final class ClassFileObserver {
    private static volatile Consumer<byte[]> observer;

    private ClassFileObserver() {
    }

    /** Sees every class file written from now on; null for none. */
    public static void observe(Consumer<byte[]> o) {
        observer = o;
    }

    static void written(byte[] classFile) {
        Consumer<byte[]> o = observer;
        if (o != null) {
            o.accept(classFile);
        }
    }
}
