package io.navpack.bench.grid;

import com.tangosol.io.Serializer;
import com.tangosol.net.BackingMapContext;
import com.tangosol.net.BackingMapManagerContext;
import com.tangosol.util.Binary;
import com.tangosol.util.BinaryEntry;
import com.tangosol.util.ObservableMap;
import com.tangosol.util.ValueExtractor;
import com.tangosol.util.ValueUpdater;
import com.tangosol.util.InvocableMapHelper;

/**
 * The smallest {@link BinaryEntry} a {@code PofExtractor} reads from: a key and a value as POF
 * {@link Binary} and the POF context as the serializer. What a Coherence storage member hands its
 * filters per entry; everything that would need a cache throws.
 */
public final class PofEntry implements BinaryEntry<Object, Object> {
    private final Binary key;
    private final Binary value;
    private final Serializer serializer;

    public PofEntry(Binary key, Binary value, Serializer serializer) {
        this.key = key;
        this.value = value;
        this.serializer = serializer;
    }

    @Override
    public Binary getBinaryKey() {
        return key;
    }

    @Override
    public Binary getBinaryValue() {
        return value;
    }

    @Override
    public Serializer getSerializer() {
        return serializer;
    }

    @Override
    public Binary getOriginalBinaryValue() {
        return value;
    }

    @Override
    public BackingMapManagerContext getContext() {
        throw new UnsupportedOperationException();
    }

    @Override
    public void updateBinaryValue(Binary binary) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void updateBinaryValue(Binary binary, boolean synthetic) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Object getOriginalValue() {
        throw new UnsupportedOperationException();
    }

    @Override
    public ObservableMap<Object, Object> getBackingMap() {
        throw new UnsupportedOperationException();
    }

    @Override
    public BackingMapContext getBackingMapContext() {
        throw new UnsupportedOperationException();
    }

    @Override
    public void expire(long millis) {
        throw new UnsupportedOperationException();
    }

    @Override
    public long getExpiry() {
        throw new UnsupportedOperationException();
    }

    @Override
    public boolean isReadOnly() {
        return true;
    }

    @Override
    public Object getKey() {
        throw new UnsupportedOperationException();
    }

    @Override
    public Object getValue() {
        throw new UnsupportedOperationException();
    }

    @Override
    public Object setValue(Object v) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void setValue(Object v, boolean synthetic) {
        throw new UnsupportedOperationException();
    }

    @Override
    public <U> void update(ValueUpdater<Object, U> updater, U v) {
        throw new UnsupportedOperationException();
    }

    @Override
    public boolean isPresent() {
        return true;
    }

    @Override
    public boolean isSynthetic() {
        return false;
    }

    @Override
    public <T, E> E extract(ValueExtractor<T, E> extractor) {
        return InvocableMapHelper.extractFromEntry(extractor, this);
    }

    @Override
    public void remove(boolean synthetic) {
        throw new UnsupportedOperationException();
    }
}
