package io.navpack.mapstore;

import io.navpack.format.FieldType;
import io.navpack.format.Kind;
import io.navpack.format.PackedRecord;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One map's table: its layout (key, type id, version, the value's navpack bytes, the JSON document, the promoted
 * columns), created when absent (when asked to) and checked when present, and the SQL that reads and writes its rows.
 */
final class StoreTable {
    final StoreSettings settings;
    final Dialect dialect;
    final List<PromotedColumn> promoted;
    private volatile StoreSettings.KeyType keyType;
    private volatile boolean exists;
    /** Kinds of the promoted columns in records of each schema ({@link Schema#key()}); null entries: no such field. */
    private final Map<Long, Kind[]> kinds = new ConcurrentHashMap<>();
    private final String columnList;
    /** The table's name as SQL statements write it ({@link Dialect#id}). */
    private final String table;
    private final String upsert;

    StoreTable(StoreSettings settings, Dialect dialect) {
        this.settings = settings;
        this.dialect = dialect;
        List<PromotedColumn> p = new ArrayList<>();
        for (StoreSettings.Promoted c : settings.promoted) {
            p.add(new PromotedColumn(c));
        }
        this.promoted = List.copyOf(p);
        this.keyType = settings.keyType;
        this.columnList = String.join(", ", settings.allColumns());
        List<String> columns = new ArrayList<>();
        for (String c : settings.allColumns()) {
            columns.add(dialect.id(c));
        }
        this.table = dialect.id(settings.table);
        List<String> placeholders = new ArrayList<>();
        for (String c : columns) {
            placeholders.add(c.equals(dialect.id(settings.jsonColumn)) && settings.json != StoreSettings.Json.OFF
                    ? dialect.jsonParameter() : "?");
        }
        String u = dialect.upsert(table, columns, placeholders);
        this.upsert = u;
        this.standardUpdate = u == null ? Dialect.update(table, columns, placeholders) : null;
        this.standardInsert = u == null ? Dialect.insert(table, columns, placeholders) : null;
    }

    private final String standardUpdate;
    private final String standardInsert;

    /** Whether the table exists (or was created) by now. */
    boolean exists() {
        return exists;
    }

    StoreSettings.KeyType keyType() {
        return keyType;
    }

    /**
     * Checks the table against the settings: absent, it is created now when it can be (create-table, and no promoted
     * column whose type only a value's schema tells), later otherwise; present, it must have exactly the columns the
     * settings name, or it is refused naming the difference.
     */
    void prepare(Connection c) throws SQLException {
        Map<String, Tables.Column> existing = Tables.columns(c, settings.table);
        if (existing == null) {
            if (settings.createTable && promoted.isEmpty() && keyType != null) {
                create(c, null, null);
            }
            return;
        }
        Set<String> expected = new TreeSet<>();
        for (String col : settings.allColumns()) {
            expected.add(col.toLowerCase(java.util.Locale.ROOT));
        }
        Set<String> missing = new TreeSet<>(expected);
        missing.removeAll(existing.keySet());
        Set<String> extra = new TreeSet<>(existing.keySet());
        extra.removeAll(expected);
        if (!missing.isEmpty() || !extra.isEmpty()) {
            throw new IllegalStateException("table " + settings.table + " exists with other columns than the map store"
                    + " of map writes: " + (missing.isEmpty() ? "" : "it lacks " + missing)
                    + (!missing.isEmpty() && !extra.isEmpty() ? " and " : "") + (extra.isEmpty() ? "" : "it has " + extra
                    + " besides") + " (the map store writes " + settings.allColumns() + "): change the table, the"
                    + " properties " + StoreSettings.COLUMNS + " / " + StoreSettings.KEY_COLUMN + " / "
                    + StoreSettings.VALUE_COLUMN + ", or name another table (" + StoreSettings.TABLE + ")");
        }
        if (settings.json != StoreSettings.Json.INSTEAD) {
            int t = existing.get(settings.valueColumn.toLowerCase(java.util.Locale.ROOT)).jdbcType();
            if (t != Types.BINARY && t != Types.VARBINARY && t != Types.LONGVARBINARY && t != Types.BLOB) {
                throw new IllegalStateException("column " + settings.valueColumn + " of table " + settings.table + " is "
                        + existing.get(settings.valueColumn.toLowerCase(java.util.Locale.ROOT)).typeName()
                        + ", not binary: navpack's bytes go into a " + dialect.binaryType() + " column");
            }
        }
        StoreSettings.KeyType fromTable = keyTypeOf(existing.get(settings.keyColumn.toLowerCase(java.util.Locale.ROOT)));
        if (keyType == null) {
            keyType = fromTable;
        } else if (keyType != fromTable && !(keyType == StoreSettings.KeyType.UUID && fromTable == StoreSettings.KeyType.STRING)) {
            throw new IllegalStateException("the key column " + settings.keyColumn + " of table " + settings.table
                    + " is " + existing.get(settings.keyColumn.toLowerCase(java.util.Locale.ROOT)).typeName()
                    + ", which does not hold keys of " + StoreSettings.KEY_TYPE + " " + keyType);
        }
        exists = true;
    }

