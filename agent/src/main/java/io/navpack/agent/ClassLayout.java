package io.navpack.agent;

import java.lang.ref.Reference;
import java.lang.ref.SoftReference;
import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a walk needs to know about a class: its reference fields (made accessible once), whether it is an
 * array, and its shallow instance size once one instance has been measured.
 */
final class ClassLayout {

    private static final AtomicInteger IDS = new AtomicInteger();
    private static final Field[] NO_FIELDS = new Field[0];

    private static final ClassValue<ClassLayout> LAYOUTS = new ClassValue<>() {
        @Override
        protected ClassLayout computeValue(Class<?> type) {
            return new ClassLayout(type);
        }
    };

    final int id;
    final Class<?> type;
    final boolean array;
    final boolean referenceArray;
    final Field[] referenceFields;
    /** Names of reference fields that could not be made readable. */
    final List<String> unreadableFields;
    /** Shallow size of an instance; -1 until measured; unused for arrays. */
    volatile long shallowSize = -1;

    private ClassLayout(Class<?> type) {
        this.id = IDS.getAndIncrement();
        this.type = type;
        this.array = type.isArray();
        this.referenceArray = array && !type.getComponentType().isPrimitive();
        if (array) {
            this.referenceFields = NO_FIELDS;
            this.unreadableFields = List.of();
            return;
        }
        List<Field> fields = new ArrayList<>();
        List<String> unreadable = new ArrayList<>();
        boolean reference = Reference.class.isAssignableFrom(type);
        boolean soft = SoftReference.class.isAssignableFrom(type);
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Field f : declaredFields(c, unreadable)) {
                if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()) {
                    continue;
                }
                if (reference && c == Reference.class && !(soft && f.getName().equals("referent"))) {
                    // weak and phantom referents are not kept alive; queue, next and discovered belong to the GC
                    continue;
                }
                if (makeReadable(f)) {
                    fields.add(f);
                } else {
                    unreadable.add(c.getName() + "." + f.getName());
                }
            }
        }
        this.referenceFields = fields.toArray(NO_FIELDS);
        this.unreadableFields = List.copyOf(unreadable);
    }

    static ClassLayout of(Class<?> type) {
        return LAYOUTS.get(type);
    }

    private static Field[] declaredFields(Class<?> c, List<String> unreadable) {
        try {
            return c.getDeclaredFields();
        } catch (Throwable e) {
            unreadable.add(c.getName() + ".* (" + e.getClass().getSimpleName() + ")");
            return NO_FIELDS;
        }
    }

    private static boolean makeReadable(Field f) {
        try {
            f.setAccessible(true);
            return true;
        } catch (InaccessibleObjectException | SecurityException first) {
            if (!ModuleOpener.openPackageOf(f.getDeclaringClass())) {
                return false;
            }
            try {
                f.setAccessible(true);
                return true;
            } catch (RuntimeException second) {
                return false;
            }
        }
    }
}
