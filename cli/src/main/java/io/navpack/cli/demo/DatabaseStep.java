package io.navpack.cli.demo;

import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import com.acme.trading.documents.FpmlTrades;
import com.hazelcast.config.Config;
import com.hazelcast.config.DataConnectionConfig;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.MapConfig;
import com.hazelcast.config.MapStoreConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.nio.serialization.genericrecord.GenericRecord;
import com.hazelcast.nio.serialization.genericrecord.GenericRecordBuilder;
import com.hazelcast.query.Predicate;
import com.hazelcast.query.Predicates;
import com.hazelcast.sql.SqlResult;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.SchemaInference;
import io.navpack.documents.hazelcast.DocumentLoader;
import io.navpack.fixtures.EmbeddedDatabase;
import io.navpack.format.Navpack;
import io.navpack.format.PackedRecord;

import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A database behind the map: N trades (and some of the FpML trade documents, as JSON beside their bytes) written
 * through navpack's map store to an embedded PostgreSQL server, beside the same trades as Compact records written
 * through Hazelcast's {@code GenericMapStore}; then every member stopped, new ones started with no client, and every
 * entry and the queries' answers checked again. Two members in this JVM, 127.0.0.1 only, their own cluster.
 */
public final class DatabaseStep {
    static final String TRADES = "db_trades";
    static final String DOCUMENTS = "db_documents";
    static final String COMPACT = "db_compact";
    private static final String QUERY = "currency1 = 'EUR' and amount1 > 10000000";
    private static final String DOC_PATH = "trade.tradeHeader.tradeDate";

    /** One map's figures. */
    public record Row(String format, long entries, double writeSeconds, double dbBytesPerEntry, double loadSeconds,
                      long entriesBack, boolean bytesEqual, long queryBefore, long queryAfter) {
    }

    /** The step's results. */
    public record Result(String database, List<Row> rows, long sqlAfter, String query) {
        public boolean allBack() {
            return rows.stream().allMatch(r -> r.entriesBack() == r.entries() && r.bytesEqual()
                    && r.queryBefore() == r.queryAfter());
        }
    }

    private final PrintStream progress;
    private final List<HazelcastInstance> members = new ArrayList<>();

    public DatabaseStep(PrintStream progress) {
        this.progress = progress;
    }

