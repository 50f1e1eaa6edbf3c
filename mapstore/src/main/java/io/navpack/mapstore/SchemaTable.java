package io.navpack.mapstore;

import com.hazelcast.logging.ILogger;
import com.hazelcast.logging.Logger;
import io.navpack.format.Schema;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The schema table of one database: every schema of the values written there, one row per type id and version
 * (the schema's binary form, its type name and a readable description), and the document schema files of maps that
 * hold documents, in a second table ({@code <schema table>_documents}). Written in the transaction of the rows that
 * need them; read when a member starts, so that a cluster started cold reads what it loads.
 */
final class SchemaTable {
    private static final ILogger LOGGER = Logger.getLogger(SchemaTable.class);

    final String table;
    final String documentsTable;
    /** Type id and version ({@link Schema#key()}) of the schemas known to be in the table. */
    private final Set<Long> written = ConcurrentHashMap.newKeySet();
    /** The document schema file known to be in the table, by map name. */
    private final Map<String, String> documentsWritten = new ConcurrentHashMap<>();

    SchemaTable(String table) {
        this.table = table;
        this.documentsTable = table + "_documents";
    }

    /** Creates the tables when they are absent; refuses a table of that name with other columns. */
    void ensure(Connection c, Dialect d) throws SQLException {
        ensure(c, d, table, d.id("type_id") + " INTEGER NOT NULL, " + d.id("version") + " INTEGER NOT NULL, "
                        + d.id("type_name") + " " + d.textType() + " NOT NULL, " + d.id("description") + " " + d.textType()
                        + ", " + d.id("schema_bytes") + " " + d.binaryType() + " NOT NULL, PRIMARY KEY (" + d.id("type_id")
                        + ", " + d.id("version") + ")",
                List.of("type_id", "version", "type_name", "description", "schema_bytes"));
        ensure(c, d, documentsTable, d.id("map_name") + " VARCHAR(255) NOT NULL PRIMARY KEY, " + d.id("schema_file") + " "
                + d.textType() + " NOT NULL", List.of("map_name", "schema_file"));
    }

    private static void ensure(Connection c, Dialect d, String table, String columns, List<String> names) throws SQLException {
        Map<String, Tables.Column> existing = Tables.columns(c, table);
        if (existing == null) {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE IF NOT EXISTS " + d.id(table) + " (" + columns + ")");
            } catch (SQLException e) {
                // created by another member at the same moment?
                if (Tables.columns(c, table) == null) {
                    throw e;
                }
            }
            return;
        }
        if (!existing.keySet().equals(Set.copyOf(names))) {
            throw new IllegalStateException("table " + table + " exists with columns " + existing.keySet()
                    + ", not navpack's schema table " + names + ": name another one with the map store property "
                    + StoreSettings.SCHEMA_TABLE);
        }
    }

    /** Every schema in the table; a row that is not a schema is named in the log and left out. */
    List<Schema> readAll(Connection c) throws SQLException {
        List<Schema> out = new ArrayList<>();
        if (Tables.columns(c, table) == null) {
            return out;
        }
        Dialect d = Dialect.of(c);
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT " + d.id("type_id") + ", " + d.id("version") + ", "
                     + d.id("schema_bytes") + " FROM " + d.id(table))) {
            while (rs.next()) {
                int typeId = rs.getInt(1);
                int version = rs.getInt(2);
                byte[] bytes = rs.getBytes(3);
                try {
                    Schema schema = Schema.fromBytes(bytes);
                    if (schema.typeId() != typeId || schema.version() != version) {
                        throw new IllegalArgumentException("the bytes hold " + schema);
                    }
                    out.add(schema);
                    written.add(schema.key());
                } catch (RuntimeException e) {
                    LOGGER.severe("navpack: schema table " + table + ", type id " + typeId + " version " + version
                            + ": not a schema, left out (" + e.getMessage() + ")");
                }
            }
        }
        return out;
    }

    /** The document schema files in the table, by map name. */
    Map<String, String> readDocuments(Connection c) throws SQLException {
        Map<String, String> out = new LinkedHashMap<>();
        if (Tables.columns(c, documentsTable) == null) {
            return out;
        }
        Dialect d = Dialect.of(c);
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT " + d.id("map_name") + ", " + d.id("schema_file") + " FROM "
                     + d.id(documentsTable))) {
            while (rs.next()) {
                out.put(rs.getString(1), rs.getString(2));
                documentsWritten.put(rs.getString(1), rs.getString(2));
            }
        }
        return out;
    }

    /**
     * Adds the schemas of {@code schemas} the table lacks, in {@code c}'s transaction; returns their keys, to be
     * {@link #committed} once the transaction is.
     */
    List<Long> addMissing(Connection c, Dialect d, Collection<Schema> schemas) throws SQLException {
        List<Schema> missing = new ArrayList<>();
        for (Schema s : schemas) {
            if (!written.contains(s.key())) {
                missing.add(s);
            }
        }
        if (missing.isEmpty()) {
            return List.of();
        }
        String cols = d.id("type_id") + ", " + d.id("version") + ", " + d.id("type_name") + ", " + d.id("description")
                + ", " + d.id("schema_bytes");
        String t = d.id(table);
        String sql = switch (d) {
            case POSTGRESQL -> "INSERT INTO " + t + " (" + cols + ") VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING";
            case H2 -> "MERGE INTO " + t + " (" + cols + ") KEY (" + d.id("type_id") + ", " + d.id("version")
                    + ") VALUES (?, ?, ?, ?, ?)";
            case STANDARD -> "INSERT INTO " + t + " (" + cols + ") SELECT ?, ?, ?, ?, ? FROM (SELECT 1 AS one) x"
                    + " WHERE NOT EXISTS (SELECT 1 FROM " + t + " WHERE type_id = ? AND version = ?)";
        };
        List<Long> keys = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (Schema s : missing) {
                ps.setInt(1, s.typeId());
                ps.setInt(2, s.version());
                ps.setString(3, s.typeName());
                ps.setString(4, s.toString());
                ps.setBytes(5, s.toBytes());
                if (d == Dialect.STANDARD) {
                    ps.setInt(6, s.typeId());
                    ps.setInt(7, s.version());
                }
                ps.addBatch();
                keys.add(s.key());
            }
            ps.executeBatch();
        }
        return keys;
    }

    /** Writes the document schema file of {@code map} when the table does not hold this one, in {@code c}'s transaction. */
    boolean putDocument(Connection c, Dialect d, String map, String file) throws SQLException {
        if (file.equals(documentsWritten.get(map))) {
            return false;
        }
        List<String> cols = List.of(d.id("map_name"), d.id("schema_file"));
        String sql = d.upsert(d.id(documentsTable), cols, List.of("?", "?"));
        if (sql == null) {
            try (PreparedStatement del = c.prepareStatement("DELETE FROM " + documentsTable + " WHERE map_name = ?")) {
                del.setString(1, map);
                del.executeUpdate();
            }
            sql = Dialect.insert(documentsTable, cols, List.of("?", "?"));
        }
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, map);
            ps.setString(2, file);
            ps.executeUpdate();
        }
        return true;
    }

    /** The schemas of {@link #addMissing} are in the table now. */
    void committed(List<Long> keys) {
        written.addAll(keys);
    }

    void documentCommitted(String map, String file) {
        documentsWritten.put(map, file);
    }

    /** Whether the table is known to hold every schema of {@code schemas}. */
    boolean holdsAll(Collection<Schema> schemas) {
        for (Schema s : schemas) {
            if (!written.contains(s.key())) {
                return false;
            }
        }
        return true;
    }
}
