package io.navpack.agent;

import java.lang.instrument.Instrumentation;
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

    /** Limits are checked every this many steps (a power of two). */
    private static final int CHECK_EVERY = 4096;

    /** Objects taken off the stack at a time (see {@code Walk.run}). */
    private static final int BATCH = 32;
    private static final byte FOLLOW = 1;
    private static final byte STOP = 2;
    private static final byte ASK = 3;

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

    /** The shallow size of {@code o} in bytes (cached per class; arrays by their length once checked). */
    public long shallowSize(Object o) {
        return ClassLayout.of(o.getClass()).sizeOf(o, inst);
    }

    /**
     * The size an array of {@code arrayClass} with {@code length} elements would take (base offset plus
     * elements, rounded up to the object alignment), without creating it; -1 if this JVM does not tell.
     */
    public static long arraySize(Class<?> arrayClass, long length) {
        if (!arrayClass.isArray() || length < 0) {
            throw new IllegalArgumentException("not an array class or a negative length: " + arrayClass + ", " + length);
        }
        return ClassLayout.of(arrayClass).arraySize(length);
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
        return walk.result(start);
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
        private final boolean hasShared;
        private final IdentityObjectSet visited;
        private final boolean masked;
        private final long maxObjects;
        private final long deadline;
        private final long startNanos = System.nanoTime();
        private final LayoutCache layouts = new LayoutCache();
        private Object[] stack = new Object[1024];
        private int sp;
        private final Object[] batch = new Object[BATCH];
        private final ClassLayout[] batchLayouts = new ClassLayout[BATCH];
        private final int[] batchHashes = new int[BATCH];
        /** Sum of the read-ahead reads, kept so that they are not optimised away. */
        private long touched;
        private byte[] classState = new byte[256];
        private final List<ClassLayout> seen = new ArrayList<>();
        private final List<String> unreadable = new ArrayList<>();
        /** Unmasked walks size each object when they first visit it: per layout id. */
        private long[] counts = new long[256];
        private long[] sizes = new long[256];
        private long totalBytes;
        private long steps;
        private String stopReason;

        Walk(WalkOptions options, int maskBits) {
            this.options = options;
            this.rule = options.stopRule();
            this.shared = options.shared();
            this.hasShared = shared != ObjectSet.empty();
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

        /**
         * Walks from one root; returns false if the walk must stop.
         *
         * <p>The stack is worked off in batches of up to {@link #BATCH} objects, each in passes: look up every
         * object's class and apply the stop rule, take identity hashes and read the visited set's slots ahead,
         * remember what is new, then read the fields of what is new. The objects of a batch are independent of
         * each other, so the memory loads of one pass overlap instead of each waiting for the one before, as
         * they do when a walk takes one object at a time (a walk over a large heap spends most of its time
         * waiting for memory).
         */
        boolean run(Object root, long bit) {
            if (stopReason != null) {
                return false;
            }
            if (root == null) {
                return true;
            }
            push(root);
            IdentityObjectSet visited = this.visited;
            Object[] batch = this.batch;
            ClassLayout[] batchLayouts = this.batchLayouts;
            while (sp > 0) {
                int n = Math.min(sp, BATCH);
                sp -= n;
                System.arraycopy(stack, sp, batch, 0, n);
                Arrays.fill(stack, sp, sp + n, null);
                long before = steps;
                steps += n;
                if ((before ^ steps) >= CHECK_EVERY && !withinLimits()) {
                    clearBatch(n);
                    clearStack();
                    return false;
                }
                // pass 1: classes (reads every object's header) and the stop rule
                int live = 0;
                for (int i = 0; i < n; i++) {
                    Object o = batch[i];
                    ClassLayout layout = layouts.of(o.getClass());
                    int state = classState(layout);
                    batch[i] = null;
                    if (state == STOP || (state == ASK && rule.stopsObject(o)) || (hasShared && shared.contains(o))) {
                        continue;
                    }
                    batch[live] = o;
                    batchLayouts[live] = layout;
                    live++;
                }
                // pass 2: identity hashes, and the visited set's slots read ahead of the inserts
                int touched = 0;
                for (int i = 0; i < live; i++) {
                    int h = System.identityHashCode(batch[i]);
                    batchHashes[i] = h;
                    touched += visited.touch(h);
                }
                this.touched += touched;
                // pass 3: remember (and size) what is new
                int kept = 0;
                for (int i = 0; i < live; i++) {
                    Object o = batch[i];
                    ClassLayout layout = batchLayouts[i];
                    batch[i] = null;
                    batchLayouts[i] = null;
                    if (visited.full()) {
                        stopReason = "visited set is full";
                        break;
                    }
                    long sizeBefore = visited.size();
                    int slot = visited.insert(o, batchHashes[i]);
                    if (masked) {
                        long mask = visited.mask(slot);
                        if ((mask & bit) != 0) {
                            continue;
                        }
                        visited.setMask(slot, mask | bit);
                    } else {
                        if (visited.size() == sizeBefore) {
                            continue;
                        }
                        long size = layout.sizeOf(o, inst);
                        counts[layout.id]++;
                        sizes[layout.id] += size;
                        totalBytes += size;
                    }
                    batch[kept] = o;
                    batchLayouts[kept] = layout;
                    kept++;
                    if (visited.size() >= maxObjects) {
                        stopReason = "object budget of " + maxObjects + " reached";
                        break;
                    }
                }
                for (int i = 0; i < kept; i++) {
                    follow(batch[i], batchLayouts[i]);
                    batch[i] = null;
                    batchLayouts[i] = null;
                }
                if (stopReason != null) {
                    clearBatch(n);
                    clearStack();
                    return false;
                }
            }
            return true;
        }

        private void clearBatch(int n) {
            Arrays.fill(batch, 0, n, null);
            Arrays.fill(batchLayouts, 0, n, null);
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

        /** {@link #FOLLOW}, {@link #STOP} or {@link #ASK} for this class, worked out once per walk. */
        private int classState(ClassLayout layout) {
            int id = layout.id;
            if (id >= classState.length) {
                int n = Math.max(id + 1, classState.length * 2);
                classState = Arrays.copyOf(classState, n);
                counts = Arrays.copyOf(counts, n);
                sizes = Arrays.copyOf(sizes, n);
            }
            byte state = classState[id];
            if (state == 0) {
                if (rule.stopsClass(layout.type)) {
                    state = STOP;
                } else {
                    state = rule.checksObjectsOf(layout.type) ? ASK : FOLLOW;
                    seen.add(layout);
                    unreadable.addAll(layout.unreadableFields);
                }
                classState[id] = state;
            }
            return state;
        }

        private void follow(Object o, ClassLayout layout) {
            if (layout.array) {
                if (layout.referenceArray) {
                    Object[] array = (Object[]) o;
                    int n = array.length;
                    if (sp + n > stack.length) {
                        stack = Arrays.copyOf(stack, Math.max(stack.length * 2, sp + n));
                    }
                    for (int i = n - 1; i >= 0; i--) {
                        Object e = array[i];
                        if (e != null) {
                            stack[sp++] = e;
                        }
                    }
                }
                return;
            }
            int n = layout.referenceFields.length;
            if (sp + n > stack.length) {
                stack = Arrays.copyOf(stack, Math.max(stack.length * 2, sp + n));
            }
            for (int i = n - 1; i >= 0; i--) {
                Object value = layout.read(o, i);
                if (value != null) {
                    stack[sp++] = value;
                }
            }
        }

        private void push(Object o) {
            if (sp == stack.length) {
                stack = Arrays.copyOf(stack, stack.length * 2);
            }
            stack[sp++] = o;
        }

        /** The result of an unmasked walk, whose objects were sized as they were visited. */
        WalkResult result(long start) {
            Duration duration = Duration.ofNanos(System.nanoTime() - start);
            long count = visited.size();
            return new WalkResult(totalBytes, count, histogram(counts, sizes), stopReason == null, stopReason,
                    duration, count, unreadable, options.keepVisited() ? visited : null);
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
                ClassLayout layout = layouts.of(o.getClass());
                long size = layout.sizeOf(o, inst);
                int id = layout.id;
                unionCount[id]++;
                unionBytes[id] += size;
                total += size;
                count++;
                long mask = visited.mask(slot);
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
                    long c = l.id < counts.length ? counts[l.id] : 0;
                    if (c > 0) {
                        entries.add(new ClassHistogram.Entry(l.type.getName(), c, bytes[l.id]));
                    }
                }
            }
            return new ClassHistogram(entries);
        }
    }
}