    public Result run(long trades, long documents, Path fpml) throws IOException, SQLException, InterruptedException {
        try (EmbeddedDatabase db = EmbeddedDatabase.start()) {
            try (Connection c = db.connect(); Statement s = c.createStatement()) {
                // GenericMapStore writes to a table that exists: a column per field of the Compact record
                s.execute("CREATE TABLE " + COMPACT + " (id BIGINT PRIMARY KEY, \"tradeDate\" DATE, \"buySell\" SMALLINT,"
                        + " currency1 TEXT, amount1 NUMERIC, \"exchangeRate\" NUMERIC, currency2 TEXT, amount2 NUMERIC,"
                        + " \"settlementDate\" DATE)");
            }
            int[] ports = {freePort(), freePort()};
            String cluster = "navpack-demo-db-" + ProcessHandle.current().pid();
            progress.printf("Database: PostgreSQL on 127.0.0.1:%d, %,d trades written through navpack's map store and"
                    + " Hazelcast's GenericMapStore%n", db.port(), trades);
            start(cluster, ports, db);
            HazelcastInstance hz = members.get(0);

            Navpack navpack = Navpack.of(Trade.class);
            long t0 = System.nanoTime();
            IMap<Long, Trade> navMap = hz.getMap(TRADES);
            putAll(navMap, trades, TradeGenerator::trade);
            double navWrite = (System.nanoTime() - t0) / 1e9;
            long navQuery = navMap.keySet(Predicates.sql(QUERY)).size();

            long docsWritten = 0;
            double docWrite = Double.NaN;
            long docQuery = 0;
            Map<Object, byte[]> docBytes = new HashMap<>();
            if (documents > 0 && fpml != null && Files.isDirectory(fpml)) {
                List<byte[]> templates = FpmlTrades.templates(fpml);
                SchemaInference inference = SchemaInference.of(DocumentFormat.XML).name("fpmltrades");
                for (long n = 0; n < Math.min(documents, 2_000); n++) {
                    inference.add(FpmlTrades.document(templates, n), "trade-" + n);
                }
                DocumentSchema schema = inference.infer();
                t0 = System.nanoTime();
                try (DocumentLoader loader = DocumentLoader.into(hz, DOCUMENTS, schema).batchSize(256).maxInFlight(8).build()) {
                    for (long n = 0; n < documents; n++) {
                        loader.load(DocumentFormat.XML, FpmlTrades.document(templates, n), "trade-" + n, "trade-" + n);
                    }
                }
                docWrite = (System.nanoTime() - t0) / 1e9;
                docsWritten = documents;
                docQuery = hz.getMap(DOCUMENTS).keySet(docPredicate()).size();
                IMap<Object, Object> docs = hz.getMap(DOCUMENTS);
                for (Map.Entry<Object, Object> e : docs.entrySet()) {
                    docBytes.put(e.getKey(), PackedRecord.ofView(e.getValue()).bytes());
                }
            }

            t0 = System.nanoTime();
            IMap<Long, GenericRecord> cmpMap = hz.getMap(COMPACT);
            putAll(cmpMap, trades, id -> compact(TradeGenerator.trade(id)));
            double cmpWrite = (System.nanoTime() - t0) / 1e9;
            long cmpQuery = cmpMap.keySet(Predicates.sql(QUERY)).size();

            Map<String, Double> bytes = new HashMap<>();
            try (Connection c = db.connect()) {
                bytes.put(TRADES, bytesPerEntry(c, TRADES, trades));
                bytes.put(COMPACT, bytesPerEntry(c, COMPACT, trades));
                bytes.put(DOCUMENTS, docsWritten == 0 ? Double.NaN : bytesPerEntry(c, DOCUMENTS, docsWritten));
            }

            progress.println("Database: every member stopped; two new members start, with no client, and load the maps"
                    + " from the database");
            stop();
            t0 = System.nanoTime();
            start(cluster, ports, db);
            hz = members.get(0);
            // navpack's maps load when their members start (EAGER); GenericMapStore's when first used
            IMap<Long, Object> navBack = hz.getMap(TRADES);
            awaitSize(navBack, trades);
            double navLoad = (System.nanoTime() - t0) / 1e9;
            boolean navEqual = true;
            for (long id = 1; id <= trades; id++) {
                PackedRecord r = PackedRecord.ofView(navBack.get(id));
                navEqual &= r != null && Arrays.equals(r.bytes(), navpack.encode(TradeGenerator.trade(id)));
            }
            long navQueryAfter = navBack.keySet(Predicates.sql(QUERY)).size();
            long sqlAfter;
            hz.getSql().execute("CREATE MAPPING " + TRADES + " TYPE NavpackMap").close();
            try (SqlResult r = hz.getSql().execute("SELECT COUNT(*) FROM " + TRADES + " WHERE currency1 = 'EUR' AND"
                    + " amount1 > 10000000")) {
                sqlAfter = r.iterator().next().<Long>getObject(0);
            }
            List<Row> rows = new ArrayList<>();
            rows.add(new Row("navpack (NavpackMapStore)", trades, navWrite, bytes.get(TRADES), navLoad, navBack.size(),
                    navEqual, navQuery, navQueryAfter));
            if (docsWritten > 0) {
                t0 = System.nanoTime();
                IMap<Object, Object> docs = hz.getMap(DOCUMENTS);
                awaitSize(docs, docsWritten);
                double docLoad = (System.nanoTime() - t0) / 1e9;
                boolean docEqual = true;
                for (Map.Entry<Object, Object> e : docs.entrySet()) {
                    byte[] before = docBytes.get(e.getKey());
                    docEqual &= before != null && Arrays.equals(before, PackedRecord.ofView(e.getValue()).bytes());
                }
                rows.add(new Row("navpack documents (JSON beside)", docsWritten, docWrite, bytes.get(DOCUMENTS), docLoad,
                        docs.size(), docEqual, docQuery, docs.keySet(docPredicate()).size()));
            }
            t0 = System.nanoTime();
            IMap<Long, GenericRecord> cmpBack = hz.getMap(COMPACT);
            double cmpLoad = (System.nanoTime() - t0) / 1e9;
            boolean cmpEqual = true;
            for (Map.Entry<Long, GenericRecord> e : cmpBack.entrySet()) {
                cmpEqual &= compact(TradeGenerator.trade(e.getKey())).equals(e.getValue());
            }
            rows.add(new Row("Compact (GenericMapStore)", trades, cmpWrite, bytes.get(COMPACT), cmpLoad, cmpBack.size(),
                    cmpEqual, cmpQuery, cmpBack.keySet(Predicates.sql(QUERY)).size()));
            return new Result("PostgreSQL 14 (embedded), 127.0.0.1:" + db.port(), rows, sqlAfter, QUERY);
        } finally {
            stop();
        }
    }

    private static Predicate<Object, Object> docPredicate() {
        return Predicates.greaterEqual(DOC_PATH, java.time.LocalDate.parse("2018-01-01"));
    }

