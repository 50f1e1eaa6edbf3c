package io.navpack.format;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;

/**
 * The description of one version of a record type: its type name, compact type id, version and
 * ordered fields. Values name their schema by type id and version; the field list tells a reader
 * where each field lies and how it is encoded, so a member needs the schema but never the user's class.
 *
 * <p>A schema's {@link #fingerprint()} is a 64-bit hash of its canonical binary form
 * ({@link #toBytes()}): two schemas that claim the same type id and version but differ in anything
 * have different fingerprints and are never mixed by a {@link SchemaRegistry}.
 *
 * <p>Build one with {@link #builder(String)}, or let {@link SchemaRegistry#register(Class)} derive it
 * from a Java record or POJO.
 */
public final class Schema {
    /**
     * Fields per block of the sparse offset table of a record of up to {@link #WIDE} fields: reading a field
     * skips at most this many minus one.
     */
    public static final int BLOCK = 8;
    /**
     * Records of schemas with more fields than this have an offset-table entry for every field: a read
     * jumps straight to its field. Up to this many, an entry per {@link #BLOCK} fields.
     */
    public static final int WIDE = 64;
    /** Most fields a schema may have. */
    public static final int MAX_FIELDS = 65_535;

    static final Pattern NAME = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");
    private static final int BINARY_FORM_VERSION = 1;

    private final String typeName;
    private final int typeId;
    private final int version;
    private final Field[] fields;
    private final List<Field> fieldList;
    private final Map<String, Field> byName;
    private final NameIndex names;
    private final List<String> fieldNames;
    private final int blockShift;
    private final boolean hasNullable;
    private final byte[] notNullMask;
    /** {@link #notNullMask}'s first 8 bytes as a long, byte 0 lowest: the whole mask of a type of up to 64 fields. */
    private final long notNullBits;
    private final int[] skipSizes;
    private final Codec[] codecs;
    private final byte[] binaryForm;
    private final long fingerprint;
    /** {@link #attachment}s: key, value, key, value, ... copied on write. */
    private volatile Object[] attachments = new Object[0];

    private Schema(String typeName, int typeId, int version, List<Field> fields) {
        this.typeName = typeName;
        this.typeId = typeId;
        this.version = version;
        this.fields = fields.toArray(new Field[0]);
        this.fieldList = Collections.unmodifiableList(Arrays.asList(this.fields));
        Map<String, Field> names = new HashMap<>();
        boolean nullable = false;
        for (Field f : this.fields) {
            if (names.put(f.name(), f) != null) {
                throw new SchemaException("type " + typeName + " has two fields named " + f.name());
            }
            nullable |= f.nullable();
        }
        this.byName = names;
        this.names = new NameIndex(this.fields);
        List<String> nameList = new ArrayList<>(this.fields.length);
        for (Field f : this.fields) {
            nameList.add(f.name());
        }
        this.fieldNames = Collections.unmodifiableList(nameList);
        this.blockShift = this.fields.length > WIDE ? 0 : Integer.numberOfTrailingZeros(BLOCK);
        this.hasNullable = nullable;
        this.notNullMask = new byte[NullBitmap.length(this.fields.length)];
        for (Field f : this.fields) {
            if (!f.nullable()) {
                notNullMask[f.index() >>> 3] |= (byte) (1 << (f.index() & 7));
            }
        }
        for (int bit = this.fields.length; bit < notNullMask.length * 8; bit++) {
            notNullMask[bit >>> 3] |= (byte) (1 << (bit & 7)); // bits past the last field must stay clear
        }
        long bits = 0;
        for (int i = 0; i < Math.min(8, notNullMask.length); i++) {
            bits |= (notNullMask[i] & 0xFFL) << (8 * i);
        }
        this.notNullBits = bits;
        this.skipSizes = new int[this.fields.length];
        this.codecs = new Codec[this.fields.length];
        for (Field f : this.fields) {
            codecs[f.index()] = f.type().codec();
            skipSizes[f.index()] = f.type().codec().skipClass();
        }
        this.binaryForm = encode();
        this.fingerprint = fingerprint(binaryForm);
    }

    public static Builder builder(String typeName) {
        return new Builder(typeName);
    }

    /** The type id that {@link SchemaRegistry} gives a type whose id was not chosen: a stable hash of its name. */
    public static int defaultTypeId(String typeName) {
        // 20 bits: three bytes when packed; collisions are detected at registration and name both types
        return (int) (fingerprint(typeName.getBytes(StandardCharsets.UTF_8)) & 0xFFFFF);
    }

