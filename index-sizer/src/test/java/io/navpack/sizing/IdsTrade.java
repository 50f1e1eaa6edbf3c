package io.navpack.sizing;

import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.DataSerializableFactory;
import com.hazelcast.nio.serialization.IdentifiedDataSerializable;
import java.io.IOException;

/** A test value written with Hazelcast's IdentifiedDataSerializable: the fields of {@link Trade}. */
public final class IdsTrade implements IdentifiedDataSerializable {

    public static final int FACTORY_ID = 7017;
    public static final int CLASS_ID = 1;

    private long id;
    private String code8;
    private String code32;
    private String name;
    private int bucket;

    public IdsTrade() {
    }

    public static IdsTrade of(long i) {
        Trade t = Trade.of(i);
        IdsTrade x = new IdsTrade();
        x.id = t.getId();
        x.code8 = t.getCode8();
        x.code32 = t.getCode32();
        x.name = t.getName();
        x.bucket = t.getBucket();
        return x;
    }

    /** The factory members and clients register for {@link #FACTORY_ID}. */
    public static DataSerializableFactory factory() {
        return type -> type == CLASS_ID ? new IdsTrade() : null;
    }

    public long getId() {
        return id;
    }

    public String getCode8() {
        return code8;
    }

    public String getCode32() {
        return code32;
    }

    public String getName() {
        return name;
    }

    public int getBucket() {
        return bucket;
    }

    @Override
    public int getFactoryId() {
        return FACTORY_ID;
    }

    @Override
    public int getClassId() {
        return CLASS_ID;
    }

    @Override
    public void writeData(ObjectDataOutput out) throws IOException {
        out.writeLong(id);
        out.writeString(code8);
        out.writeString(code32);
        out.writeString(name);
        out.writeInt(bucket);
    }

    @Override
    public void readData(ObjectDataInput in) throws IOException {
        id = in.readLong();
        code8 = in.readString();
        code32 = in.readString();
        name = in.readString();
        bucket = in.readInt();
    }
}
