package io.navpack.mapstore;

import com.hazelcast.config.MapConfig;
import com.hazelcast.config.MapStoreConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.logging.ILogger;
import com.hazelcast.logging.Logger;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.hazelcast.DocumentCatalog;
import io.navpack.format.Schema;
import io.navpack.hazelcast.schemas.SchemaPersistence;
import io.navpack.mapstore.internal.JdbcConnections;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The schemas kept in the databases of a member's navpack map stores, for the schema service ({@link SchemaPersistence}):
 * when a member starts, every schema table its map stores name is read, so that a cluster started cold — no client
 * alive to publish the schemas again — reads every value it loads; the document schema files kept there go back to the
 * cluster's document catalog; and maps with an EAGER map store start loading (Hazelcast loads a map when it is first
 * used, and a cold cluster has nobody to use it).
 */
public final class DatabaseSchemas implements SchemaPersistence {
    private static final ILogger LOGGER = Logger.getLogger(DatabaseSchemas.class);

    /** The document schema files read by {@link #stored}, by map name, for {@link #restored}. */
    private final Map<String, String> documentFiles = new LinkedHashMap<>();

    /**
     * The schemas in schema table {@code table} of the database {@code c} is connected to (empty when there is no such
     * table); a row that is not a schema is named in the log and left out. What {@code navpack schemas --database}
     * lists.
     */
    public static List<Schema> read(Connection c, String table) throws SQLException {
        if (!table.matches("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?")) {
            throw new IllegalArgumentException("'" + table + "' is not a table name ([schema.]name of letters, digits and _)");
        }
        return new SchemaTable(table).readAll(c);
    }

    /** Whether a map's configuration names navpack's map store. */
    static boolean isNavpackStore(MapConfig c) {
        MapStoreConfig s = c.getMapStoreConfig();
        if (s == null || !s.isEnabled()) {
            return false;
        }
        return NavpackMapStore.class.getName().equals(s.getClassName()) || s.getImplementation() instanceof NavpackMapStore;
    }

    /** The data connection and schema table of every navpack map store configured on {@code hz}. */
    static Set<List<String>> databases(HazelcastInstance hz) {
        Set<List<String>> out = new LinkedHashSet<>();
        for (MapConfig c : hz.getConfig().getMapConfigs().values()) {
            if (isNavpackStore(c)) {
                java.util.Properties p = c.getMapStoreConfig().getProperties();
                String ref = p.getProperty(StoreSettings.DATA_CONNECTION, "").trim();
                if (!ref.isEmpty()) {
                    out.add(List.of(ref, p.getProperty(StoreSettings.SCHEMA_TABLE, StoreSettings.DEFAULT_SCHEMA_TABLE).trim()));
                }
            }
        }
        return out;
    }

    @Override
    public Collection<Schema> stored(HazelcastInstance hz) {
        List<Schema> out = new ArrayList<>();
        for (List<String> database : databases(hz)) {
            try (JdbcConnections db = JdbcConnections.of(hz, database.get(0)); Connection c = db.get()) {
                SchemaTable table = new SchemaTable(database.get(1));
                List<Schema> read = table.readAll(c);
                out.addAll(read);
                Map<String, String> files = table.readDocuments(c);
                documentFiles.putAll(files);
                if (!read.isEmpty()) {
                    LOGGER.info("navpack: " + read.size() + " schemas read from schema table " + database.get(1)
                            + " (data connection '" + database.get(0) + "')"
                            + (files.isEmpty() ? "" : ", and the document schemas of maps " + files.keySet()));
                }
            } catch (SQLException | RuntimeException | LinkageError e) {
                LOGGER.warning("navpack: cannot read schema table " + database.get(1) + " through data connection '"
                        + database.get(0) + "' (" + e.getMessage() + "); the map stores read it again when they start");
            }
        }
        return out;
    }

    @Override
    public void restored(HazelcastInstance hz) {
        documentFiles.forEach((map, file) -> {
            try {
                if (DocumentCatalog.read(hz, map) == null) {
                    DocumentCatalog.publish(hz, map, DocumentSchema.parse(file));
                }
            } catch (RuntimeException e) {
                LOGGER.warning("navpack: the document schema of map '" + map + "' kept in the database cannot be given"
                        + " back to the cluster: " + e.getMessage());
            }
        });
        for (MapConfig c : hz.getConfig().getMapConfigs().values()) {
            if (isNavpackStore(c) && c.getMapStoreConfig().getInitialLoadMode() == MapStoreConfig.InitialLoadMode.EAGER
                    && !c.getName().contains("*") && !"false".equalsIgnoreCase(c.getMapStoreConfig().getProperties()
                    .getProperty(StoreSettings.LOAD_ON_START, "true").trim())) {
                Thread t = new Thread(() -> {
                    try {
                        hz.getMap(c.getName());
                    } catch (RuntimeException e) {
                        LOGGER.warning("navpack: map '" + c.getName() + "' could not be loaded from its database at start: "
                                + e.getMessage());
                    }
                }, "navpack-mapstore-load-" + c.getName());
                t.setDaemon(true);
                t.start();
            }
        }
    }
}
