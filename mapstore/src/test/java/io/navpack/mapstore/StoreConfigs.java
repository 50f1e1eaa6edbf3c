package io.navpack.mapstore;

import com.hazelcast.config.Config;
import com.hazelcast.config.DataConnectionConfig;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.MapConfig;
import com.hazelcast.config.MapStoreConfig;
import io.navpack.fixtures.EmbeddedDatabase;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.NavpackConfig;

import java.util.Map;
import java.util.Properties;

/** Member configurations with a navpack map store on a test database, programmatic and as hazelcast.xml. */
final class StoreConfigs {
    static final String DATA_CONNECTION = "pg";
    /** The trades' promoted columns: a top-level text, a date renamed, a decimal. */
    static final String TRADE_COLUMNS = "currency1, tradeDate AS trade_date, amount1";

    private static EmbeddedDatabase shared;

    private StoreConfigs() {
    }

    /**
     * The PostgreSQL server of this test JVM, started on first use and stopped (its data deleted) when the JVM ends: the
     * test classes share it, each with tables of its own.
     */
    static synchronized EmbeddedDatabase database() {
        if (shared == null) {
            EmbeddedDatabase db = EmbeddedDatabase.start();
            Runtime.getRuntime().addShutdownHook(new Thread(db::close, "navpack-test-database"));
            shared = db;
        }
        return shared;
    }

    /** An in-process member on {@code port} of {@code cluster} with map {@code map} stored as {@code props} say. */
    static Config member(String cluster, int port, int[] ports, EmbeddedDatabase db, String map, Map<String, String> props,
                         int writeDelaySeconds, MapStoreConfig.InitialLoadMode mode) {
        Config c = Loopback.member(NavpackConfig.of().applyTo(new Config()), cluster, port, ports);
        c.addDataConnectionConfig(dataConnection(db));
        c.addMapConfig(map(map, props, writeDelaySeconds, mode));
        return c;
    }

    static DataConnectionConfig dataConnection(EmbeddedDatabase db) {
        return new DataConnectionConfig(DATA_CONNECTION).setType("JDBC").setShared(true)
                .setProperty("jdbcUrl", db.jdbcUrl())
                .setProperty("user", db.user())
                .setProperty("password", "")
                // a put waits at most 3 s for a connection while the database is down
                .setProperty("connectionTimeout", "3000")
                .setProperty("maximumPoolSize", "4");
    }

    static MapConfig map(String map, Map<String, String> props, int writeDelaySeconds, MapStoreConfig.InitialLoadMode mode) {
        Properties p = new Properties();
        p.setProperty("data-connection-ref", DATA_CONNECTION);
        p.putAll(props);
        MapStoreConfig store = new MapStoreConfig().setEnabled(true).setClassName(NavpackMapStore.class.getName())
                .setWriteDelaySeconds(writeDelaySeconds).setWriteBatchSize(500).setWriteCoalescing(true)
                .setInitialLoadMode(mode).setProperties(p);
        return new MapConfig(map).setInMemoryFormat(InMemoryFormat.BINARY).setBackupCount(1).setMapStoreConfig(store);
    }

    /**
     * The hazelcast.xml elements of the data connection and map {@code map} (for member JVMs): the map store as a user
     * writes it, with Jet on for SQL.
     */
    static String xml(EmbeddedDatabase db, String map, Map<String, String> props, int writeDelaySeconds, String mode) {
        StringBuilder p = new StringBuilder("<property name=\"data-connection-ref\">" + DATA_CONNECTION + "</property>");
        props.forEach((k, v) -> p.append("<property name=\"").append(k).append("\">").append(v).append("</property>"));
        return "<jet enabled=\"true\"/>"
                + "<data-connection name=\"" + DATA_CONNECTION + "\"><type>JDBC</type><shared>true</shared><properties>"
                + "<property name=\"jdbcUrl\">" + db.jdbcUrl() + "</property>"
                + "<property name=\"user\">" + db.user() + "</property><property name=\"password\"></property>"
                + "<property name=\"connectionTimeout\">3000</property>"
                + "<property name=\"maximumPoolSize\">4</property></properties></data-connection>"
                + "<map name=\"" + map + "\"><in-memory-format>BINARY</in-memory-format><backup-count>1</backup-count>"
                + "<map-store enabled=\"true\" initial-mode=\"" + mode + "\">"
                + "<class-name>" + NavpackMapStore.class.getName() + "</class-name>"
                + "<write-delay-seconds>" + writeDelaySeconds + "</write-delay-seconds>"
                + "<write-batch-size>500</write-batch-size><write-coalescing>true</write-coalescing>"
                + "<properties>" + p + "</properties></map-store></map>";
    }
}
