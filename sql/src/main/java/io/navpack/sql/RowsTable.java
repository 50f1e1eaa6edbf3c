package io.navpack.sql;

import com.hazelcast.config.IndexType;
import com.hazelcast.jet.sql.impl.connector.SqlConnector;
import com.hazelcast.jet.sql.impl.schema.JetTable;
import com.hazelcast.sql.impl.optimizer.PlanObjectKey;
import com.hazelcast.sql.impl.schema.TableField;
import com.hazelcast.sql.impl.schema.TableStatistics;
import io.navpack.hazelcast.internal.ProvenOn;

import java.util.List;
import java.util.Map;

/**
 * The table of a rows mapping ({@link RowsMapping}): a row per occurrence of a repeated element in the values of
 * one IMap, read by {@link RowsConnector}.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
final class RowsTable extends JetTable {
    /** A single-attribute HASH or SORTED index of the map. */
    record Index(String name, IndexType type) {
    }

    private final String mapName;
    private final RowsSpec spec;
    /** The map's indexes by attribute, when the table was created. */
    private final Map<String, Index> indexes;

    RowsTable(SqlConnector connector, List<TableField> fields, String schemaName, String name, String mapName,
              RowsSpec spec, TableStatistics statistics, Map<String, Index> indexes) {
        super(connector, fields, schemaName, name, statistics, null, false);
        this.mapName = mapName;
        this.spec = spec;
        this.indexes = indexes;
    }

    String mapName() {
        return mapName;
    }

    RowsSpec spec() {
        return spec;
    }

    /** The index whose attribute holds the values of {@code column} in every entry's rows, or null. */
    Index indexOf(int column) {
        String attribute = spec.indexAttribute(column);
        return attribute == null ? null : indexes.get(attribute);
    }

    @Override
    public PlanObjectKey getObjectKey() {
        return new Key(getSchemaName(), getSqlName(), mapName, getFields(), spec, indexes);
    }

    /** Plans over this table are kept while the mapping, its columns and the map's indexes stay the same. */
    private record Key(String schema, String name, String mapName, List<TableField> fields, RowsSpec spec,
                       Map<String, Index> indexes) implements PlanObjectKey {
    }
}
