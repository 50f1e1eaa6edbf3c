package io.navpack.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.HazelcastSerializationException;
import com.hazelcast.nio.serialization.StreamSerializer;
import io.navpack.format.GeneratedView;
import io.navpack.format.NavpackException;
import io.navpack.format.NavpackFormatException;
import io.navpack.format.spi.PackedInts;
import io.navpack.format.PackedRecord;
import io.navpack.format.PackedWriter;
import io.navpack.format.RecordBinding;
import io.navpack.format.SchemaRegistry;
import io.navpack.hazelcast.internal.OperationThreads;
import io.navpack.hazelcast.internal.SerializationInternals;

import java.io.IOException;
import io.navpack.format.Schema;
import java.io.EOFException;
import java.util.Arrays;
import java.util.List;

/**
 * The Hazelcast serializer for every navpack type and for {@link PackedRecord} itself; usable as
 * the global serializer too. A value is stored as a packed int length followed by the navpack
 * record (docs/format.md). Writing a {@code PackedRecord} or an interface view copies its bytes; reading
 * returns a {@code PackedRecord} view, the registered class or an interface view, as the {@link ReadMode}
 * says. A {@code PackedRecord} wraps the bytes Hazelcast read, without copying them; an interface view holds
 * a copy of exactly its value's bytes.
 *
 * <p>Register it for each class (or let {@link NavpackConfig} do it), in hazelcast.xml / YAML, or as
 * the global serializer; {@link PackedRecord} is registered automatically by
 * {@link NavpackSerializerHook}. Settings come from the instance's properties ({@link NavpackSettings}).
 */
public final class NavpackSerializer implements StreamSerializer<Object>, HazelcastInstanceAware {
    /** Hazelcast type id of every navpack value: "NP". */
    public static final int TYPE_ID = 0x4E50;

    /**
     * Whether a view wraps the array Hazelcast read (the default) or a copy of its bytes
     * ({@code -Dnavpack.copy-on-read=true}, e.g. to let Hazelcast's buffer go sooner).
     */
    private static final boolean COPY_ON_READ = Boolean.getBoolean("navpack.copy-on-read");

    private volatile NavpackContext context;
    private final StandaloneContext standalone;

    /** The serializer Hazelcast creates from configuration; it works inside the instance that creates it. */
    public NavpackSerializer() {
        this.standalone = null;
    }

    /**
     * A serializer outside any Hazelcast instance (tools, tests): with its own registry and read mode,
     * sharing no schemas.
     */
    public NavpackSerializer(SchemaRegistry registry, ReadMode mode) {
        this.standalone = new StandaloneContext(registry, mode);
    }

    @Override
    public void setHazelcastInstance(HazelcastInstance hz) {
        if (standalone == null && hz != null) {
            context = NavpackContext.of(hz);
            context.watchStart();
        }
    }

    @Override
    public int getTypeId() {
        return TYPE_ID;
    }

    private NavpackContext context() {
        NavpackContext c = context;
        if (c == null) {
            throw new IllegalStateException("NavpackSerializer was not given its Hazelcast instance");
        }
        if (!c.isStarted()) {
            // the instance is built by now (it is not yet while it hands itself to its serializers)
            c.started();
        }
        return c;
    }

