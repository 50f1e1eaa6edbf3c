package io.navpack.agent;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.Set;

/**
 * Counts the interior of the JDK's large maps — the map object, its nodes, tables, counters and views — by
 * following the map's own structure, so that no object of it has to be remembered, and hands each entry's key
 * and value to the caller. Works on {@link ConcurrentSkipListMap}, {@link ConcurrentHashMap},
 * {@link HashMap} (and {@link LinkedHashMap}) and {@link TreeMap}, whose fields are the same from JDK 17 to 25.
 *
 * <p>The maps are read without locks while they may change: a node added or removed meanwhile may or may not
 * be counted, and a {@code ConcurrentHashMap} caught resizing has the entries of the bins already moved
 * counted in both tables. A sorted map's comparator is not counted: maps share their comparators, which
 * dropping one map does not free.
 */
public final class MapInteriors {

    /** Receives the entries of a map. */
    public interface EntryVisitor {
        void entry(Object key, Object value);
    }

    private static final String CSLM = "java.util.concurrent.ConcurrentSkipListMap";
    private static final String CHM = "java.util.concurrent.ConcurrentHashMap";

    private MapInteriors() {
    }

    /** True if this class can count {@code map}'s interior. */
    public static boolean supports(Object map) {
        Class<?> c = map.getClass();
        return c == ConcurrentSkipListMap.class || c == ConcurrentHashMap.class || c == HashMap.class
                || c == LinkedHashMap.class || c == TreeMap.class;
    }

    /**
     * Counts {@code map}'s interior into {@code interior} and calls {@code visitor} for each entry. Starts a
     * new unit of the walker for the map object's small fields (views, counters); the visitor may start
     * others.
     *
     * @return the number of entries visited
     * @throws IllegalArgumentException if the map is not {@linkplain #supports supported}
     */
    public static long walk(Object map, UnitWalker walker, Tally interior, EntryVisitor visitor) {
        return walk(map, walker, new Parts(interior, interior, interior), visitor);
    }

    /**
     * Where the parts of a map's interior are counted: the map object and its small fields, the nodes (one or
     * more per entry), and the hash table arrays.
     */
    public record Parts(Tally shell, Tally nodes, Tally table) {
    }

    /** {@link #walk(Object, UnitWalker, Tally, EntryVisitor)} counting the parts of the interior apart. */
    public static long walk(Object map, UnitWalker walker, Parts parts, EntryVisitor visitor) {
        Class<?> c = map.getClass();
        if (c == ConcurrentSkipListMap.class) {
            return Cslm.walk(map, walker, parts, visitor);
        }
        if (c == ConcurrentHashMap.class) {
            return Chm.walk(map, walker, parts, visitor);
        }
        if (c == HashMap.class || c == LinkedHashMap.class) {
            return Hm.walk(map, walker, parts, visitor);
        }
        if (c == TreeMap.class) {
            return Tm.walk(map, walker, parts, visitor);
        }
        throw new IllegalArgumentException("no interior walk for " + c.getName());
    }

    /**
     * Calls {@code visitor} for at most {@code limit} entries of {@code map}, read from its nodes like
     * {@link #walk} but without counting anything, and without creating the view objects that iterating a map
     * through its API leaves behind.
     *
     * @return the number of entries visited
     */
    public static long entries(Object map, long limit, EntryVisitor visitor) {
        long[] n = {0};
        try {
            walk(map, null, new Parts(null, null, null), (k, v) -> {
                if (n[0] >= limit) {
                    throw Enough.INSTANCE;
                }
                n[0]++;
                visitor.entry(k, v);
            });
        } catch (Enough e) {
            // limit reached
        }
        return n[0];
    }

    /** Ends {@link #entries} early. */
    private static final class Enough extends RuntimeException {
        static final Enough INSTANCE = new Enough();
        private static final long serialVersionUID = 1L;

        private Enough() {
            super(null, null, false, false);
        }
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, MapInteriors.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The map object and its small fields (views, counters), not entering the fields named {@code interior}
     * (the nodes and tables the caller counts by their links, and the comparator maps share).
     */
    private static void shell(Object map, UnitWalker walker, Tally tally, Set<String> interior) {
        if (walker == null) {
            return;
        }
        walker.startUnit();
        walker.walkExceptFields(map, tally, interior);
    }

    private static void count(UnitWalker walker, Object o, Tally interior) {
        if (walker != null) {
            walker.count(o, interior);
        }
    }

    private static final class Cslm {
        static final FieldRef HEAD = FieldRef.of(ConcurrentSkipListMap.class, "head");
        static final Class<?> INDEX = load(CSLM + "$Index");
        static final Class<?> NODE = load(CSLM + "$Node");
        static final FieldRef INDEX_NODE = FieldRef.of(INDEX, "node");
        static final FieldRef INDEX_DOWN = FieldRef.of(INDEX, "down");
        static final FieldRef INDEX_RIGHT = FieldRef.of(INDEX, "right");
        static final FieldRef NODE_KEY = FieldRef.of(NODE, "key");
        static final FieldRef NODE_VAL = FieldRef.of(NODE, "val");
        static final FieldRef NODE_NEXT = FieldRef.of(NODE, "next");