    public String typeName() {
        return typeName;
    }

    public int typeId() {
        return typeId;
    }

    public int version() {
        return version;
    }

    public int fieldCount() {
        return fields.length;
    }

    public Field field(int index) {
        return fields[index];
    }

    /** The field named {@code name}, or null. */
    public Field field(String name) {
        return byName.get(name);
    }

    /** Index of the field named {@code name}, or -1. */
    public int indexOf(String name) {
        return names.indexOf(name);
    }

    public List<Field> fields() {
        return fieldList;
    }

    /** The field names in field order. */
    public List<String> fieldNames() {
        return fieldNames;
    }

    /** log2 of the fields per offset-table block of the records a writer makes: 3 (8 fields), or 0 above {@link #WIDE} fields. */
    int blockShift() {
        return blockShift;
    }

    /** Bytes of the record's null bitmap, when it has one: one bit per field. */
    int bitmapLength() {
        return notNullMask.length;
    }

    /** The not-null mask of the first 64 fields as a long, field {@code i} bit {@code i}. */
    long notNullBits() {
        return notNullBits;
    }

    /** Whether field {@code index} may be null, from the mask (no field object read). */
    boolean nullable(int index) {
        return (notNullMask[index >>> 3] & (1 << (index & 7))) == 0;
    }

    /** True when at least one field may be null. */
    boolean hasNullableFields() {
        return hasNullable;
    }

    /** Per field, its codec's {@link Codec#skipClass()}: how a record skips it without a call. Do not modify. */
    int[] skipSizes() {
        return skipSizes;
    }

    /** Per field, the codec of its type. Do not modify. */
    Codec[] codecs() {
        return codecs;
    }

    /** One bit per field, set where the field cannot be null (and past the last field). Do not modify. */
    byte[] notNullMask() {
        return notNullMask;
    }

    /**
     * State another part of navpack keeps per schema (e.g. how Hazelcast's generic-record API sees its
     * fields), created once by {@code create} and found again by identity of {@code key}, without hashing.
     */
    @SuppressWarnings("unchecked")
    public <T> T attachment(Class<T> key, Function<? super Schema, ? extends T> create) {
        Object[] a = attachments;
        for (int i = 0; i < a.length; i += 2) {
            if (a[i] == key) {
                return (T) a[i + 1];
            }
        }
        synchronized (this) {
            a = attachments;
            for (int i = 0; i < a.length; i += 2) {
                if (a[i] == key) {
                    return (T) a[i + 1];
                }
            }
            T value = create.apply(this);
            Object[] more = Arrays.copyOf(a, a.length + 2);
            more[a.length] = key;
            more[a.length + 1] = value;
            attachments = more;
            return value;
        }
    }

    /** Type id and version in one long, the key under which registries keep a schema. */
    public long key() {
        return key(typeId, version);
    }

    static long key(int typeId, int version) {
        return ((long) typeId << 32) | (version & 0xFFFFFFFFL);
    }

    /** A stable 64-bit hash of {@link #toBytes()}: FNV-1a over the bytes, then a 64-bit finaliser. */
    public long fingerprint() {
        return fingerprint;
    }

    /** This schema's type name, id and fields under another version. */
    Schema withVersion(int newVersion) {
        if (newVersion == version) {
            return this;
        }
        if (newVersion < 0) {
            throw new SchemaException("version of " + typeName + " must not be negative: " + newVersion);
        }
        return new Schema(typeName, typeId, newVersion, fieldList);
    }

    /** Same type name, type id and fields (names, types, nullability, order) as {@code other}, whatever the versions. */
    public boolean sameFieldsAs(Schema other) {
        return typeId == other.typeId && typeName.equals(other.typeName) && fieldList.equals(other.fieldList);
    }

    /** The nested record types this schema names, directly or inside containers. */
    List<String> referencedTypes() {
        List<String> out = new ArrayList<>();
        for (Field f : fields) {
            f.type().codec().collectRecordTypes(out);
        }
        return out;
    }

    /** The canonical binary form: what the fingerprint hashes and what clusters exchange. */
    public byte[] toBytes() {
        return binaryForm.clone();
    }

    /** Reads a schema from its binary form; hostile input gives {@link NavpackFormatException}. */
    public static Schema fromBytes(byte[] bytes) {
        return fromBytes(bytes, 0, bytes.length);
    }