    @Override
    public void write(ObjectDataOutput out, Object value) throws IOException {
        if (value instanceof GeneratedView) {
            value = PackedRecord.ofView(value);
        }
        if (value instanceof PackedRecord) {
            PackedRecord r = (PackedRecord) value;
            if (value instanceof PackedGenericRecord && ((PackedGenericRecord) value).stored()) {
                // bytes this serializer read from the cluster: written back as they are
                if (standalone == null) {
                    context().registry().register(r.schema());
                }
            } else {
                // bytes from elsewhere are checked in full before they can reach a map
                List<Schema> schemas;
                try {
                    schemas = r.validate();
                } catch (NavpackException e) {
                    throw new HazelcastSerializationException("navpack refuses to write a " + r.schema().typeName()
                            + OperationThreads.describe() + " whose bytes are not a valid value: " + e.getMessage()
                            + " (a PackedRecord must hold bytes that navpack encoded)", e);
                }
                if (standalone == null) {
                    // the cluster must be able to describe the bytes before they are stored
                    for (Schema s : schemas) {
                        context().registry().register(s);
                    }
                }
            }
            PackedInts.writeInt(out, r.length());
            out.write(r.array(), r.offset(), r.length());
            return;
        }
        PackedWriter w;
        RecordBinding<?> binding;
        if (standalone != null) {
            w = standalone.writer.get();
            binding = standalone.registry.binding(value.getClass());
        } else {
            NavpackContext c = context();
            try {
                binding = c.bindingForWrite(value.getClass());
            } catch (NavpackException e) {
                // the top-level message names navpack and what to do, not only a nested cause
                throw new HazelcastSerializationException("navpack cannot write a " + value.getClass().getName() + ": "
                        + e.getMessage(), e);
            }
            w = c.writer();
        }
        write(out, w, value, binding);
    }

    /**
     * The value's length and record into {@code out}: encoded straight into the array of Hazelcast's output when it
     * has one (the bytes are written once, where {@code toData} and the client's messages take them from), otherwise
     * into the writer's own buffer and copied to {@code out}, after which a buffer grown for a large value is
     * dropped ({@link PackedWriter#reset}).
     */
    static void write(ObjectDataOutput out, PackedWriter w, Object value, RecordBinding<?> binding) throws IOException {
        if (SerializationInternals.writesInPlace(out)) {
            w.attach(SerializationInternals.outputArray(out), SerializationInternals.outputPosition(out));
            try {
                w.writeRecordWithLength(value, binding);
                SerializationInternals.written(out, w.buffer(), w.size());
            } finally {
                w.detach();
            }
            return;
        }
        w.reset();
        try {
            w.writeRecordWithLength(value, binding);
            out.write(w.buffer(), 0, w.size());
        } finally {
            w.reset();
        }
    }

    /**
     * A stored value as a view: {@code bytes} is either a navpack record or a Hazelcast {@code Data}
     * holding one (8-byte header: partition hash, then this serializer's type id; then the packed length
     * this serializer writes before the record). What {@code navpack inspect} reads.
     */
    public static PackedRecord view(byte[] bytes, SchemaRegistry registry) {
        int header = SerializationInternals.DATA_HEADER;
        if (bytes.length > header + 1) {
            if (SerializationInternals.dataTypeId(bytes) == TYPE_ID) {
                int length = PackedInts.readInt(bytes, header, bytes.length);
                int start = PackedInts.skipInt(bytes, header, bytes.length);
                if (length >= 0 && length <= bytes.length - start) {
                    return PackedRecord.of(bytes, start, length, registry);
                }
            }
        }
        return PackedRecord.of(bytes, registry);
    }

    @Override
    public Object read(ObjectDataInput in) throws IOException {
        SchemaRegistry registry;
        ReadMode instanceMode;
        if (standalone != null) {
            registry = standalone.registry;
            instanceMode = standalone.mode;
        } else {
            registry = context().registry();
            instanceMode = null;
        }
        PackedRecord view;
        try {
            int length = readLength(in);
            if (!COPY_ON_READ && SerializationInternals.readsInPlace(in)) {
                int pos = SerializationInternals.position(in);
                int left = SerializationInternals.remaining(in);
                if (length > left) {
                    throw new NavpackFormatException("value of " + length + " bytes but only " + left + " left", pos);
                }
                byte[] data = SerializationInternals.array(in);
                SerializationInternals.skip(in, length);
                view = PackedRecord.of(data, pos, length, registry);
            } else {
                view = PackedRecord.of(copy(in, length), registry);
            }
        } catch (NavpackException e) {
            throw new HazelcastSerializationException("navpack cannot read a value" + OperationThreads.describe() + ": "
                    + e.getMessage(), e);
        }
        String typeName = view.schema().typeName();
        ReadMode mode = instanceMode != null ? instanceMode : context.readMode(typeName);
        if (mode == ReadMode.VIEW) {
            Class<?> iface = standalone != null ? null : context.viewInterface(typeName);
            if (iface != null) {
                return asView(view, iface);
            }
            mode = ReadMode.OBJECT;
        }
        if (mode == ReadMode.OBJECT) {
            RecordBinding<?> binding = registry.bindingOf(typeName);
            if (binding != null) {
                try {
                    return binding.decode(view);
                } catch (NavpackException e) {
                    throw new HazelcastSerializationException("navpack cannot read a " + typeName
                            + OperationThreads.describe() + ": " + e.getMessage(), e);
                }
            }
        }
        return standalone != null || context().genericRecords()
                ? PackedGenericRecord.read(view, standalone == null && context.isMember()) : view;
    }

