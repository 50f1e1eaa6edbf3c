package io.navpack.mapstore;

import com.hazelcast.core.HazelcastException;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.logging.ILogger;
import com.hazelcast.logging.Logger;
import com.hazelcast.map.MapLoaderLifecycleSupport;
import com.hazelcast.map.MapStore;
import io.navpack.format.Kind;
import io.navpack.format.Navpack;
import io.navpack.format.NavpackException;
import io.navpack.format.PackedRecord;
import io.navpack.format.Schema;
import io.navpack.format.SchemaException;
import io.navpack.format.SchemaRegistry;
import io.navpack.hazelcast.NavpackContext;
import io.navpack.mapstore.internal.JdbcConnections;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A {@link MapStore} for navpack maps that members run without the user's classes: each entry is a row of a table
 * in a database reached through a Hazelcast data connection of type JDBC — the key, the value's navpack bytes as they
 * are stored (never decoded or converted), its type id and version, optionally its JSON document, and any number of
 * <i>promoted columns</i> (plain field paths, typed as the schema says) for the database to query and index. The
 * schemas of the values go to a schema table of the same database in the transaction of the rows that need them, so
 * a cluster started cold reads every value it loads.
 *
 * <p>Configure it as any map store ({@code map-store} in XML, YAML or {@code MapStoreConfig}), with class name
 * {@code io.navpack.mapstore.NavpackMapStore} and the properties {@code data-connection-ref} (required),
 * {@code table-name} (default: the map's name), {@code columns} ({@code "currency1, trade.tradeHeader.tradeDate AS
 * trade_date"}), {@code create-table}, {@code key-column}, {@code key-type}, {@code value-column},
 * {@code type-id-column}, {@code version-column}, {@code json} ({@code off}, {@code beside}, {@code instead}),
 * {@code json-column}, {@code schema-table}, {@code check-columns-on-load} and {@code fetch-size}. Write-through,
 * write-behind (batched, coalesced), read-through, EAGER and LAZY loading, deletes: Hazelcast's contract; the user
 * guide's "A database behind the map" says what each fault does.
 *
 * <p>A row that cannot be loaded (NULL bytes, corrupt bytes, a type nobody has a schema for) is named — table, key,
 * reason — in the member's log, counted ({@link #skippedRows()}) and skipped: it never fails the load of the others.
 */
public class NavpackMapStore implements MapStore<Object, Object>, MapLoaderLifecycleSupport {
    private static final ILogger LOGGER = Logger.getLogger(NavpackMapStore.class);
    private static final String CONTEXT_KEY = NavpackMapStore.class.getName() + ":";
    /** How long an operation waits for the store to be ready (the table checked) before it fails. */
    static final long READY_WAIT_SECONDS = 30;
    /** Pause between attempts to reach the database while the store starts. */
    private static final long RETRY_MILLIS = 2000;

    private HazelcastInstance hz;
    private String map;
    private StoreSettings settings;
    private JdbcConnections db;
    private SchemaRegistry registry;
    private Navpack encoder;
    private SchemaTable schemaTable;
    private BadRows bad;
    private DocumentJson documents;
    private final CompletableFuture<StoreTable> ready = new CompletableFuture<>();
    private volatile boolean destroyed;
    /** The registry's schema list last known to be in the schema table (the list changes identity when it grows). */
    private volatile Collection<Schema> schemasWritten;

    /** Created by Hazelcast from the map's configuration, then given its member by {@link #init}. */
    public NavpackMapStore() {
    }

    /** The navpack map store of map {@code mapName} on member {@code hz}, or null when the map has none (yet). */
    public static NavpackMapStore of(HazelcastInstance hz, String mapName) {
        return (NavpackMapStore) NavpackContext.of(hz).instance().getUserContext().get(CONTEXT_KEY + mapName);
    }

    @Override
    public void init(HazelcastInstance hazelcastInstance, Properties properties, String mapName) {
        this.hz = NavpackContext.of(hazelcastInstance).instance();
        this.map = mapName;
        this.settings = StoreSettings.of(properties, mapName);
        this.db = JdbcConnections.of(hz, settings.dataConnection);
        this.schemaTable = new SchemaTable(settings.schemaTable);
        this.bad = new BadRows(mapName, settings.table);
        this.documents = settings.json == StoreSettings.Json.OFF ? null : new DocumentJson(mapName);
        hz.getUserContext().put(CONTEXT_KEY + mapName, this);
        // Hazelcast may create the store on a partition thread, which must not wait for the database or the cluster
        Thread t = new Thread(this::prepare, "navpack-mapstore-" + mapName);
        t.setDaemon(true);
        t.start();
    }

    /** Checks (or creates) the tables and learns the schemas kept there; tries again while the database is down. */
    private void prepare() {
        int attempt = 0;
        while (!destroyed) {
            try {
                registry = NavpackContext.of(hz).registry();
                encoder = new Navpack(registry);
                if (documents != null) {
                    documents.follow(hz);
                }
                StoreTable t;
                try (Connection c = db.get()) {
                    Dialect d = Dialect.of(c);
                    t = new StoreTable(settings, d);
                    t.registry(registry);
                    schemaTable.ensure(c, d);
                    for (Schema s : schemaTable.readAll(c)) {
                        learn(s);
                    }
                    if (documents != null) {
                        documents.fromDatabase(schemaTable.readDocuments(c).get(map));
                    }
                    t.prepare(c);
                }
                LOGGER.info("navpack: map '" + map + "' is stored in table " + settings.table + " (" + t.dialect
                        + ", data connection '" + db.name() + "'" + (t.exists() ? "" : ", created at the first write")
                        + "; columns " + t.columns() + ")");
                ready.complete(t);
                return;
            } catch (SQLException e) {
                if (attempt++ % 15 == 0) {
                    LOGGER.warning("navpack: the map store of map '" + map + "' cannot reach its database through data"
                            + " connection '" + db.name() + "' (" + e.getMessage() + "); trying again every "
                            + RETRY_MILLIS / 1000 + " s");
                }
                sleep(RETRY_MILLIS);
            } catch (RuntimeException e) {
                LOGGER.severe("navpack: the map store of map '" + map + "' cannot start: " + e.getMessage());
                ready.completeExceptionally(e);
                return;
            } catch (LinkageError e) {
                IllegalStateException missing = new IllegalStateException("a class it needs is not on this member's class"
                        + " path (" + e + "): a JDBC data connection needs the database's JDBC driver and slf4j-api"
                        + " (Hazelcast's connection pool logs through it) beside Hazelcast", e);
                LOGGER.severe("navpack: the map store of map '" + map + "' cannot start: " + missing.getMessage());
                ready.completeExceptionally(missing);
                return;
            }
        }
    }

    private void learn(Schema s) {
        try {
            registry.learn(s);
        } catch (SchemaException e) {
            LOGGER.severe("navpack: schema table " + settings.schemaTable + " holds " + s + ", which this member's"
                    + " schemas contradict (values of it are read with the cluster's schema): " + e.getMessage());
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The table, once it is checked; waits at most {@value #READY_WAIT_SECONDS} s. */
    private StoreTable table() {
        try {
            return ready.get(READY_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HazelcastException("interrupted while the map store of map '" + map + "' starts", e);
        } catch (ExecutionException e) {
            throw new HazelcastException("navpack's map store of map '" + map + "' did not start: "
                    + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new HazelcastException("navpack's map store of map '" + map + "' has not reached its database"
                    + " (data connection '" + db.name() + "') within " + READY_WAIT_SECONDS + " s");
        }
    }

    // ------------------------------------------------------------------ writes

    @Override
    public void store(Object key, Object value) {
        storeAll(Map.of(key, value));
    }

    /**
     * Writes the entries as one JDBC batch in one transaction, with the schemas the schema table lacks: all of them
     * or none. On a failure the exception names the map, the table and the cause: a write-through put fails with it
     * (Hazelcast keeps the map as it was), and write-behind tries again.
     */
    @Override
    public void storeAll(Map<Object, Object> entries) {
        if (entries.isEmpty()) {
            return;
        }
        StoreTable t = table();
        List<StoreTable.Row> rows = new ArrayList<>(entries.size());
        for (Map.Entry<Object, Object> e : entries.entrySet()) {
            rows.add(row(e.getKey(), e.getValue()));
        }
        try (Connection c = db.get()) {
            if (!t.exists()) {
                // created and committed before any row is written, so that no other batch sees an uncommitted table
                c.setAutoCommit(true);
                t.create(c, rows.get(0).record().schema(), rows.get(0).key());
            }
            c.setAutoCommit(false);
            try {
                Collection<Schema> all = registry.schemas();
                List<Long> added = all == schemasWritten ? List.of() : schemaTable.addMissing(c, t.dialect, all);
                String docFile = documents == null ? null : documents.schemaFile();
                boolean docWritten = docFile != null && schemaTable.putDocument(c, t.dialect, map, docFile);
                t.write(c, rows);
                c.commit();
                schemaTable.committed(added);
                schemasWritten = all;
                if (docWritten) {
                    schemaTable.documentCommitted(map, docFile);
                }
            } catch (SQLException | RuntimeException e) {
                rollback(c);
                throw e;
            }
        } catch (SQLException e) {
            throw failure("write " + entries.size() + (entries.size() == 1 ? " entry" : " entries"), e);
        }
    }

    /** The row of one entry: the value's record (its bytes as they are), or the encoding of a registered class. */
    private StoreTable.Row row(Object key, Object value) {
        PackedRecord r = PackedRecord.ofView(value);
        if (r == null) {
            if (registry.findBinding(value.getClass()) == null) {
                throw new HazelcastException("navpack's map store of map '" + map + "' got a "
                        + value.getClass().getName() + " for key " + key + ", which is not a navpack value: store"
                        + " navpack values (configure NavpackSerializer for the class) in this map");
            }
            r = PackedRecord.of(encoder.encode(value), registry);
        }
        byte[] bytes = settings.json == StoreSettings.Json.INSTEAD ? null : StoreTable.bytesOf(r);
        String json = documents == null ? null : documents.toJson(r.array(), r.offset(), r.length());
        if (json == null && settings.json == StoreSettings.Json.INSTEAD) {
            throw new HazelcastException("navpack's map store of map '" + map + "' writes only JSON documents (json="
                    + "instead) but has no document schema for the map: load the documents with navpack load, or store"
                    + " the bytes too (json=beside)");
        }
        return new StoreTable.Row(key, r, bytes, json);
    }

    @Override
    public void delete(Object key) {
        deleteAll(List.of(key));
    }

    @Override
    public void deleteAll(Collection<Object> keys) {
        if (keys.isEmpty()) {
            return;
        }
        StoreTable t = table();
        if (!t.exists()) {
            return;
        }
        try (Connection c = db.get()) {
            c.setAutoCommit(false);
            try {
                t.delete(c, keys);
                c.commit();
            } catch (SQLException | RuntimeException e) {
                rollback(c);
                throw e;
            }
        } catch (SQLException e) {
            throw failure("delete " + keys.size() + (keys.size() == 1 ? " key" : " keys"), e);
        }
    }

    private static void rollback(Connection c) {
        try {
            c.rollback();
        } catch (SQLException e) {
            // the connection is broken; the transaction is gone with it
        }
    }

    private HazelcastException failure(String what, SQLException e) {
        return new HazelcastException("navpack's map store of map '" + map + "' could not " + what + " in table "
                + settings.table + " (data connection '" + db.name() + "'): " + e.getMessage(), e);
    }

    // ------------------------------------------------------------------ reads

    @Override
    public Object load(Object key) {
        return loadAll(List.of(key)).get(key);
    }

    /**
     * The values of {@code keys} found in the table. A row that cannot be a value is named in the log, counted and
     * left out; a row whose type columns or promoted columns disagree with its bytes is loaded from the bytes, named
     * and counted.
     */
    @Override
    public Map<Object, Object> loadAll(Collection<Object> keys) {
        StoreTable t = table();
        Map<Object, Object> out = new HashMap<>(Math.max(16, keys.size() * 2));
        if (keys.isEmpty() || !tableExists(t)) {
            return out;
        }
        try (Connection c = db.get()) {
            t.forKeys(c, t.selectPrefix(), keys, ps -> {
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        read(t, rs, out);
                    }
                }
                return null;
            });
        } catch (SQLException e) {
            throw failure("read " + keys.size() + (keys.size() == 1 ? " key" : " keys"), e);
        }
        return out;
    }

    /** Whether the table exists; one absent at start may have been created by another member since. */
    private boolean tableExists(StoreTable t) {
        if (t.exists()) {
            return true;
        }
        try (Connection c = db.get()) {
            t.prepare(c);
        } catch (SQLException e) {
            throw failure("look up its table", e);
        }
        return t.exists();
    }

    private void read(StoreTable t, ResultSet rs, Map<Object, Object> out) throws SQLException {
        Object key = t.readKey(rs, 1);
        int typeId = rs.getInt(2);
        int version = rs.getInt(3);
        int col = 4;
        byte[] bytes = null;
        if (settings.json != StoreSettings.Json.INSTEAD) {
            bytes = rs.getBytes(col++);
        }
        if (settings.json != StoreSettings.Json.OFF) {
            String json = rs.getString(col++);
            if (bytes == null && settings.json == StoreSettings.Json.INSTEAD) {
                if (json == null) {
                    bad.skipped(key, "NULL in column " + settings.jsonColumn);
                    return;
                }
                try {
                    bytes = documents.toNavpack(json, settings.table + " key " + key);
                } catch (RuntimeException e) {
                    bad.skipped(key, "the JSON document is not one of the map's documents: " + e.getMessage());
                    return;
                }
            }
        }
        if (bytes == null) {
            bad.skipped(key, "NULL in column " + settings.valueColumn + " (no navpack bytes)");
            return;
        }
        PackedRecord r;
        try {
            r = PackedRecord.checked(bytes, registry);
        } catch (NavpackException e) {
            bad.skipped(key, reason(e));
            return;
        } catch (RuntimeException e) {
            bad.skipped(key, "corrupt bytes (" + e + ")");
            return;
        }
        Schema schema = r.schema();
        if (schema.typeId() != typeId || schema.version() != version) {
            bad.disagrees(key, "columns " + settings.typeIdColumn + "/" + settings.versionColumn + " say " + typeId + "/"
                    + version + " but the bytes are a " + schema);
        }
        if (settings.checkColumns && !t.promoted.isEmpty()) {
            Kind[] kinds = t.kinds(schema);
            for (int p = 0; p < kinds.length; p++) {
                PromotedColumn pc = t.promoted.get(p);
                Object expected = kinds[p] == null ? null : pc.valueIn(r);
                if (!PromotedColumn.holds(rs, col + p, expected, kinds[p] == null ? Kind.STRING : kinds[p])) {
                    bad.disagrees(key, "column " + pc.column + " holds " + quote(rs.getString(col + p)) + " but the"
                            + " bytes hold " + quote(expected) + " at " + pc.path);
                }
            }
        }
        out.put(key, r);
    }

    private static String quote(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof byte[] b) {
            return b.length + " bytes";
        }
        return "'" + v + "'";
    }

    private String reason(NavpackException e) {
        String m = String.valueOf(e.getMessage());
        if (m.contains("unknown schema")) {
            return m.replace("unknown schema: ", "unknown type: ") + " (neither the cluster nor schema table "
                    + settings.schemaTable + " has its schema)";
        }
        return "corrupt bytes: " + m;
    }

    /** Every key of the table, streamed through a cursor ({@code fetch-size} rows at a time). */
    @Override
    public Iterable<Object> loadAllKeys() {
        StoreTable t = table();
        if (!tableExists(t)) {
            return List.of();
        }
        try {
            return new KeyStream(t, db.get(), settings.fetchSize);
        } catch (SQLException e) {
            throw failure("read its keys", e);
        }
    }

    // ------------------------------------------------------------------ state

    /** Rows this member skipped while loading (named in its log): NULL or corrupt bytes, types nobody has a schema for. */
    public long skippedRows() {
        return bad == null ? 0 : bad.skipped();
    }

    /** Rows this member loaded from their bytes although a type or promoted column disagreed (named in its log). */
    public long disagreeingRows() {
        return bad == null ? 0 : bad.disagreeing();
    }

    /** The table of the map. */
    public String tableName() {
        return settings.table;
    }

    @Override
    public void destroy() {
        destroyed = true;
        if (hz != null) {
            hz.getUserContext().remove(CONTEXT_KEY + map, this);
            if (documents != null) {
                documents.stop(hz);
            }
        }
        if (db != null) {
            db.close();
        }
    }
}
