package io.navpack.agent;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Field;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Deep sizes of object graphs, from {@link Instrumentation#getObjectSize} shallow sizes.
 *
 * <p>The walk is iterative (an explicit stack, so a long linked chain cannot overflow the thread stack),
 * remembers visited objects in an {@link IdentityObjectSet}, reads reference fields through
 * {@link Field}s looked up and made accessible once per class, and never takes a lock: structures that
 * change while they are walked are read as they are met. Its memory is proportional to the objects it
 * visits, never to the heap.
 *
 * <p>Instances are stateless and thread-safe; each walk runs on the calling thread.
 */
public final class GraphSizer {

    /** Most owners one {@link #walkOwners} call can tell apart. */
    public static final int MAX_OWNERS = 64;

    private static final int CHECK_EVERY = 4096;

    private final Instrumentation inst;

    /** A sizer over the given instrumentation. */
    public GraphSizer(Instrumentation inst) {
        this.inst = Objects.requireNonNull(inst, "instrumentation");
    }

    /**
     * A sizer over the navpack agent's instrumentation.
     *
     * @throws AgentNotLoadedException if the JVM did not load the agent
     */
    public static GraphSizer fromAgent() {
        return new GraphSizer(NavpackAgent.requireInstrumentation());
    }

    /** The shallow size of {@code o} in bytes (cached per class for non-arrays). */
    public long shallowSize(Object o) {
        return shallowSize(o, ClassLayout.of(o.getClass()));
    }

    private long shallowSize(Object o, ClassLayout layout) {
        if (layout.array) {
            return inst.getObjectSize(o);
        }
        long size = layout.shallowSize;
        if (size < 0) {
            size = inst.getObjectSize(o);
            layout.shallowSize = size;
        }
        return size;
    }

    /** Counts everything reachable from {@code root} under {@code options}. */
    public WalkResult walk(Object root, WalkOptions options) {
        return walkAll(root == null ? List.of() : List.of(root), options);
    }

    /** Counts everything reachable from any of {@code roots} under {@code options}. */
    public WalkResult walkAll(Collection<?> roots, WalkOptions options) {
        Walk walk = new Walk(options, 0);
        long start = System.nanoTime();
        for (Object root : roots) {
            if (!walk.run(root, 0L)) {
                break;
            }
        }
        return walk.tally(1, start, null).union();
    }

    /**
     * One walk over several owners: tells apart what each owner alone keeps alive from what several
     * owners reach.
     *
     * @param owners at most {@link #MAX_OWNERS} roots
     */
    public OwnershipResult walkOwners(List<?> owners, WalkOptions options) {
        if (owners.size() > MAX_OWNERS) {
            throw new IllegalArgumentException("at most " + MAX_OWNERS + " owners per walk: " + owners.size());
        }
        int n = owners.size();
        Walk walk = new Walk(options, Math.max(1, n));
        long start = System.nanoTime();
        long[] nanos = new long[n];
        for (int i = 0; i < n; i++) {
            long t0 = System.nanoTime();
            boolean goOn = walk.run(owners.get(i), 1L << i);
            nanos[i] = System.nanoTime() - t0;
            if (!goOn) {
                break;
            }
        }
        return walk.tally(n, start, nanos);
    }

    private final class Walk {
        private final WalkOptions options;
        private final StopRule rule;
        private final ObjectSet shared;
        private final IdentityObjectSet visited;
        private final boolean masked;
        private final long maxObjects;
        private final long deadline;
        private final long startNanos = System.nanoTime();
        private Object[] stack = new Object[1024];
        private int sp;
        private byte[] classState = new byte[256];
        private final List<ClassLayout> seen = new ArrayList<>();
        private final List<String> unreadable = new ArrayList<>();
        private long steps;
        private String stopReason;

        Walk(WalkOptions options, int maskBits) {
            this.options = options;
            this.rule = options.stopRule();
            this.shared = options.shared();
            this.masked = maskBits > 0;
            this.visited = new IdentityObjectSet(options.expectedObjects(), maskBits);
            this.maxObjects = options.maxObjects();
            long nanos;
            try {
                nanos = options.maxDuration().toNanos();
            } catch (ArithmeticException e) {
                nanos = Long.MAX_VALUE / 4;
            }
            this.deadline = startNanos + nanos;
        }

        /** Walks from one root; returns false if the walk must stop. */
        boolean run(Object root, long bit) {
            if (stopReason != null) {
                return false;
            }
            if (root == null) {
                return true;
            }
            push(root);
            while (sp > 0) {
                Object o = stack[--sp];
                stack[sp] = null;
                if (++steps % CHECK_EVERY == 0 && !withinLimits()) {
                    clearStack();
                    return false;
                }
                ClassLayout layout = ClassLayout.of(o.getClass());
                if (stops(layout) || rule.stopsObject(o) || shared.contains(o)) {
                    continue;
                }
                if (masked) {
                    if (visited.full()) {
                        stopReason = "visited set is full";
                        clearStack();
                        return false;
                    }
                    int slot = visited.insert(o);
                    long mask = visited.mask(slot);
                    if ((mask & bit) != 0) {
                        continue;
                    }
                    visited.setMask(slot, mask | bit);
                } else {
                    if (visited.full()) {
                        stopReason = "visited set is full";
                        clearStack();
                        return false;
                    }
                    if (!visited.add(o)) {
                        continue;
                    }
                }
                if (visited.size() >= maxObjects) {
                    stopReason = "object budget of " + maxObjects + " reached";
                    clearStack();
                    return false;
                }
                follow(o, layout);
            }
            return true;
        }

        private boolean withinLimits() {
            if (System.nanoTime() - deadline > 0) {
                stopReason = "time budget of " + options.maxDuration() + " reached";
                return false;
            }
            if (Thread.currentThread().isInterrupted()) {
                stopReason = "interrupted";
                return false;
            }
            return true;
        }

        private void clearStack() {
            Arrays.fill(stack, 0, sp, null);
            sp = 0;
        }

        private boolean stops(ClassLayout layout) {
            int id = layout.id;
            if (id >= classState.length) {
                classState = Arrays.copyOf(classState, Math.max(id + 1, classState.length * 2));
            }
            byte state = classState[id];
            if (state == 0) {
                boolean stop = rule.stopsClass(layout.type);
                state = stop ? (byte) 2 : (byte) 1;
                classState[id] = state;
                if (!stop) {
                    seen.add(layout);
                    unreadable.addAll(layout.unreadableFields);
                }
            }
            return state == 2;
        }

        private void follow(Object o, ClassLayout layout) {
            if (layout.array) {
                if (layout.referenceArray) {
                    Object[] array = (Object[]) o;
                    for (int i = array.length - 1; i >= 0; i--) {
                        Object e = array[i];
                        if (e != null) {
                            push(e);
                        }
                    }
                }
                return;
            }
            Field[] fields = layout.referenceFields;
            for (int i = fields.length - 1; i >= 0; i--) {
                Object value;
                try {
                    value = fields[i].get(o);
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException("field made accessible but not readable: " + fields[i], e);
                }
                if (value != null) {
                    push(value);
                }
            }
        }

        private void push(Object o) {
            if (sp == stack.length) {
                stack = Arrays.copyOf(stack, stack.length * 2);
            }
            stack[sp++] = o;
        }

        /** Sizes and attributes every visited object; {@code ownerNanos} gives each owner's walk time. */
        OwnershipResult tally(int owners, long start, long[] ownerNanos) {
            int maxId = 0;
            for (ClassLayout l : seen) {
                maxId = Math.max(maxId, l.id);
            }
            int ids = maxId + 1;
            long[][] exclCount = new long[owners][];
            long[][] exclBytes = new long[owners][];
            long[] unionCount = new long[ids];
            long[] unionBytes = new long[ids];
            long[] reachBytes = new long[owners];
            long[] reachObjects = new long[owners];
            long[] exclTotalBytes = new long[owners];
            long[] exclTotalObjects = new long[owners];
            long total = 0;
            long count = 0;
            for (int slot = 0, cap = visited.capacity(); slot < cap; slot++) {
                Object o = visited.keyAt(slot);
                if (o == null) {
                    continue;
                }
                ClassLayout layout = ClassLayout.of(o.getClass());
                long size = shallowSize(o, layout);
                int id = layout.id;
                unionCount[id]++;
                unionBytes[id] += size;
                total += size;
                count++;
                long mask = masked ? visited.mask(slot) : 1L;
                if (Long.bitCount(mask) == 1) {
                    int k = Long.numberOfTrailingZeros(mask);
                    if (exclCount[k] == null) {
                        exclCount[k] = new long[ids];
                        exclBytes[k] = new long[ids];
                    }
                    exclCount[k][id]++;
                    exclBytes[k][id] += size;
                    exclTotalBytes[k] += size;
                    exclTotalObjects[k]++;
                }
                for (long m = mask; m != 0; m &= m - 1) {
                    int k = Long.numberOfTrailingZeros(m);
                    reachBytes[k] += size;
                    reachObjects[k]++;
                }
            }
            Duration duration = Duration.ofNanos(System.nanoTime() - start);
            boolean complete = stopReason == null;
            WalkResult union = new WalkResult(total, count, histogram(unionCount, unionBytes), complete, stopReason,
                    duration, count, unreadable, options.keepVisited() ? visited : null);
            List<WalkResult> exclusive = new ArrayList<>(owners);
            for (int k = 0; k < owners; k++) {
                exclusive.add(new WalkResult(exclTotalBytes[k], exclTotalObjects[k],
                        histogram(exclCount[k], exclBytes[k]), complete, stopReason,
                        ownerNanos == null ? duration : Duration.ofNanos(ownerNanos[k]), reachObjects[k], unreadable,
                        null));
            }
            return new OwnershipResult(exclusive, reachBytes, reachObjects, union);
        }

        private ClassHistogram histogram(long[] counts, long[] bytes) {
            List<ClassHistogram.Entry> entries = new ArrayList<>();
            if (counts != null) {
                for (ClassLayout l : seen) {
                    long c = counts[l.id];
                    if (c > 0) {
                        entries.add(new ClassHistogram.Entry(l.type.getName(), c, bytes[l.id]));
                    }
                }
            }
            return new ClassHistogram(entries);
        }
    }
}