    private static <V> void putAll(IMap<Long, V> map, long n, java.util.function.LongFunction<V> value) {
        Map<Long, V> batch = new HashMap<>();
        for (long id = 1; id <= n; id++) {
            batch.put(id, value.apply(id));
            if (batch.size() == 1000 || id == n) {
                map.putAll(batch);
                batch.clear();
            }
        }
    }

    private static GenericRecord compact(Trade t) {
        return GenericRecordBuilder.compact("StoredTrade")
                .setInt64("id", t.id()).setDate("tradeDate", t.tradeDate())
                .setInt16("buySell", (short) t.buySell().ordinal()).setString("currency1", t.currency1())
                .setDecimal("amount1", t.amount1()).setDecimal("exchangeRate", t.exchangeRate())
                .setString("currency2", t.currency2()).setDecimal("amount2", t.amount2())
                .setDate("settlementDate", t.settlementDate()).build();
    }

    private static void awaitSize(IMap<?, ?> map, long n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
        while (map.size() < n && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
    }

    /** The table's bytes (rows, TOAST and primary key) over its {@code entries} rows. */
    private static double bytesPerEntry(Connection c, String table, long entries) throws SQLException {
        try (java.sql.PreparedStatement ps = c.prepareStatement("SELECT pg_total_relation_size(CAST(? AS regclass))")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return entries == 0 ? Double.NaN : (double) rs.getLong(1) / entries;
            }
        }
    }

    private void start(String cluster, int[] ports, EmbeddedDatabase db) {
        for (int port : ports) {
            Config c = Demo.memberConfig(cluster, port, ports);
            c.addDataConnectionConfig(new DataConnectionConfig("demo-db").setType("JDBC").setShared(true)
                    .setProperty("jdbcUrl", db.jdbcUrl() + "?reWriteBatchedInserts=true")
                    .setProperty("user", db.user()).setProperty("password", ""));
            c.addMapConfig(new MapConfig(TRADES).setInMemoryFormat(InMemoryFormat.BINARY).setBackupCount(1)
                    .setMapStoreConfig(store("io.navpack.mapstore.NavpackMapStore", "create-table", "true",
                            "key-type", "long", "columns", "currency1, tradeDate AS trade_date, amount1")));
            c.addMapConfig(new MapConfig(DOCUMENTS).setInMemoryFormat(InMemoryFormat.BINARY).setBackupCount(1)
                    .setMapStoreConfig(store("io.navpack.mapstore.NavpackMapStore", "create-table", "true",
                            "key-type", "string", "json", "beside", "columns", DOC_PATH + " AS trade_date")));
            c.addMapConfig(new MapConfig(COMPACT).setInMemoryFormat(InMemoryFormat.BINARY).setBackupCount(1)
                    .setMapStoreConfig(store("com.hazelcast.mapstore.GenericMapStore", "external-name", COMPACT,
                            "id-column", "id", "type-name", "StoredTrade")));
            members.add(Hazelcast.newHazelcastInstance(c));
        }
    }

    private static MapStoreConfig store(String className, String... properties) {
        MapStoreConfig s = new MapStoreConfig().setEnabled(true).setClassName(className).setWriteDelaySeconds(0)
                .setInitialLoadMode(MapStoreConfig.InitialLoadMode.EAGER).setProperty("data-connection-ref", "demo-db");
        for (int i = 0; i < properties.length; i += 2) {
            s.setProperty(properties[i], properties[i + 1]);
        }
        return s;
    }

    private void stop() {
        for (HazelcastInstance m : members) {
            m.shutdown();
        }
        members.clear();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** The step as text. */
    public static String table(Result r) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%nA database behind the map (%s), written"
                + " through, every member stopped, new members started with no client:%n", r.database()));
        sb.append(String.format(Locale.ROOT, "  %-32s %9s %11s %9s %12s %9s %6s  %s%n", "map", "entries", "written/s",
                "DB B/entry", "loaded back", "back", "bytes", "query before / after"));
        for (Row row : r.rows()) {
            sb.append(String.format(Locale.ROOT, "  %-32s %,9d %,11.0f %9.0f %10.1f s %,9d %6s  %,d / %,d%n", row.format(),
                    row.entries(), row.entries() / row.writeSeconds(), row.dbBytesPerEntry(), row.loadSeconds(),
                    row.entriesBack(), row.bytesEqual() ? "equal" : "DIFFER", row.queryBefore(), row.queryAfter()));
        }
        sb.append(String.format(Locale.ROOT, "  query: %s; SQL after the restart: %,d%n", r.query(), r.sqlAfter()));
        return sb.toString();
    }
}
