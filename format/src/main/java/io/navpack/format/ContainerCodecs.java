package io.navpack.format;

import io.navpack.format.spi.PackedInts;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Array;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import java.util.Set;

/**
 * The codecs of lists, sets, arrays and maps: a packed int length of what follows, then a container
 * body — a packed int {@code count << 1 | hasBitmap}, the null bitmap when there is one, then the
 * non-null elements (or keys and values) in order. Each holds the codecs of its elements (and keys).
 */
final class ContainerCodecs {
    private ContainerCodecs() {
    }

    /**
     * Where a container's parts lie: its first element, its end, its element count and its null bitmap
     * ({@code -1} when it has none).
     */
    record Header(int first, int end, int count, int bitmap) {
        /** True when slot {@code slot} (element {@code i}, or key {@code 2i} and value {@code 2i + 1} of a map) is null. */
        boolean isNull(byte[] b, int slot) {
            return NullBitmap.isSet(b, bitmap, slot);
        }
    }

    abstract static class ContainerCodec extends Codec {
        /** The codec of the elements (the values of a map). */
        final Codec element;
        private final int slotsPerEntry;

        ContainerCodec(FieldType t, int slotsPerEntry) {
            super(t);
            this.element = t.element().codec();
            this.slotsPerEntry = slotsPerEntry;
        }

        /** The header of the container at {@code p}; refuses values nested deeper than {@link Values#MAX_DEPTH}. */
        final Header header(byte[] b, int p, int limit, int depth) {
            int[] parts = new int[3];
            int first = header(b, p, limit, depth, parts);
            return new Header(first, parts[0], parts[1], parts[2]);
        }

        /**
         * {@link #header(byte[], int, int, int)} without a {@link Header}: returns where the first element starts and
         * puts the end, the element count and the null bitmap's position (-1 for none) into {@code parts}.
         */
        final int header(byte[] b, int p, int limit, int depth, int[] parts) {
            if (depth >= Values.MAX_DEPTH) {
                throw new NavpackFormatException("values nested deeper than " + Values.MAX_DEPTH, p);
            }
            int q = PackedInts.skipInt(b, p, limit);
            int end = q + Values.checkedLength(b, p, q, limit);
            int word = PackedInts.readInt(b, q, end);
            if (word < 0) {
                throw new NavpackFormatException("negative element count", q);
            }
            int count = word >>> 1;
            q = PackedInts.skipInt(b, q, end);
            int bitmap = -1;
            if ((word & 1) != 0) {
                if (!type.elementNullable()) {
                    throw new NavpackFormatException("null bitmap in a " + type + " whose elements cannot be null", q);
                }
                int bitmapLen = NullBitmap.length((long) count * slotsPerEntry);
                if (bitmapLen > end - q) {
                    throw new NavpackFormatException("null bitmap of " + bitmapLen + " bytes exceeds the " + (end - q)
                            + " left", q);
                }
                bitmap = q;
                q += bitmapLen;
            } else if ((long) count * slotsPerEntry > end - q) {
                throw new NavpackFormatException(count + " elements cannot fit in " + (end - q) + " bytes", q);
            }
            parts[0] = end;
            parts[1] = count;
            parts[2] = bitmap;
            return q;
        }

        @Override final int skipClass() { return SKIP_LENGTH; }
        @Override final int skip(byte[] b, int p, int limit) { return Values.skipLengthPrefixed(b, p, limit); }

        @Override
        boolean compatible(Codec reader) {
            return reader.type.kind() == type.kind() && element.compatible(((ContainerCodec) reader).element);
        }

        @Override
        void collectRecordTypes(List<String> out) {
            element.collectRecordTypes(out);
        }

        static void checkDepth(int depth) {
            if (depth >= Values.MAX_DEPTH) {
                throw new NavpackException("values nested deeper than " + Values.MAX_DEPTH + " levels");
            }
        }

        /** Writes the count word and a zeroed bitmap of {@code slots} bits; returns the bitmap's position. */
        static int beginBody(PackedWriter w, int count, int slots, boolean nullable) {
            w.writePackedInt(nullable ? (count << 1) | 1 : count << 1);
            int bitmapLen = nullable ? NullBitmap.length(slots) : 0;
            w.reserveZeros(bitmapLen);
            return w.size() - bitmapLen;
        }

