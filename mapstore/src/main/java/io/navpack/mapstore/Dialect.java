package io.navpack.mapstore;

import io.navpack.format.FieldType;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;

/**
 * What differs between databases in the SQL the map store writes: column types, upserts, JSON parameters and
 * looking rows up by many keys. PostgreSQL and H2 have their own forms; any other database gets standard SQL (an
 * update, then an insert where it changed no row).
 */
enum Dialect {
    POSTGRESQL, H2, STANDARD;

    /** The dialect of the database {@code c} is connected to. */
    static Dialect of(Connection c) throws SQLException {
        String product = c.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
        if (product.contains("postgres")) {
            return POSTGRESQL;
        }
        if (product.contains("h2")) {
            return H2;
        }
        return STANDARD;
    }

    /**
     * An identifier ({@code [schema.]name}) as this database reads it: PostgreSQL and H2 quoted, in the case they fold
     * unquoted names to (lower, upper), so that a name such as {@code value} (a keyword of H2) is a name there and means
     * what it would unquoted; other databases unquoted.
     */
    String id(String name) {
        if (this == STANDARD) {
            return name;
        }
        StringBuilder sb = new StringBuilder();
        for (String part : name.split("\\.")) {
            if (sb.length() > 0) {
                sb.append('.');
            }
            sb.append('"').append(this == H2 ? part.toUpperCase(Locale.ROOT) : part.toLowerCase(Locale.ROOT)).append('"');
        }
        return sb.toString();
    }

    String binaryType() {
        return switch (this) {
            case POSTGRESQL -> "BYTEA";
            case H2 -> "VARBINARY";
            case STANDARD -> "BLOB";
        };
    }

    String textType() {
        return this == POSTGRESQL ? "TEXT" : this == H2 ? "VARCHAR" : "VARCHAR(4000)";
    }

    String jsonType() {
        return switch (this) {
            case POSTGRESQL -> "JSONB";
            case H2 -> "JSON";
            case STANDARD -> "CLOB";
        };
    }

    /** The placeholder of a JSON parameter given as text. */
    String jsonParameter() {
        return switch (this) {
            case POSTGRESQL -> "CAST(? AS JSONB)";
            case H2 -> "? FORMAT JSON";
            case STANDARD -> "?";
        };
    }

    /** The SQL type of a promoted column of navpack type {@code t}; null for a type no column holds (collections, records). */
    String columnType(FieldType t) {
        return switch (t.kind()) {
            case BOOLEAN -> "BOOLEAN";
            case BYTE, SHORT -> "SMALLINT";
            case INT -> "INTEGER";
            case LONG -> "BIGINT";
            case FLOAT -> "REAL";
            case DOUBLE -> "DOUBLE PRECISION";
            case CHAR, STRING, ENUM -> textType();
            case UUID -> this == STANDARD ? "VARCHAR(36)" : "UUID";
            case DECIMAL, BIG_INTEGER -> "NUMERIC";
            case DATE -> "DATE";
            case TIME -> "TIME";
            case DATE_TIME -> "TIMESTAMP";
            case INSTANT, OFFSET_DATE_TIME -> "TIMESTAMP WITH TIME ZONE";
            case BYTES -> binaryType();
            default -> null;
        };
    }

    /**
     * The statement that writes one row of {@code columns} (the first is the key) whatever is there: an upsert; null
     * for {@link #STANDARD}, which updates, then inserts ({@link #update}, {@link #insert}).
     */
    String upsert(String table, List<String> columns, List<String> placeholders) {
        String cols = String.join(", ", columns);
        String values = String.join(", ", placeholders);
        switch (this) {
            case POSTGRESQL: {
                StringBuilder set = new StringBuilder();
                for (int i = 1; i < columns.size(); i++) {
                    set.append(i > 1 ? ", " : "").append(columns.get(i)).append(" = EXCLUDED.").append(columns.get(i));
                }
                return "INSERT INTO " + table + " (" + cols + ") VALUES (" + values + ") ON CONFLICT (" + columns.get(0)
                        + ") DO UPDATE SET " + set;
            }
            case H2:
                return "MERGE INTO " + table + " (" + cols + ") KEY (" + columns.get(0) + ") VALUES (" + values + ")";
            default:
                return null;
        }
    }

    /** UPDATE of every column but the key (the last parameter). */
    static String update(String table, List<String> columns, List<String> placeholders) {
        StringBuilder set = new StringBuilder();
        for (int i = 1; i < columns.size(); i++) {
            set.append(i > 1 ? ", " : "").append(columns.get(i)).append(" = ").append(placeholders.get(i));
        }
        return "UPDATE " + table + " SET " + set + " WHERE " + columns.get(0) + " = ?";
    }

    static String insert(String table, List<String> columns, List<String> placeholders) {
        return "INSERT INTO " + table + " (" + String.join(", ", columns) + ") VALUES (" + String.join(", ", placeholders)
                + ")";
    }

    /** Whether rows are looked up by an array parameter ({@code = ANY(?)}) rather than a list of parameters. */
    boolean keysAsArray() {
        return this == POSTGRESQL;
    }

    /** The SQL array type name of keys of {@code type} for {@link #keysAsArray()}. */
    static String arrayType(StoreSettings.KeyType type) {
        return switch (type) {
            case LONG -> "bigint";
            case INT -> "integer";
            case UUID -> "uuid";
            case STRING -> "text";
        };
    }

    /** Sets a JSON parameter given as UTF-8 text. */
    void setJson(PreparedStatement ps, int index, String json) throws SQLException {
        if (json == null) {
            ps.setNull(index, this == STANDARD ? java.sql.Types.CLOB : java.sql.Types.VARCHAR);
        } else {
            ps.setString(index, json);
        }
    }
}
