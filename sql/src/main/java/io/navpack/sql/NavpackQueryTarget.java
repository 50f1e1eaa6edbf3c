package io.navpack.sql;

import com.hazelcast.core.HazelcastJsonValue;
import com.hazelcast.internal.serialization.Data;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.internal.serialization.impl.HeapData;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.DataSerializable;
import com.hazelcast.query.impl.getters.Extractors;
import com.hazelcast.sql.impl.QueryException;
import com.hazelcast.sql.impl.extract.QueryExtractor;
import com.hazelcast.sql.impl.extract.QueryTarget;
import com.hazelcast.sql.impl.extract.QueryTargetDescriptor;
import com.hazelcast.sql.impl.type.QueryDataType;
import com.hazelcast.sql.impl.type.QueryDataTypeFamily;
import io.navpack.format.FieldPath;
import io.navpack.format.FieldType;
import io.navpack.format.Kind;
import io.navpack.format.RecordPointer;
import io.navpack.format.NavpackException;
import io.navpack.format.spi.PackedInts;
import io.navpack.format.PackedRecord;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;
import io.navpack.hazelcast.NavpackSerializer;
import io.navpack.hazelcast.NavpackSettings;
import io.navpack.hazelcast.PackedGenericRecord;
import io.navpack.hazelcast.internal.SerializationInternals;
import io.navpack.json.JsonWriter;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.Map;
import java.util.UUID;
import io.navpack.hazelcast.internal.ProvenOn;