        /** Drops the bitmap written by {@link #beginBody} (and its flag bit) when no slot was null. */
        static void endBody(PackedWriter w, int countPos, int bitmap, int slots, boolean anyNull) {
            if (!anyNull) {
                w.cut(bitmap, NullBitmap.length(slots));
                w.buffer()[countPos] &= (byte) ~1;
            }
        }
    }

    /** Lists and sets. */
    abstract static class CollectionCodec extends ContainerCodec {
        CollectionCodec(FieldType t) {
            super(t, 1);
        }

        /** The collection decoded values go into when the Java side names no class. */
        abstract Collection<Object> newCollection(int count);

        @Override
        @SuppressWarnings("unchecked")
        Object read(byte[] b, int p, int limit, SchemaRegistry registry, JavaTarget target, int depth) {
            Header h = header(b, p, limit, depth);
            int count = h.count();
            Collection<Object> out;
            if (target != null && target.factory != null) {
                out = (Collection<Object>) Values.newInstance(target);
            } else {
                out = newCollection(count);
            }
            JavaTarget et = target == null ? null : target.element;
            int q = h.first();
            int end = h.end();
            Object[] one = new Object[1];
            for (int i = 0; i < count; i++) {
                Object v = null;
                if (!h.isNull(b, i)) {
                    q = element.readInto(b, q, end, registry, et, depth + 1, one, 0);
                    v = one[0];
                }
                try {
                    out.add(v);
                } catch (RuntimeException ex) {
                    throw Values.refused(out, "element " + i + (v == null ? " (null)" : ""), ex, q);
                }
            }
            Values.requireEnd(q, end, type);
            return out;
        }

        @Override
        void write(PackedWriter w, Object x, JavaTarget target, int depth) {
            checkDepth(depth);
            Collection<?> c = (Collection<?>) x;
            int start = w.beginLength();
            int count = c.size();
            int countPos = w.size();
            int bitmap = beginBody(w, count, count, true);
            boolean anyNull = false;
            JavaTarget et = target == null ? null : target.element;
            int written = 0;
            if (c instanceof List && c instanceof RandomAccess) {
                List<?> list = (List<?>) c;
                for (int i = 0; i < count; i++) {
                    Object e = list.get(i);
                    if (e == null) {
                        w.markNull(bitmap, i);
                        anyNull = true;
                    } else {
                        element.write(w, e, et, depth + 1);
                    }
                }
                written = count;
            } else {
                for (Object e : c) {
                    if (written == count) {
                        break;
                    }
                    if (e == null) {
                        w.markNull(bitmap, written);
                        anyNull = true;
                    } else {
                        element.write(w, e, et, depth + 1);
                    }
                    written++;
                }
            }
            if (written != count) {
                throw new NavpackException("collection changed size while it was written");
            }
            endBody(w, countPos, bitmap, count, anyNull);
            w.endLength(start);
        }

        @Override
        void checkJava(Type javaType, String where, boolean views) {
            super.checkJava(javaType, where, views);
            element.checkJava(Reflection.typeArgument(javaType, 0, where), where, views);
        }

        @Override
        JavaTarget target(Type javaType, SchemaRegistry registry, String where) {
            Class<?> raw = Reflection.rawClass(javaType);
            Type arg = Reflection.typeArgument(javaType, 0, where);
            MethodHandle factory = Reflection.collectionFactory(raw);
            return new JavaTarget(type, raw, element.target(arg, registry, where), null, factory, registry);
        }

        @Override void writeDetails(PackedWriter w) { Codecs.writeType(w, type.element()); }
    }

    /** A list: decoded into an {@link ArrayList} unless the Java side names a class. */
    static final class ListCodec extends CollectionCodec {
        ListCodec(FieldType t) {
            super(t);
        }

        @Override Collection<Object> newCollection(int count) { return new ArrayList<>(count); }
        @Override Class<?> plainClass(boolean boxed) { return List.class; }
        @Override boolean holds(Class<?> c) { return List.class.isAssignableFrom(c) || c == Collection.class; }
        @Override String describe() { return "list<" + type.element() + ">"; }
    }

