package io.navpack.bench.clientops.member;

import com.hazelcast.nio.serialization.DataSerializableFactory;
import com.hazelcast.nio.serialization.IdentifiedDataSerializable;

/** The factory of the benchmark's entry processors for Compact and IDS values, registered on members and the client. */
public final class Processors implements DataSerializableFactory {
    public static final int FACTORY_ID = 1001;
    public static final int COMPACT_SET_AMOUNT = 1;
    public static final int IDS_SET_AMOUNT = 2;

    @Override
    public IdentifiedDataSerializable create(int classId) {
        return switch (classId) {
            case COMPACT_SET_AMOUNT -> new CompactSetAmount();
            case IDS_SET_AMOUNT -> new IdsSetAmount();
            default -> null;
        };
    }
}
