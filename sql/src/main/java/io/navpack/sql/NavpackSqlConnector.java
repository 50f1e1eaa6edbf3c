package io.navpack.sql;

import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.MapConfig;
import com.hazelcast.config.PartitioningAttributeConfig;
import com.hazelcast.config.PartitioningStrategyConfig;
import com.hazelcast.internal.serialization.Data;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.jet.impl.JetServiceBackend;
import com.hazelcast.jet.sql.impl.connector.keyvalue.KvMetadata;
import com.hazelcast.jet.sql.impl.connector.keyvalue.KvMetadataJavaResolver;
import com.hazelcast.jet.sql.impl.connector.map.IMapSqlConnector;
import com.hazelcast.map.impl.MapContainer;
import com.hazelcast.map.impl.MapService;
import com.hazelcast.map.impl.MapServiceContext;
import com.hazelcast.map.impl.PartitionContainer;
import com.hazelcast.map.impl.proxy.MapProxyImpl;
import com.hazelcast.map.impl.record.Record;
import com.hazelcast.map.impl.recordstore.RecordStore;
import com.hazelcast.spi.impl.NodeEngine;
import com.hazelcast.sql.impl.QueryException;
import com.hazelcast.sql.impl.extract.QueryPath;
import com.hazelcast.sql.impl.schema.ConstantTableStatistics;
import com.hazelcast.sql.impl.schema.MappingField;
import com.hazelcast.sql.impl.schema.Table;
import com.hazelcast.sql.impl.schema.TableField;
import com.hazelcast.sql.impl.schema.map.MapTableField;
import com.hazelcast.sql.impl.schema.map.MapTableIndex;
import com.hazelcast.sql.impl.schema.map.MapTableUtils;
import com.hazelcast.sql.impl.schema.map.PartitionedMapTable;
import com.hazelcast.sql.impl.type.QueryDataType;
import com.hazelcast.sql.impl.type.QueryDataTypeFamily;
import io.navpack.format.FieldType;
import io.navpack.format.Kind;
import io.navpack.format.PackedRecord;
import io.navpack.format.RecordBinding;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;
import io.navpack.hazelcast.NavpackContext;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static com.hazelcast.jet.impl.JobRepository.INTERNAL_JET_OBJECTS_PREFIX;
import io.navpack.hazelcast.internal.ProvenOn;
import com.hazelcast.jet.core.DefaultPartitionStrategy;
import com.hazelcast.sql.impl.type.QueryDataTypeUtils;