    /** A set: decoded into a {@link LinkedHashSet} (encounter order) unless the Java side names a class. */
    static final class SetCodec extends CollectionCodec {
        SetCodec(FieldType t) {
            super(t);
        }

        @Override
        Collection<Object> newCollection(int count) {
            return new LinkedHashSet<>(Math.max(16, (int) (count / 0.75f) + 1));
        }

        @Override Class<?> plainClass(boolean boxed) { return Set.class; }
        @Override boolean holds(Class<?> c) { return Set.class.isAssignableFrom(c); }
        @Override String describe() { return "set<" + type.element() + ">"; }
    }

    /** Arrays: Java primitive arrays (never a bitmap) and object arrays. */
    static final class ArrayCodec extends ContainerCodec {
        private final boolean primitive;

        ArrayCodec(FieldType t) {
            super(t, 1);
            this.primitive = t.isPrimitiveArray();
        }

        @Override
        Object read(byte[] b, int p, int limit, SchemaRegistry registry, JavaTarget target, int depth) {
            Header h = header(b, p, limit, depth);
            int count = h.count();
            int end = h.end();
            if (primitive) {
                return element.readArray(b, h.first(), end, count, type);
            }
            JavaTarget et = target == null ? null : target.element;
            Object[] arr = (Object[]) Array.newInstance(et != null ? et.raw : element.plainClass(true), count);
            int q = h.first();
            for (int i = 0; i < count; i++) {
                if (!h.isNull(b, i)) {
                    q = element.readInto(b, q, end, registry, et, depth + 1, arr, i);
                }
            }
            Values.requireEnd(q, end, type);
            return arr;
        }

        @Override
        void write(PackedWriter w, Object array, JavaTarget target, int depth) {
            checkDepth(depth);
            int start = w.beginLength();
            if (primitive) {
                int count = Array.getLength(array);
                beginBody(w, count, count, false);
                element.writeArray(w, array);
            } else {
                Object[] arr = (Object[]) array;
                int countPos = w.size();
                boolean nullable = type.elementNullable();
                int bitmap = beginBody(w, arr.length, arr.length, nullable);
                boolean anyNull = false;
                JavaTarget et = target == null ? null : target.element;
                for (int i = 0; i < arr.length; i++) {
                    if (arr[i] == null) {
                        if (!nullable) {
                            throw new NavpackException("element " + i + " of a " + type + " must not be null");
                        }
                        w.markNull(bitmap, i);
                        anyNull = true;
                    } else {
                        element.write(w, arr[i], et, depth + 1);
                    }
                }
                if (nullable) {
                    endBody(w, countPos, bitmap, arr.length, anyNull);
                }
            }
            w.endLength(start);
        }

        @Override Class<?> plainClass(boolean boxed) { return element.plainClass(type.elementNullable()).arrayType(); }

        @Override
        boolean holds(Class<?> c) {
            return c.isArray() && c != byte[].class && c.getComponentType().isPrimitive() == primitive;
        }

        private static Type component(Type javaType) {
            return javaType instanceof GenericArrayType ? ((GenericArrayType) javaType).getGenericComponentType()
                    : Reflection.rawClass(javaType).getComponentType();
        }

        @Override
        void checkJava(Type javaType, String where, boolean views) {
            super.checkJava(javaType, where, views);
            element.checkJava(component(javaType), where, views);
        }

        @Override
        JavaTarget target(Type javaType, SchemaRegistry registry, String where) {
            Type component = component(javaType);
            if (component == null) {
                throw new SchemaException(where + ": " + javaType.getTypeName() + " is not an array");
            }
            return new JavaTarget(type, Reflection.rawClass(javaType), element.target(component, registry, where), null,
                    null, registry);
        }

        @Override
        boolean compatible(Codec reader) {
            return super.compatible(reader) && reader.type.elementNullable() == type.elementNullable();
        }

        @Override
        void writeDetails(PackedWriter w) {
            w.writeByte(type.elementNullable() ? 1 : 0);
            Codecs.writeType(w, type.element());
        }

        @Override String describe() { return "array<" + type.element() + (type.elementNullable() ? "?" : "") + ">"; }
    }

