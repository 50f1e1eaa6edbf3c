package io.navpack.agent;

import java.lang.instrument.Instrumentation;
import java.util.Arrays;
import java.util.Objects;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Sizes a large structure a small piece ("unit") at a time, in memory that does not grow with the structure.
 *
 * <p>A {@link GraphSizer} walk remembers every object it visits, so its memory grows with the graph. A caller
 * that knows how a structure is built instead takes it apart: it counts the nodes of a large map itself
 * ({@link #count}, or {@link MapInteriors}), and walks what hangs off each node as a unit ({@link #walk}).
 * Within a unit the walker remembers what it visited, so an object reached twice is counted once; between
 * {@link #startUnit()} calls it forgets. A unit can also have a <em>shared set</em> ({@link #markShared}):
 * objects that something else keeps alive, neither counted nor followed.
 *
 * <p>A reference array longer than {@link #SPILL_LENGTH} met inside a unit is counted, and each of its
 * elements is then walked as a nested unit that forgets what it visited after each element (up to
 * {@link #MAX_DEPTH} levels), so that a unit holding a large table stays small. Objects that two elements of
 * such an array share are then counted once per element.
 *
 * <p>Every walk applies a {@link StopRule}, and calls a {@link Pacer} every {@link #PACE_EVERY} objects, which
 * may pause (to cap CPU use) or end the walk by throwing {@link WalkStoppedException}.
 *
 * <p>Not thread-safe: one walker per thread.
 */
public final class UnitWalker {

    /** Reference arrays longer than this are walked an element at a time (see the class comment). */
    public static final int SPILL_LENGTH = 1024;

    /** Nesting levels of element-at-a-time walks. */
    public static final int MAX_DEPTH = 3;

    /** The pacer is called every this many objects (a power of two). */
    public static final int PACE_EVERY = 1024;

    private static final byte FOLLOW = 1;
    private static final byte STOP = 2;
    private static final byte ASK = 3;

    /** Called as a walk goes on; may pause, or throw {@link WalkStoppedException} to end it. */
    public interface Pacer {
        /** {@code objects} more objects were visited since the last call. */
        void pace(long objects);

        /** A pacer that never pauses nor stops. */
        static Pacer none() {
            return objects -> {
            };
        }
    }

    /** Takes over objects a walk meets: neither counted nor followed by the walk. */
    public interface Interceptor {
        /** True if {@code o} is taken over. */
        boolean intercept(Object o);
    }

    private final Instrumentation inst;
    private final StopRule rule;
    private final Pacer pacer;
    private final int maxUnitObjects;
    private final LayoutCache layouts = new LayoutCache();
    private byte[] classState = new byte[256];
    private final LocalSet[] scopes = new LocalSet[MAX_DEPTH + 1];
    private final LocalSet shared;
    /** Objects outside every unit (see {@link #setCommon}); null for none. */
    private ObjectSet common;
    private Object[] stack = new Object[256];
    private int sp;
    private long visited;
    private long unpaced;
    private int maxStack;

    /**
     * @param inst sizes objects
     * @param rule objects neither counted nor followed
     * @param pacer called every {@link #PACE_EVERY} objects
     * @param maxUnitObjects most objects one unit (or its shared set) may hold; past it the walk stops
     */
    public UnitWalker(Instrumentation inst, StopRule rule, Pacer pacer, int maxUnitObjects) {
        this.inst = Objects.requireNonNull(inst);
        this.rule = Objects.requireNonNull(rule);
        this.pacer = Objects.requireNonNull(pacer);
        if (maxUnitObjects < 16) {
            throw new IllegalArgumentException("maxUnitObjects must be at least 16");
        }
        this.maxUnitObjects = maxUnitObjects;
        for (int i = 0; i < scopes.length; i++) {
            scopes[i] = new LocalSet(maxUnitObjects);
        }
        this.shared = new LocalSet(maxUnitObjects);
    }

    /**
     * A walker over the navpack agent's instrumentation.
     *
     * @throws AgentNotLoadedException if the JVM did not load the agent
     */
    public static UnitWalker fromAgent(StopRule rule, Pacer pacer, int maxUnitObjects) {
        return new UnitWalker(NavpackAgent.requireInstrumentation(), rule, pacer, maxUnitObjects);
    }

    /**
     * Objects that many units share — a value's schema, a registry, a constant — which no unit counts or
     * follows; the caller counts them once. Null for none.
     */
    public void setCommon(ObjectSet objects) {
        this.common = objects != null && objects.size() > 0 ? objects : null;
    }

    /** True if {@code o} is one of the {@linkplain #setCommon common} objects. */
    public boolean isCommon(Object o) {
        return common != null && o != null && common.contains(o);
    }

    /** Forgets what the current unit visited and its shared set. */
    public void startUnit() {
        for (LocalSet s : scopes) {
            if (s.size() > 0) {
                s.clear();
            }
        }
        if (shared.size() > 0) {
            shared.clear();
        }
    }

    /** Adds {@code o} to the current unit's visited objects without counting it: walks will not count it. */
    public void markVisited(Object o) {
        if (o != null && scopes[0].add(o) == LocalSet.FULL) {
            throw unitTooLarge();
        }
    }

    /** True if the current unit visited {@code o}. */
    public boolean wasVisited(Object o) {
        return o != null && scopes[0].contains(o);
    }

    /** True if {@code o} is outside every walk: the stop rule stops it. */
    public boolean stops(Object o) {
        int state = state(layouts.of(o.getClass()));
        return state == STOP || (state == ASK && rule.stopsObject(o));
    }

    /**
     * Adds everything reachable from {@code root} (under the stop rule, and not already shared) to the current
     * unit's shared set, without counting it.
     */
    public void markShared(Object root) {
        if (root == null) {
            return;
        }
        int base = sp;
        try {
            push(root);
            while (sp > base) {
                Object o = stack[--sp];
                stack[sp] = null;
                tick();
                ClassLayout layout = layouts.of(o.getClass());
                int state = state(layout);
                if (state == STOP || (state == ASK && rule.stopsObject(o)) || (common != null && common.contains(o))) {
                    continue;
                }
                int added = shared.add(o);
                if (added == LocalSet.PRESENT) {
                    continue;
                }
                if (added == LocalSet.FULL) {
                    throw unitTooLarge();
                }
                visited++;
                pushReferences(o, layout);
            }
        } finally {
            clearTo(base);
        }
    }

    /**
     * Adds everything reachable from {@code root} that the current unit has not visited, is not shared and is
     * not stopped to {@code out}, and to the unit's visited objects, without counting it.
     */
    public void collect(Object root, List<Object> out) {
        if (root == null) {
            return;
        }
        int base = sp;
        try {
            push(root);
            boolean hasShared = shared.size() > 0;
            while (sp > base) {
                Object o = stack[--sp];
                stack[sp] = null;
                tick();
                ClassLayout layout = layouts.of(o.getClass());
                int state = state(layout);
                if (state == STOP || (state == ASK && rule.stopsObject(o)) || (hasShared && shared.contains(o))
                        || (common != null && common.contains(o))) {
                    continue;
                }
                int added = scopes[0].add(o);
                if (added == LocalSet.PRESENT) {
                    continue;
                }
                if (added == LocalSet.FULL) {
                    throw unitTooLarge();
                }
                visited++;
                out.add(o);
                pushReferences(o, layout);
            }
        } finally {
            clearTo(base);
        }
    }

    /** Calls {@code action} for every object of the current unit's shared set. */
    public void forEachShared(Consumer<Object> action) {
        shared.forEach(action);
    }

    /** True if {@code o} is in the current unit's shared set. */
    public boolean isShared(Object o) {
        return o != null && shared.contains(o);
    }

    /**
     * Counts everything reachable from {@code root} that the current unit has not visited, is not shared and
     * is not stopped, into {@code tally}; returns the bytes added.
     */
    public long walk(Object root, Tally tally) {
        return walk(root, tally, null);
    }

    /** {@link #walk(Object, Tally)}, handing every object first to {@code interceptor} (may be null). */
    public long walk(Object root, Tally tally, Interceptor interceptor) {
        if (root == null) {
            return 0;
        }
        int base = sp;
        try {
            return walkAt(root, tally, interceptor, 0);
        } finally {
            clearTo(base);
        }
    }

    /**
     * Counts {@code root} (if the current unit has not visited it, and it is neither shared nor stopped) into
     * {@code rootTally} and what it reaches beyond that into {@code restTally}; returns the bytes of both.
     */
    public long walkFrom(Object root, Tally rootTally, Tally restTally) {
        if (root == null || stops(root) || isShared(root) || isCommon(root) || wasVisited(root)) {
            return 0;
        }
        markVisited(root);
        long size = count(root, rootTally);
        ClassLayout layout = layouts.of(root.getClass());
        long sum = size;
        if (layout.array) {
            if (layout.referenceArray) {
                for (Object e : (Object[]) root) {
                    sum += walk(e, restTally);
                }
            }
        } else {
            for (int i = 0; i < layout.referenceFields.length; i++) {
                sum += walk(layout.read(root, i), restTally);
            }
        }
        return sum;
    }

    /**
     * Counts {@code o} and walks its reference fields except those named in {@code skipped} (declared by any of
     * its classes), in the current unit: for a structure whose interior a caller counts itself. Reads each field
     * once, so a field that changes meanwhile (a table replaced by a resize) is never entered.
     */
    long walkExceptFields(Object o, Tally tally, Set<String> skipped) {
        if (wasVisited(o)) {
            return 0;
        }
        markVisited(o);
        long sum = count(o, tally);
        ClassLayout layout = layouts.of(o.getClass());
        for (int i = 0; i < layout.referenceFields.length; i++) {
            if (!skipped.contains(layout.referenceFields[i].getName())) {
                sum += walk(layout.read(o, i), tally);
            }
        }
        return sum;
    }

    /** Counts {@code o} alone into {@code tally}, without remembering it: for nodes a caller enumerates itself. */
    public long count(Object o, Tally tally) {
        ClassLayout layout = layouts.of(o.getClass());
        long size = layout.sizeOf(o, inst);
        tally.add(layout, size);
        visited++;
        tick();
        return size;
    }

    /** The shallow size of {@code o}. */
    public long sizeOf(Object o) {
        return layouts.of(o.getClass()).sizeOf(o, inst);
    }

    /** Objects this walker has visited (counted, marked shared, or counted by {@link #count}). */
    public long objectsVisited() {
        return visited;
    }

    /** Bytes this walker's own sets and stack take now, roughly (4-byte references). */
    public long footprintBytes() {
        long sum = shared.footprintBytes() + stack.length * 4L + classState.length;
        for (LocalSet s : scopes) {
            sum += s.footprintBytes();
        }
        return sum;
    }

    /** The most objects this walker's stack held at once. */
    public int maxStackDepth() {
        return maxStack;
    }

    /** Calls the pacer with what is not yet paced. */
    public void flushPace() {
        if (unpaced > 0) {
            long n = unpaced;
            unpaced = 0;
            pacer.pace(n);
        }
    }

    private long walkAt(Object root, Tally tally, Interceptor interceptor, int depth) {
        int base = sp;
        push(root);
        long added = 0;
        LocalSet scope = scopes[depth];
        boolean hasShared = shared.size() > 0;
        while (sp > base) {
            Object o = stack[--sp];
            stack[sp] = null;
            tick();
            ClassLayout layout = layouts.of(o.getClass());
            int state = state(layout);
            if (state == STOP || (state == ASK && rule.stopsObject(o))) {
                continue;
            }
            if (interceptor != null && interceptor.intercept(o)) {
                continue;
            }
            if ((hasShared && shared.contains(o)) || (common != null && common.contains(o))) {
                continue;
            }
            if (depth > 0 && visitedOutside(o, depth)) {
                continue;
            }
            int r = scope.add(o);
            if (r == LocalSet.PRESENT) {
                continue;
            }
            if (r == LocalSet.FULL) {
                throw unitTooLarge();
            }
            visited++;
            long size = layout.sizeOf(o, inst);
            tally.add(layout, size);
            added += size;
            if (layout.referenceArray && ((Object[]) o).length > SPILL_LENGTH && depth < MAX_DEPTH) {
                LocalSet inner = scopes[depth + 1];
                for (Object e : (Object[]) o) {
                    if (e != null) {
                        added += walkAt(e, tally, interceptor, depth + 1);
                        inner.clear();
                    }
                }
                continue;
            }
            pushReferences(o, layout);
        }
        return added;
    }

    private boolean visitedOutside(Object o, int depth) {
        for (int d = 0; d < depth; d++) {
            if (scopes[d].contains(o)) {
                return true;
            }
        }
        return false;
    }

    private void pushReferences(Object o, ClassLayout layout) {
        if (layout.array) {
            if (layout.referenceArray) {
                Object[] a = (Object[]) o;
                ensure(a.length);
                for (int i = a.length - 1; i >= 0; i--) {
                    Object e = a[i];
                    if (e != null) {
                        stack[sp++] = e;
                    }
                }
            }
        } else {
            int n = layout.referenceFields.length;
            ensure(n);
            for (int i = n - 1; i >= 0; i--) {
                Object v = layout.read(o, i);
                if (v != null) {
                    stack[sp++] = v;
                }
            }
        }
        if (sp > maxStack) {
            maxStack = sp;
        }
    }

    private int state(ClassLayout layout) {
        int id = layout.id;
        if (id >= classState.length) {
            classState = Arrays.copyOf(classState, Math.max(id + 1, classState.length * 2));
        }
        byte s = classState[id];
        if (s == 0) {
            s = rule.stopsClass(layout.type) ? STOP : rule.checksObjectsOf(layout.type) ? ASK : FOLLOW;
            classState[id] = s;
        }
        return s;
    }

    private void tick() {
        if (++unpaced >= PACE_EVERY) {
            long n = unpaced;
            unpaced = 0;
            pacer.pace(n);
        }
    }

    private void push(Object o) {
        ensure(1);
        stack[sp++] = o;
    }

    private void ensure(int n) {
        if (sp + n > stack.length) {
            stack = Arrays.copyOf(stack, Math.max(stack.length * 2, sp + n));
        }
    }

    private void clearTo(int base) {
        if (sp > base) {
            Arrays.fill(stack, base, sp, null);
            sp = base;
        }
        if (base == 0 && stack.length > 1 << 16) {
            stack = new Object[256];
        }
    }

    private WalkStoppedException unitTooLarge() {
        return new WalkStoppedException("a single unit of the walk reached " + maxUnitObjects
                + " objects (the walker's memory limit)");
    }
}
