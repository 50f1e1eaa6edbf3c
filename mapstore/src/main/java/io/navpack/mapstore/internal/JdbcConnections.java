package io.navpack.mapstore.internal;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.dataconnection.DataConnection;
import com.hazelcast.dataconnection.DataConnectionService;
import com.hazelcast.dataconnection.impl.JdbcDataConnection;
import com.hazelcast.instance.impl.HazelcastInstanceImpl;
import io.navpack.hazelcast.internal.HazelcastInstances;
import io.navpack.hazelcast.internal.ProvenOn;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * The JDBC connections of a Hazelcast data connection of type {@code JDBC}: Hazelcast's {@code JdbcDataConnection}
 * (its pool of connections) lives in an {@code impl} package, and so does the service that hands it out on 5.5 (the node
 * engine's; {@code HazelcastInstance.getDataConnectionService()} came with 5.6): this is the one place navpack reaches
 * them.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
public final class JdbcConnections implements AutoCloseable {
    private final String name;
    private final JdbcDataConnection connection;

    private JdbcConnections(String name, JdbcDataConnection connection) {
        this.name = name;
        this.connection = connection;
    }

    /**
     * The data connection {@code name} of member {@code hz}, retained until {@link #close()}; an
     * {@link IllegalArgumentException} naming the fix when there is none or it is not of type JDBC.
     */
    public static JdbcConnections of(HazelcastInstance hz, String name) {
        DataConnection dc;
        try {
            // HazelcastInstance.getDataConnectionService() is 5.6's; the node engine has it in every version
            DataConnectionService service = ((HazelcastInstanceImpl) HazelcastInstances.unwrap(hz)).node.getNodeEngine()
                    .getDataConnectionService();
            dc = service.getAndRetainDataConnection(name, DataConnection.class);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("there is no data connection '" + name + "' on this member: add a"
                    + " data-connection of type JDBC named '" + name + "' (with its jdbcUrl) to every member's"
                    + " configuration (" + e.getMessage() + ")", e);
        }
        if (!(dc instanceof JdbcDataConnection jdbc)) {
            dc.release();
            throw new IllegalArgumentException("data connection '" + name + "' is of type " + dc.getConfig().getType()
                    + ", not JDBC: navpack's map store writes to a database through a data connection of type JDBC");
        }
        return new JdbcConnections(name, jdbc);
    }

    /**
     * A connection of the pool (or a new one, for a data connection that is not shared); the caller closes it. A
     * database that cannot be reached gives an {@link SQLException} with the pool's reason and the driver's.
     */
    public Connection get() throws SQLException {
        try {
            return connection.getConnection();
        } catch (RuntimeException e) {
            StringBuilder why = new StringBuilder(String.valueOf(e.getMessage()));
            for (Throwable c = e.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
                if (c.getMessage() != null && why.indexOf(c.getMessage()) < 0) {
                    why.append(": ").append(c.getMessage());
                }
            }
            throw new SQLException(why.toString(), e);
        }
    }

    /** The data connection's name. */
    public String name() {
        return name;
    }

    /** The JDBC URL configured for the data connection (without its properties), for messages. */
    public String url() {
        return String.valueOf(connection.getConfig().getProperty("jdbcUrl"));
    }

    @Override
    public void close() {
        connection.release();
    }
}
