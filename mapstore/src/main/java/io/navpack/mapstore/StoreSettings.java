package io.navpack.mapstore;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The properties of a navpack map store ({@code map-store} properties in the member's configuration), parsed and
 * checked; an error names the property and the fix.
 */
final class StoreSettings {
    static final String DATA_CONNECTION = "data-connection-ref";
    static final String TABLE = "table-name";
    static final String KEY_COLUMN = "key-column";
    static final String KEY_TYPE = "key-type";
    static final String VALUE_COLUMN = "value-column";
    static final String TYPE_ID_COLUMN = "type-id-column";
    static final String VERSION_COLUMN = "version-column";
    static final String COLUMNS = "columns";
    static final String CREATE_TABLE = "create-table";
    static final String SCHEMA_TABLE = "schema-table";
    static final String JSON = "json";
    static final String JSON_COLUMN = "json-column";
    static final String CHECK_COLUMNS = "check-columns-on-load";
    static final String FETCH_SIZE = "fetch-size";
    static final String LOAD_ON_START = "load-on-start";

    static final Set<String> ALL = Set.of(DATA_CONNECTION, TABLE, KEY_COLUMN, KEY_TYPE, VALUE_COLUMN, TYPE_ID_COLUMN,
            VERSION_COLUMN, COLUMNS, CREATE_TABLE, SCHEMA_TABLE, JSON, JSON_COLUMN, CHECK_COLUMNS, FETCH_SIZE, LOAD_ON_START);

    /** The default schema table, shared by every map store writing to one database. */
    static final String DEFAULT_SCHEMA_TABLE = "navpack_schemas";

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern QUALIFIED = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");
    private static final Pattern PROMOTED = Pattern.compile("\\s*(\\S+?)(?:\\s+(?i:AS)\\s+(\\S+))?\\s*");

    /** How keys are held in the key column. */
    enum KeyType {
        STRING, LONG, INT, UUID;

        static KeyType parse(String text) {
            try {
                return valueOf(text.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(KEY_TYPE + " is '" + text + "': use string, long, int or uuid");
            }
        }
    }

    /** Whether documents are written as JSON: not at all, beside their navpack bytes, or instead of them. */
    enum Json { OFF, BESIDE, INSTEAD }

    /** A promoted column: a field path of the value and the column's name. */
    record Promoted(String path, String column) {
    }

    final String dataConnection;
    final String table;
    final String keyColumn;
    /** Null when the table's key column says it (or the first key written, for a table created here). */
    final KeyType keyType;
    final String valueColumn;
    final String typeIdColumn;
    final String versionColumn;
    final List<Promoted> promoted;
    final boolean createTable;
    final String schemaTable;
    final Json json;
    final String jsonColumn;
    final boolean checkColumns;
    final int fetchSize;
    /** Whether an EAGER map starts loading when its member starts (true), or when it is first used, as Hazelcast does. */
    final boolean loadOnStart;

    private StoreSettings(Properties p, String mapName) {
        List<String> unknown = new ArrayList<>();
        for (String k : p.stringPropertyNames()) {
            if (!ALL.contains(k)) {
                unknown.add(k);
            }
        }
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown map store properties " + unknown + " for map '" + mapName
                    + "': navpack's map store takes " + new TreeSet<>(ALL));
        }
        dataConnection = p.getProperty(DATA_CONNECTION, "").trim();
        if (dataConnection.isEmpty()) {
            throw new IllegalArgumentException("the map store of map '" + mapName + "' needs the property "
                    + DATA_CONNECTION + ": the name of a data-connection of type JDBC in the member's configuration");
        }
        String defaultTable = mapName.replaceAll("[^A-Za-z0-9_]", "_");
        table = qualified(TABLE, p.getProperty(TABLE, defaultTable));
        keyColumn = name(KEY_COLUMN, p.getProperty(KEY_COLUMN, "id"));
        String kt = p.getProperty(KEY_TYPE);
        keyType = kt == null || kt.isBlank() ? null : KeyType.parse(kt);
        valueColumn = name(VALUE_COLUMN, p.getProperty(VALUE_COLUMN, "value"));
        typeIdColumn = name(TYPE_ID_COLUMN, p.getProperty(TYPE_ID_COLUMN, "type_id"));
        versionColumn = name(VERSION_COLUMN, p.getProperty(VERSION_COLUMN, "version"));
        createTable = bool(p, CREATE_TABLE, false);
        schemaTable = qualified(SCHEMA_TABLE, p.getProperty(SCHEMA_TABLE, DEFAULT_SCHEMA_TABLE));
        String j = p.getProperty(JSON, "off").trim().toUpperCase(Locale.ROOT);
        try {
            json = Json.valueOf(j);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(JSON + " is '" + p.getProperty(JSON) + "': use off, beside or instead");
        }
        jsonColumn = name(JSON_COLUMN, p.getProperty(JSON_COLUMN, "document"));
        checkColumns = bool(p, CHECK_COLUMNS, true);
        try {
            fetchSize = Integer.parseInt(p.getProperty(FETCH_SIZE, "1000").trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(FETCH_SIZE + " is '" + p.getProperty(FETCH_SIZE) + "': a number of rows");
        }
        loadOnStart = bool(p, LOAD_ON_START, true);
        promoted = Collections.unmodifiableList(promoted(p.getProperty(COLUMNS, "")));
        Set<String> names = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        for (String n : fixedColumns()) {
            if (!names.add(n)) {
                throw new IllegalArgumentException("the map store of map '" + mapName + "' names column '" + n
                        + "' twice: give the key, value, type id, version and JSON columns different names");
            }
        }
        for (Promoted c : promoted) {
            if (!names.add(c.column())) {
                throw new IllegalArgumentException("promoted column '" + c.column() + "' (" + c.path() + ") of map '"
                        + mapName + "' has the name of another column: name it with AS (" + c.path() + " AS other_name)");
            }
        }
    }

    static StoreSettings of(Properties p, String mapName) {
        return new StoreSettings(p, mapName);
    }

    /** The key, type id, version, value and JSON columns, as this store writes them. */
    List<String> fixedColumns() {
        List<String> out = new ArrayList<>(List.of(keyColumn, typeIdColumn, versionColumn));
        if (json != Json.INSTEAD) {
            out.add(valueColumn);
        }
        if (json != Json.OFF) {
            out.add(jsonColumn);
        }
        return out;
    }

    /** Every column of the table: the fixed ones, then the promoted ones. */
    List<String> allColumns() {
        List<String> out = fixedColumns();
        for (Promoted c : promoted) {
            out.add(c.column());
        }
        return out;
    }

    /** "currency1, trade.tradeHeader.tradeDate AS trade_date, party[0].partyName". */
    private static List<Promoted> promoted(String text) {
        List<Promoted> out = new ArrayList<>();
        if (text.isBlank()) {
            return out;
        }
        for (String part : text.split(",")) {
            if (part.isBlank()) {
                continue;
            }
            Matcher m = PROMOTED.matcher(part);
            if (!m.matches()) {
                throw new IllegalArgumentException(COLUMNS + ": '" + part.trim() + "' is not 'path' or 'path AS name'");
            }
            String path = m.group(1);
            io.navpack.format.FieldPath fp;
            try {
                fp = io.navpack.format.FieldPath.parse(path);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(COLUMNS + ": " + e.getMessage(), e);
            }
            for (int i = 0; i < fp.size(); i++) {
                if (fp.step(i).type() == io.navpack.format.FieldPath.Step.Type.ANY) {
                    throw new IllegalArgumentException(COLUMNS + ": '" + path + "' reaches every element ([any]);"
                            + " a column holds one value: name one element ([0])");
                }
            }
            String column = m.group(2) != null ? m.group(2)
                    : path.replaceAll("[^A-Za-z0-9]+", "_").replaceAll("^_+|_+$", "").toLowerCase(Locale.ROOT);
            out.add(new Promoted(path, name(COLUMNS, column)));
        }
        return out;
    }

    private static boolean bool(Properties p, String key, boolean dflt) {
        String v = p.getProperty(key);
        if (v == null || v.isBlank()) {
            return dflt;
        }
        if (v.trim().equalsIgnoreCase("true") || v.trim().equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(v.trim());
        }
        throw new IllegalArgumentException(key + " is '" + v + "': use true or false");
    }

    private static String name(String property, String value) {
        String v = value.trim();
        if (!NAME.matcher(v).matches()) {
            throw new IllegalArgumentException(property + ": '" + v + "' is not a column name (letters, digits and _,"
                    + " not starting with a digit)");
        }
        return v;
    }

    private static String qualified(String property, String value) {
        String v = value.trim();
        if (!QUALIFIED.matcher(v).matches()) {
            throw new IllegalArgumentException(property + ": '" + v + "' is not a table name ([schema.]name of letters,"
                    + " digits and _)");
        }
        return v;
    }
}
