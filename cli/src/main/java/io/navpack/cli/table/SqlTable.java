package io.navpack.cli.table;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastJsonValue;
import com.hazelcast.sql.SqlColumnMetadata;
import com.hazelcast.sql.SqlResult;
import com.hazelcast.sql.SqlRow;
import io.navpack.format.PackedRecord;
import io.navpack.json.JsonWriter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.math.BigDecimal;

/**
 * The answer to one SQL statement: its columns and rows (or its update count), printable as a text table
 * or as JSON. Values keep their Java types; a navpack value (a {@code this} column read by a client without
 * the user's classes) prints as its fields.
 */
public final class SqlTable {
    private final String statement;
    private final List<String> columns;
    private final List<List<Object>> rows;
    private final long updateCount;
    private final boolean truncated;
    private final double millis;

    private SqlTable(String statement, List<String> columns, List<List<Object>> rows, long updateCount, boolean truncated,
                     double millis) {
        this.statement = statement;
        this.columns = columns;
        this.rows = rows;
        this.updateCount = updateCount;
        this.truncated = truncated;
        this.millis = millis;
    }

    /**
     * Runs {@code statement} and keeps at most {@code maxRows} rows. A member without what SQL needs gives
     * an error that names it: the hazelcast-sql jar, Jet, or navpack-sql (for {@code TYPE NavpackMap}).
     */
    public static SqlTable execute(HazelcastInstance hz, String statement, int maxRows) {
        long t0 = System.nanoTime();
        try (SqlResult r = hz.getSql().execute(statement)) {
            if (!r.isRowSet()) {
                return new SqlTable(statement, List.of(), List.of(), r.updateCount(), false, (System.nanoTime() - t0) / 1e6);
            }
            List<String> columns = new ArrayList<>();
            for (SqlColumnMetadata c : r.getRowMetadata().getColumns()) {
                columns.add(c.getName());
            }
            List<List<Object>> rows = new ArrayList<>();
            boolean truncated = false;
            for (SqlRow row : r) {
                if (rows.size() == maxRows) {
                    truncated = true;
                    break;
                }
                List<Object> values = new ArrayList<>(columns.size());
                for (int i = 0; i < columns.size(); i++) {
                    values.add(row.getObject(i));
                }
                rows.add(Collections.unmodifiableList(values));
            }
            return new SqlTable(statement, Collections.unmodifiableList(columns), Collections.unmodifiableList(rows), -1,
                    truncated, (System.nanoTime() - t0) / 1e6);
        } catch (RuntimeException e) {
            throw new IllegalStateException(explain(e), e); // the command line exits with 1 (failed) and the message
        }
    }

    /** The error's message, with what to do when the members lack what SQL needs. */
    static String explain(RuntimeException e) {
        String m = String.valueOf(e.getMessage());
        if (m.contains("hazelcast-sql")) {
            return m + " (every member needs the hazelcast-sql jar of its Hazelcast version on its class path)";
        }
        if (m.contains("Jet engine is disabled")) {
            return "The Jet engine is disabled on the members: SQL needs it (hazelcast.jet.enabled: true, or "
                    + "<jet enabled=\"true\"> in hazelcast.xml)";
        }
        if (m.contains("Unknown connector type") && m.contains("NavpackMap")) {
            return m + " (put the navpack-sql jar on every member's class path)";
        }
        return m;
    }

    public String statement() {
        return statement;
    }

    public List<String> columns() {
        return columns;
    }

    public List<List<Object>> rows() {
        return rows;
    }

    /** The update count of a statement that returns no rows; -1 for a query. */
    public long updateCount() {
        return updateCount;
    }

    /** Whether more rows were returned than were kept. */
    public boolean truncated() {
        return truncated;
    }

    public double millis() {
        return millis;
    }

    /** How a value prints in a table cell. */
    public static String text(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof PackedRecord) {
            return JsonWriter.indented(((PackedRecord) v).toMap()).replaceAll("\\s*\\n\\s*", " ");
        }
        if (v instanceof BigDecimal) {
            return ((BigDecimal) v).toPlainString();
        }
        return v.toString();
    }

    /** A text table: a header, a rule, one line per row, and the row count. */
    public String toTable() {
        if (updateCount >= 0) {
            // Hazelcast reports 0 for DDL and for INSERT, UPDATE and DELETE alike
            return updateCount == 0 ? "OK\n" : "OK, " + updateCount + (updateCount == 1 ? " row" : " rows") + " affected\n";
        }
        int[] width = new int[columns.size()];
        List<String[]> cells = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            width[i] = columns.get(i).length();
        }
        for (List<Object> row : rows) {
            String[] c = new String[row.size()];
            for (int i = 0; i < c.length; i++) {
                c[i] = text(row.get(i));
                width[i] = Math.max(width[i], c[i].length());
            }
            cells.add(c);
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < columns.size(); i++) {
            sb.append(i > 0 ? " | " : "").append(pad(columns.get(i), width[i]));
        }
        sb.append('\n');
        for (int i = 0; i < columns.size(); i++) {
            sb.append(i > 0 ? "-+-" : "").append("-".repeat(width[i]));
        }
        sb.append('\n');
        for (String[] c : cells) {
            for (int i = 0; i < c.length; i++) {
                sb.append(i > 0 ? " | " : "").append(pad(c[i], width[i]));
            }
            sb.append('\n');
        }
        sb.append('(').append(rows.size()).append(rows.size() == 1 ? " row" : " rows")
                .append(truncated ? ", more not shown" : "").append(")\n");
        return sb.toString();
    }

    private static String pad(String s, int w) {
        return s.length() >= w ? s : s + " ".repeat(w - s.length());
    }

    /** JSON: an array of row objects keyed by column name; for an update, {@code {"updateCount": n}}. */
    public String toJson() {
        if (updateCount >= 0) {
            return JsonWriter.indented(Map.of("updateCount", updateCount));
        }
        JsonWriter j = JsonWriter.indented().beginArray();
        for (List<Object> row : rows) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (int i = 0; i < columns.size(); i++) {
                m.put(columns.get(i), row.get(i));
            }
            j.beginObject();
            m.forEach((column, v) -> {
                j.name(column);
                if (v instanceof HazelcastJsonValue) {
                    j.rawValue(v.toString());  // a JSON column's text is JSON already
                } else {
                    j.value(v);
                }
            });
            j.endObject();
        }
        return j.endArray().toString();
    }
}