    private static StoreSettings.KeyType keyTypeOf(Tables.Column c) {
        return switch (c.jdbcType()) {
            case Types.BIGINT -> StoreSettings.KeyType.LONG;
            case Types.INTEGER, Types.SMALLINT, Types.TINYINT -> StoreSettings.KeyType.INT;
            default -> c.typeName().equalsIgnoreCase("uuid") ? StoreSettings.KeyType.UUID : StoreSettings.KeyType.STRING;
        };
    }

    /**
     * Creates the table (absent at {@link #prepare}), its promoted columns typed as in records of {@code schema}, the key
     * column for keys like {@code key} unless {@link StoreSettings#KEY_TYPE} says.
     */
    synchronized void create(Connection c, Schema schema, Object key) throws SQLException {
        if (exists) {
            return;
        }
        if (!settings.createTable) {
            throw new IllegalStateException("table " + settings.table + " does not exist: create it, or let the map"
                    + " store create it (" + StoreSettings.CREATE_TABLE + "=true)");
        }
        if (keyType == null) {
            keyType = key instanceof Long ? StoreSettings.KeyType.LONG : key instanceof Integer ? StoreSettings.KeyType.INT
                    : key instanceof UUID ? StoreSettings.KeyType.UUID : StoreSettings.KeyType.STRING;
        }
        StringBuilder ddl = new StringBuilder("CREATE TABLE IF NOT EXISTS ").append(table).append(" (")
                .append(dialect.id(settings.keyColumn)).append(' ').append(keySqlType()).append(" NOT NULL PRIMARY KEY, ")
                .append(dialect.id(settings.typeIdColumn)).append(" INTEGER NOT NULL, ")
                .append(dialect.id(settings.versionColumn)).append(" INTEGER NOT NULL");
        if (settings.json != StoreSettings.Json.INSTEAD) {
            ddl.append(", ").append(dialect.id(settings.valueColumn)).append(' ').append(dialect.binaryType());
        }
        if (settings.json != StoreSettings.Json.OFF) {
            ddl.append(", ").append(dialect.id(settings.jsonColumn)).append(' ').append(dialect.jsonType());
        }
        for (PromotedColumn p : promoted) {
            FieldType t = schema == null ? null : p.typeIn(schema, registry);
            String type = t == null ? null : dialect.columnType(t);
            if (type == null) {
                throw new IllegalStateException("promoted column " + p.column + ": path '" + p.path + "' names "
                        + (t == null ? "no field of " + (schema == null ? "the values" : schema.typeName())
                        : "a " + t + ", which no column holds (promote a field of a single value: a number, text, date,"
                        + " ...)") + ": fix the map store property " + StoreSettings.COLUMNS);
            }
            ddl.append(", ").append(dialect.id(p.column)).append(' ').append(type);
        }
        ddl.append(')');
        try (Statement s = c.createStatement()) {
            s.execute(ddl.toString());
        } catch (SQLException e) {
            // another member may have created it at the same moment (PostgreSQL's IF NOT EXISTS does not cover a race)
            if (!c.getAutoCommit()) {
                c.rollback();
            }
            if (Tables.columns(c, settings.table) == null) {
                throw e;
            }
            prepare(c);
            return;
        }
        if (!c.getAutoCommit()) {
            c.commit();
        }
        exists = true;
    }

    private volatile SchemaRegistry registry;

    /** The registry that resolves the types of nested records on promoted paths. */
    void registry(SchemaRegistry r) {
        this.registry = r;
    }

    private String keySqlType() {
        return switch (keyType) {
            case LONG -> "BIGINT";
            case INT -> "INTEGER";
            case UUID -> dialect == Dialect.STANDARD ? "VARCHAR(36)" : "UUID";
            case STRING -> dialect == Dialect.POSTGRESQL ? "TEXT" : "VARCHAR(1024)";
        };
    }

