package io.navpack.fuzz;

import com.acme.trading.Bean;
import com.acme.trading.EverythingView;
import com.acme.trading.LegView;
import com.acme.trading.TradeView;
import com.acme.trading.Everything;
import com.acme.trading.FieldPojo;
import com.acme.trading.Flat;
import com.acme.trading.Leg;
import com.acme.trading.SeedTrades;
import com.acme.trading.Trade;
import com.hazelcast.config.SerializationConfig;
import com.hazelcast.config.SerializerConfig;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.internal.serialization.impl.DefaultSerializationServiceBuilder;
import com.hazelcast.internal.serialization.impl.GenericRecordQueryReader;
import com.hazelcast.internal.serialization.impl.HeapData;
import com.hazelcast.internal.serialization.impl.InternalGenericRecord;
import com.hazelcast.internal.serialization.impl.ObjectDataInputStream;
import com.hazelcast.nio.serialization.HazelcastSerializationException;
import io.navpack.format.Deep;
import io.navpack.format.Field;
import io.navpack.format.FieldPath;
import io.navpack.format.FieldType;
import io.navpack.format.spi.Hex;
import io.navpack.format.Kind;
import io.navpack.format.Navpack;
import io.navpack.format.NavpackException;
import io.navpack.format.spi.PackedInts;
import io.navpack.format.PackedRecord;
import io.navpack.format.RandomValues;
import io.navpack.format.RecordBinding;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;
import io.navpack.hazelcast.NavpackSerializer;
import io.navpack.hazelcast.PackedGenericRecord;
import io.navpack.hazelcast.ReadMode;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Structure-aware mutation of valid values of many schemas (random schemas of every kind and container
 * combination, arrays of records, records nested 50 deep, the test classes), and every public read API
 * on every mutated value: view creation, getters by index and by name, nested paths with
 * {@code get(FieldPath)} and {@code visit}, {@code decodeAll}, {@code toMap}, {@code toObject},
 * {@code validate}, {@code equals}/{@code hashCode}/{@code toString}, interface views ({@code as}: every accessor,
 * {@code toString}, {@code equals}, {@code hashCode}; records nested 50 deep included), and Hazelcast's serialization
 * service reading the value as a {@code Data} (its array input) and from a stream (the copying path),
 * in record and object read mode, with Hazelcast's own query reader over the result.
 *
 * <p>Each call either succeeds or throws a {@link NavpackException} (for Hazelcast's service: a
 * {@link HazelcastSerializationException} caused by one); a field read and the full decode of the same
 * bytes agree whenever both succeed; and no call allocates more than {@link #bound} bytes for an input
 * of n bytes (the thread's allocated-bytes counter).
 *
 * <p>{@value #DEFAULT_CASES} mutations per build; {@code -Dnavpack.fuzz.cases=10000000} (the
 * {@code fuzz} profile) for a long run, {@code -Dnavpack.fuzz.seed} for another sequence.
 */
public class FuzzTest {
    static final int DEFAULT_CASES = 100_000;
    /** Fields of a mutated value read one by one (spread over the record); every field of a valid one. */
    static final int FIELDS_PER_CASE = 12;
    private static final int CASES = Integer.getInteger("navpack.fuzz.cases", DEFAULT_CASES);
    private static final long SEED = Long.getLong("navpack.fuzz.seed", 20_261_123L);
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private final SchemaRegistry registry = new SchemaRegistry();
    private final Navpack navpack = new Navpack(registry);
    private final InternalSerializationService records = service(ReadMode.RECORD);
    private final InternalSerializationService objects = service(ReadMode.OBJECT);
    private final Map<Schema, List<FieldPath>> paths = new IdentityHashMap<>();
    private final Map<String, long[]> stats = new LinkedHashMap<>();
    /** The largest allocation per input byte seen, and by which call. */
    private double worstRatio;
    private String worstCall;

    /** Bytes a call may allocate for an input of {@code n} bytes (docs/format.md, "Hostile bytes"). */
    static long bound(int n) {
        return 256L * n + 64 * 1024;
    }

    private InternalSerializationService service(ReadMode mode) {
        SerializationConfig config = new SerializationConfig().setAllowOverrideDefaultSerializers(true);
        NavpackSerializer serializer = new NavpackSerializer(registry, mode);
        config.addSerializerConfig(new SerializerConfig().setTypeClass(PackedRecord.class).setImplementation(serializer));
        config.addSerializerConfig(new SerializerConfig().setTypeClass(PackedGenericRecord.class).setImplementation(serializer));
        for (Class<?> c : List.of(io.navpack.format.GeneratedView.class, Everything.class, Trade.class, Bean.class, FieldPojo.class, Flat.class, Leg.class)) {
            config.addSerializerConfig(new SerializerConfig().setTypeClass(c).setImplementation(serializer));
        }
        return new DefaultSerializationServiceBuilder().setConfig(config).build();
    }

    @Test
    void mutatedValuesGiveOnlyNavpackExceptionsAgreeAndAllocateWithinTheBound() throws Throwable {
        // on a thread of its own: a shallow stack makes each refused call's exception cheap to create
        Throwable[] failure = new Throwable[1];
        Thread t = new Thread(() -> {
            try {
                run();
            } catch (Throwable e) {
                failure[0] = e;
            }
        }, "fuzz");
        t.start();
        t.join();
        if (failure[0] != null) {
            throw failure[0];
        }
    }

    private void run() {
        List<byte[]> corpus = corpus();
        for (int pass = 0; pass < 2; pass++) {
            // valid values: every call succeeds; the first pass loads and initialises what the calls use
            measure = pass > 0;
            for (byte[] valid : corpus) {
                exercise(valid, true, valid.length);
            }
        }
        SplittableRandom r = new SplittableRandom(SEED);
        long start = System.nanoTime();
        long cpuStart = THREADS.getCurrentThreadCpuTime();
        int warmUp = 3_000;
        for (int c = -warmUp; c < CASES; c++) {
            if (c > 0 && c % 500_000 == 0) {
                System.out.println("fuzz: " + c + " mutations, " + (System.nanoTime() - start) / 1_000_000_000 + " s, "
                        + "worst allocation " + String.format("%.1f", worstRatio) + " bytes per input byte (" + worstCall + ")");
            }
            if (c == 0) {
                // from here on the calls run with what they need loaded and compiled
                measure = true;
                stats.clear();
                start = System.nanoTime();
                cpuStart = THREADS.getCurrentThreadCpuTime();
            } else if (c == -warmUp) {
                measure = false;
            }
            byte[] original = corpus.get(r.nextInt(corpus.size()));
            byte[] m = Mutations.mutate(original, corpus, registry, r);
            // the length Hazelcast's Data announces: now and then more (or less) than follows
            int prefix = r.nextInt(16) != 0 ? m.length : r.nextBoolean() ? 1 << (20 + r.nextInt(11)) - (r.nextInt(2))
                    : r.nextInt(m.length + 1);
            try {
                exercise(m, false, prefix);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError("case " + c + " (seed " + SEED + "): " + e.getMessage() + "\n  input "
                        + Hex.of(m) + "\n  from  " + Hex.of(original), e);
            }
        }
        long ms = (System.nanoTime() - start) / 1_000_000;
        long cpuMs = (THREADS.getCurrentThreadCpuTime() - cpuStart) / 1_000_000;
        StringBuilder report = new StringBuilder("fuzz: " + CASES + " mutations of " + corpus.size() + " values in "
                + ms + " ms (" + cpuMs + " ms of CPU); " + firstRuns + " calls above the bound only at their first run;"
                + " worst allocation " + String.format("%.1f", worstRatio) + " bytes per input byte (" + worstCall
                + ")\n");
        stats.forEach((api, s) -> report.append(String.format(
                "  %-28s ok %10d  refused %10d  max alloc %,9d B (input %,7d B)  max (alloc - 8 KiB) / input %4d%n",
                api, s[0], s[1], s[2], s[3], s[4])));
        System.out.println(report);
        long refused = stats.get("view").length > 0 ? stats.get("view")[1] : 0;
        assertThat(refused).as("mutations are detected").isGreaterThan(CASES / 10);
    }

    // ---------------------------------------------------------------- corpus

    private List<byte[]> corpus() {
        for (Class<?> c : List.of(Everything.class, Trade.class, Bean.class, FieldPojo.class, Flat.class, Leg.class)) {
            registry.register(c);
        }
        List<byte[]> corpus = new ArrayList<>();
        for (Trade t : SeedTrades.load()) {
            corpus.add(navpack.encode(t));
        }
        for (int i = 0; i < 60; i++) {
            corpus.add(navpack.encode(new RandomValues(i, 2).of(Everything.class)));
            corpus.add(navpack.encode(new RandomValues(1000 + i, 3).of(Flat.class)));
        }
        corpus.add(navpack.encode(new FieldPojo("x", 3, 0.5, Map.of("a", 1, "b", 2))));
        corpus.add(navpack.encode(new Bean()));
        // Holder(Inner[] items) holding one Inner("a", 1, null): an array of nested records
        registry.register(Schema.builder("Inner").typeId(53).field("s", FieldType.STRING, true)
                .field("n", FieldType.INT, false).field("x", FieldType.STRING, true).build());
        registry.register(Schema.builder("Holder").typeId(58)
                .field("items", FieldType.array(FieldType.record("Inner"), true), true).build());
        corpus.add(Hex.parse("3a010009020735010404016101"));
        Shapes shapes = new Shapes(SEED, registry);
        shapes.randomTypes(100, 24);
        shapes.deepTypes(200);
        for (Schema s : shapes.types()) {
            int n = s.typeName().equals("Chain") ? 6 : 12;
            for (int i = 0; i < n; i++) {
                corpus.add(shapes.encode(s, s.typeName().equals("Chain") ? (i < 3 ? 50 : 8) : 1 + i % 4));
            }
        }
        return corpus;
    }

    // ---------------------------------------------------------------- one value, every read API

    private void exercise(byte[] m, boolean valid, int prefix) {
        int n = m.length;
        PackedRecord v = call("view", n, valid, () -> PackedRecord.of(m, registry));
        Object[] all = null;
        if (v != null) {
            all = readAll(v, n, valid, "");
            PackedRecord copy = call("view of a copy", n, valid, () -> PackedRecord.of(m.clone(), registry));
            check(copy != null, () -> "a view of the same bytes");
            check(call("equals", n, valid, () -> v.equals(copy)), () -> "equal views");
            Integer h1 = call("hashCode", n, valid, v::hashCode);
            check(h1 == copy.hashCode(), () -> "equal hash codes");
            List<Schema> schemas = call("validate", n, valid, v::validate);
            if (schemas != null) {
                check(all != null, () -> "a value that validates decodes in full");
            }
            InternalSerializationService ss = records;
            call("hz write a PackedRecord", n, valid, () -> ss.toData(v));
            Class<?> iface = VIEWS.get(v.schema().typeName());
            if (iface != null) {
                readView(v, iface, n, valid);
            }
        }
        readThroughHazelcast(m, prefix, v, all, valid);
    }

    /** The interface each type of the corpus is read as through an interface view. */
    private static final Map<String, Class<?>> VIEWS = Map.of("Trade", TradeView.class, "Everything", EverythingView.class,
            "Leg", LegView.class, "Chain", ChainView.class);

    /** An interface view of the value, every accessor of it, and its whole-view calls. */
    private void readView(PackedRecord v, Class<?> iface, int n, boolean valid) {
        Object view = call("view as", n, valid, () -> v.as(iface));
        if (view == null) {
            return;
        }
        for (Method m : iface.getMethods()) {
            if (m.getParameterCount() == 0 && !Modifier.isStatic(m.getModifiers())) {
                call("view accessor", n, valid, () -> invoke(m, view));
            }
        }
        call("view toString", n, valid, view::toString);
        call("view hashCode", n, valid, view::hashCode);
        Object again = call("view as, of a copy", n, valid, () -> PackedRecord.of(v.bytes(), registry).as(iface));
        if (again != null) {
            call("view equals", n, valid, () -> view.equals(again));
        }
    }

    /** Calls an accessor, throwing what it throws. */
    private static Object invoke(Method m, Object target) {
        try {
            return m.invoke(target);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Fields by index and name (all of them for a valid value, else at most {@value #FIELDS_PER_CASE}
     * from anywhere in the record), the paths of the schema, and the whole-record calls; returns decodeAll or null.
     */
    private Object[] readAll(PackedRecord v, int n, boolean valid, String via) {
        Schema s = v.schema();
        Object[] all = call(via + "decodeAll", n, valid, v::decodeAll);
        int count = s.fieldCount();
        int step = valid || count <= FIELDS_PER_CASE ? 1 : (count + FIELDS_PER_CASE - 1) / FIELDS_PER_CASE;
        int offset = step == 1 ? 0 : Math.floorMod(Arrays.hashCode(v.bytes()), step);
        for (int i = offset; i < count; i += step) {
            int f = i;
            Field field = s.field(i);
            Boolean isNull = call(via + "isNull", n, valid, () -> v.isNull(f));
            Object got = call(via + "get(i)", n, valid, () -> v.get(f));
            boolean gotOk = lastOk;
            if (gotOk && all != null) {
                Object full = all[i];
                check(Deep.same(got, full), () -> "field " + f + " of " + s.typeName() + " read alone (" + describe(got)
                        + ") and in full (" + describe(full) + ")");
            }
            if (Boolean.FALSE.equals(isNull)) {
                Object typed = call(via + "typed getter", n, valid, () -> typed(v, f, field.type().kind()));
                if (lastOk && gotOk) {
                    check(Deep.same(typed, got), () -> "typed getter of field " + f);
                }
                Object byName = call(via + "typed getter by name", n, valid, () -> typedByName(v, field));
                if (lastOk && gotOk) {
                    check(Deep.same(byName, got), () -> "typed getter by name of field " + field.name());
                }
            }
        }
        for (FieldPath p : paths(s)) {
            call(via + "get(path)", n, valid, () -> v.get(p));
            call(via + "visit(path)", n, valid, () -> {
                List<Object> out = new ArrayList<>();
                v.visit(p, out::add);
                return out;
            });
        }
        call(via + "get(name.path)", n, valid, () -> paths(s).isEmpty() ? null : v.get(paths(s).get(0).toString()));
        call(via + "toMap", n, valid, v::toMap);
        call(via + "toString", n, valid, v::toString);
        RecordBinding<?> binding = registry.bindingOf(s.typeName());
        if (binding != null) {
            call(via + "toObject", n, valid, () -> v.toObject(binding.type()));
        }
        return all;
    }

    /**
     * The serializer's view: the format core's calls go through to the same view (read above), so the
     * whole record and each field once, and Hazelcast's query reader by field name (plain-name queries).
     */
    private Object[] readHazelcastView(PackedRecord g, int n, boolean valid) {
        Schema s = g.schema();
        Object[] all = call("hz decodeAll", n, valid, g::decodeAll);
        int count = s.fieldCount();
        int step = valid || count <= FIELDS_PER_CASE ? 1 : (count + FIELDS_PER_CASE - 1) / FIELDS_PER_CASE;
        for (int i = Math.floorMod(n, step); i < count; i += step) {
            int f = i;
            Object got = call("hz get(i)", n, valid, () -> g.get(f));
            if (lastOk && all != null) {
                Object full = all[i];
                check(Deep.same(got, full), () -> "field " + f + " through Hazelcast read alone (" + describe(got)
                        + ") and in full (" + describe(full) + ")");
            }
            String name = s.field(i).name();
            call("hz query reader", n, valid, () -> new GenericRecordQueryReader((InternalGenericRecord) g).read(name));
        }
        call("hz toString", n, valid, g::toString);
        return all;
    }

    private void readThroughHazelcast(byte[] m, int prefix, PackedRecord direct, Object[] all, boolean valid) {
        byte[] data = new byte[8 + PackedInts.sizeOfInt(prefix) + m.length];
        data[6] = 0x4E;
        data[7] = 0x50;
        int p = PackedInts.writeInt(data, 8, prefix);
        System.arraycopy(m, 0, data, p, m.length);
        int n = data.length;
        Object o = call("hz read Data", n, valid, () -> records.toObject(new HeapData(data)));
        if (o instanceof PackedRecord) {
            PackedRecord g = (PackedRecord) o;
            check(prefix != m.length || direct != null && g.equals(direct),
                    () -> "the serializer's view and a direct view of the same bytes");
            Object[] viaHz = readHazelcastView(g, n, valid);
            if (viaHz != null && all != null && prefix == m.length) {
                check(Deep.same(viaHz, all), () -> "the serializer's view and a direct view decode alike");
            }
            call("hz write back", n, valid, () -> records.toData(g));
        }
        call("hz read Data as object", n, valid, () -> objects.toObject(new HeapData(data)));
        byte[] stream = Arrays.copyOfRange(data, 4, data.length);
        call("hz read a stream", n, valid, () -> {
            ObjectDataInputStream in = new ObjectDataInputStream(new ByteArrayInputStream(stream), records);
            try {
                return in.readObject();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    private List<FieldPath> paths(Schema s) {
        return paths.computeIfAbsent(s, k -> {
            List<FieldPath> out = new ArrayList<>();
            for (Field f : s.fields()) {
                FieldType t = f.type();
                String name = f.name();
                if (t.kind() == Kind.RECORD) {
                    Schema nested = anyVersion(t.name());
                    if (nested != null && nested.fieldCount() > 0) {
                        out.add(FieldPath.parse(name + "." + nested.field(nested.fieldCount() - 1).name()));
                    }
                } else if (t.kind().isCollection()) {
                    out.add(FieldPath.parse(name + "[0]"));
                    out.add(FieldPath.parse(name + "[any]"));
                    FieldType e = t.element();
                    if (e.kind() == Kind.RECORD) {
                        Schema nested = anyVersion(e.name());
                        if (nested != null && nested.fieldCount() > 0) {
                            out.add(FieldPath.parse(name + "[any]." + nested.field(0).name()));
                            out.add(FieldPath.parse(name + ".1." + nested.field(0).name()));
                        }
                    } else if (e.kind().isCollection()) {
                        out.add(FieldPath.parse(name + "[any][any]"));
                    }
                }
            }
            return out;
        });
    }

    private Schema anyVersion(String typeName) {
        for (Schema s : registry.schemas()) {
            if (s.typeName().equals(typeName)) {
                return s;
            }
        }
        return null;
    }

    private static Object typed(PackedRecord v, int i, Kind k) {
        switch (k) {
            case BOOLEAN: return v.getBoolean(i);
            case BYTE: return v.getByte(i);
            case SHORT: return v.getShort(i);
            case CHAR: return v.getChar(i);
            case INT: return v.getInt(i);
            case LONG: return v.getLong(i);
            case FLOAT: return v.getFloat(i);
            case DOUBLE: return v.getDouble(i);
            case STRING: return v.getString(i);
            case DECIMAL: return v.getDecimal(i);
            case BIG_INTEGER: return v.getBigInteger(i);
            case DATE: return v.getDate(i);
            case TIME: return v.getTime(i);
            case DATE_TIME: return v.getDateTime(i);
            case INSTANT: return v.getInstant(i);
            case OFFSET_DATE_TIME: return v.getOffsetDateTime(i);
            case UUID: return v.getUuid(i);
            case BYTES: return v.getBytes(i);
            case ENUM: return v.getEnumName(i);
            case RECORD: return v.getRecord(i);
            default: return v.get(i);
        }
    }

    private static Object typedByName(PackedRecord v, Field f) {
        String n = f.name();
        switch (f.type().kind()) {
            case BOOLEAN: return v.getBoolean(n);
            case BYTE: return v.getByte(n);
            case SHORT: return v.getShort(n);
            case CHAR: return v.getChar(n);
            case INT: return v.getInt(n);
            case LONG: return v.getLong(n);
            case FLOAT: return v.getFloat(n);
            case DOUBLE: return v.getDouble(n);
            case STRING: return v.getString(n);
            case DECIMAL: return v.getDecimal(n);
            case BIG_INTEGER: return v.getBigInteger(n);
            case DATE: return v.getDate(n);
            case TIME: return v.getTime(n);
            case DATE_TIME: return v.getDateTime(n);
            case INSTANT: return v.getInstant(n);
            case OFFSET_DATE_TIME: return v.getOffsetDateTime(n);
            case UUID: return v.getUuid(n);
            case BYTES: return v.getBytes(n);
            case ENUM: return v.getEnumName(n);
            case RECORD: return v.getRecord(n);
            default: return v.get(n);
        }
    }

    // ---------------------------------------------------------------- one call

    /** Whether the last {@link #call} succeeded. */
    private boolean lastOk;
    /** Whether allocations are held to the bound (not while the first calls load classes). */
    private boolean measure;
    /** Calls above the bound only the first time (the JVM's one-time costs), within it when repeated. */
    private int firstRuns;

    /**
     * Runs one API call on input of {@code n} bytes: it must succeed (for a valid value) or throw a navpack
     * exception, and allocate at most {@link #bound}. Returns its result, or null when it threw.
     */
    private <T> T call(String api, int n, boolean valid, Supplier<T> f) {
        long[] s = stats.computeIfAbsent(api, k -> new long[5]);
        long before = THREADS.getCurrentThreadAllocatedBytes();
        T result = null;
        Throwable thrown = null;
        try {
            result = f.get();
        } catch (Throwable t) {
            thrown = t;
        }
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        if (allocated > s[2]) {
            s[2] = allocated;
            s[3] = n;
        }
        // bytes per input byte beyond what any call may allocate regardless of its input
        s[4] = Math.max(s[4], (allocated - 8 * 1024) / Math.max(1, n));
        double ratio = (double) allocated / Math.max(1, n);
        if (measure && ratio > worstRatio) {
            worstRatio = ratio;
            worstCall = api + ", " + allocated + " B for " + n + " B";
        }
        // text taken from the schema (field names) comes on top of what the bytes can make toString allocate
        long limit = bound(n) + (api.endsWith("toString") && result instanceof String ? 3L * ((String) result).length() : 0);
        if (measure && allocated > limit) {
            // the first run of a code path also pays the JVM's one-time costs (loading a class, linking a
            // string concatenation); they do not depend on the input: the same call again must keep the bound
            long again = THREADS.getCurrentThreadAllocatedBytes();
            try {
                f.get();
            } catch (Throwable ignored) {
                // the same outcome as above
            }
            again = THREADS.getCurrentThreadAllocatedBytes() - again;
            if (again > limit) {
                throw new AssertionError(api + " allocated " + allocated + " bytes, then " + again + " again, for an input of "
                        + n + " (bound " + limit + ")" + (thrown != null ? " and threw " + thrown : ""));
            }
            firstRuns++;
        }
        if (thrown != null) {
            if (valid || !allowed(thrown)) {
                AssertionError e = new AssertionError(api + " threw " + thrown + (valid ? " on a valid value" : ""), thrown);
                throw e;
            }
            s[1]++;
            lastOk = false;
            return null;
        }
        s[0]++;
        lastOk = true;
        return result;
    }

    private static boolean allowed(Throwable t) {
        if (t instanceof NavpackException) {
            return !t.getMessage().isBlank();
        }
        if (t instanceof HazelcastSerializationException) {
            for (Throwable c = t.getCause(); c != null; c = c.getCause()) {
                if (c instanceof NavpackException) {
                    return true;
                }
            }
        }
        return false;
    }

    private static void check(boolean ok, Supplier<String> what) {
        if (!ok) {
            throw new AssertionError("disagreement: " + what.get());
        }
    }

    /** A value for a message, without decoding anything (a nested view may not be valid). */
    private static String describe(Object v) {
        if (v instanceof PackedRecord) {
            return "record " + Hex.of(((PackedRecord) v).bytes());
        }
        if (v instanceof Object[]) {
            return "array of " + ((Object[]) v).length;
        }
        if (v instanceof Collection || v instanceof Map) {
            return v.getClass().getSimpleName();
        }
        return String.valueOf(v);
    }
}
