package io.navpack.mapstore;

import java.io.Closeable;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Every key of a table, read as Hazelcast iterates them: the rows come from one query through a cursor, a fetch
 * size at a time, so that no list of all keys is ever held. Hazelcast closes it when it is done (or gives up); it
 * closes itself at the end.
 */
final class KeyStream implements Iterable<Object>, Closeable {
    private final StoreTable table;
    private final Connection connection;
    private final PreparedStatement statement;
    private final ResultSet rows;
    private boolean iterated;
    private boolean closed;

    KeyStream(StoreTable table, Connection connection, int fetchSize) throws SQLException {
        this.table = table;
        this.connection = connection;
        try {
            // PostgreSQL reads through a cursor only inside a transaction and with a fetch size
            connection.setAutoCommit(false);
            connection.setReadOnly(true);
            statement = connection.prepareStatement(table.selectKeys(), ResultSet.TYPE_FORWARD_ONLY,
                    ResultSet.CONCUR_READ_ONLY);
            statement.setFetchSize(fetchSize);
            rows = statement.executeQuery();
        } catch (SQLException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    @Override
    public synchronized Iterator<Object> iterator() {
        if (iterated) {
            throw new IllegalStateException("the keys of table " + table.settings.table + " are read once");
        }
        iterated = true;
        return new Iterator<>() {
            private Object next;

            @Override
            public boolean hasNext() {
                if (next != null) {
                    return true;
                }
                synchronized (KeyStream.this) {
                    if (closed) {
                        return false;
                    }
                    try {
                        if (rows.next()) {
                            next = table.readKey(rows, 1);
                            return true;
                        }
                    } catch (SQLException e) {
                        close();
                        throw new IllegalStateException("reading the keys of table " + table.settings.table + " failed: "
                                + e.getMessage(), e);
                    }
                }
                close();
                return false;
            }

            @Override
            public Object next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                Object k = next;
                next = null;
                return k;
            }
        };
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try (connection; statement; rows) {
            connection.rollback();
            connection.setReadOnly(false);
        } catch (SQLException e) {
            // the connection goes back to the pool (or away) either way
        }
    }
}
