package io.navpack.sql;

import com.hazelcast.internal.serialization.Data;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.jet.Traversers;
import com.hazelcast.jet.core.AbstractProcessor;
import com.hazelcast.jet.core.Processor;
import com.hazelcast.jet.core.ProcessorSupplier;
import com.hazelcast.jet.sql.impl.ExpressionUtil;
import com.hazelcast.map.impl.LazyMapEntry;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.DataSerializable;
import com.hazelcast.sql.impl.QueryException;
import com.hazelcast.sql.impl.expression.Expression;
import com.hazelcast.sql.impl.expression.ExpressionEvalContext;
import com.hazelcast.sql.impl.row.JetSqlRow;
import com.hazelcast.sql.impl.row.Row;
import io.navpack.format.PackedRecord;
import io.navpack.hazelcast.NavpackSettings;
import io.navpack.hazelcast.PackedGenericRecord;
import io.navpack.hazelcast.internal.ProvenOn;
import io.navpack.hazelcast.internal.SerializationInternals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The rows of a rows mapping, made on the members from the map's entries: each entry's value is walked to the
 * occurrences of the repeated element ({@link RowsSpec#forEachOccurrence}), each occurrence is a row whose columns
 * are read only when the statement's filter or projection asks for them, and the filter and projection are
 * evaluated there. The entries come from a scan of the partitions (Jet's map source) or from an index lookup
 * ({@link RowsConnector}); either way every entry reaches one processor once.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
final class RowsScan extends AbstractProcessor {
    /** Entries this JVM has walked for rows statements: what an index lookup saves shows here. */
    private static final AtomicLong ENTRIES_READ = new AtomicLong();

    private final RowsSpec spec;
    private final Expression<Boolean> filter;
    private final List<Expression<?>> projection;
    private ExpressionEvalContext evalContext;
    private InternalSerializationService ss;
    private FlatMapper<Object, JetSqlRow> mapper;

    RowsScan(RowsSpec spec, Expression<Boolean> filter, List<Expression<?>> projection) {
        this.spec = spec;
        this.filter = filter;
        this.projection = projection;
    }

    /** Entries walked for rows statements in this JVM so far. */
    static long entriesRead() {
        return ENTRIES_READ.get();
    }

    @Override
    protected void init(Context context) {
        evalContext = ExpressionEvalContext.from(context);
        ss = (InternalSerializationService) evalContext.getSerializationService();
        OccurrenceRow row = new OccurrenceRow(spec, ss);
        mapper = flatMapper(item -> Traversers.traverseIterable(rows(item, row)));
    }

    @Override
    protected boolean tryProcess0(Object item) {
        return mapper.tryProcess(item);
    }

    private List<JetSqlRow> rows(Object item, OccurrenceRow row) {
        Object key;
        Object value;
        if (item instanceof LazyMapEntry<?, ?> e) {
            key = e.getKeyData();
            value = e.getValueData();
        } else if (item instanceof JetSqlRow r) {
            key = r.get(0);
            value = r.get(1);
        } else {
            Map.Entry<?, ?> e = (Map.Entry<?, ?>) item;
            key = e.getKey();
            value = e.getValue();
        }
        ENTRIES_READ.incrementAndGet();
        PackedRecord record = record(value, key);
        if (record == null) {
            return List.of();
        }
        row.entry(key, record);
        List<JetSqlRow> out = new ArrayList<>(4);
        spec.forEachOccurrence(record, (element, index) -> {
            row.occurrence(element, index);
            JetSqlRow r = ExpressionUtil.projection(filter, projection, row, evalContext);
            if (r != null) {
                out.add(r);
            }
        });
        return out;
    }

    private PackedRecord record(Object value, Object key) {
        Object v = value instanceof Data d ? ss.toObject(d) : value;
        if (v == null) {
            return null;
        }
        if (v instanceof PackedGenericRecord g) {
            return g.record();
        }
        if (v instanceof PackedRecord r) {
            return r;
        }
        Object k = key instanceof Data d ? ss.toObject(d) : key;
        throw QueryException.dataException("a navpack rows mapping met at key " + k + " a value that is not a navpack"
                + " value but " + SerializationInternals.describeFormat(v) + ", written by a client without navpack"
                + " configuration for its class. Write it again through navpack (NavpackConfig.of(YourClass.class) on the"
                + " writer) or remove it; " + NavpackSettings.MAPS + " makes a map refuse them at the put");
    }

    /** One occurrence as a row: each column read when first asked for. */
    private static final class OccurrenceRow implements Row {
        private static final Object UNREAD = new Object();
        private final RowsSpec spec;
        private final InternalSerializationService ss;
        private final Object[] values;
        private Object key;
        private Object keyObject;
        private PackedRecord root;
        private Object element;
        private int index;

        OccurrenceRow(RowsSpec spec, InternalSerializationService ss) {
            this.spec = spec;
            this.ss = ss;
            this.values = new Object[spec.columnCount()];
        }

        void entry(Object key, PackedRecord root) {
            this.key = key;
            this.keyObject = UNREAD;
            this.root = root;
            // the parent columns are the same for every occurrence of the entry
            for (int i = 0; i < values.length; i++) {
                if (spec.source(i) == RowsSpec.Source.PARENT || spec.source(i) == RowsSpec.Source.KEY) {
                    values[i] = UNREAD;
                }
            }
        }

        void occurrence(Object element, int index) {
            this.element = element;
            this.index = index;
            for (int i = 0; i < values.length; i++) {
                if (spec.source(i) == RowsSpec.Source.ELEMENT || spec.source(i) == RowsSpec.Source.INDEX) {
                    values[i] = UNREAD;
                }
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T get(int column) {
            Object v = values[column];
            if (v == UNREAD) {
                v = read(column);
                values[column] = v;
            }
            return (T) v;
        }

        private Object read(int column) {
            try {
                switch (spec.source(column)) {
                    case KEY:
                        if (keyObject == UNREAD) {
                            keyObject = key instanceof Data d ? ss.toObject(d) : key;
                        }
                        return spec.type(column).convert(keyObject);
                    case INDEX:
                        return index;
                    case ELEMENT:
                        return spec.column(column, element);
                    default:
                        return spec.column(column, root);
                }
            } catch (QueryException e) {
                throw e;
            } catch (RuntimeException e) {
                String path = String.join(".", spec.path(column));
                throw QueryException.dataException("Failed to read " + (spec.source(column) == RowsSpec.Source.PARENT
                        ? "field \"" + path + "\" of a " + root.schema().typeName()
                        : "\"" + path + "\" of an occurrence of " + spec.rowsPath()) + ": " + e.getMessage(), e);
            }
        }

        @Override
        public int getColumnCount() {
            return values.length;
        }

        @Override
        public String toString() {
            return Arrays.toString(values);
        }
    }

    /** Creates the processors on every member; carries the spec, the filter and the projection. */
    static final class Supplier implements ProcessorSupplier, DataSerializable {
        private static final long serialVersionUID = 1L;
        private RowsSpec spec;
        private Expression<Boolean> filter;
        private List<Expression<?>> projection;

        public Supplier() {
            // for deserialisation
        }

        Supplier(RowsSpec spec, Expression<Boolean> filter, List<Expression<?>> projection) {
            this.spec = spec;
            this.filter = filter;
            this.projection = projection;
        }

        @Override
        public Collection<? extends Processor> get(int count) {
            List<Processor> out = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                out.add(new RowsScan(spec, filter, projection));
            }
            return out;
        }

        @Override
        public void writeData(ObjectDataOutput out) throws IOException {
            out.writeObject(spec);
            out.writeObject(filter);
            out.writeInt(projection.size());
            for (Expression<?> e : projection) {
                out.writeObject(e);
            }
        }

        @Override
        public void readData(ObjectDataInput in) throws IOException {
            spec = in.readObject();
            filter = in.readObject();
            int n = in.readInt();
            projection = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                projection.add(in.readObject());
            }
        }
    }
}