/**
 * Hazelcast SQL over navpack maps, on members without the user's classes:
 * {@code CREATE MAPPING trades TYPE NavpackMap} maps the IMap {@code trades} with one column per field of
 * its values' type (nested records flattened into columns such as {@code "customer.address.city"}), the
 * key as {@code __key}, and the hidden column {@code this} for the whole value.
 *
 * <p>The value type is the navpack type named by the option {@value #OPTION_VALUE_TYPE}, or else the type of
 * a value found in the map (on the member that runs {@code CREATE MAPPING}, else on the partitions'
 * owners). The key's format comes from the options {@code keyFormat} / {@code keyJavaClass} as for {@code TYPE IMap}, or else from a key found in
 * the map (a key of an SQL type: numbers, strings, dates...). A column list may be given instead; each
 * value column then names a field path with {@code EXTERNAL NAME "this.customer.address.city"} (or by its
 * name), and is checked against the type's schema.
 *
 * <p>This connector only resolves columns and describes the table: the table it returns is an ordinary
 * IMap table whose values are read ({@link NavpackQueryTarget}) and written ({@link NavpackUpsertTarget})
 * by navpack, so Hazelcast's IMap connector runs the statements — full scans, HASH and SORTED index scans,
 * joins, partition pruning, {@code INSERT}, {@code SINK INTO}, {@code UPDATE} and {@code DELETE}. The
 * classes of Hazelcast's SQL engine it relies on are internal (identical in 5.5, 5.6 and 5.7, where the
 * version tests run it); all navpack code that touches them is in this package.
 *
 * <p>With the option {@value RowsMapping#OPTION_ROWS} the mapping's rows are the occurrences of a repeated element
 * instead of the entries ({@link RowsMapping}, run by {@link RowsConnector}).
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
public class NavpackSqlConnector extends IMapSqlConnector {
    /** {@code CREATE MAPPING ... TYPE NavpackMap}. */
    public static final String TYPE_NAME = "NavpackMap";
    /** Option naming the navpack type of the values, e.g. {@code 'valueNavpackType' = 'Trade'}. */
    public static final String OPTION_VALUE_TYPE = "valueNavpackType";
    /**
     * Option bounding the columns of a mapping without a column list, e.g. {@code 'maxColumns' = '5000'}: nested
     * records are flattened level by level as deep as the columns stay within it (default
     * {@value ValueColumns#DEFAULT_MAX_COLUMNS}); the records below are {@code JSON} columns. A column list names
     * fields at any depth.
     */
    public static final String OPTION_MAX_COLUMNS = "maxColumns";
    /** The value format this connector accepts (and the default of {@code valueFormat}). */
    public static final String NAVPACK_FORMAT = "navpack";
    /** A hidden column holding the stored value, from which {@code UPDATE} keeps the fields no column sets. */
    static final String BASE_COLUMN = "__navpack_value";

    @Override
    public String typeName() {
        return TYPE_NAME;
    }

    @Override
    public Set<String> nonSensitiveConnectorOptions() {
        Set<String> options = super.nonSensitiveConnectorOptions();
        options.add(OPTION_VALUE_TYPE);
        options.add(RowsMapping.OPTION_ROWS);
        options.add(RowsMapping.OPTION_PARENT_FIELDS);
        options.add(OPTION_MAX_COLUMNS);
        return options;
    }

    @Override
    public List<MappingField> resolveAndValidateFields(NodeEngine nodeEngine,
                                                       SqlExternalResource externalResource,
                                                       List<MappingField> userFields) {
        if (externalResource.options().containsKey(RowsMapping.OPTION_ROWS)) {
            return RowsConnector.INSTANCE.resolveAndValidateFields(nodeEngine, externalResource, userFields);
        }
        String mapName = mapName(externalResource.externalName());
        Map<String, String> options = externalResource.options();
        checkValueFormat(options);
        InternalSerializationService ss = (InternalSerializationService) nodeEngine.getSerializationService();
        SchemaRegistry registry = registry(nodeEngine);
        Sample sample = null;

        String typeName = options.get(OPTION_VALUE_TYPE);
        if (typeName == null) {
            sample = sample(nodeEngine, mapName);
            typeName = sample.valueType(ss, registry, mapName);
        }
        Schema schema = ValueColumns.newest(registry, typeName);
        if (schema == null) {
            throw QueryException.error("no navpack type named '" + typeName + "' is known in the cluster (known: "
                    + knownTypes(registry) + "); write a value of it first, or correct " + OPTION_VALUE_TYPE);
        }

        List<MappingField> keyUser = new ArrayList<>();
        List<MappingField> valueUser = new ArrayList<>();
        for (MappingField f : userFields) {
            String ext = f.externalName();
            if (ext == null) {
                ext = f.name().equals(QueryPath.KEY) || f.name().equals(QueryPath.VALUE) ? f.name()
                        : QueryPath.VALUE_PREFIX + f.name();
                f.setExternalName(ext);
            }
            if (QueryPath.create(ext).isKey()) {
                keyUser.add(f);
            } else {
                valueUser.add(f);
            }
        }

        Map<String, String> keyOptions = options;
        if (options.get(OPTION_KEY_FORMAT) == null) {
            MappingField declared = keyUser.stream().filter(f -> f.externalName().equals(QueryPath.KEY)).findFirst()
                    .orElse(null);
            if (declared != null) {
                keyOptions = keyOptions(options, declared.type());
            } else {
                if (sample == null) {
                    sample = sample(nodeEngine, mapName);
                }
                keyOptions = keyOptions(options, sample.keyType(ss, mapName));
            }
        }
        List<MappingField> out = new ArrayList<>();
        KvMetadataJavaResolver.INSTANCE.resolveAndValidateFields(true, keyUser, keyOptions, ss).forEach(out::add);
        if (out.isEmpty()) {
            // keep the key's type with the mapping even when the column list names no key column
            out.add(new MappingField(QueryPath.KEY, keyType(keyOptions), QueryPath.KEY));
        }

        if (valueUser.isEmpty()) {
            for (ValueColumns.Column c : ValueColumns.of(schema, registry, maxColumns(options))) {
                out.add(new MappingField(c.name, c.type, QueryPath.VALUE_PREFIX + c.path, typeName));
            }
        } else {
            for (MappingField f : valueUser) {
                out.add(validate(f, schema, registry, typeName));
            }
        }
        return out;
    }

    /** The {@value #OPTION_MAX_COLUMNS} option, or its default. */
    static int maxColumns(Map<String, String> options) {
        String v = options.get(OPTION_MAX_COLUMNS);
        if (v == null) {
            return ValueColumns.DEFAULT_MAX_COLUMNS;
        }
        try {
            int n = Integer.parseInt(v.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw QueryException.error("option '" + OPTION_MAX_COLUMNS + "' = '" + v + "' is not a positive whole number of "
                + "columns (default " + ValueColumns.DEFAULT_MAX_COLUMNS + ")");
    }

    private static MappingField validate(MappingField f, Schema schema, SchemaRegistry registry, String typeName) {
        QueryPath path = QueryPath.create(f.externalName());
        if (path.getPath() == null) {
            if (f.type().getTypeFamily() != QueryDataTypeFamily.OBJECT) {
                throw QueryException.error("column '" + f.name() + "' maps the whole value: its type must be OBJECT");
            }
            return new MappingField(f.name(), f.type(), f.externalName(), typeName);
        }
        if (path.getPath().contains("nav[")) {
            throw QueryException.error("column '" + f.name() + "': '" + f.externalName() + "' is not a field path; "
                    + "a navpack mapping's columns name fields, nested fields with dots (this.customer.address.city) "
                    + "- lists, sets, arrays and maps are JSON columns; the nav[...] attribute is for predicates");
        }
        FieldType t;
        try {
            t = ValueColumns.typeAt(schema, path.getPath(), registry);
        } catch (IllegalArgumentException e) {
            throw QueryException.error("column '" + f.name() + "': " + e.getMessage());
        }
        if (t == null) {
            throw QueryException.error("column '" + f.name() + "': " + typeName + " has no field '" + path.getPath()
                    + "' (its fields: " + String.join(", ", schema.fieldNames()) + ")");
        }
        QueryDataType natural = ValueColumns.sqlType(t);
        if (t.kind() == Kind.RECORD && f.type().getTypeFamily() == QueryDataTypeFamily.OBJECT) {
            natural = QueryDataType.OBJECT;
        }
        if (!compatible(natural, f.type())) {
            throw QueryException.error("column '" + f.name() + "' is declared " + f.type().getTypeFamily() + " but field '"
                    + path.getPath() + "' of " + typeName + " is a " + t + ", read as " + natural.getTypeFamily());
        }
        return new MappingField(f.name(), f.type(), f.externalName(), typeName);
    }

    static boolean compatible(QueryDataType natural, QueryDataType declared) {
        QueryDataTypeFamily n = natural.getTypeFamily();
        QueryDataTypeFamily d = declared.getTypeFamily();
        if (n == d || d == QueryDataTypeFamily.OBJECT) {
            return true;
        }
        if (d == QueryDataTypeFamily.VARCHAR) {
            return n != QueryDataTypeFamily.OBJECT;
        }
        return natural.getTypeFamily().isNumeric() && declared.getTypeFamily().isNumeric();
    }

    @Override
    public Table createTable(NodeEngine nodeEngine, String schemaName, String mappingName,
                             SqlExternalResource externalResource, List<MappingField> resolvedFields) {
        if (externalResource.options().containsKey(RowsMapping.OPTION_ROWS)) {
            return RowsConnector.INSTANCE.createTable(nodeEngine, schemaName, mappingName, externalResource, resolvedFields);
        }
        String mapName = mapName(externalResource.externalName());
        Map<String, String> options = externalResource.options();
        InternalSerializationService ss = (InternalSerializationService) nodeEngine.getSerializationService();

        String typeName = options.get(OPTION_VALUE_TYPE);
        Map<String, String> keyOptions = options;
        List<TableField> fields = new ArrayList<>();
        List<TableField> valueFields = new ArrayList<>();
        boolean hasThis = false;
        for (MappingField f : resolvedFields) {
            QueryPath path = QueryPath.create(f.externalName());
            if (path.isKey()) {
                if (options.get(OPTION_KEY_FORMAT) == null && path.getPath() == null) {
                    keyOptions = keyOptions(options, f.type());
                }
                continue;
            }
            if (typeName == null) {
                typeName = f.externalType();
            }
            hasThis |= f.name().equals(QueryPath.VALUE);
            valueFields.add(new MapTableField(f.name(), f.type(), false, path));
        }
        if (typeName == null) {
            throw QueryException.error("mapping " + mappingName + " names no navpack type: recreate it");
        }
        KvMetadata keyMetadata = KvMetadataJavaResolver.INSTANCE.resolveMetadata(true, resolvedFields, keyOptions, ss);
        fields.addAll(keyMetadata.getFields());
        fields.addAll(valueFields);
        if (!hasThis) {
            fields.add(new MapTableField(QueryPath.VALUE, QueryDataType.OBJECT, true, QueryPath.VALUE_PATH));
        }
        fields.add(new MapTableField(BASE_COLUMN, QueryDataType.OBJECT, true, new QueryPath(BASE_COLUMN, false)));

        MapService service = nodeEngine.getService(MapService.SERVICE_NAME);
        MapServiceContext context = service.getMapServiceContext();
        MapContainer container = context.getExistingMapContainer(mapName);
        MapConfig mapConfig = nodeEngine.getConfig().getMapConfig(mapName);
        long estimatedRowCount = MapTableUtils.estimatePartitionedMapRowCount(nodeEngine, context, mapName);
        boolean hd = container != null && container.getMapConfig().getInMemoryFormat() == InMemoryFormat.NATIVE;
        List<MapTableIndex> indexes = container != null
                ? MapTableUtils.getPartitionedMapIndexes(container, fields) : Collections.emptyList();
        List<String> partitioningAttributes = mapConfig.getPartitioningAttributeConfigs().stream()
                .map(PartitioningAttributeConfig::getAttributeName).collect(Collectors.toList());
        return new PartitionedMapTable(schemaName, mappingName, mapName, fields,
                new ConstantTableStatistics(estimatedRowCount),
                new KeyTarget.Descriptor(keyMetadata.getQueryTargetDescriptor()), new NavpackQueryTarget.Descriptor(),
                keyMetadata.getUpsertTargetDescriptor(), new NavpackUpsertTarget.Descriptor(typeName),
                indexes, hd, partitioningAttributes, defaultPartitioning(mapConfig));
    }

    /** Whether keys are partitioned by Hazelcast's default strategy, so that a key in a WHERE prunes partitions. */
    private static boolean defaultPartitioning(MapConfig mapConfig) {
        if (!mapConfig.getPartitioningAttributeConfigs().isEmpty()) {
            return true;
        }
        PartitioningStrategyConfig c = mapConfig.getPartitioningStrategyConfig();
        if (c == null) {
            return true;
        }
        if (c.getPartitioningStrategy() != null) {
            return c.getPartitioningStrategy() instanceof DefaultPartitionStrategy;
        }
        String className = c.getPartitioningStrategyClass();
        return className == null || className.isEmpty()
                || className.equals(DefaultPartitionStrategy.class.getName());
    }

    static void checkValueFormat(Map<String, String> options) {
        String format = options.get(OPTION_VALUE_FORMAT);
        if (format != null && !format.equalsIgnoreCase(NAVPACK_FORMAT)) {
            throw QueryException.error("TYPE " + TYPE_NAME + " maps navpack values ('" + OPTION_VALUE_FORMAT + "' = '"
                    + NAVPACK_FORMAT + "' or nothing), not '" + format + "'; map values of other formats with TYPE IMap");
        }
    }

    static String mapName(String[] externalName) {
        if (externalName.length > 1) {
            throw QueryException.error("the external name of a " + TYPE_NAME + " mapping is the name of one IMap, not "
                    + String.join(".", externalName));
        }
        String name = externalName[0];
        if (name.startsWith(INTERNAL_JET_OBJECTS_PREFIX) || name.equals(JetServiceBackend.SQL_CATALOG_MAP_NAME)) {
            throw QueryException.error("Mapping of internal IMaps is not allowed");
        }
        return name;
    }

    static SchemaRegistry registry(NodeEngine nodeEngine) {
        return NavpackContext.of(nodeEngine.getHazelcastInstance()).registry();
    }

    static String knownTypes(SchemaRegistry registry) {
        Set<String> names = new TreeSet<>();
        for (Schema s : registry.schemas()) {
            names.add(s.typeName());
        }
        return names.isEmpty() ? "none" : String.join(", ", names);
    }

    /** The options with the key mapped as the Java class of SQL type {@code type}. */
    private static Map<String, String> keyOptions(Map<String, String> options, QueryDataType type) {
        if (type.getTypeFamily() == QueryDataTypeFamily.OBJECT) {
            throw QueryException.error("the map's keys are not of an SQL type: give the key's format with OPTIONS ('"
                    + OPTION_KEY_FORMAT + "' = 'java', '" + OPTION_KEY_CLASS + "' = '...') as for TYPE IMap");
        }
        Map<String, String> out = new HashMap<>(options);
        out.put(OPTION_KEY_FORMAT, JAVA_FORMAT);
        out.put(OPTION_KEY_CLASS, type.getConverter().getValueClass().getName());
        return out;
    }

    private static QueryDataType keyType(Map<String, String> keyOptions) {
        return QueryDataTypeUtils.resolveTypeForClass(
                KvMetadataJavaResolver.loadClass(keyOptions, true));
    }

    /**
     * One entry of the map: from the partitions this member holds (owned or backup), or else, when it holds
     * none of the map's entries (a member that has just joined, a lite member, a small map), fetched from the
     * partitions' owners one partition at a time until one has an entry.
     */
    @SuppressWarnings("unchecked")
    static Sample sample(NodeEngine nodeEngine, String mapName) {
        Sample local = localSample(nodeEngine, mapName);
        if (local.value != null
                || !nodeEngine.getProxyService().getDistributedObjectNames(MapService.SERVICE_NAME).contains(mapName)) {
            return local;
        }
        Object proxy = nodeEngine.getHazelcastInstance().getMap(mapName);
        if (proxy instanceof MapProxyImpl) {
            MapProxyImpl<Object, Object> map = (MapProxyImpl<Object, Object>) proxy;
            int partitions = nodeEngine.getPartitionService().getPartitionCount();
            for (int p = 0; p < partitions; p++) {
                Iterator<Map.Entry<Object, Object>> it = map.iterator(1, p, true);
                if (it.hasNext()) {
                    Map.Entry<Object, Object> e = it.next();
                    return new Sample(e.getKey(), e.getValue());
                }
            }
        }
        return local;
    }

    private static Sample localSample(NodeEngine nodeEngine, String mapName) {
        MapService service = nodeEngine.getService(MapService.SERVICE_NAME);
        MapServiceContext context = service.getMapServiceContext();
        MapContainer container = context.getExistingMapContainer(mapName);
        if (container != null && container.getMapConfig().getInMemoryFormat() != InMemoryFormat.NATIVE) {
            for (PartitionContainer pc : context.getPartitionContainers()) {
                RecordStore<?> store = pc.getExistingRecordStore(mapName);
                if (store == null) {
                    continue;
                }
                store.beforeOperation();
                try {
                    Iterator<Map.Entry<Data, Record>> it = store.iterator();
                    if (it.hasNext()) {
                        Map.Entry<Data, Record> e = it.next();
                        return new Sample(e.getKey(), e.getValue().getValue());
                    }
                } finally {
                    store.afterOperation();
                }
            }
        }
        return new Sample(null, null);
    }

    /** A key and value found in the map, or nulls. */
    static final class Sample {
        final Object key;
        final Object value;

        Sample(Object key, Object value) {
            this.key = key;
            this.value = value;
        }

        String valueType(InternalSerializationService ss, SchemaRegistry registry, String mapName) {
            if (value == null) {
                throw QueryException.error("map '" + mapName + "' has no entries to take the value type "
                        + "from: name it with OPTIONS ('" + OPTION_VALUE_TYPE + "' = '<navpack type name>')");
            }
            Object v = ss.toObject(value);
            RecordBinding<?> binding = v instanceof PackedRecord ? null : registry.findBinding(v.getClass());
            if (binding != null) {
                // a member that reads values as objects and has the class
                return binding.schema().typeName();
            }
            if (!(v instanceof PackedRecord)) {
                throw QueryException.error("map '" + mapName + "' holds " + v.getClass().getName() + " values, not navpack "
                        + "values: map it with TYPE IMap");
            }
            return ((PackedRecord) v).schema().typeName();
        }

        QueryDataType keyType(InternalSerializationService ss, String mapName) {
            if (key == null) {
                throw QueryException.error("map '" + mapName + "' has no entries to take the key type "
                        + "from: give it with OPTIONS ('" + OPTION_KEY_FORMAT + "' = 'bigint') (any format of TYPE IMap), "
                        + "or a __key column");
            }
            Object k = ss.toObject(key);
            return QueryDataTypeUtils.resolveTypeForClass(k.getClass());
        }
    }
}
