package io.navpack.sql;

import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.DataSerializable;
import com.hazelcast.sql.impl.QueryException;
import com.hazelcast.sql.impl.type.QueryDataType;
import com.hazelcast.sql.impl.type.QueryDataTypeFamily;
import io.navpack.format.PackedRecord;
import io.navpack.hazelcast.internal.ProvenOn;

import java.io.IOException;
import java.io.Serializable;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.Collection;
import java.util.Objects;

/**
 * What a rows mapping reads ({@link RowsMapping}): the path to a repeated element, whose occurrences are the rows,
 * and where each column comes from — the entry's key, the occurrence's position, a field of the occurrence, or a
 * field of the value it occurs in. Travels to the members with the scan; {@link #forEachOccurrence} walks one value.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
final class RowsSpec implements DataSerializable, Serializable {
    private static final long serialVersionUID = 1L;

    /** Where a column's value comes from. */
    enum Source {
        /** The entry's key. */
        KEY,
        /** The occurrence's position in its list (0 for the first), in the last repeated step. */
        INDEX,
        /** A field of the occurrence, by its path below the element (the occurrence itself for an empty path). */
        ELEMENT,
        /** A field of the entry's value, by its path from the value's root. */
        PARENT
    }

    /** Receives the occurrences of a value. */
    interface Visitor {
        void occurrence(Object element, int index);
    }

    private String rowsPath;
    private String[] steps;
    private boolean[] any;
    private Source[] sources;
    private String[][] paths;
    private QueryDataType[] types;

    public RowsSpec() {
        // for deserialisation
    }

    RowsSpec(String rowsPath, String[] steps, boolean[] any, Source[] sources, String[][] paths, QueryDataType[] types) {
        this.rowsPath = rowsPath;
        this.steps = steps;
        this.any = any;
        this.sources = sources;
        this.paths = paths;
        this.types = types;
    }

    String rowsPath() {
        return rowsPath;
    }

    int columnCount() {
        return sources.length;
    }

    Source source(int column) {
        return sources[column];
    }

    String[] path(int column) {
        return paths[column];
    }

    QueryDataType type(int column) {
        return types[column];
    }

    /**
     * The index attribute that holds, for every entry, the values of {@code column} in all its rows
     * ({@code a.b[any].c} for the element field {@code c} of rows {@code a.b[any]}, the path itself for a field of
     * the value), or null when no attribute does.
     */
    String indexAttribute(int column) {
        switch (sources[column]) {
            case ELEMENT:
                return paths[column].length == 0 ? rowsPath : rowsPath + "." + String.join(".", paths[column]);
            case PARENT:
                return String.join(".", paths[column]);
            default:
                return null;
        }
    }

    /**
     * Calls {@code visitor} for every occurrence of the repeated element in {@code root}, in order: the elements of
     * each {@code [any]} step's list (a single value is a list of one; a field's further occurrences in its
     * {@code name$more} alternate follow its own), null occurrences skipped but counted in the positions.
     */
    void forEachOccurrence(PackedRecord root, Visitor visitor) {
        walk(root, 0, visitor);
    }

    private void walk(PackedRecord r, int step, Visitor visitor) {
        int f = r.schema().indexOf(steps[step]);
        Object value = f < 0 ? null : r.get(f);
        if (!any[step]) {
            if (isContainer(value)) {
                throw QueryException.dataException("'" + steps[step] + "' repeats in a " + r.schema().typeName()
                        + " value: the rows path '" + rowsPath + "' must say " + steps[step] + "[any] to take each "
                        + "occurrence (recreate the mapping with that path)");
            }
            next(value, step, 0, visitor);
            return;
        }
        int position = each(value, step, 0, visitor);
        int more = r.schema().indexOf(steps[step] + "$more");
        if (more >= 0) {
            each(r.get(more), step, position, visitor);
        }
    }

    /** Walks on from every element of {@code value}, numbered from {@code position}; returns the next position. */
    private int each(Object value, int step, int position, Visitor visitor) {
        int p = position;
        if (value == null) {
            return p;
        }
        if (value instanceof Collection<?> c) {
            for (Object e : c) {
                next(e, step, p++, visitor);
            }
        } else if (value.getClass().isArray() && !(value instanceof byte[])) {
            for (int i = 0, n = Array.getLength(value); i < n; i++) {
                next(Array.get(value, i), step, p++, visitor);
            }
        } else {
            next(value, step, p++, visitor);
        }
        return p;
    }

    private void next(Object e, int step, int index, Visitor visitor) {
        if (e == null) {
            return;
        }
        if (step == steps.length - 1) {
            visitor.occurrence(e, index);
        } else if (e instanceof PackedRecord r) {
            walk(r, step + 1, visitor);
        }
        // a value of another type where this one has a record: no rows from it
    }

    private static boolean isContainer(Object v) {
        return v instanceof Collection<?> || (v != null && v.getClass().isArray() && !(v instanceof byte[]));
    }

    /** The value at {@code path} below {@code start} (field names through nested records); null where one is missing. */
    static Object read(Object start, String[] path) {
        Object v = start;
        for (String name : path) {
            if (!(v instanceof PackedRecord r)) {
                return null;
            }
            int f = r.schema().indexOf(name);
            v = f < 0 ? null : r.get(f);
        }
        return v;
    }

    /** Column {@code column}'s value read from {@code start} (the occurrence or the value), as its SQL type. */
    Object column(int column, Object start) {
        QueryDataType type = types[column];
        return NavpackQueryTarget.toSql(read(start, paths[column]), type,
                type.getTypeFamily() == QueryDataTypeFamily.JSON);
    }

    @Override
    public void writeData(ObjectDataOutput out) throws IOException {
        out.writeString(rowsPath);
        out.writeStringArray(steps);
        out.writeBooleanArray(any);
        out.writeInt(sources.length);
        for (int i = 0; i < sources.length; i++) {
            out.writeByte(sources[i].ordinal());
            out.writeStringArray(paths[i]);
            out.writeObject(types[i]);
        }
    }

    @Override
    public void readData(ObjectDataInput in) throws IOException {
        rowsPath = in.readString();
        steps = in.readStringArray();
        any = in.readBooleanArray();
        int n = in.readInt();
        sources = new Source[n];
        paths = new String[n][];
        types = new QueryDataType[n];
        for (int i = 0; i < n; i++) {
            sources[i] = Source.values()[in.readByte()];
            paths[i] = in.readStringArray();
            types[i] = in.readObject();
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RowsSpec s && rowsPath.equals(s.rowsPath) && Arrays.equals(sources, s.sources)
                && Arrays.deepEquals(paths, s.paths) && Arrays.equals(types, s.types);
    }

    @Override
    public int hashCode() {
        return Objects.hash(rowsPath, Arrays.hashCode(sources), Arrays.deepHashCode(paths), Arrays.hashCode(types));
    }
}
