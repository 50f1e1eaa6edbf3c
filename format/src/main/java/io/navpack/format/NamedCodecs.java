package io.navpack.format;

import io.navpack.format.spi.PackedInts;

import java.lang.reflect.Type;
import java.util.List;

/** The codecs of the two kinds that carry a name in their schema: enums and nested records. */
final class NamedCodecs {
    private NamedCodecs() {
    }

    /** A packed int: the constant's position in the schema's constant list. */
    static final class EnumCodec extends Codec {
        EnumCodec(FieldType t) {
            super(t);
        }

        /** The constant's index at {@code p}, checked against the schema's constants. */
        int indexAt(byte[] b, int p, int limit) {
            int i = PackedInts.readInt(b, p, limit);
            if (i < 0 || i >= type.constants().size()) {
                throw new NavpackFormatException("enum index " + i + " outside the " + type.constants().size()
                        + " constants of " + type.name(), p);
            }
            return i;
        }

        @Override int skipClass() { return SKIP_PACKED_INT; }
        @Override int skip(byte[] b, int p, int limit) { return PackedInts.skipInt(b, p, limit); }

        @Override
        Object read(byte[] b, int p, int limit, SchemaRegistry registry, JavaTarget target, int depth) {
            int i = indexAt(b, p, limit);
            return target == null ? type.constants().get(i) : target.enumConstant(type, i, p);
        }

        @Override
        void write(PackedWriter w, Object x, JavaTarget target, int depth) {
            int i;
            if (x instanceof Enum && target != null && target.raw == ((Enum<?>) x).getDeclaringClass()) {
                i = target.indexOfOrdinal[((Enum<?>) x).ordinal()];
            } else {
                i = type.constants().indexOf(x instanceof Enum ? ((Enum<?>) x).name() : x.toString());
            }
            if (i < 0) {
                throw new NavpackException(x + " is not a constant of " + type);
            }
            w.writePackedInt(i);
        }

        @Override Class<?> plainClass(boolean boxed) { return String.class; }

        /** An enum, or a {@code String} (or {@code CharSequence}), which holds the constant's name: its plain form. */
        @Override boolean holds(Class<?> c) { return c.isEnum() || c == String.class || c == CharSequence.class; }

        /** The enum class; none for a name ({@code String}), which a read without a target gives. */
        @Override
        JavaTarget target(Type javaType, SchemaRegistry registry, String where) {
            Class<?> raw = Reflection.rawClass(javaType);
            if (raw == String.class || raw == CharSequence.class) {
                return null;
            }
            if (!raw.isEnum()) {
                throw new SchemaException(where + ": " + raw.getName() + " is not an enum or a String");
            }
            return new JavaTarget(type, raw, null, null, null, registry);
        }

        @Override
        void writeDetails(PackedWriter w) {
            ScalarCodecs.StringCodec.write(w, type.name());
            w.writePackedInt(type.constants().size());
            for (String c : type.constants()) {
                ScalarCodecs.StringCodec.write(w, c);
            }
        }

        @Override String describe() { return "enum<" + type.name() + ">" + type.constants(); }
    }

    /** A packed int length, then a record with its own header. */
    static final class RecordCodec extends Codec {
        RecordCodec(FieldType t) {
            super(t);
        }

        /** A view of the nested record at {@code p}, checked to be of the declared type. */
        RecordView viewAt(byte[] b, int p, int limit, SchemaRegistry registry, int depth) {
            int q;
            int n;
            if (p < limit && (b[p] & 0xC0) == 0 && b[p] < limit - p) {
                // a length below 64 in one byte, no continuation and no sign bit, that fits
                n = b[p];
                q = p + 1;
            } else {
                q = PackedInts.skipInt(b, p, limit);
                n = Values.checkedLength(b, p, q, limit);
            }
            RecordView view = new RecordView(b, q, n, registry, depth + 1);
            check(view.schema(), q);
            return view;
        }

        /** The schema of the last nested value found to be of this type, or null: what the next one most likely has. */
        Schema lastChecked() {
            return checked;
        }

        /** Refuses a nested value at {@code q} whose schema {@code s} is not of the declared type. */
        void check(Schema s, int q) {
            if (s != checked) {
                if (!s.typeName().equals(type.name())) {
                    throw new NavpackFormatException("nested value is a " + s.typeName()
                            + " where the schema expects a " + type.name(), q);
                }
                checked = s;
            }
        }

        /** The schema of the last nested value found to be of this type (schemas are immutable): no name to compare again. */
        private volatile Schema checked;

        @Override int skipClass() { return SKIP_LENGTH; }
        @Override int skip(byte[] b, int p, int limit) { return Values.skipLengthPrefixed(b, p, limit); }

        @Override
        Object read(byte[] b, int p, int limit, SchemaRegistry registry, JavaTarget target, int depth) {
            PackedRecord view = viewAt(b, p, limit, registry, depth);
            return target == null ? view : target.decodeRecord(view);
        }

        @Override
        int readInto(byte[] b, int p, int limit, SchemaRegistry registry, JavaTarget target, int depth, Object[] out,
                     int slot) {
            RecordView view = viewAt(b, p, limit, registry, depth);
            out[slot] = target == null ? view : target.decodeRecord(view);
            return view.limit();
        }

        @Override
        void write(PackedWriter w, Object x, JavaTarget target, int depth) {
            int start = w.beginLength();
            if (x instanceof PackedRecord || x instanceof GeneratedView) {
                PackedRecord r = PackedRecord.ofView(x);
                if (!r.schema().typeName().equals(type.name())) {
                    throw new NavpackException("a " + r.schema().typeName() + " cannot be stored where a " + type.name()
                            + " is expected");
                }
                w.writeBytes(r.array(), r.offset(), r.length());
            } else {
                RecordBinding<?> binding = target != null && target.binding().type() == x.getClass()
                        ? target.binding() : w.registry().binding(x.getClass());
                if (!binding.schema().typeName().equals(type.name())) {
                    throw new NavpackException("a " + binding.schema().typeName() + " cannot be stored where a "
                            + type.name() + " is expected");
                }
                w.writeRecord(x, binding, depth + 1);
            }
            w.endLength(start);
        }

        @Override Class<?> plainClass(boolean boxed) { return PackedRecord.class; }

        @Override
        boolean holds(Class<?> c) {
            return !c.isPrimitive() && !c.isArray() && !c.isEnum() && !c.isInterface();
        }

        @Override
        boolean holds(Class<?> c, boolean views) {
            return !c.isPrimitive() && !c.isArray() && !c.isEnum() && (views || !c.isInterface());
        }

        @Override
        JavaTarget target(Type javaType, SchemaRegistry registry, String where) {
            return new JavaTarget(type, Reflection.rawClass(javaType), null, null, null, registry);
        }

        @Override void writeDetails(PackedWriter w) { ScalarCodecs.StringCodec.write(w, type.name()); }

        @Override
        boolean compatible(Codec reader) {
            return reader instanceof RecordCodec && reader.type.name().equals(type.name());
        }

        @Override
        void collectRecordTypes(List<String> out) {
            if (!out.contains(type.name())) {
                out.add(type.name());
            }
        }

        @Override String describe() { return "record<" + type.name() + ">"; }
    }
}
