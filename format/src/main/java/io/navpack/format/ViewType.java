package io.navpack.format;

import io.navpack.format.spi.PackedInts;

import java.lang.reflect.Type;
import java.util.Arrays;

/**
 * One generated view class: the interface it implements, the schema version it reads, and for each
 * accessor the field it reads (or none, in a version that lacks the field) and how. Built once per
 * interface and schema by {@link InterfaceViews}; the generated class holds it in a static field.
 */
final class ViewType {
    final Class<?> iface;
    final Schema schema;
    final SchemaRegistry registry;
    /** Every accessor method the class implements; an accessor read through {@code readValue} is named by its index. */
    final Accessor[] accessors;
    /** One accessor per property, in the order of the fields, for {@code toString}. */
    final Accessor[] printed;
    /** Bytes of the type id and version in the header, canonically packed. */
    final int headerLength;
    GeneratedView prototype;

    ViewType(Class<?> iface, Schema schema, SchemaRegistry registry, Accessor[] accessors, Accessor[] printed) {
        this.iface = iface;
        this.schema = schema;
        this.registry = registry;
        this.accessors = accessors;
        this.printed = printed;
        this.headerLength = PackedInts.sizeOfInt(schema.typeId()) + PackedInts.sizeOfInt(schema.version());
    }

    /**
     * A view of the generated class over the record {@code r} (of {@link #schema}), whose header the core
     * view checked: over {@code r}'s array when the record fills it, else over a copy of exactly its bytes
     * (a view holds no bounds). Refused when the type id or version is not packed in the shortest form, as
     * navpack writes them (a view finds the header's flags at a fixed distance).
     */
    GeneratedView create(RecordView r) {
        int flagsAt = r.offset() + headerLength;
        int body = RecordView.bodyPosition(r.array(), flagsAt, schema);
        if (body != r.bodyPosition()) {
            throw new NavpackFormatException("the header of this " + schema.typeName() + " packs its type id or version"
                    + " in more bytes than needed, which navpack never writes", r.offset());
        }
        byte[] a = r.array();
        boolean whole = r.offset() == 0 && r.limit() == a.length;
        return prototype.$create(whole ? a : Arrays.copyOfRange(a, r.offset(), r.limit()));
    }

    /** How the generated class implements one method of the interface. */
    static final class Accessor {
        /** Which typed reader of {@link GeneratedView} the method calls. */
        enum Reader {
            BOOLEAN("readBoolean", "Z"), BYTE("readByte", "B"), SHORT("readShort", "S"), CHAR("readChar", "C"),
            INT("readInt", "I"), LONG("readLong", "J"), FLOAT("readFloat", "F"), DOUBLE("readDouble", "D"),
            STRING("readString", "Ljava/lang/String;"), DECIMAL("readDecimal", "Ljava/math/BigDecimal;"),
            DATE("readDate", "Ljava/time/LocalDate;"), VALUE("readValue", "Ljava/lang/Object;");

            final String method;
            final String returns;

            Reader(String method, String returns) {
                this.method = method;
                this.returns = returns;
            }
        }

        final String method;
        final String descriptor;
        final Class<?> raw;
        final Type generic;
        /** The field name read; for a field this version lacks, the name another version has. */
        String property;
        int field = -1;
        FieldType fieldType;
        JavaTarget target;
        Reader reader;
        boolean primitive;
        /** What the accessor returns when this version lacks the field (default value or null). */
        Object missing;

        Accessor(String method, String descriptor, Class<?> raw, Type generic) {
            this.method = method;
            this.descriptor = descriptor;
            this.raw = raw;
            this.generic = generic;
            this.primitive = raw.isPrimitive();
        }

        Accessor copy() {
            Accessor a = new Accessor(method, descriptor, raw, generic);
            a.property = property;
            return a;
        }
    }
}
