package io.navpack.bench.clientops.member;

import com.acme.trading.Trade;
import com.acme.trading.peers.IdsTrade;
import com.hazelcast.map.EntryProcessor;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.IdentifiedDataSerializable;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.Map;

/**
 * The hand-written {@code IdentifiedDataSerializable} peer of navpack's {@code SetFieldProcessor}: sets
 * {@code amount2} of an {@link IdsTrade}, which the members must have — an IDS value cannot be read without its
 * class. Deployed on the members' class path with {@link Processors} and the trade fixtures (the {@code IdsTrade} and
 * its factory, the trade model); sent as an {@code IdentifiedDataSerializable}.
 */
public final class IdsSetAmount implements EntryProcessor<Object, Object, Object>, IdentifiedDataSerializable {
    private BigDecimal amount;

    public IdsSetAmount() {
    }

    public IdsSetAmount(BigDecimal amount) {
        this.amount = amount;
    }

    @Override
    public Object process(Map.Entry<Object, Object> entry) {
        IdsTrade ids = (IdsTrade) entry.getValue();
        if (ids != null) {
            Trade t = ids.toRecord();
            entry.setValue(IdsTrade.of(new Trade(t.id(), t.tradeDate(), t.buySell(), t.currency1(), t.amount1(),
                    t.exchangeRate(), t.currency2(), amount, t.settlementDate())));
        }
        return null;
    }

    @Override
    public int getFactoryId() {
        return Processors.FACTORY_ID;
    }

    @Override
    public int getClassId() {
        return Processors.IDS_SET_AMOUNT;
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