/**
 * Reads the columns of a navpack map's values for Hazelcast's SQL engine, straight from the stored
 * bytes: a value held as Hazelcast {@code Data} (BINARY in-memory format) is viewed in place — no
 * serializer lookup, no deserialisation, nothing copied — and a value held as an object (OBJECT format,
 * entry processors) is used as it is. A row's columns are read in one pass over the value: a {@link RecordPointer}
 * on the row finds the top-level fields the columns need as it goes (continuing where the last column stopped), and
 * each column reads only its own field, and the nested fields on its path, with no view per nested record.
 *
 * <p>One target serves one processor thread and is reset for every row ({@link #setTarget}).
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
final class NavpackQueryTarget implements QueryTarget {

    private final InternalSerializationService serializationService;
    /** The registry of the values read here, learned from the first value deserialised the usual way. */
    private SchemaRegistry registry;
    private Object target;
    private Data data;
    private PackedRecord record;
    /** The current row's value, pointed at once per row ({@link #openRow}). */
    private final RecordPointer row = new RecordPointer();
    private boolean rowOpen;

    /** The target of the same rows' keys, when Hazelcast created it just before this one; null otherwise. */
    private final KeyTarget key;

    NavpackQueryTarget(InternalSerializationService serializationService, KeyTarget key) {
        this.serializationService = serializationService;
        this.key = key;
    }

    @Override
    public void setTarget(Object target, Data targetData) {
        this.target = target;
        this.data = targetData;
        this.record = null;
        this.rowOpen = false;
    }

    /** Points {@link #row} at the current value (its stored bytes where it is held as bytes); false for a null value. */
    private boolean openRow() {
        if (rowOpen) {
            return true;
        }
        Data d = data;
        if (target == null && registry != null && d instanceof HeapData && d.getType() == NavpackSerializer.TYPE_ID) {
            byte[] b = d.toByteArray();
            int p = HeapData.DATA_OFFSET;
            int length = PackedInts.readInt(b, p, b.length);
            p = PackedInts.skipInt(b, p, b.length);
            row.open(b, p, length, registry);
        } else {
            PackedRecord r = record();
            if (r == null) {
                return false;
            }
            row.open(r);
        }
        rowOpen = true;
        return true;
    }

    /** The current value as a navpack view; null for a null value. */
    PackedRecord record() {
        PackedRecord r = record;
        if (r == null && (target != null || data != null)) {
            r = resolve();
            record = r;
        }
        return r;
    }

    private PackedRecord resolve() {
        Object t = target;
        if (t == null) {
            Data d = data;
            if (registry != null && d instanceof HeapData && d.getType() == NavpackSerializer.TYPE_ID) {
                byte[] b = d.toByteArray();
                int p = HeapData.DATA_OFFSET;
                int length = PackedInts.readInt(b, p, b.length);
                p = PackedInts.skipInt(b, p, b.length);
                return PackedRecord.of(b, p, length, registry);
            }
            t = serializationService.toObject(d);
            target = t;
        }
        if (t instanceof PackedGenericRecord) {
            PackedRecord r = ((PackedGenericRecord) t).record();
            registry = r.registry();
            return r;
        }
        if (t instanceof PackedRecord) {
            registry = ((PackedRecord) t).registry();
            return (PackedRecord) t;
        }
        String k = key == null ? null : key.describe(serializationService);
        throw QueryException.dataException("a navpack mapping (TYPE NavpackMap) met" + (k == null ? "" : " at key " + k)
                + " a value that is not a navpack value but " + SerializationInternals.describeFormat(t)
                + ", written by a client without navpack configuration for its class. Write it again through navpack"
                + " (NavpackConfig.of(YourClass.class) on the writer) or remove it; a map that is meant to hold other"
                + " formats is mapped with TYPE IMap; " + NavpackSettings.MAPS + " makes a map refuse them at the put");

    }

    @Override
    public QueryExtractor createExtractor(String path, QueryDataType type) {
        if (path == null || path.equals(NavpackSqlConnector.BASE_COLUMN)) {
            return () -> {
                PackedRecord r = record();
                return r == null ? null : PackedGenericRecord.of(r);
            };
        }
        return new FieldExtractor(path, type);
    }

    /**
     * One column: the fields on its path, converted to its SQL type. A top-level field is read from the row's pointer
     * ({@link #openRow}: found in the row's one pass); a nested one by moving a {@link RecordPointer} from record to
     * nested record (no view per level), each step's field found once per schema of the record it is looked up in.
     */
    private final class FieldExtractor implements QueryExtractor {
        private final String path;
        private final ValueColumns.Step[] steps;
        private final QueryDataType type;
        private final boolean json;
        /** Per step, the schema whose index of the step's field is in {@link #fields}. */
        private final Schema[] schemas;
        private final int[] fields;
        private final RecordPointer[] levels;
        private final RecordPointer.Elements elements = new RecordPointer.Elements();

        FieldExtractor(String path, QueryDataType type) {
            this.path = path;
            this.steps = ValueColumns.steps(path);
            this.type = type;
            this.json = type.getTypeFamily() == QueryDataTypeFamily.JSON;
            this.schemas = new Schema[steps.length];
            this.fields = new int[steps.length];
            this.levels = new RecordPointer[steps.length];
            for (int i = 0; i < levels.length; i++) {
                levels[i] = new RecordPointer();
            }
        }

        /** The index of step {@code i}'s field in {@code s}, or -1 (a version of the type without it). */
        private int field(int i, Schema s) {
            if (schemas[i] != s) {
                fields[i] = s.indexOf(steps[i].name());
                schemas[i] = s;
            }
            return fields[i];
        }

        @Override
        public Object get() {
            if (!openRow()) {
                return null;
            }
            Schema s = row.schema();
            try {
                if (steps.length == 1 && steps[0].index() < 0) {
                    int top = field(0, s);
                    if (top < 0) {
                        return null; // a version of the type without this field
                    }
                    row.scan(top);
                    return byKind(row.get(top), s.field(top).type().kind());
                }
                return toSql(nested(), type, json);
            } catch (QueryException e) {
                throw e;
            } catch (RuntimeException e) {
                throw QueryException.dataException("Failed to extract navpack field \"" + path + "\" of a "
                        + s.typeName() + ": " + e.getMessage(), e);
            }
        }

        /** The value at a path of several steps, or with an element index, read in one pass. */
        private Object nested() {
            RecordPointer p = row;
            for (int i = 0; ; i++) {
                ValueColumns.Step step = steps[i];
                Schema s = p.schema();
                int f = field(i, s);
                if (f < 0) {
                    return null;
                }
                FieldType t = s.field(f).type();
                boolean last = i == steps.length - 1;
                if (i == 0) {
                    row.scan(f);
                }
                if (step.index() >= 0 && t.kind().isCollection()) {
                    if (elements.open(p, f) <= step.index()) {
                        return null;
                    }
                    while (elements.next() && elements.index() < step.index()) {
                        // skip to the element
                    }
                    if (last || elements.isNull()) {
                        return elements.get();
                    }
                    if (levels[i + 1].enter(elements) == null) {
                        return null;
                    }
                } else {
                    if (step.index() > 0) {
                        return null; // a single value is a list of one
                    }
                    if (last) {
                        return p.get(f);
                    }
                    if (t.kind().isCollection()) {
                        throw FieldPath.repeatedStep(path, step.end(), s, "a SQL column", false);
                    }
                    if (levels[i + 1].enter(p, f) == null) {
                        return null;
                    }
                }
                p = levels[i + 1];
            }
        }

        /**
         * A top-level field's value as the column's type, chosen by the field's kind: scalars go straight to
         * Hazelcast's conversion, with no type checks against interfaces (slow on JDK 17 when they fail).
         */
        private Object byKind(Object v, Kind kind) {
            if (v == null) {
                return null;
            }
            if (json) {
                return new HazelcastJsonValue(JsonWriter.compact(v));
            }
            switch (kind) {
                case RECORD:
                case LIST:
                case SET:
                case ARRAY:
                case MAP:
                    return toSql(v, type, false);
                case UUID:
                    return type.convert(v.toString());
                case INSTANT:
                    return type.convert(OffsetDateTime.ofInstant((Instant) v, ZoneOffset.UTC));
                default:
                    return type.convert(v);
            }
        }
    }

    /** A field value in its plain form as a value of SQL type {@code type}. */
    static Object toSql(Object v, QueryDataType type, boolean json) {
        if (v == null) {
            return null;
        }
        if (json) {
            return new HazelcastJsonValue(JsonWriter.compact(v));
        }
        if (v instanceof PackedRecord) {
            if (type.getTypeFamily() == QueryDataTypeFamily.OBJECT) {
                return PackedGenericRecord.of((PackedRecord) v);
            }
            if (type.getTypeFamily() == QueryDataTypeFamily.VARCHAR) {
                return JsonWriter.compact(v);
            }
            throw new IllegalArgumentException("a record cannot be read as " + type.getTypeFamily());
        }
        if (v instanceof Collection || v instanceof Map || (v.getClass().isArray() && !(v instanceof byte[]))) {
            if (type.getTypeFamily() == QueryDataTypeFamily.VARCHAR) {
                return JsonWriter.compact(v);
            }
            if (type.getTypeFamily() != QueryDataTypeFamily.OBJECT) {
                throw new IllegalArgumentException("a list, set, array or map cannot be read as " + type.getTypeFamily()
                        + " (map it as JSON)");
            }
            return v;
        }
        if (v instanceof UUID) {
            v = v.toString();
        } else if (v instanceof Instant) {
            v = OffsetDateTime.ofInstant((Instant) v, ZoneOffset.UTC);
        }
        return type.convert(v);
    }

    /** Creates the target on every member; holds nothing. */
    public static final class Descriptor implements QueryTargetDescriptor, DataSerializable {
        public Descriptor() {
        }

        @Override
        public QueryTarget create(InternalSerializationService serializationService, Extractors extractors, boolean isKey) {
            if (isKey) {
                throw new NavpackException("navpack values are map values, not keys");
            }
            return new NavpackQueryTarget(serializationService, KeyTarget.takeCreated());
        }

        @Override
        public void writeData(ObjectDataOutput out) {
        }

        @Override
        public void readData(ObjectDataInput in) {
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Descriptor;
        }

        @Override
        public int hashCode() {
            return Descriptor.class.hashCode();
        }
    }
}
