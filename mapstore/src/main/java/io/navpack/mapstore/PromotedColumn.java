package io.navpack.mapstore;

import io.navpack.format.Field;
import io.navpack.format.FieldPath;
import io.navpack.format.FieldType;
import io.navpack.format.Kind;
import io.navpack.format.PackedRecord;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Objects;
import java.util.UUID;

/**
 * A promoted column: one value of the record, reached by a plain field path, written to a column of its own (typed as
 * the schema says) so that the database can query and index it. Values are read from the bytes without decoding the
 * rest of the record.
 */
final class PromotedColumn {
    final String path;
    final String column;
    final FieldPath fieldPath;

    PromotedColumn(StoreSettings.Promoted p) {
        this.path = p.path();
        this.column = p.column();
        this.fieldPath = FieldPath.parse(p.path());
    }

    /**
     * The type of the value this path reaches in records of {@code schema}, nested record types as {@code registry}
     * knows them (their newest version); null when the path names no field there.
     */
    FieldType typeIn(Schema schema, SchemaRegistry registry) {
        FieldType current = FieldType.record(schema.typeName());
        Schema record = schema;
        for (int i = 0; i < fieldPath.size(); i++) {
            FieldPath.Step step = fieldPath.step(i);
            boolean container = current.kind() == Kind.LIST || current.kind() == Kind.SET || current.kind() == Kind.ARRAY;
            if (step.readsField(container)) {
                if (current.kind() != Kind.RECORD) {
                    return null;
                }
                if (record == null) {
                    record = newest(registry, current.name());
                    if (record == null) {
                        return null;
                    }
                }
                Field f = record.field(step.name());
                if (f == null) {
                    return null;
                }
                current = f.type();
                record = null;
            } else {
                if (!container) {
                    return null;
                }
                current = current.element();
                record = null;
            }
        }
        return current;
    }

    /** The newest schema of {@code typeName} known to {@code registry}, or null. */
    static Schema newest(SchemaRegistry registry, String typeName) {
        Schema best = null;
        for (Schema s : registry.schemas()) {
            if (s.typeName().equals(typeName) && (best == null || s.version() > best.version())) {
                best = s;
            }
        }
        return best;
    }

    /** The value of this column in {@code record}, in its plain form (null when absent or null on the way). */
    Object valueIn(PackedRecord record) {
        return record.get(fieldPath);
    }

    /** Sets parameter {@code index} to {@code value} (a plain form of {@code kind}), as the column's type takes it. */
    static void bind(PreparedStatement ps, int index, Object value, Kind kind, Dialect dialect) throws SQLException {
        if (value == null) {
            ps.setNull(index, sqlType(kind, dialect));
            return;
        }
        if (value instanceof Byte b) {
            ps.setShort(index, b);
        } else if (value instanceof Character c) {
            ps.setString(index, c.toString());
        } else if (value instanceof BigInteger bi) {
            ps.setBigDecimal(index, new BigDecimal(bi));
        } else if (value instanceof Instant i) {
            ps.setObject(index, OffsetDateTime.ofInstant(i, ZoneOffset.UTC));
        } else if (value instanceof UUID u && dialect == Dialect.STANDARD) {
            ps.setString(index, u.toString());
        } else if (value instanceof byte[] bytes) {
            ps.setBytes(index, bytes);
        } else {
            ps.setObject(index, value);
        }
    }

    private static int sqlType(Kind kind, Dialect dialect) {
        return switch (kind) {
            case BOOLEAN -> Types.BOOLEAN;
            case BYTE, SHORT -> Types.SMALLINT;
            case INT -> Types.INTEGER;
            case LONG -> Types.BIGINT;
            case FLOAT -> Types.REAL;
            case DOUBLE -> Types.DOUBLE;
            case DECIMAL, BIG_INTEGER -> Types.NUMERIC;
            case DATE -> Types.DATE;
            case TIME -> Types.TIME;
            case DATE_TIME -> Types.TIMESTAMP;
            case INSTANT, OFFSET_DATE_TIME -> Types.TIMESTAMP_WITH_TIMEZONE;
            case BYTES -> Types.BINARY;
            case UUID -> dialect == Dialect.STANDARD ? Types.VARCHAR : Types.OTHER;
            default -> Types.VARCHAR;
        };
    }

    /**
     * Whether column {@code index} of {@code rs} holds {@code expected} (the value the bytes hold, plain form of
     * {@code kind}); numbers compare by value (1.50 = 1.5), times by instant.
     */
    static boolean holds(ResultSet rs, int index, Object expected, Kind kind) throws SQLException {
        Object actual;
        switch (kind) {
            case BOOLEAN -> actual = rs.getObject(index, Boolean.class);
            case BYTE, SHORT, INT, LONG, FLOAT, DOUBLE, DECIMAL, BIG_INTEGER -> {
                BigDecimal a = rs.getBigDecimal(index);
                if (a == null || expected == null) {
                    return a == null && expected == null;
                }
                return a.compareTo(new BigDecimal(expected.toString())) == 0;
            }
            case DATE -> actual = rs.getObject(index, LocalDate.class);
            case TIME -> actual = rs.getObject(index, LocalTime.class);
            case DATE_TIME -> actual = rs.getObject(index, LocalDateTime.class);
            case INSTANT, OFFSET_DATE_TIME -> {
                OffsetDateTime a = rs.getObject(index, OffsetDateTime.class);
                if (a == null || expected == null) {
                    return a == null && expected == null;
                }
                Instant e = expected instanceof Instant i ? i : ((OffsetDateTime) expected).toInstant();
                return a.toInstant().equals(e);
            }
            case BYTES -> {
                return Arrays.equals(rs.getBytes(index), (byte[]) expected);
            }
            default -> {
                String a = rs.getString(index);
                return Objects.equals(a, expected == null ? null : expected.toString());
            }
        }
        return Objects.equals(actual, expected);
    }
}