        static long walk(Object map, UnitWalker walker, Parts parts, EntryVisitor visitor) {
            Object head = HEAD.get(map);
            shell(map, walker, parts.shell(), Set.of("head", "comparator"));
            if (head == null) {
                return 0;
            }
            // every level from the top: its index objects along their right links
            for (Object level = head; level != null; level = INDEX_DOWN.get(level)) {
                for (Object q = level; q != null; q = INDEX_RIGHT.get(q)) {
                    count(walker, q, parts.nodes());
                }
            }
            // the base list, from its header node; deleted nodes and markers still linked count too
            long entries = 0;
            for (Object n = INDEX_NODE.get(head); n != null; n = NODE_NEXT.get(n)) {
                count(walker, n, parts.nodes());
                Object k = NODE_KEY.get(n);
                Object v = NODE_VAL.get(n);
                if (k != null && v != null) {
                    entries++;
                    visitor.entry(k, v);
                }
            }
            return entries;
        }
    }

    private static final class Chm {
        static final FieldRef TABLE = FieldRef.of(ConcurrentHashMap.class, "table");
        static final FieldRef NEXT_TABLE = FieldRef.of(ConcurrentHashMap.class, "nextTable");
        static final Class<?> NODE = load(CHM + "$Node");
        static final Class<?> TREE_BIN = load(CHM + "$TreeBin");
        static final Class<?> FORWARDING = load(CHM + "$ForwardingNode");
        static final Class<?> RESERVATION = load(CHM + "$ReservationNode");
        static final FieldRef KEY = FieldRef.of(NODE, "key");
        static final FieldRef VAL = FieldRef.of(NODE, "val");
        static final FieldRef NEXT = FieldRef.of(NODE, "next");
        static final FieldRef FIRST = FieldRef.of(TREE_BIN, "first");

        static long walk(Object map, UnitWalker walker, Parts parts, EntryVisitor visitor) {
            Object table = TABLE.get(map);
            Object nextTable = NEXT_TABLE.get(map);
            shell(map, walker, parts.shell(), Set.of("table", "nextTable"));
            return table(table, walker, parts, visitor) + table(nextTable, walker, parts, visitor);
        }

        private static long table(Object table, UnitWalker walker, Parts parts, EntryVisitor visitor) {
            if (table == null) {
                return 0;
            }
            count(walker, table, parts.table());
            long entries = 0;
            for (Object bin : (Object[]) table) {
                if (bin == null) {
                    continue;
                }
                Class<?> c = bin.getClass();
                if (c == FORWARDING || c == RESERVATION) {
                    // moved to the next table, or a placeholder during computeIfAbsent
                    continue;
                }
                Object first = bin;
                if (c == TREE_BIN) {
                    count(walker, bin, parts.nodes());
                    first = FIRST.get(bin);
                }
                for (Object n = first; n != null; n = NEXT.get(n)) {
                    count(walker, n, parts.nodes());
                    Object k = KEY.get(n);
                    Object v = VAL.get(n);
                    if (k != null && v != null) {
                        entries++;
                        visitor.entry(k, v);
                    }
                }
            }
            return entries;
        }
    }

    private static final class Hm {
        static final FieldRef TABLE = FieldRef.of(HashMap.class, "table");
        static final Class<?> NODE = load("java.util.HashMap$Node");
        static final FieldRef KEY = FieldRef.of(NODE, "key");
        static final FieldRef VALUE = FieldRef.of(NODE, "value");
        static final FieldRef NEXT = FieldRef.of(NODE, "next");

        static long walk(Object map, UnitWalker walker, Parts parts, EntryVisitor visitor) {
            Object table = TABLE.get(map);
            shell(map, walker, parts.shell(), Set.of("table", "head", "tail"));
            if (table == null) {
                return 0;
            }
            count(walker, table, parts.table());
            long entries = 0;
            for (Object bin : (Object[]) table) {
                // tree bins keep their nodes linked through next as well
                for (Object n = bin; n != null; n = NEXT.get(n)) {
                    count(walker, n, parts.nodes());
                    entries++;
                    visitor.entry(KEY.get(n), VALUE.get(n));
                }
            }
            return entries;
        }
    }

    private static final class Tm {
        static final FieldRef ROOT = FieldRef.of(TreeMap.class, "root");
        static final Class<?> ENTRY = load("java.util.TreeMap$Entry");
        static final FieldRef KEY = FieldRef.of(ENTRY, "key");
        static final FieldRef VALUE = FieldRef.of(ENTRY, "value");
        static final FieldRef LEFT = FieldRef.of(ENTRY, "left");
        static final FieldRef RIGHT = FieldRef.of(ENTRY, "right");

        static long walk(Object map, UnitWalker walker, Parts parts, EntryVisitor visitor) {
            Object root = ROOT.get(map);
            shell(map, walker, parts.shell(), Set.of("root", "comparator"));
            long entries = 0;
            ArrayDeque<Object> todo = new ArrayDeque<>();
            if (root != null) {
                todo.push(root);
            }
            // a red-black tree: its depth, and so this stack, stays logarithmic in the size
            while (!todo.isEmpty()) {
                Object e = todo.pop();
                count(walker, e, parts.nodes());
                entries++;
                visitor.entry(KEY.get(e), VALUE.get(e));
                Object l = LEFT.get(e);
                Object r = RIGHT.get(e);
                if (r != null) {
                    todo.push(r);
                }
                if (l != null) {
                    todo.push(l);
                }
            }
            return entries;
        }
    }
}
