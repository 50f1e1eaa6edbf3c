package io.navpack.sql.member;

import java.io.Serializable;
import java.lang.reflect.Method;
import java.util.concurrent.Callable;

/** Runs on a member: how many entries the rows scans of this member's JVM have walked so far. */
public final class RowsEntriesRead implements Callable<Long>, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public Long call() throws Exception {
        Method m = Class.forName("io.navpack.sql.RowsScan").getDeclaredMethod("entriesRead");
        m.setAccessible(true);
        return (Long) m.invoke(null);
    }
}
