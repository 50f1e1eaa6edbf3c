package io.navpack.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import com.hazelcast.internal.nio.BufferObjectDataInput;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.HazelcastSerializationException;
import com.hazelcast.nio.serialization.StreamSerializer;
import io.navpack.format.GeneratedView;
import io.navpack.format.NavpackException;
import io.navpack.format.NavpackFormatException;
import io.navpack.format.PackedInts;
import io.navpack.format.PackedRecord;
import io.navpack.format.PackedWriter;
import io.navpack.format.RecordBinding;
import io.navpack.format.SchemaRegistry;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

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

    private static final VarHandle DATA;
    private static final VarHandle POS;
    private static final Class<?> INPUT_CLASS;

    static {
        VarHandle data = null;
        VarHandle pos = null;
        Class<?> input = null;
        if (!Boolean.getBoolean("navpack.copy-on-read")) {
            try {
                input = Class.forName("com.hazelcast.internal.serialization.impl.ByteArrayObjectDataInput");
                MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(input, MethodHandles.lookup());
                data = lookup.findVarHandle(input, "data", byte[].class);
                pos = lookup.findVarHandle(input, "pos", int.class);
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                data = null;
                pos = null;
                input = null;
            }
        }
        DATA = data;
        POS = pos;
        INPUT_CLASS = input;
    }

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
        if (standalone == null) {
            context = NavpackContext.of(hz);
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
            if (standalone == null) {
                // the cluster must be able to describe the bytes before they are stored
                context().registry().register(r.schema());
            }
            writeLength(out, r.length());
            out.write(r.array(), r.offset(), r.length());
            return;
        }
        PackedWriter w;
        if (standalone != null) {
            w = standalone.writer.get();
            w.reset();
            w.writeRecord(value);
        } else {
            NavpackContext c = context();
            RecordBinding<?> binding = c.bindingForWrite(value.getClass());
            w = c.writer();
            w.reset();
            w.writeRecord(value, binding);
        }
        writeLength(out, w.size());
        out.write(w.buffer(), 0, w.size());
    }

    /** A packed int, as {@link PackedInts#writeInt} writes it, for a length (never negative). */
    private static void writeLength(ObjectDataOutput out, int n) throws IOException {
        int more = n >>> 6;
        out.writeByte((n & 0x3F) | (more != 0 ? 0x80 : 0));
        while (more != 0) {
            int next = more >>> 7;
            out.writeByte((more & 0x7F) | (next != 0 ? 0x80 : 0));
            more = next;
        }
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
            if (DATA != null && INPUT_CLASS.isInstance(in)) {
                byte[] data = (byte[]) DATA.get(in);
                int pos = (int) POS.get(in);
                if (length > data.length - pos) {
                    throw new NavpackFormatException("value of " + length + " bytes but only " + (data.length - pos)
                            + " left", pos);
                }
                ((BufferObjectDataInput) in).position(pos + length);
                view = PackedRecord.of(data, pos, length, registry);
            } else {
                byte[] bytes = new byte[length];
                in.readFully(bytes);
                view = PackedRecord.of(bytes, registry);
            }
        } catch (NavpackFormatException e) {
            throw new HazelcastSerializationException("navpack cannot read a value" + OperationContext.describe() + ": "
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
                } catch (NavpackFormatException e) {
                    throw new HazelcastSerializationException("navpack cannot read a " + typeName
                            + OperationContext.describe() + ": " + e.getMessage(), e);
                }
            }
        }
        return standalone != null || context().genericRecords() ? new PackedGenericRecord(view) : view;
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
                    + iface.getName() + OperationContext.describe() + ": " + e.getMessage(), e);
        }
    }

    private static int readLength(ObjectDataInput in) throws IOException {
        int x = in.readByte();
        int n = x & 0x3F;
        if ((x & 0x40) != 0) {
            throw new NavpackFormatException("negative value length", -1);
        }
        int shift = 6;
        while ((x & 0x80) != 0) {
            if (shift > 27) {
                throw new NavpackFormatException("value length longer than 5 bytes", -1);
            }
            x = in.readByte();
            n |= (x & 0x7F) << shift;
            shift += 7;
        }
        if (n < 0) {
            throw new NavpackFormatException("value length overflows", -1);
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
