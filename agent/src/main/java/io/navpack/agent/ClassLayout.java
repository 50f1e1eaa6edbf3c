package io.navpack.agent;

import java.lang.instrument.Instrumentation;
import java.lang.ref.Reference;
import java.lang.ref.SoftReference;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.lang.management.ManagementFactory;
import java.util.Arrays;

/**
 * What a walk needs to know about a class, worked out once: its reference fields (made accessible, and their
 * offsets when fields can be read by offset), whether it is an array, and its shallow size.
 *
 * <p>Sizes come from {@link Instrumentation#getObjectSize}: once per class for instances; for arrays the first
 * array of each class is measured and compared with base offset + length × index scale, rounded up to the
 * object alignment, and when they agree later arrays of that class are sized by the formula without calling
 * into the JVM (otherwise every array is measured).
 */
final class ClassLayout {

    private static final AtomicInteger IDS = new AtomicInteger();
    private static final Field[] NO_FIELDS = new Field[0];
    private static final long[] NO_OFFSETS = new long[0];
    private static final long ALIGNMENT = objectAlignment();

    private static final ClassValue<ClassLayout> LAYOUTS = new ClassValue<>() {
        @Override
        protected ClassLayout computeValue(Class<?> type) {
            ClassLayout layout = new ClassLayout(type);
            register(layout);
            return layout;
        }
    };

    /** Layouts by id, for histograms that keep counts by id. */
    private static volatile ClassLayout[] byId = new ClassLayout[256];

    final int id;
    final Class<?> type;
    final boolean array;
    final boolean referenceArray;
    final Field[] referenceFields;
    /** Offsets of {@link #referenceFields}, or null when fields are read by reflection. */
    final long[] referenceOffsets;
    /** Names of reference fields that could not be made readable. */
    final List<String> unreadableFields;
    /** Shallow size of an instance; -1 until measured; unused for arrays. */
    volatile long shallowSize = -1;
    private final long arrayBase;
    private final int arrayShift;
    /** For arrays: 0 until the formula was checked, 1 if it holds, 2 if every array is measured. */
    private volatile int arrayFormula;

    private ClassLayout(Class<?> type) {
        this.id = IDS.getAndIncrement();
        this.type = type;
        this.array = type.isArray();
        this.referenceArray = array && !type.getComponentType().isPrimitive();
        if (array) {
            this.referenceFields = NO_FIELDS;
            this.referenceOffsets = NO_OFFSETS;
            this.unreadableFields = List.of();
            long base = -1;
            int shift = -1;
            if (UnsafeAccess.available()) {
                base = UnsafeAccess.arrayBaseOffset(type);
                int scale = UnsafeAccess.arrayIndexScale(type);
                shift = Integer.bitCount(scale) == 1 ? Integer.numberOfTrailingZeros(scale) : -1;
            }
            this.arrayBase = base;
            this.arrayShift = shift;
            this.arrayFormula = base < 0 || shift < 0 ? 2 : 0;
            return;
        }
        this.arrayBase = -1;
        this.arrayShift = -1;
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
                if (makeReadable(f) || UnsafeAccess.objectFieldOffset(f) >= 0) {
                    fields.add(f);
                } else {
                    unreadable.add(c.getName() + "." + f.getName());
                }
            }
        }
        this.referenceFields = fields.toArray(NO_FIELDS);
        this.referenceOffsets = offsets(referenceFields);
        this.unreadableFields = List.copyOf(unreadable);
    }

    static ClassLayout of(Class<?> type) {
        return LAYOUTS.get(type);
    }

    private static synchronized void register(ClassLayout layout) {
        ClassLayout[] table = byId;
        if (layout.id >= table.length) {
            table = Arrays.copyOf(table, Math.max(layout.id + 1, table.length * 2));
        }
        table[layout.id] = layout;
        byId = table;
    }

    /** The layout with this id, or null (a layout whose ClassValue computation lost a race). */
    static ClassLayout byId(int id) {
        ClassLayout[] table = byId;
        return id < table.length ? table[id] : null;
    }

    /** The shallow size of {@code o}, whose layout this is. */
    long sizeOf(Object o, Instrumentation inst) {
        if (!array) {
            long size = shallowSize;
            if (size < 0) {
                size = inst.getObjectSize(o);
                shallowSize = size;
            }
            return size;
        }
        int formula = arrayFormula;
        if (formula == 1) {
            return align(arrayBase + ((long) Array.getLength(o) << arrayShift));
        }
        long measured = inst.getObjectSize(o);
        if (formula == 0) {
            arrayFormula = measured == align(arrayBase + ((long) Array.getLength(o) << arrayShift)) ? 1 : 2;
        }
        return measured;
    }

    /** The size of an array of this (array) class with {@code length} elements, or -1 if it cannot be computed. */
    long arraySize(long length) {
        if (!array || arrayBase < 0 || arrayShift < 0) {
            return -1;
        }
        return align(arrayBase + (length << arrayShift));
    }

    /** Reads reference field {@code i} of {@code o}. */
    Object read(Object o, int i) {
        long[] offsets = referenceOffsets;
        if (offsets != null) {
            return UnsafeAccess.getReference(o, offsets[i]);
        }
        try {
            return referenceFields[i].get(o);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("field made accessible but not readable: " + referenceFields[i], e);
        }
    }

    private static long align(long size) {
        return (size + ALIGNMENT - 1) & -ALIGNMENT;
    }

    private static long[] offsets(Field[] fields) {
        if (!UnsafeAccess.available()) {
            return null;
        }
        long[] offsets = new long[fields.length];
        for (int i = 0; i < fields.length; i++) {
            long offset = UnsafeAccess.objectFieldOffset(fields[i]);
            if (offset < 0) {
                return null;
            }
            offsets[i] = offset;
        }
        return offsets;
    }

    private static long objectAlignment() {
        try {
            Class<?> bean = Class.forName("com.sun.management.HotSpotDiagnosticMXBean");
            Object mx = ManagementFactory.class
                    .getMethod("getPlatformMXBean", Class.class).invoke(null, bean);
            Object option = bean.getMethod("getVMOption", String.class).invoke(mx, "ObjectAlignmentInBytes");
            String value = (String) option.getClass().getMethod("getValue").invoke(option);
            long a = Long.parseLong(value);
            return Long.bitCount(a) == 1 ? a : 8;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            // the first array of each class is measured and compared, so a wrong guess only costs speed
            return 8;
        }
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
