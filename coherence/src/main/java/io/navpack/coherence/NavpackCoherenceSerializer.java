package io.navpack.coherence;

import com.tangosol.io.ClassLoaderAware;
import com.tangosol.io.DefaultSerializer;
import com.tangosol.io.ReadBuffer;
import com.tangosol.io.Serializer;
import com.tangosol.io.WriteBuffer;
import com.tangosol.util.Binary;
import com.tangosol.util.ExternalizableHelper;
import io.navpack.coherence.internal.BinaryBytes;
import io.navpack.format.GeneratedView;
import io.navpack.format.NavpackException;
import io.navpack.format.NavpackFormatException;
import io.navpack.format.PackedRecord;
import io.navpack.format.PackedWriter;
import io.navpack.format.RecordBinding;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;
import io.navpack.format.spi.PackedInts;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * The Coherence {@link Serializer} that stores values as navpack bytes. Name it for a service the way Coherence
 * serializers are named: {@code <serializer>navpack</serializer>} in a cache configuration (found by Coherence's
 * service loader under the name {@value #NAME}, or registered under that id in the operational override's
 * {@code <serializers>}), {@code -Dcoherence.serializer=navpack} for every service, or an {@code <instance>} of this
 * class with its settings as an init-param ({@link CoherenceSettings#parse}).
 *
 * <p>A value of a class navpack stores (configured in {@value CoherenceSettings#CLASSES}, or annotated
 * {@code @NavpackType}), a {@link PackedRecord} or an interface view is written as the byte {@code 'N'}, the
 * record's length as a packed integer, then the record (docs/format.md); everything else a service sends — keys,
 * filters, processors, aggregators, results — is written by Coherence's {@link DefaultSerializer} after a zero byte,
 * exactly as a service with the {@code java} serializer would write it. Reading gives the class when it is known in
 * this JVM, otherwise a {@link PackedRecord} over the bytes (storage members need no user classes); schemas come
 * from the cluster ({@link NavpackCoherence}).
 */
public final class NavpackCoherenceSerializer implements Serializer, ClassLoaderAware {
    /** The name Coherence knows this serializer by. */
    public static final String NAME = "navpack";
    /** First byte of a navpack value. */
    static final int NAVPACK = 'N';
    /** First byte of anything else, written by Coherence's default serializer. */
    static final int OTHER = 0;
    private static final ThreadLocal<PackedWriter> WRITERS = new ThreadLocal<>();
    private static final LongAdder WRITTEN = new LongAdder();
    private static final LongAdder READ = new LongAdder();

    private final NavpackCoherence navpack;
    private volatile ClassLoader loader;
    private volatile DefaultSerializer other;

    /** The serializer Coherence creates by name: navpack's settings of this JVM. */
    public NavpackCoherenceSerializer() {
        this(NavpackCoherence.get());
    }

    /**
     * The serializer of an {@code <instance>} in Coherence's configuration, with navpack's settings as
     * {@code name=value} pairs separated by semicolons (e.g. {@code navpack.classes=com.acme.Trade}).
     */
    public NavpackCoherenceSerializer(String settings) {
        this(NavpackCoherence.ensure(CoherenceSettings.parse(settings)));
    }

    /** A serializer of navpack in this JVM, configured in code ({@link NavpackCoherence#configure}). */
    public NavpackCoherenceSerializer(NavpackCoherence navpack) {
        this.navpack = navpack;
        setContextClassLoader(null);
        navpack.startInBackground();
    }

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public ClassLoader getContextClassLoader() {
        return loader;
    }

    @Override
    public void setContextClassLoader(ClassLoader loader) {
        ClassLoader l = loader != null ? loader : NavpackCoherenceSerializer.class.getClassLoader();
        this.loader = l;
        this.other = new DefaultSerializer(l);
    }

    @Override
    public void serialize(WriteBuffer.BufferOutput out, Object o) throws IOException {
        Object value = o instanceof GeneratedView ? PackedRecord.ofView(o) : o;
        if (value instanceof PackedRecord r) {
            register(r);
            WRITTEN.increment();
            out.writeByte(NAVPACK);
            out.writePackedInt(r.length());
            out.write(r.array(), r.offset(), r.length());
            return;
        }
        RecordBinding<?> binding = value == null ? null : navpack.bindingForWrite(value.getClass());
        if (binding == null) {
            out.writeByte(OTHER);
            other.serialize(out, value);
            return;
        }
        PackedWriter w = WRITERS.get();
        if (w == null) {
            w = new PackedWriter(navpack.registry(), 256);
            WRITERS.set(w);
        }
        w.reset();
        try {
            w.writeRecordWithLength(value, binding);
            WRITTEN.increment();
            out.writeByte(NAVPACK);
            out.write(w.buffer(), 0, w.size());
        } finally {
            w.reset();
        }
    }

    /** A record's schemas must be agreed before its bytes can be stored; bytes from elsewhere are checked in full. */
    private void register(PackedRecord r) throws IOException {
        List<Schema> schemas;
        try {
            schemas = r.validate();
        } catch (NavpackException e) {
            throw new IOException("navpack refuses to write a " + r.schema().typeName() + " whose bytes are not a valid"
                    + " value: " + e.getMessage() + " (a PackedRecord must hold bytes that navpack encoded)", e);
        }
        for (Schema s : schemas) {
            navpack.registry().register(s);
        }
    }

    @Override
    public Object deserialize(ReadBuffer.BufferInput in) throws IOException {
        int tag = in.readUnsignedByte();
        if (tag == OTHER) {
            return other.deserialize(in);
        }
        if (tag != NAVPACK) {
            throw new IOException("not a value written by navpack's Coherence serializer: first byte " + tag + " at "
                    + (in.getOffset() - 1) + " (a cache's members must all use the same serializer, '" + NAME + "')");
        }
        READ.increment();
        int length = in.readPackedInt();
        if (length < 0 || length > in.available()) {
            throw new IOException(new NavpackFormatException("value of " + length + " bytes but only "
                    + in.available() + " left", in.getOffset()));
        }
        int at = in.getOffset();
        ReadBuffer buffer = in.getBuffer();
        PackedRecord view;
        if (buffer instanceof Binary) {
            // an immutable Binary: the view reads its bytes where they are
            BinaryBytes.Window w = BinaryBytes.window(buffer, at, length);
            view = PackedRecord.of(w.array(), w.offset(), w.length(), navpack.registry());
            in.skipBytes(length);
        } else {
            byte[] bytes = new byte[length];
            in.readFully(bytes);
            view = PackedRecord.of(bytes, navpack.registry());
        }
        return decode(view);
    }

    private Object decode(PackedRecord view) throws IOException {
        try {
            if (!navpack.settings().readsRecords()) {
                RecordBinding<?> binding = navpack.registry().bindingOf(view.schema().typeName());
                if (binding != null) {
                    return binding.decode(view);
                }
            }
            view.schema();
            return view;
        } catch (NavpackException e) {
            throw new IOException("navpack cannot read a value: " + e.getMessage(), e);
        }
    }

    /** navpack values this JVM's navpack serializers wrote. */
    public static long valuesWritten() {
        return WRITTEN.sum();
    }

    /** navpack values this JVM's navpack serializers read (deserialised: field reads by the extractor are not reads). */
    public static long valuesRead() {
        return READ.sum();
    }

    /**
     * The navpack record in a cache's stored value (a {@code Binary} as the entry holds it, decorations and all),
     * without copying its bytes; null when the value is not a navpack value.
     */
    public static PackedRecord view(Binary stored, SchemaRegistry registry) {
        if (stored == null) {
            return null;
        }
        Binary b = BinaryBytes.undecorated(stored);
        int n = b.length();
        if (n < 3 || b.byteAt(0) != ExternalizableHelper.FMT_EXT || b.byteAt(1) != NAVPACK) {
            return null;
        }
        BinaryBytes.Window w = BinaryBytes.window(b, 0, n);
        int end = w.offset() + n;
        int length = PackedInts.readInt(w.array(), w.offset() + 2, end);
        int start = PackedInts.skipInt(w.array(), w.offset() + 2, end);
        if (length < 0 || length > end - start) {
            throw new NavpackFormatException("a stored value of " + length + " bytes but only " + (end - start)
                    + " left", start - w.offset());
        }
        return PackedRecord.of(w.array(), start, length, registry);
    }
}
