package io.navpack.coherence;

import com.oracle.coherence.common.base.Logger;
import com.tangosol.io.ExternalizableLite;
import com.tangosol.util.Binary;
import com.tangosol.util.BinaryEntry;
import com.tangosol.util.MapTrigger;
import com.tangosol.util.extractor.AbstractExtractor;
import io.navpack.extract.ExtractionMode;
import io.navpack.extract.PlainPath;
import io.navpack.extract.ValueReads;
import io.navpack.format.FieldPath;
import io.navpack.format.NavpackException;
import io.navpack.format.PackedRecord;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A Coherence {@code ValueExtractor} over navpack values, by plain field name or path: {@code currency1},
 * {@code counterparty.name}, {@code legs[0].notional}, {@code legs[any].notional} (every element: the extracted value
 * is then a list, as Coherence's collection filters and indexes expect). Use it wherever Coherence takes an extractor:
 * {@code Filters.equal(NavpackExtractor.of("currency1"), "EUR")}, {@code cache.addIndex(NavpackExtractor.of("book"),
 * true, null)}, {@code Aggregators.sum(NavpackExtractor.of("amount1"))}, {@code GroupAggregator}, ordering.
 *
 * <p>On a storage member the field is read from the entry's stored binary value ({@link BinaryEntry}), without
 * deserialising it and without the user's classes: single fields until the schema's measured break-even, then the
 * whole value once (the same per-thread policy as on Hazelcast, {@link ValueReads}); every extractor of one filter
 * evaluation reads the same value. Index updates read the entry's original binary value the same way. A value that
 * is not a navpack value (another serializer, an object in a local map) is read through its accessors; a navpack
 * value that cannot be read is skipped (null), logged once and counted ({@link #unreadable()}).
 */
public class NavpackExtractor<T, E> extends AbstractExtractor<T, E> implements ExternalizableLite {
    private static final long serialVersionUID = 1L;
    private static final AtomicLong UNREADABLE = new AtomicLong();
    private static final AtomicLong NOT_NAVPACK = new AtomicLong();
    /** The last stored value this thread read, and its view: every extractor of one entry reads the same view. */
    private static final ThreadLocal<Object[]> LAST = ThreadLocal.withInitial(() -> new Object[2]);

    private String path;
    private ExtractionMode mode;
    private transient FieldPath parsed;

    /** For Coherence's deserialisation. */
    public NavpackExtractor() {
    }

    /** An extractor of {@code path} in the mode navpack's settings give ({@code navpack.extract.mode}). */
    public NavpackExtractor(String path) {
        this(path, null);
    }

    /** An extractor of {@code path} that always reads in {@code mode} (null: the configured mode). */
    public NavpackExtractor(String path, ExtractionMode mode) {
        this.parsed = FieldPath.parse(Objects.requireNonNull(path, "path"));
        this.path = path;
        this.mode = mode;
        m_nTarget = VALUE;
    }

    /** An extractor of {@code path}: a plain field name, a nested path, with {@code [n]} or {@code [any]} steps. */
    public static <T, E> NavpackExtractor<T, E> of(String path) {
        return new NavpackExtractor<>(path);
    }

    public String path() {
        return path;
    }

    @Override
    public E extractFromEntry(Map.Entry entry) {
        if (entry instanceof BinaryEntry<?, ?> be) {
            return fromBinary(be.getBinaryValue(), entry);
        }
        return extractObject(entry.getValue());
    }

    @Override
    public E extractOriginalFromEntry(MapTrigger.Entry entry) {
        if (entry instanceof BinaryEntry<?, ?> be) {
            return fromBinary(be.getOriginalBinaryValue(), entry);
        }
        return entry.isOriginalPresent() ? extractObject(entry.getOriginalValue()) : null;
    }

    private E fromBinary(Binary stored, Map.Entry<?, ?> entry) {
        if (stored == null) {
            return null;
        }
        Object[] last = LAST.get();
        PackedRecord r;
        if (last[0] == stored) {
            r = (PackedRecord) last[1];
        } else {
            try {
                r = NavpackCoherenceSerializer.view(stored, NavpackCoherence.get().registry());
            } catch (NavpackException e) {
                return unreadable(e);
            }
            if (r == null) {
                if (NOT_NAVPACK.getAndIncrement() == 0) {
                    Logger.warn("navpack: " + this + " met a value that is not a navpack value (its cache's serializer"
                            + " is not '" + NavpackCoherenceSerializer.NAME + "'; it begins "
                            + stored.toByteArray(0, Math.min(8, stored.length())).length + " bytes "
                            + io.navpack.format.spi.Hex.of(stored.toByteArray(0, Math.min(8, stored.length()))) + "); such values are deserialised and read"
                            + " through their accessors (counted in NavpackExtractor.notNavpack())");
                }
                return extractObject(entry.getValue());
            }
            last[0] = stored;
            last[1] = r;
        }
        return read(r);
    }

    @Override
    public E extract(T target) {
        return extractObject(target);
    }

    private E extractObject(Object target) {
        if (target == null) {
            return null;
        }
        PackedRecord r = PackedRecord.ofView(target);
        if (r != null) {
            return read(r);
        }
        List<Object> out = new ArrayList<>(1);
        PlainPath.offer(target, parsed(), 0, out::add);
        return result(out);
    }

    @SuppressWarnings("unchecked")
    private E read(PackedRecord r) {
        FieldPath p = parsed();
        try {
            int top = r.schema().indexOf(p.step(0).name());
            if (top < 0) {
                return null; // the value was written with a version of its type that has no such field
            }
            Object v = ValueReads.read(r, top, mode);
            if (p.size() == 1) {
                return (E) (v instanceof Enum<?> e ? e.name() : v);
            }
            List<Object> out = new ArrayList<>(1);
            PlainPath.offer(v, p, 1, out::add);
            return result(out);
        } catch (NavpackException e) {
            return unreadable(e);
        }
    }

    /** One value, or every element an {@code [any]} step reached, as a list. */
    @SuppressWarnings("unchecked")
    private E result(List<Object> out) {
        return (E) (manyValues() ? out : out.isEmpty() ? null : out.get(0));
    }

    private boolean manyValues() {
        FieldPath p = parsed();
        for (int s = 0; s < p.size(); s++) {
            if (p.step(s).everyElement()) {
                return true;
            }
        }
        return false;
    }

    private E unreadable(NavpackException e) {
        if (UNREADABLE.getAndIncrement() == 0) {
            Logger.err("navpack: a value that navpack cannot read is left out of queries and indexes (counted in"
                    + " NavpackExtractor.unreadable()): " + e.getMessage());
        }
        return null;
    }

    private FieldPath parsed() {
        FieldPath p = parsed;
        if (p == null) {
            p = FieldPath.parse(path);
            parsed = p;
        }
        return p;
    }

    /** Navpack values that could not be read (damaged bytes) and were left out, in this JVM. */
    public static long unreadable() {
        return UNREADABLE.get();
    }

    /** Values met that were not navpack values and were read through their accessors, in this JVM. */
    public static long notNavpack() {
        return NOT_NAVPACK.get();
    }

    /** navpack extractors are equal by path and mode; they have no canonical name, so no other extractor equals one. */
    @Override
    public String getCanonicalName() {
        return null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NavpackExtractor<?, ?> other && other.getClass() == getClass() && other.path.equals(path)
                && other.mode == mode;
    }

    @Override
    public int hashCode() {
        return path.hashCode() * 31 + Objects.hashCode(mode);
    }

    @Override
    public String toString() {
        return "NavpackExtractor(" + path + (mode == null ? "" : ", " + mode.name().toLowerCase(java.util.Locale.ROOT)) + ")";
    }

    @Override
    public void readExternal(DataInput in) throws IOException {
        path = in.readUTF();
        int m = in.readByte();
        mode = m < 0 ? null : ExtractionMode.values()[m];
        m_nTarget = VALUE;
        parsed = null;
    }

    @Override
    public void writeExternal(DataOutput out) throws IOException {
        out.writeUTF(path);
        out.writeByte(mode == null ? -1 : mode.ordinal());
    }
}