    /** The kinds of the promoted columns in records of {@code schema} (null: the path names no field there). */
    Kind[] kinds(Schema schema) {
        Kind[] k = kinds.get(schema.key());
        if (k == null) {
            k = new Kind[promoted.size()];
            for (int i = 0; i < k.length; i++) {
                FieldType t = promoted.get(i).typeIn(schema, registry);
                k[i] = t == null || dialect.columnType(t) == null ? null : t.kind();
            }
            kinds.put(schema.key(), k);
        }
        return k;
    }

    // ------------------------------------------------------------------ keys

    void bindKey(PreparedStatement ps, int index, Object key) throws SQLException {
        switch (keyType) {
            case LONG -> {
                if (!(key instanceof Long || key instanceof Integer || key instanceof Short)) {
                    throw wrongKey(key);
                }
                ps.setLong(index, ((Number) key).longValue());
            }
            case INT -> {
                if (!(key instanceof Integer || key instanceof Short)) {
                    throw wrongKey(key);
                }
                ps.setInt(index, ((Number) key).intValue());
            }
            case UUID -> {
                if (!(key instanceof UUID)) {
                    throw wrongKey(key);
                }
                if (dialect == Dialect.STANDARD) {
                    ps.setString(index, key.toString());
                } else {
                    ps.setObject(index, key);
                }
            }
            case STRING -> {
                if (!(key instanceof String)) {
                    throw wrongKey(key);
                }
                ps.setString(index, (String) key);
            }
        }
    }

    private IllegalArgumentException wrongKey(Object key) {
        return new IllegalArgumentException("key " + key + " (" + (key == null ? "null" : key.getClass().getName())
                + ") cannot be held in key column " + settings.keyColumn + " of table " + settings.table + ", which holds "
                + keyType.name().toLowerCase(java.util.Locale.ROOT) + " keys: use such keys, or another table ("
                + StoreSettings.KEY_TYPE + ")");
    }

    Object readKey(ResultSet rs, int index) throws SQLException {
        return switch (keyType) {
            case LONG -> rs.getLong(index);
            case INT -> rs.getInt(index);
            case STRING -> rs.getString(index);
            case UUID -> dialect == Dialect.STANDARD ? UUID.fromString(rs.getString(index)) : rs.getObject(index, UUID.class);
        };
    }

    // ------------------------------------------------------------------ writes

    /** One row to write: the key, the record, its bytes (null when only JSON is written) and its JSON (or null). */
    record Row(Object key, PackedRecord record, byte[] bytes, String json) {
    }