    /** Maps: key and value slots in one bitmap. */
    static final class MapCodec extends ContainerCodec {
        private final Codec key;

        MapCodec(FieldType t) {
            super(t, 2);
            this.key = t.key().codec();
        }

        @Override
        @SuppressWarnings("unchecked")
        Object read(byte[] b, int p, int limit, SchemaRegistry registry, JavaTarget target, int depth) {
            Header h = header(b, p, limit, depth);
            int count = h.count();
            int end = h.end();
            Map<Object, Object> out = target != null && target.factory != null
                    ? (Map<Object, Object>) Values.newInstance(target)
                    : new LinkedHashMap<>(Math.max(16, (int) (count / 0.75f) + 1));
            JavaTarget kj = target == null ? null : target.key;
            JavaTarget vj = target == null ? null : target.element;
            int q = h.first();
            for (int i = 0; i < count; i++) {
                Object k = null;
                Object v = null;
                if (!h.isNull(b, 2 * i)) {
                    k = key.read(b, q, end, registry, kj, depth + 1);
                    q = key.skip(b, q, end);
                }
                if (!h.isNull(b, 2 * i + 1)) {
                    v = element.read(b, q, end, registry, vj, depth + 1);
                    q = element.skip(b, q, end);
                }
                try {
                    out.put(k, v);
                } catch (RuntimeException ex) {
                    throw Values.refused(out, "entry " + i + (k == null ? " (null key)" : v == null ? " (null value)" : ""),
                            ex, q);
                }
            }
            Values.requireEnd(q, end, type);
            return out;
        }

        @Override
        void write(PackedWriter w, Object x, JavaTarget target, int depth) {
            checkDepth(depth);
            Map<?, ?> m = (Map<?, ?>) x;
            int start = w.beginLength();
            int count = m.size();
            int countPos = w.size();
            int bitmap = beginBody(w, count, 2 * count, true);
            boolean anyNull = false;
            int i = 0;
            JavaTarget kt = target == null ? null : target.key;
            JavaTarget vt = target == null ? null : target.element;
            for (Map.Entry<?, ?> entry : m.entrySet()) {
                if (i == count) {
                    break;
                }
                Object k = entry.getKey();
                Object v = entry.getValue();
                if (k == null) {
                    w.markNull(bitmap, 2 * i);
                    anyNull = true;
                } else {
                    key.write(w, k, kt, depth + 1);
                }
                if (v == null) {
                    w.markNull(bitmap, 2 * i + 1);
                    anyNull = true;
                } else {
                    element.write(w, v, vt, depth + 1);
                }
                i++;
            }
            if (i != count) {
                throw new NavpackException("map changed size while it was written");
            }
            endBody(w, countPos, bitmap, 2 * count, anyNull);
            w.endLength(start);
        }

        @Override Class<?> plainClass(boolean boxed) { return Map.class; }
        @Override boolean holds(Class<?> c) { return Map.class.isAssignableFrom(c); }

        @Override
        void checkJava(Type javaType, String where, boolean views) {
            super.checkJava(javaType, where, views);
            key.checkJava(Reflection.typeArgument(javaType, 0, where), where, views);
            element.checkJava(Reflection.typeArgument(javaType, 1, where), where, views);
        }

        @Override
        JavaTarget target(Type javaType, SchemaRegistry registry, String where) {
            Type k = Reflection.typeArgument(javaType, 0, where);
            Type v = Reflection.typeArgument(javaType, 1, where);
            return new JavaTarget(type, Reflection.rawClass(javaType), element.target(v, registry, where),
                    key.target(k, registry, where), Reflection.collectionFactory(Reflection.rawClass(javaType)), registry);
        }

        @Override
        boolean compatible(Codec reader) {
            return super.compatible(reader) && key.compatible(((MapCodec) reader).key);
        }

        @Override
        void collectRecordTypes(List<String> out) {
            element.collectRecordTypes(out);
            key.collectRecordTypes(out);
        }

        @Override
        void writeDetails(PackedWriter w) {
            Codecs.writeType(w, type.key());
            Codecs.writeType(w, type.element());
        }

        @Override String describe() { return "map<" + type.key() + "," + type.element() + ">"; }
    }
}
