package io.navpack.coherence.internal;

import com.tangosol.io.AbstractByteArrayReadBuffer;
import com.tangosol.io.ReadBuffer;
import com.tangosol.util.Binary;
import com.tangosol.util.ExternalizableHelper;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes of a Coherence {@link Binary} where they lie, without copying them: Coherence's byte-array buffers keep
 * their array and offset in protected fields ({@code m_ab}, {@code m_of}) and hand out only copies or read-only
 * {@code ByteBuffer}s. A navpack view over a stored value needs the array itself to read one field in constant time.
 * Read through a {@link VarHandle} (Coherence on the class path, as members run it); where that is not allowed
 * (Coherence on the module path without {@code --add-opens}), the bytes are copied, which is counted
 * ({@link #copies()}) and said once in the log. Proven on Coherence CE 25.03.2.
 */
public final class BinaryBytes {
    private static final VarHandle ARRAY;
    private static final VarHandle OFFSET;
    private static final AtomicLong COPIES = new AtomicLong();

    static {
        VarHandle a = null;
        VarHandle o = null;
        try {
            MethodHandles.Lookup l = MethodHandles.privateLookupIn(AbstractByteArrayReadBuffer.class, MethodHandles.lookup());
            a = l.findVarHandle(AbstractByteArrayReadBuffer.class, "m_ab", byte[].class);
            o = l.findVarHandle(AbstractByteArrayReadBuffer.class, "m_of", int.class);
        } catch (ReflectiveOperationException | RuntimeException e) {
            com.oracle.coherence.common.base.Logger.warn("navpack: cannot reach the bytes of Coherence's Binary values"
                    + " in place (" + e + "); field reads copy each value's bytes. Put Coherence on the class path, or open"
                    + " com.tangosol.io to navpack");
        }
        ARRAY = a;
        OFFSET = o;
    }

    private BinaryBytes() {
    }

    /** A window on bytes: {@code array[offset .. offset + length)}. */
    public record Window(byte[] array, int offset, int length) {
    }

    /** The bytes of {@code buffer} (offset {@code from}, {@code length} bytes), in place when possible. */
    public static Window window(ReadBuffer buffer, int from, int length) {
        if (ARRAY != null && buffer instanceof AbstractByteArrayReadBuffer) {
            byte[] a = (byte[]) ARRAY.get(buffer);
            int of = (int) OFFSET.get(buffer);
            return new Window(a, of + from, length);
        }
        COPIES.incrementAndGet();
        return new Window(buffer.toByteArray(from, length), 0, length);
    }

    /** Byte arrays copied because the bytes could not be reached in place. */
    public static long copies() {
        return COPIES.get();
    }

    /** A stored value without Coherence's decorations (expiry, backups' marks), as the serializer wrote it. */
    public static Binary undecorated(Binary stored) {
        return ExternalizableHelper.isDecorated(stored) ? ExternalizableHelper.getUndecorated(stored) : stored;
    }
}
