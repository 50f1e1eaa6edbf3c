package io.navpack.sql;

import com.hazelcast.config.IndexConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.jet.sql.impl.connector.SqlConnector;
import com.hazelcast.jet.sql.impl.connector.keyvalue.KvMetadataJavaResolver;
import com.hazelcast.map.impl.MapContainer;
import com.hazelcast.map.impl.MapService;
import com.hazelcast.map.impl.MapServiceContext;
import com.hazelcast.spi.impl.NodeEngine;
import com.hazelcast.sql.impl.QueryException;
import com.hazelcast.sql.impl.schema.ConstantTableStatistics;
import com.hazelcast.sql.impl.schema.MappingField;
import com.hazelcast.sql.impl.schema.TableField;
import com.hazelcast.sql.impl.schema.map.MapTableUtils;
import com.hazelcast.sql.impl.type.QueryDataType;
import com.hazelcast.sql.impl.type.QueryDataTypeFamily;
import io.navpack.format.Field;
import io.navpack.format.FieldType;
import io.navpack.format.Kind;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;
import io.navpack.hazelcast.internal.ProvenOn;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A {@code NavpackMap} mapping whose rows are the occurrences of a repeated element:
 * {@code CREATE MAPPING tx TYPE NavpackMap OPTIONS ('rows' = 'FIToFICstmrCdtTrf.CdtTrfTxInf[any]')} has a row per
 * transaction of every message in the map. Its columns:
 * <ul>
 *   <li>{@code __key}: the key of the entry the row comes from (of an SQL type);</li>
 *   <li>{@code __index}: the occurrence's position in its list, from 0;</li>
 *   <li>the fields of the element's type, nested records flattened as in a value mapping
 *       ({@code "IntrBkSttlmAmt"}, {@code "DbtrAgt.FinInstnId.BICFI"}; external name {@code this.<path>}), or one
 *       column named after the element for a list of scalars (external name {@code this});</li>
 *   <li>the fields of the value named by the option {@value #OPTION_PARENT_FIELDS}
 *       ({@code 'FIToFICstmrCdtTrf.GrpHdr.MsgId, ...'}), each named by its path (external name
 *       {@code entry.<path>}).</li>
 * </ul>
 * A column list may choose and rename them ({@code ccy VARCHAR EXTERNAL NAME "this.IntrBkSttlmAmt_Ccy"}). The table
 * is read by {@link RowsConnector}; it is read-only.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
final class RowsMapping {
    /** Option naming the repeated element whose occurrences are the rows, e.g. {@code 'lines[any]'}. */
    static final String OPTION_ROWS = "rows";
    /** Option listing fields of the value, by path from its root, to add as columns to every row. */
    static final String OPTION_PARENT_FIELDS = "parentFields";
    static final String KEY = "__key";
    static final String INDEX = "__index";
    static final String ELEMENT_PREFIX = "this";
    static final String PARENT_PREFIX = "entry.";

    private RowsMapping() {
    }

    /** The repeated element of a rows path, resolved against a value type's schema. */
    record Element(String path, String[] steps, boolean[] any, String name, FieldType type, Schema schema) {
    }

    /** A rows path split into its steps: field names, and whether each is followed by {@code [any]}. */
    record Steps(String[] names, boolean[] any, String path) {
    }

    /** Splits {@code path} ({@code a.b[any].c[any]}) into its steps, checking its form. */
    static Steps steps(String path) {
        if (path == null || path.isBlank()) {
            throw QueryException.error("option '" + OPTION_ROWS + "' names no path");
        }
        String[] raw = path.trim().split("\\.", -1);
        String[] steps = new String[raw.length];
        boolean[] any = new boolean[raw.length];
        StringBuilder normalized = new StringBuilder();
        for (int i = 0; i < raw.length; i++) {
            String s = raw[i].trim();
            int b = s.indexOf('[');
            if (b >= 0) {
                if (!s.substring(b).equals("[any]")) {
                    throw QueryException.error("option '" + OPTION_ROWS + "' = '" + path + "': a step names a field, "
                            + "with [any] after a repeated one (" + s + " is neither)");
                }
                any[i] = true;
                s = s.substring(0, b);
            }
            if (s.isEmpty()) {
                throw QueryException.error("option '" + OPTION_ROWS + "' = '" + path + "' has an empty step");
            }
            steps[i] = s;
            normalized.append(i == 0 ? "" : ".").append(s).append(any[i] ? "[any]" : "");
        }
        if (!any[any.length - 1]) {
            throw QueryException.error("option '" + OPTION_ROWS + "' = '" + path + "' must end with [any] on the repeated "
                    + "element whose occurrences are the rows, e.g. '" + path + "[any]'");
        }
        return new Steps(steps, any, normalized.toString());
    }

    /** Parses {@code path} ({@code a.b[any].c[any]}) and checks it against {@code root}'s schema. */
    static Element element(String path, Schema root, SchemaRegistry registry) {
        Steps parsed = steps(path);
        String[] steps = parsed.names();
        boolean[] any = parsed.any();
        Schema s = root;
        FieldType element = null;
        for (int i = 0; i < steps.length; i++) {
            Field f = s.field(steps[i]);
            if (f == null) {
                throw QueryException.error("option '" + OPTION_ROWS + "' = '" + path + "': " + s.typeName()
                        + " has no field '" + steps[i] + "' (its fields: " + String.join(", ", s.fieldNames()) + ")");
            }
            FieldType t = f.type();
            boolean repeated = t.kind() == Kind.LIST || t.kind() == Kind.SET || t.kind() == Kind.ARRAY;
            if (t.kind() == Kind.MAP) {
                throw QueryException.error("option '" + OPTION_ROWS + "' = '" + path + "': '" + steps[i]
                        + "' is a map; rows come from lists, sets, arrays and repeated elements");
            }
            if (repeated && !any[i]) {
                throw QueryException.error("option '" + OPTION_ROWS + "' = '" + path + "': '" + steps[i] + "' repeats ("
                        + t + "): write " + steps[i] + "[any] to go through each occurrence");
            }
            element = repeated ? t.element() : t;
            if (i < steps.length - 1) {
                Schema next = element.kind() == Kind.RECORD ? ValueColumns.newest(registry, element.name()) : null;
                if (next == null) {
                    throw QueryException.error("option '" + OPTION_ROWS + "' = '" + path + "': '" + steps[i]
                            + "' is not a record of a type the cluster knows (" + t + "), so no field lies below it");
                }
                s = next;
            }
        }
        Schema schema = element.kind() == Kind.RECORD ? ValueColumns.newest(registry, element.name()) : null;
        return new Element(parsed.path(), steps, any, steps[steps.length - 1], element, schema);
    }

    /** The paths of option {@value #OPTION_PARENT_FIELDS}, each checked against {@code root}. */
    static Map<String, FieldType> parentFields(Map<String, String> options, Schema root, SchemaRegistry registry) {
        Map<String, FieldType> out = new LinkedHashMap<>();
        String list = options.get(OPTION_PARENT_FIELDS);
        if (list == null || list.isBlank()) {
            return out;
        }
        for (String p : list.split(",")) {
            String path = p.trim();
            if (path.isEmpty()) {
                continue;
            }
            FieldType t = path.indexOf('[') >= 0 ? null : ValueColumns.typeAt(root, path, registry);
            if (t == null) {
                throw QueryException.error("option '" + OPTION_PARENT_FIELDS + "': '" + path + "' is not a field path of "
                        + root.typeName() + " (field names through nested records, with dots; its fields: "
                        + String.join(", ", root.fieldNames()) + ")");
            }
            out.put(path, t);
        }
        return out;
    }

    /** {@code resolveAndValidateFields} of a rows mapping. */
    static List<MappingField> resolve(NodeEngine nodeEngine, SqlConnector.SqlExternalResource resource,
                                      List<MappingField> userFields) {
        String mapName = NavpackSqlConnector.mapName(resource.externalName());
        Map<String, String> options = resource.options();
        NavpackSqlConnector.checkValueFormat(options);
        InternalSerializationService ss = (InternalSerializationService) nodeEngine.getSerializationService();
        SchemaRegistry registry = NavpackSqlConnector.registry(nodeEngine);
        NavpackSqlConnector.Sample sample = null;
        String typeName = options.get(NavpackSqlConnector.OPTION_VALUE_TYPE);
        if (typeName == null) {
            sample = NavpackSqlConnector.sample(nodeEngine, mapName);
            typeName = sample.valueType(ss, registry, mapName);
        }
        Schema root = ValueColumns.newest(registry, typeName);
        if (root == null) {
            throw QueryException.error("no navpack type named '" + typeName + "' is known in the cluster (known: "
                    + NavpackSqlConnector.knownTypes(registry) + "); write a value of it first, or correct "
                    + NavpackSqlConnector.OPTION_VALUE_TYPE);
        }
        Element element = element(options.get(OPTION_ROWS), root, registry);
        Map<String, FieldType> parents = parentFields(options, root, registry);

        MappingField declaredKey = userFields.stream()
                .filter(f -> KEY.equals(f.externalName()) || (f.externalName() == null && KEY.equals(f.name())))
                .findFirst().orElse(null);
        QueryDataType keyType;
        if (declaredKey != null) {
            keyType = declaredKey.type();
        } else if (options.get(SqlConnector.OPTION_KEY_FORMAT) != null) {
            keyType = KvMetadataJavaResolver.INSTANCE.resolveAndValidateFields(true, List.of(), options, ss)
                    .filter(f -> f.name().equals(KEY)).findFirst().map(MappingField::type).orElse(QueryDataType.OBJECT);
        } else {
            if (sample == null) {
                sample = NavpackSqlConnector.sample(nodeEngine, mapName);
            }
            keyType = sample.keyType(ss, mapName);
        }
        if (keyType.getTypeFamily() == QueryDataTypeFamily.OBJECT) {
            throw QueryException.error("the map's keys are not of an SQL type: a rows mapping needs keys of one (numbers, "
                    + "strings, dates...); give their type with OPTIONS ('" + SqlConnector.OPTION_KEY_FORMAT
                    + "' = 'varchar') or a __key column");
        }

        // every column the mapping can have, by name: external name and natural type
        Map<String, MappingField> available = new LinkedHashMap<>();
        available.put(KEY, new MappingField(KEY, keyType, KEY));
        available.put(INDEX, new MappingField(INDEX, QueryDataType.INT, INDEX));
        if (element.schema() != null) {
            for (ValueColumns.Column c : ValueColumns.of(element.schema(), registry,
                    NavpackSqlConnector.maxColumns(options))) {
                available.put(c.name, new MappingField(c.name, c.type, ELEMENT_PREFIX + "." + c.path));
            }
        } else {
            available.put(element.name(), new MappingField(element.name(), ValueColumns.sqlType(element.type()),
                    ELEMENT_PREFIX));
        }
        for (Map.Entry<String, FieldType> p : parents.entrySet()) {
            MappingField clash = available.get(p.getKey());
            if (clash != null) {
                throw QueryException.error("column '" + p.getKey() + "' is both a field of the element " + element.path()
                        + " and a parent field: give the mapping a column list that names them apart, e.g. \""
                        + p.getKey() + "_parent\" ... EXTERNAL NAME \"" + PARENT_PREFIX + p.getKey() + "\"");
            }
            available.put(p.getKey(), new MappingField(p.getKey(), ValueColumns.sqlType(p.getValue()),
                    PARENT_PREFIX + p.getKey()));
        }
        if (userFields.isEmpty()) {
            return new ArrayList<>(available.values());
        }
        List<MappingField> out = new ArrayList<>();
        for (MappingField f : userFields) {
            String ext = f.externalName();
            MappingField natural;
            if (ext == null) {
                natural = available.get(f.name());
                if (natural == null && element.schema() != null && f.name().indexOf('[') < 0) {
                    // a field of the element below the levels flattened without a column list
                    FieldType t = ValueColumns.typeAt(element.schema(), f.name(), registry);
                    natural = t == null ? null : new MappingField(f.name(), ValueColumns.sqlType(t),
                            ELEMENT_PREFIX + "." + f.name());
                }
                if (natural == null) {
                    throw QueryException.error("column '" + f.name() + "' is neither __key, __index, a field of the "
                            + "element " + element.path() + " nor a parent field; its columns: "
                            + String.join(", ", available.keySet()));
                }
                ext = natural.externalName();
            } else {
                natural = byExternalName(ext, available, element, root, registry);
            }
            if (!NavpackSqlConnector.compatible(natural.type(), f.type())) {
                throw QueryException.error("column '" + f.name() + "' is declared " + f.type().getTypeFamily() + " but "
                        + ext + " is read as " + natural.type().getTypeFamily());
            }
            out.add(new MappingField(f.name(), f.type(), ext));
        }
        return out;
    }

    private static MappingField byExternalName(String ext, Map<String, MappingField> available, Element element,
                                               Schema root, SchemaRegistry registry) {
        for (MappingField m : available.values()) {
            if (m.externalName().equals(ext)) {
                return m;
            }
        }
        if (ext.startsWith(PARENT_PREFIX)) {
            String path = ext.substring(PARENT_PREFIX.length());
            FieldType t = path.indexOf('[') >= 0 ? null : ValueColumns.typeAt(root, path, registry);
            if (t != null) {
                return new MappingField(path, ValueColumns.sqlType(t), ext);
            }
        } else if (ext.startsWith(ELEMENT_PREFIX + ".") && element.schema() != null) {
            String path = ext.substring(ELEMENT_PREFIX.length() + 1);
            FieldType t = path.indexOf('[') >= 0 ? null : ValueColumns.typeAt(element.schema(), path, registry);
            if (t != null) {
                return new MappingField(path, ValueColumns.sqlType(t), ext);
            }
        }
        throw QueryException.error("external name '" + ext + "' names no column of rows " + element.path() + ": "
                + KEY + ", " + INDEX + ", " + ELEMENT_PREFIX + (element.schema() != null ? ".<field of "
                + element.schema().typeName() + ">" : "") + " or " + PARENT_PREFIX + "<field of " + root.typeName() + ">");
    }

    /** {@code createTable} of a rows mapping. */
    static RowsTable createTable(NodeEngine nodeEngine, String schemaName, String mappingName,
                                 SqlConnector.SqlExternalResource resource, List<MappingField> fields) {
        String mapName = NavpackSqlConnector.mapName(resource.externalName());
        Steps steps = steps(resource.options().get(OPTION_ROWS));
        int n = fields.size();
        RowsSpec.Source[] sources = new RowsSpec.Source[n];
        String[][] paths = new String[n][];
        QueryDataType[] types = new QueryDataType[n];
        List<TableField> tableFields = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            MappingField f = fields.get(i);
            String ext = f.externalName();
            if (ext.equals(KEY)) {
                sources[i] = RowsSpec.Source.KEY;
                paths[i] = new String[0];
            } else if (ext.equals(INDEX)) {
                sources[i] = RowsSpec.Source.INDEX;
                paths[i] = new String[0];
            } else if (ext.equals(ELEMENT_PREFIX)) {
                sources[i] = RowsSpec.Source.ELEMENT;
                paths[i] = new String[0];
            } else if (ext.startsWith(ELEMENT_PREFIX + ".")) {
                sources[i] = RowsSpec.Source.ELEMENT;
                paths[i] = ext.substring(ELEMENT_PREFIX.length() + 1).split("\\.", -1);
            } else if (ext.startsWith(PARENT_PREFIX)) {
                sources[i] = RowsSpec.Source.PARENT;
                paths[i] = ext.substring(PARENT_PREFIX.length()).split("\\.", -1);
            } else {
                throw QueryException.error("mapping " + mappingName + " has a column of unknown origin (" + ext
                        + "): recreate it");
            }
            types[i] = f.type();
            tableFields.add(new TableField(f.name(), f.type(), false));
        }
        RowsSpec spec = new RowsSpec(steps.path(), steps.names(), steps.any(), sources, paths, types);

        MapService service = nodeEngine.getService(MapService.SERVICE_NAME);
        MapServiceContext context = service.getMapServiceContext();
        MapContainer container = context.getExistingMapContainer(mapName);
        Map<String, RowsTable.Index> indexes = new TreeMap<>();
        if (container != null && container.shouldUseGlobalIndex()) {
            for (IndexConfig ic : container.getIndexDefinitions().values()) {
                if (ic.getAttributes().size() == 1 && ic.getType() != IndexType.BITMAP) {
                    String attribute = ic.getAttributes().get(0);
                    attribute = attribute.startsWith("this.") ? attribute.substring("this.".length()) : attribute;
                    indexes.putIfAbsent(attribute, new RowsTable.Index(ic.getName(), ic.getType()));
                }
            }
        }
        long entries = MapTableUtils.estimatePartitionedMapRowCount(nodeEngine, context, mapName);
        return new RowsTable(RowsConnector.INSTANCE, tableFields, schemaName, mappingName, mapName, spec,
                new ConstantTableStatistics(entries * 2), indexes);
    }
}
