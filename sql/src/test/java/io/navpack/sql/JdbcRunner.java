package io.navpack.sql;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A JDBC client in its own JVM, with only Hazelcast's JDBC driver and this class on its class path: runs
 * each argument after the URL as one statement and prints, per statement, {@code ROWS}, one line per row
 * (values separated by tabs, {@code \N} for null) and {@code END}; or {@code UPDATED n}; or {@code ERROR message}.
 * It imports nothing of Hazelcast or navpack.
 */
public final class JdbcRunner {
    private JdbcRunner() {
    }

    public static void main(String[] args) throws SQLException {
        try (Connection c = DriverManager.getConnection(args[0])) {
            System.out.println("DRIVER " + c.getMetaData().getDriverName() + " " + c.getMetaData().getDriverVersion());
            for (int i = 1; i < args.length; i++) {
                try (Statement s = c.createStatement()) {
                    if (s.execute(args[i])) {
                        System.out.println("ROWS");
                        try (ResultSet rs = s.getResultSet()) {
                            ResultSetMetaData md = rs.getMetaData();
                            while (rs.next()) {
                                StringBuilder line = new StringBuilder();
                                for (int k = 1; k <= md.getColumnCount(); k++) {
                                    Object v = rs.getObject(k);
                                    line.append(k > 1 ? "\t" : "").append(v == null ? "\\N" : v.toString());
                                }
                                System.out.println(line);
                            }
                        }
                        System.out.println("END");
                    } else {
                        System.out.println("UPDATED " + s.getUpdateCount());
                    }
                } catch (SQLException e) {
                    System.out.println("ERROR " + e.getMessage().replace('\n', ' '));
                }
            }
        }
    }
}
