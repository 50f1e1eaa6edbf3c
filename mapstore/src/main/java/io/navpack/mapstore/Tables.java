package io.navpack.mapstore;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** What a database says about its tables: whether one exists and its columns. */
final class Tables {
    /** A column as the database describes it: its name, JDBC type ({@link java.sql.Types}) and type name. */
    record Column(String name, int jdbcType, String typeName) {
    }

    private Tables() {
    }

    /**
     * The columns of {@code table} ({@code [schema.]name}, unquoted: looked up as written, in lower and in upper case)
     * by lower-case name, in their order; null when there is no such table.
     */
    static Map<String, Column> columns(Connection c, String table) throws SQLException {
        String schema = null;
        String name = table;
        int dot = table.indexOf('.');
        if (dot > 0) {
            schema = table.substring(0, dot);
            name = table.substring(dot + 1);
        }
        DatabaseMetaData md = c.getMetaData();
        for (String[] candidate : new String[][] {
                {schema, name},
                {lower(schema), name.toLowerCase(Locale.ROOT)},
                {upper(schema), name.toUpperCase(Locale.ROOT)}}) {
            Map<String, Column> out = new LinkedHashMap<>();
            try (ResultSet rs = md.getColumns(null, candidate[0], candidate[1], null)) {
                while (rs.next()) {
                    String col = rs.getString("COLUMN_NAME");
                    out.put(col.toLowerCase(Locale.ROOT), new Column(col, rs.getInt("DATA_TYPE"), rs.getString("TYPE_NAME")));
                }
            }
            if (!out.isEmpty()) {
                return out;
            }
        }
        return null;
    }

    private static String lower(String s) {
        return s == null ? null : s.toLowerCase(Locale.ROOT);
    }

    private static String upper(String s) {
        return s == null ? null : s.toUpperCase(Locale.ROOT);
    }
}
