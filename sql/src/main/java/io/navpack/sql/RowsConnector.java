package io.navpack.sql;

import com.hazelcast.cluster.Address;
import com.hazelcast.config.IndexType;
import com.hazelcast.function.FunctionEx;
import com.hazelcast.jet.core.DAG;
import com.hazelcast.jet.core.Edge;
import com.hazelcast.jet.core.EventTimePolicy;
import com.hazelcast.jet.core.Vertex;
import com.hazelcast.jet.core.processor.SourceProcessors;
import com.hazelcast.jet.sql.impl.connector.HazelcastRexNode;
import com.hazelcast.jet.sql.impl.connector.SqlConnector;
import com.hazelcast.jet.sql.impl.connector.map.IMapSqlConnector;
import com.hazelcast.shaded.org.apache.calcite.rex.RexCall;
import com.hazelcast.shaded.org.apache.calcite.rex.RexDynamicParam;
import com.hazelcast.shaded.org.apache.calcite.rex.RexInputRef;
import com.hazelcast.shaded.org.apache.calcite.rex.RexLiteral;
import com.hazelcast.shaded.org.apache.calcite.rex.RexNode;
import com.hazelcast.shaded.org.apache.calcite.sql.SqlKind;
import com.hazelcast.spi.impl.NodeEngine;
import com.hazelcast.sql.impl.QueryException;
import com.hazelcast.sql.impl.exec.scan.index.IndexEqualsFilter;
import com.hazelcast.sql.impl.exec.scan.index.IndexFilterValue;
import com.hazelcast.sql.impl.expression.ColumnExpression;
import com.hazelcast.sql.impl.expression.Expression;
import com.hazelcast.sql.impl.expression.ExpressionEvalContext;
import com.hazelcast.sql.impl.extract.GenericQueryTargetDescriptor;
import com.hazelcast.sql.impl.extract.QueryPath;
import com.hazelcast.sql.impl.row.JetSqlRow;
import com.hazelcast.sql.impl.schema.ConstantTableStatistics;
import com.hazelcast.sql.impl.schema.MappingField;
import com.hazelcast.sql.impl.schema.Table;
import com.hazelcast.sql.impl.schema.TableField;
import com.hazelcast.sql.impl.schema.map.MapTableField;
import com.hazelcast.sql.impl.schema.map.MapTableIndex;
import com.hazelcast.sql.impl.schema.map.PartitionedMapTable;
import com.hazelcast.sql.impl.type.QueryDataType;
import com.hazelcast.sql.impl.type.QueryDataTypeFamily;
import io.navpack.hazelcast.internal.ProvenOn;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs statements over rows mappings ({@link RowsTable}): a source of the map's entries — every entry of the
 * partitions each member owns (Jet's map source, which follows migrations), or, when the filter has an equality on
 * a column that one of the map's HASH or SORTED indexes holds, the entries that index finds (Hazelcast's own index
 * scan of the IMap connector) — and on the same member a {@link RowsScan} that turns each entry into its rows and
 * applies the whole filter and the projection. Aggregations, joins and sorting run above it as for any table.
 *
 * <p>It is not registered as a connector type: {@link NavpackSqlConnector} creates its tables for mappings with
 * the option {@value RowsMapping#OPTION_ROWS}. It offers no nested-loop join reader, so a rows table on the right of
 * a join is read by a full scan and joined by hash. Rows mappings are read-only.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
final class RowsConnector implements SqlConnector {
    static final RowsConnector INSTANCE = new RowsConnector();

    /** Column types whose SQL values equal the values an index holds for them, so an index lookup finds them all. */
    private static final Set<QueryDataTypeFamily> INDEXED_FAMILIES = EnumSet.of(QueryDataTypeFamily.VARCHAR,
            QueryDataTypeFamily.BOOLEAN, QueryDataTypeFamily.TINYINT, QueryDataTypeFamily.SMALLINT,
            QueryDataTypeFamily.INTEGER, QueryDataTypeFamily.BIGINT, QueryDataTypeFamily.DATE, QueryDataTypeFamily.TIME,
            QueryDataTypeFamily.TIMESTAMP);

    private RowsConnector() {
    }

    @Override
    public String typeName() {
        return NavpackSqlConnector.TYPE_NAME;
    }

    @Override
    public String defaultObjectType() {
        return "Map";
    }

    @Override
    public List<MappingField> resolveAndValidateFields(NodeEngine nodeEngine,
                                                       SqlExternalResource externalResource,
                                                       List<MappingField> userFields) {
        return RowsMapping.resolve(nodeEngine, externalResource, userFields);
    }

    @Override
    public Table createTable(NodeEngine nodeEngine, String schemaName, String mappingName,
                             SqlExternalResource externalResource, List<MappingField> resolvedFields) {
        return RowsMapping.createTable(nodeEngine, schemaName, mappingName, externalResource, resolvedFields);
    }

    @Override
    public boolean supportsExpression(HazelcastRexNode expression) {
        return true;
    }

    @Override
    public Vertex fullScanReader(DagBuildContext context, HazelcastRexNode predicate,
                                 List<HazelcastRexNode> projection,
                                 List<Map<String, Expression<?>>> partitionPruningCandidates,
                                 FunctionEx<ExpressionEvalContext, EventTimePolicy<JetSqlRow>> eventTimePolicyProvider) {
        if (eventTimePolicyProvider != null) {
            throw QueryException.error("Ordering functions are not supported on top of rows mappings");
        }
        RowsTable table = context.getTable();
        DAG dag = context.getDag();
        Vertex source = indexLookup(context, table, predicate);
        if (source == null) {
            source = dag.newUniqueVertex("Scan(IMap[" + table.mapName() + "])", SourceProcessors.readMapP(table.mapName()));
        }
        Vertex rows = dag.newUniqueVertex("Rows(" + table.getSqlName() + ": " + table.spec().rowsPath() + ")",
                new RowsScan.Supplier(table.spec(), context.convertFilter(predicate),
                        context.convertProjection(projection)));
        dag.edge(Edge.from(source).to(rows));
        return rows;
    }

    /**
     * A vertex emitting {@code [key, value]} for the entries that an index finds for an equality of the filter, or
     * null when no conjunct of the filter is {@code column = literal or parameter} on a column that an index holds.
     */
    private static Vertex indexLookup(DagBuildContext context, RowsTable table, HazelcastRexNode predicate) {
        if (predicate == null) {
            return null;
        }
        RexNode node = predicate.unwrap(RexNode.class);
        List<RexNode> conjuncts = node.getKind() == SqlKind.AND ? ((RexCall) node).getOperands() : List.of(node);
        RowsTable.Index best = null;
        RexNode value = null;
        for (RexNode c : conjuncts) {
            if (c.getKind() != SqlKind.EQUALS) {
                continue;
            }
            List<RexNode> operands = ((RexCall) c).getOperands();
            for (int side = 0; side < 2; side++) {
                RexNode column = operands.get(side);
                RexNode other = operands.get(1 - side);
                if (!(column instanceof RexInputRef ref) || !isConstant(other)) {
                    continue;
                }
                int i = ref.getIndex();
                RowsTable.Index index = table.indexOf(i);
                if (index != null && INDEXED_FAMILIES.contains(table.spec().type(i).getTypeFamily())
                        && (best == null || (best.type() != IndexType.HASH && index.type() == IndexType.HASH))) {
                    best = index;
                    value = other;
                }
            }
        }
        if (best == null) {
            return null;
        }
        Expression<?> v = context.convertProjection(List.of(HazelcastRexNode.wrap(value))).get(0);
        @SuppressWarnings({"rawtypes", "unchecked"})
        IndexFilterValue filterValue = new IndexFilterValue((List) List.of(v), List.of(false));
        PartitionedMapTable entries = new PartitionedMapTable(table.getSchemaName(), table.getSqlName(), table.mapName(),
                List.<TableField>of(new MapTableField(QueryPath.KEY, QueryDataType.OBJECT, false, QueryPath.KEY_PATH),
                        new MapTableField(QueryPath.VALUE, QueryDataType.OBJECT, false, QueryPath.VALUE_PATH)),
                new ConstantTableStatistics(0), GenericQueryTargetDescriptor.DEFAULT, GenericQueryTargetDescriptor.DEFAULT,
                null, null, List.of(), false, List.of(), false);
        MapTableIndex tableIndex = new MapTableIndex(best.name(), best.type(), 1, List.of(0),
                List.of(QueryDataType.OBJECT));
        Address local = context.getNodeEngine().getThisAddress();
        return IMapSqlConnector.INSTANCE.indexScanReader(new EntriesContext(context, entries), local, tableIndex, null,
                List.of(), new IndexEqualsFilter(filterValue), null, false, false);
    }

    private static boolean isConstant(RexNode node) {
        RexNode n = node;
        while (n.getKind() == SqlKind.CAST) {
            n = ((RexCall) n).getOperands().get(0);
        }
        return n instanceof RexLiteral || n instanceof RexDynamicParam;
    }

    /** The build context of the index lookup: the map as a table of {@code [key, value]}, projected whole. */
    private record EntriesContext(DagBuildContext outer, PartitionedMapTable table) implements DagBuildContext {
        @Override
        public NodeEngine getNodeEngine() {
            return outer.getNodeEngine();
        }

        @Override
        public DAG getDag() {
            return outer.getDag();
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T extends Table> T getTable() {
            return (T) table;
        }

        @Override
        public Expression<Boolean> convertFilter(HazelcastRexNode node) {
            return null;
        }

        @Override
        public List<Expression<?>> convertProjection(List<HazelcastRexNode> nodes) {
            return List.of(ColumnExpression.create(0, QueryDataType.OBJECT), ColumnExpression.create(1, QueryDataType.OBJECT));
        }
    }

    private static QueryException readOnly(DagBuildContext context) {
        Table t = context.getTable();
        return QueryException.error("mapping " + t.getSqlName() + " has a row per occurrence of a repeated element: it "
                + "is read-only; write the map through a mapping without the option '" + RowsMapping.OPTION_ROWS
                + "', or through the IMap");
    }

    @Override
    public VertexWithInputConfig insertProcessor(DagBuildContext context) {
        throw readOnly(context);
    }

    @Override
    public Vertex sinkProcessor(DagBuildContext context) {
        throw readOnly(context);
    }

    @Override
    public Vertex updateProcessor(DagBuildContext context, List<String> fieldNames,
                                  List<HazelcastRexNode> expressions, HazelcastRexNode predicate,
                                  boolean hasInput) {
        throw readOnly(context);
    }

    @Override
    public Vertex deleteProcessor(DagBuildContext context, HazelcastRexNode predicate,
                                  boolean hasInput) {
        throw readOnly(context);
    }
}
