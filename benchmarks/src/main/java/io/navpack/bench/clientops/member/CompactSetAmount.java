package io.navpack.bench.clientops.member;

import com.hazelcast.map.EntryProcessor;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.IdentifiedDataSerializable;
import com.hazelcast.nio.serialization.genericrecord.GenericRecord;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.Map;

/**
 * The Compact peer of navpack's {@code SetFieldProcessor}: sets {@code amount2} of a Compact trade on members that do
 * not have its class, where Hazelcast gives the value as a {@link GenericRecord} — Compact's way to change a value
 * without the class: {@code newBuilderWithClone()}, one setter, {@code build()}. Deployed on the members' class path
 * (this class and {@link Processors}, nothing of the trade); sent as an {@code IdentifiedDataSerializable}.
 */
public final class CompactSetAmount implements EntryProcessor<Object, Object, Object>, IdentifiedDataSerializable {
    private BigDecimal amount;

    public CompactSetAmount() {
    }

    public CompactSetAmount(BigDecimal amount) {
        this.amount = amount;
    }

    @Override
    public Object process(Map.Entry<Object, Object> entry) {
        GenericRecord r = (GenericRecord) entry.getValue();
        if (r != null) {
            entry.setValue(r.newBuilderWithClone().setDecimal("amount2", amount).build());
        }
        return null;
    }

    @Override
    public int getFactoryId() {
        return Processors.FACTORY_ID;
    }

    @Override
    public int getClassId() {
        return Processors.COMPACT_SET_AMOUNT;
    }

    @Override
    public void writeData(ObjectDataOutput out) throws IOException {
        out.writeObject(amount);
    }

    @Override
    public void readData(ObjectDataInput in) throws IOException {
        amount = in.readObject();
    }
}