    /** Writes {@code rows} (upserts) in {@code c}'s transaction, as one JDBC batch. */
    void write(Connection c, List<Row> rows) throws SQLException {
        if (upsert == null) {
            writeStandard(c, rows);
            return;
        }
        try (PreparedStatement ps = c.prepareStatement(upsert)) {
            for (Row r : rows) {
                bindRow(ps, r, 1);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /** Parameters of {@code r} from {@code first}: key, type id, version, bytes, JSON, promoted columns. */
    private int bindRow(PreparedStatement ps, Row r, int first) throws SQLException {
        int i = first;
        bindKey(ps, i++, r.key());
        i = bindValue(ps, r, i);
        return i;
    }

    private int bindValue(PreparedStatement ps, Row r, int first) throws SQLException {
        int i = first;
        Schema schema = r.record().schema();
        ps.setInt(i++, schema.typeId());
        ps.setInt(i++, schema.version());
        if (settings.json != StoreSettings.Json.INSTEAD) {
            ps.setBytes(i++, r.bytes());
        }
        if (settings.json != StoreSettings.Json.OFF) {
            dialect.setJson(ps, i++, r.json());
        }
        if (!promoted.isEmpty()) {
            Kind[] k = kinds(schema);
            for (int p = 0; p < k.length; p++) {
                Object v = k[p] == null ? null : promoted.get(p).valueIn(r.record());
                PromotedColumn.bind(ps, i++, v, k[p] == null ? Kind.STRING : k[p], dialect);
            }
        }
        return i;
    }

    /** Any database: an UPDATE per row, then an INSERT of those it changed nothing for. */
    private void writeStandard(Connection c, List<Row> rows) throws SQLException {
        List<Row> inserts = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(standardUpdate)) {
            for (Row r : rows) {
                int i = bindValue(ps, r, 1);
                bindKey(ps, i, r.key());
                if (ps.executeUpdate() == 0) {
                    inserts.add(r);
                }
            }
        }
        if (inserts.isEmpty()) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement(standardInsert)) {
            for (Row r : inserts) {
                bindRow(ps, r, 1);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /** Deletes the rows of {@code keys} in {@code c}'s transaction. */
    void delete(Connection c, Collection<?> keys) throws SQLException {
        forKeys(c, "DELETE FROM " + table + " WHERE ", keys, PreparedStatement::executeUpdate);
    }

    // ------------------------------------------------------------------ reads

    /** The columns a read selects: key, type id, version, bytes, JSON, promoted (those compared on load). */
    String selectList() {
        StringBuilder sb = new StringBuilder(dialect.id(settings.keyColumn)).append(", ")
                .append(dialect.id(settings.typeIdColumn)).append(", ").append(dialect.id(settings.versionColumn));
        if (settings.json != StoreSettings.Json.INSTEAD) {
            sb.append(", ").append(dialect.id(settings.valueColumn));
        }
        if (settings.json != StoreSettings.Json.OFF) {
            sb.append(", ").append(dialect.id(settings.jsonColumn));
        }
        if (settings.checkColumns) {
            for (PromotedColumn p : promoted) {
                sb.append(", ").append(dialect.id(p.column));
            }
        }
        return sb.toString();
    }

    interface StatementWork<T> {
        T run(PreparedStatement ps) throws SQLException;
    }

    /**
     * Runs {@code sqlPrefix} + a condition on the key column for {@code keys}: {@code = ANY(?)} with an array where the
     * database has them, else {@code IN (?, ...)} in chunks of at most 1,000 keys.
     */
    <T> List<T> forKeys(Connection c, String sqlPrefix, Collection<?> keys, StatementWork<T> work) throws SQLException {
        List<T> out = new ArrayList<>();
        if (keys.isEmpty()) {
            return out;
        }
        if (dialect.keysAsArray()) {
            Object[] values = new Object[keys.size()];
            int i = 0;
            for (Object k : keys) {
                values[i++] = checkedKey(k);
            }
            Array array = c.createArrayOf(Dialect.arrayType(keyType), values);
            try (PreparedStatement ps = c.prepareStatement(sqlPrefix + dialect.id(settings.keyColumn) + " = ANY(?)")) {
                ps.setArray(1, array);
                out.add(work.run(ps));
            } finally {
                array.free();
            }
            return out;
        }
        List<Object> all = new ArrayList<>(keys);
        for (int from = 0; from < all.size(); from += 1000) {
            List<Object> chunk = all.subList(from, Math.min(all.size(), from + 1000));
            StringBuilder in = new StringBuilder(sqlPrefix).append(dialect.id(settings.keyColumn)).append(" IN (");
            for (int i = 0; i < chunk.size(); i++) {
                in.append(i == 0 ? "?" : ", ?");
            }
            in.append(')');
            try (PreparedStatement ps = c.prepareStatement(in.toString())) {
                for (int i = 0; i < chunk.size(); i++) {
                    bindKey(ps, i + 1, chunk.get(i));
                }
                out.add(work.run(ps));
            }
        }
        return out;
    }

    private Object checkedKey(Object key) {
        switch (keyType) {
            case LONG:
                if (key instanceof Long || key instanceof Integer || key instanceof Short) {
                    return ((Number) key).longValue();
                }
                break;
            case INT:
                if (key instanceof Integer || key instanceof Short) {
                    return ((Number) key).intValue();
                }
                break;
            case UUID:
                if (key instanceof UUID) {
                    return key;
                }
                break;
            default:
                if (key instanceof String) {
                    return key;
                }
        }
        throw wrongKey(key);
    }

    /** SELECT of the rows of some keys ({@link #forKeys}). */
    String selectPrefix() {
        return "SELECT " + selectList() + " FROM " + table + " WHERE ";
    }

    /** SELECT of every key. */
    String selectKeys() {
        return "SELECT " + dialect.id(settings.keyColumn) + " FROM " + table;
    }

    /** The columns of the table as this store writes them, for messages. */
    String columns() {
        return columnList;
    }

    /** The bytes of {@code record} as a new array of exactly its length. */
    static byte[] bytesOf(PackedRecord record) {
        return record.offset() == 0 && record.length() == record.array().length ? record.array() : record.bytes();
    }
}
