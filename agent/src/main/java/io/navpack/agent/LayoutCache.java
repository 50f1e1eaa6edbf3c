package io.navpack.agent;

/**
 * A walk's own direct-mapped cache in front of {@link ClassLayout#of}: a walk looks up the layout of every
 * object it meets, mostly of a few classes, and a lookup here is an identity hash of the class and one
 * comparison. Not thread-safe; one per walk.
 */
final class LayoutCache {

    private static final int SIZE = 512;

    private final Class<?>[] classes = new Class<?>[SIZE];
    private final ClassLayout[] layouts = new ClassLayout[SIZE];

    ClassLayout of(Class<?> type) {
        int i = System.identityHashCode(type) & (SIZE - 1);
        if (classes[i] == type) {
            return layouts[i];
        }
        ClassLayout layout = ClassLayout.of(type);
        classes[i] = type;
        layouts[i] = layout;
        return layout;
    }
}
