package io.navpack.bench.codec.ids;

import com.acme.trading.peers.IdsTrade;
import com.hazelcast.nio.serialization.DataSerializableFactory;
import com.hazelcast.nio.serialization.IdentifiedDataSerializable;

/** Creates the hand-written {@link IdentifiedDataSerializable} types of the benchmarks, the trade's ({@link IdsTrade}) among them. */
public final class IdsFactory implements DataSerializableFactory {
    public static final int FACTORY_ID = IdsTrade.FACTORY_ID;
    static final int TRADE = IdsTrade.CLASS_ID;
    static final int WIDE50 = 2;
    static final int SWAP = 3;
    static final int SWAP_LEG = 4;
    static final int SCHEDULE_PERIOD = 5;

    @Override
    public IdentifiedDataSerializable create(int typeId) {
        switch (typeId) {
            case TRADE: return new IdsTrade();
            case WIDE50: return new IdsWide50();
            case SWAP: return new IdsSwap();
            case SWAP_LEG: return new IdsSwapLeg();
            case SCHEDULE_PERIOD: return new IdsSchedulePeriod();
            default: return null;
        }
    }
}
