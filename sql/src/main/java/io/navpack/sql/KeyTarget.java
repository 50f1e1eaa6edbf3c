package io.navpack.sql;

import com.hazelcast.internal.serialization.Data;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.internal.serialization.impl.HeapData;
import com.hazelcast.internal.serialization.impl.SerializationConstants;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.DataSerializable;
import com.hazelcast.query.impl.getters.Extractors;
import com.hazelcast.sql.impl.extract.QueryExtractor;
import com.hazelcast.sql.impl.extract.QueryTarget;
import com.hazelcast.sql.impl.extract.QueryTargetDescriptor;
import com.hazelcast.sql.impl.type.QueryDataType;
import com.hazelcast.sql.impl.type.QueryDataTypeFamily;

import java.io.IOException;
import java.nio.ByteOrder;
import io.navpack.hazelcast.internal.ProvenOn;

/**
 * The key of a navpack mapping: Hazelcast's own key target, except that a {@code BIGINT} or {@code INT} key
 * held as {@code Data} is read from its eight or four bytes instead of through the serialization service.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
final class KeyTarget implements QueryTarget {
    private final QueryTarget generic;
    private final boolean bigEndian;
    private Object target;
    private Data data;

    KeyTarget(QueryTarget generic, InternalSerializationService ss) {
        this.generic = generic;
        this.bigEndian = ss.getByteOrder() == ByteOrder.BIG_ENDIAN;
    }

    @Override
    public void setTarget(Object target, Data targetData) {
        generic.setTarget(target, targetData);
        this.target = target;
        this.data = targetData;
    }

    @Override
    public QueryExtractor createExtractor(String path, QueryDataType type) {
        QueryExtractor fallback = generic.createExtractor(path, type);
        if (path != null || !bigEndian) {
            return fallback;
        }
        if (type.getTypeFamily() == QueryDataTypeFamily.BIGINT) {
            return () -> {
                Data d = data;
                if (target == null && d instanceof HeapData && d.getType() == SerializationConstants.CONSTANT_TYPE_LONG) {
                    byte[] b = d.toByteArray();
                    long x = 0;
                    for (int i = HeapData.DATA_OFFSET; i < HeapData.DATA_OFFSET + 8; i++) {
                        x = (x << 8) | (b[i] & 0xFF);
                    }
                    return x;
                }
                return fallback.get();
            };
        }
        if (type.getTypeFamily() == QueryDataTypeFamily.INTEGER) {
            return () -> {
                Data d = data;
                if (target == null && d instanceof HeapData && d.getType() == SerializationConstants.CONSTANT_TYPE_INTEGER) {
                    byte[] b = d.toByteArray();
                    int p = HeapData.DATA_OFFSET;
                    return (b[p] << 24) | ((b[p + 1] & 0xFF) << 16) | ((b[p + 2] & 0xFF) << 8) | (b[p + 3] & 0xFF);
                }
                return fallback.get();
            };
        }
        return fallback;
    }

    /** Wraps the key descriptor Hazelcast's resolver gives. */
    /** The key target this thread created last, for the value target created next ({@link #takeCreated()}). */
    private static final ThreadLocal<KeyTarget> CREATED = new ThreadLocal<>();

    /** The key target this thread created last (and forgets it); null when there is none. */
    static KeyTarget takeCreated() {
        KeyTarget t = CREATED.get();
        CREATED.remove();
        return t;
    }

    /** The current key as text, for messages; null when there is none. */
    String describe(InternalSerializationService ss) {
        try {
            Object k = target != null ? target : data == null ? null : ss.toObject(data);
            return k == null ? null : String.valueOf(k);
        } catch (RuntimeException e) {
            return null;
        }
    }

    public static final class Descriptor implements QueryTargetDescriptor, DataSerializable {
        private QueryTargetDescriptor generic;

        public Descriptor() {
        }

        Descriptor(QueryTargetDescriptor generic) {
            this.generic = generic;
        }

        @Override
        public QueryTarget create(InternalSerializationService ss, Extractors extractors, boolean isKey) {
            KeyTarget t = new KeyTarget(generic.create(ss, extractors, isKey), ss);
            // Hazelcast's row projectors create the key's target, then the value's, on one thread: the value's
            // target takes this one, to name the key of a value it cannot read
            CREATED.set(t);
            return t;
        }

        @Override
        public void writeData(ObjectDataOutput out) throws IOException {
            out.writeObject(generic);
        }

        @Override
        public void readData(ObjectDataInput in) throws IOException {
            generic = in.readObject();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Descriptor && ((Descriptor) o).generic.equals(generic);
        }

        @Override
        public int hashCode() {
            return generic.hashCode() + 1;
        }
    }
}