    public static Schema fromBytes(byte[] bytes, int offset, int length) {
        PackedReader r = new PackedReader(bytes, offset, length);
        int form = r.readUnsignedByte();
        if (form != BINARY_FORM_VERSION) {
            throw new NavpackFormatException("unsupported schema form " + form, offset);
        }
        String typeName = r.readString();
        int typeId = r.readPackedInt();
        int version = r.readPackedInt();
        int n = r.readLength("field count", Math.min(MAX_FIELDS, r.remaining()));
        try {
            Builder b = builder(typeName).typeId(typeId).version(version);
            for (int i = 0; i < n; i++) {
                String name = r.readString();
                int flags = r.readUnsignedByte();
                if ((flags & ~1) != 0) {
                    throw new NavpackFormatException("unknown field flags " + flags, r.position() - 1);
                }
                b.field(name, Codecs.readType(r, 0), flags == 1);
            }
            if (r.remaining() != 0) {
                throw new NavpackFormatException(r.remaining() + " bytes after the schema", r.position());
            }
            return b.build();
        } catch (SchemaException e) {
            throw new NavpackFormatException("invalid schema: " + e.getMessage(), r.position(), e);
        }
    }

    private byte[] encode() {
        PackedWriter w = new PackedWriter(64 + fields.length * 16);
        w.writeByte(BINARY_FORM_VERSION);
        w.writeString(typeName);
        w.writePackedInt(typeId);
        w.writePackedInt(version);
        w.writePackedInt(fields.length);
        for (Field f : fields) {
            w.writeString(f.name());
            w.writeByte(f.nullable() ? 1 : 0);
            Codecs.writeType(w, f.type());
        }
        return w.toByteArray();
    }

    static long fingerprint(byte[] bytes) {
        long h = 0xcbf29ce484222325L;
        for (byte x : bytes) {
            h ^= x & 0xFF;
            h *= 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }

    /** Same type id, version and fields (the fingerprints are equal). */
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Schema && ((Schema) o).fingerprint == fingerprint
                && Arrays.equals(((Schema) o).binaryForm, binaryForm);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(fingerprint);
    }

    /** A one-line description: {@code com.acme.Trade#7 v1 [id: long, currency: string?] fp=...}. */
    @Override
    public String toString() {
        return typeName + "#" + typeId + " v" + version + " " + fieldList + " fp=" + Long.toHexString(fingerprint);
    }

    /** Declares a schema field by field; the order of {@code field} calls is the field order. */
    public static final class Builder {
        private final String typeName;
        private int typeId = -1;
        private int version = 1;
        private final List<Field> fields = new ArrayList<>();

        private Builder(String typeName) {
            if (typeName == null || typeName.isEmpty()) {
                throw new SchemaException("type name must not be empty");
            }
            this.typeName = typeName;
        }

        /** The compact id values carry; defaults to {@link Schema#defaultTypeId(String)}. Ids below 64 take one byte. */
        public Builder typeId(int id) {
            if (id < 0) {
                throw new SchemaException("type id of " + typeName + " must not be negative: " + id);
            }
            this.typeId = id;
            return this;
        }

        /**
         * Schema version, 1 unless set. A declared schema keeps the version it is given; to let the
         * registry choose one (the version that already has these fields, or the next free one), register
         * it with {@link SchemaRegistry#registerChoosingVersion(Schema)}.
         */
        public Builder version(int version) {
            if (version < 0) {
                throw new SchemaException("version of " + typeName + " must not be negative: " + version);
            }
            this.version = version;
            return this;
        }

        /** A field that is null-able unless its kind is primitive (then it holds a Java primitive). */
        public Builder field(String name, FieldType type) {
            return field(name, type, !type.kind().isPrimitive());
        }

        /** A field with explicit nullability: a primitive kind with {@code nullable} maps to a box such as {@code Long}. */
        public Builder field(String name, FieldType type, boolean nullable) {
            if (name == null || !NAME.matcher(name).matches()) {
                throw new SchemaException("field name " + name + " of " + typeName + " is not a Java identifier");
            }
            if (fields.size() == MAX_FIELDS) {
                throw new SchemaException(typeName + " has more than " + MAX_FIELDS + " fields");
            }
            fields.add(new Field(fields.size(), name, type, nullable));
            return this;
        }

        public Schema build() {
            return new Schema(typeName, typeId >= 0 ? typeId : defaultTypeId(typeName), version, fields);
        }
    }
}