    /** First piece read from a stream on the copying path: all that a length prefix alone makes the reader allocate. */
    static final int FIRST_PIECE = 8 * 1024;

    /**
     * The next {@code length} bytes of {@code in}, as a new array. Nothing is allocated beyond what the
     * input holds: an array-backed input is asked how much it has left; a stream is read in pieces, the
     * first of {@value #FIRST_PIECE} bytes, the array doubling only when the bytes read so far fill it.
     */
    static byte[] copy(ObjectDataInput in, int length) throws IOException {
        if (SerializationInternals.readsInPlace(in)) {
            int pos = SerializationInternals.position(in);
            int left = SerializationInternals.remaining(in);
            if (length > left) {
                throw new NavpackFormatException("value of " + length + " bytes but only " + left + " left", pos);
            }
            byte[] bytes = new byte[length];
            in.readFully(bytes);
            return bytes;
        }
        byte[] bytes = new byte[Math.min(length, FIRST_PIECE)];
        int n = 0;
        try {
            while (n < length) {
                if (n == bytes.length) {
                    bytes = Arrays.copyOf(bytes, (int) Math.min(length, 2L * bytes.length));
                }
                in.readFully(bytes, n, bytes.length - n);
                n = bytes.length;
            }
        } catch (EOFException e) {
            throw new NavpackFormatException("value of " + length + " bytes but the input ends before byte " + n
                    + " (or within the " + (bytes.length - n) + " after it)", -1, e);
        }
        return bytes;
    }

    /**
     * {@code view}'s value as an implementation of {@code iface}, over a copy of exactly its bytes: a view
     * kept (in a near cache, by the application) holds no more than its value, not Hazelcast's buffer.
     */
    private static Object asView(PackedRecord view, Class<?> iface) {
        byte[] bytes = view.offset() == 0 && view.length() == view.array().length ? view.array() : view.bytes();
        try {
            return PackedRecord.of(bytes, view.registry()).as(iface);
        } catch (NavpackException e) {
            throw new HazelcastSerializationException("navpack cannot read a " + view.schema().typeName() + " as "
                    + iface.getName() + OperationThreads.describe() + ": " + e.getMessage(), e);
        }
    }

    private static int readLength(ObjectDataInput in) throws IOException {
        int n;
        try {
            n = PackedInts.readInt(in);
        } catch (EOFException e) {
            throw new NavpackFormatException("the input ends within the value's length", -1, e);
        }
        if (n < 0) {
            throw new NavpackFormatException("negative value length", -1);
        }
        return n;
    }

    @Override
    public void destroy() {
        // nothing held outside the instance's context
    }

    private static final class StandaloneContext {
        final SchemaRegistry registry;
        final ReadMode mode;
        final ThreadLocal<PackedWriter> writer;

        StandaloneContext(SchemaRegistry registry, ReadMode mode) {
            this.registry = registry;
            this.mode = mode;
            this.writer = ThreadLocal.withInitial(() -> new PackedWriter(registry, 256));
        }
    }
}
