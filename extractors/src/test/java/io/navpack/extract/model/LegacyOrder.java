package io.navpack.extract.model;

import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.DataSerializableFactory;
import com.hazelcast.nio.serialization.IdentifiedDataSerializable;

import java.io.IOException;
import java.io.Serializable;
import java.math.BigDecimal;

/** Orders kept the old way beside navpack values in one map: as IdentifiedDataSerializable, and as Serializable. */
public final class LegacyOrder {
    public static final int FACTORY_ID = 7_701;

    private LegacyOrder() {
    }

    /** An order written by a hand-made IdentifiedDataSerializable. */
    public static final class Ids implements IdentifiedDataSerializable {
        private long id;
        private String status;
        private BigDecimal total;

        public Ids() {
        }

        public Ids(long id, String status, BigDecimal total) {
            this.id = id;
            this.status = status;
            this.total = total;
        }

        public long getId() {
            return id;
        }

        public String getStatus() {
            return status;
        }

        public BigDecimal getTotal() {
            return total;
        }

        @Override
        public void writeData(ObjectDataOutput out) throws IOException {
            out.writeLong(id);
            out.writeString(status);
            out.writeObject(total);
        }

        @Override
        public void readData(ObjectDataInput in) throws IOException {
            id = in.readLong();
            status = in.readString();
            total = in.readObject();
        }

        @Override
        public int getFactoryId() {
            return FACTORY_ID;
        }

        @Override
        public int getClassId() {
            return 1;
        }
    }

    /** An order written with Java serialization. */
    public record Java(long id, String status, BigDecimal total) implements Serializable {
    }

    public static final class Factory implements DataSerializableFactory {
        @Override
        public IdentifiedDataSerializable create(int typeId) {
            return typeId == 1 ? new Ids() : null;
        }
    }
}
