package io.navpack.format;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The one place that decides per {@link Kind}: which codec a {@link FieldType} gets, which scalar type a
 * Java class maps to, and how a type is read from and written to a schema's binary form (kind code,
 * then the details its codec writes).
 */
final class Codecs {
    private Codecs() {
    }

    /** The codec of {@code t}; {@link FieldType} calls this once, when it is made. */
    static Codec of(FieldType t) {
        switch (t.kind()) {
            case BOOLEAN: return new ScalarCodecs.BooleanCodec(t);
            case BYTE: return new ScalarCodecs.ByteCodec(t);
            case SHORT: return new ScalarCodecs.ShortCodec(t);
            case CHAR: return new ScalarCodecs.CharCodec(t);
            case INT: return new ScalarCodecs.IntCodec(t);
            case LONG: return new ScalarCodecs.LongCodec(t);
            case FLOAT: return new ScalarCodecs.FloatCodec(t);
            case DOUBLE: return new ScalarCodecs.DoubleCodec(t);
            case STRING: return new ScalarCodecs.StringCodec(t);
            case DECIMAL: return new ScalarCodecs.DecimalCodec(t);
            case BIG_INTEGER: return new ScalarCodecs.BigIntegerCodec(t);
            case DATE: return new ScalarCodecs.DateCodec(t);
            case TIME: return new ScalarCodecs.TimeCodec(t);
            case DATE_TIME: return new ScalarCodecs.DateTimeCodec(t);
            case INSTANT: return new ScalarCodecs.InstantCodec(t);
            case OFFSET_DATE_TIME: return new ScalarCodecs.OffsetDateTimeCodec(t);
            case UUID: return new ScalarCodecs.UuidCodec(t);
            case BYTES: return new ScalarCodecs.BytesCodec(t);
            case ENUM: return new NamedCodecs.EnumCodec(t);
            case RECORD: return new NamedCodecs.RecordCodec(t);
            case LIST: return new ContainerCodecs.ListCodec(t);
            case SET: return new ContainerCodecs.SetCodec(t);
            case ARRAY: return new ContainerCodecs.ArrayCodec(t);
            case MAP: return new ContainerCodecs.MapCodec(t);
            default: throw new AssertionError(t.kind());
        }
    }

    /** Built on first use, after {@link FieldType}'s constants (which call {@link #of}). */
    private static final class ScalarsByClass {
        static final Map<Class<?>, FieldType> MAP = new HashMap<>();

        static {
            for (FieldType t : FieldType.SCALARS) {
                for (Class<?> c : ((ScalarCodecs.Scalar) t.codec()).javaClasses()) {
                    MAP.put(c, t);
                }
            }
        }
    }

    /** The scalar type Java class {@code c} maps to ({@code long} and {@code Long} to long, ...), or null. */
    static FieldType scalarType(Class<?> c) {
        return ScalarsByClass.MAP.get(c);
    }

    /** A type in a schema's binary form: its kind code, then what its codec writes ({@link Codec#writeDetails}). */
    static void writeType(PackedWriter w, FieldType t) {
        w.writeByte(t.kind().code());
        t.codec().writeDetails(w);
    }

    /** Reads what {@link #writeType} wrote; {@code depth} counts the containers around it. */
    static FieldType readType(PackedReader r, int depth) {
        if (depth > FieldType.MAX_DEPTH) {
            throw new NavpackFormatException("field type nests more than " + FieldType.MAX_DEPTH
                    + " lists, sets, arrays and maps", r.position());
        }
        int at = r.position();
        Kind kind = Kind.ofCode(r.readUnsignedByte(), at);
        switch (kind) {
            case ENUM: {
                String name = r.readString();
                int n = r.readLength("enum constant count", r.remaining());
                List<String> constants = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    constants.add(r.readString());
                }
                return FieldType.enumOf(name, constants);
            }
            case RECORD:
                return FieldType.record(r.readString());
            case LIST:
                return FieldType.list(readType(r, depth + 1));
            case SET:
                return FieldType.set(readType(r, depth + 1));
            case ARRAY: {
                boolean nullable = r.readUnsignedByte() == 1;
                return FieldType.array(readType(r, depth + 1), nullable);
            }
            case MAP: {
                FieldType key = readType(r, depth + 1);
                return FieldType.map(key, readType(r, depth + 1));
            }
            default:
                return FieldType.of(kind);
        }
    }
}
