package io.navpack.cli.demo;

import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.DataSerializableFactory;
import com.hazelcast.nio.serialization.IdentifiedDataSerializable;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;

/** The same trade as a hand-written IdentifiedDataSerializable, as a Hazelcast user would write it. */
public final class IdsTrade implements IdentifiedDataSerializable {
    public static final int FACTORY_ID = 1407;
    public static final int CLASS_ID = 1;

    private long id;
    private LocalDate tradeDate;
    private Side buySell;
    private String currency1;
    private BigDecimal amount1;
    private BigDecimal exchangeRate;
    private String currency2;
    private BigDecimal amount2;
    private LocalDate settlementDate;

    public IdsTrade() {
    }

    static IdsTrade of(Trade t) {
        IdsTrade x = new IdsTrade();
        x.id = t.id();
        x.tradeDate = t.tradeDate();
        x.buySell = t.buySell();
        x.currency1 = t.currency1();
        x.amount1 = t.amount1();
        x.exchangeRate = t.exchangeRate();
        x.currency2 = t.currency2();
        x.amount2 = t.amount2();
        x.settlementDate = t.settlementDate();
        return x;
    }

    @Override
    public void writeData(ObjectDataOutput out) throws IOException {
        out.writeLong(id);
        out.writeObject(tradeDate);
        out.writeString(buySell.name());
        out.writeString(currency1);
        out.writeObject(amount1);
        out.writeObject(exchangeRate);
        out.writeString(currency2);
        out.writeObject(amount2);
        out.writeObject(settlementDate);
    }

    @Override
    public void readData(ObjectDataInput in) throws IOException {
        id = in.readLong();
        tradeDate = in.readObject();
        buySell = Side.valueOf(in.readString());
        currency1 = in.readString();
        amount1 = in.readObject();
        exchangeRate = in.readObject();
        currency2 = in.readString();
        amount2 = in.readObject();
        settlementDate = in.readObject();
    }

    @Override
    public int getFactoryId() {
        return FACTORY_ID;
    }

    @Override
    public int getClassId() {
        return CLASS_ID;
    }

    /** Creates IdsTrade for Hazelcast's DataSerializableFactory registry. */
    public static final class Factory implements DataSerializableFactory {
        @Override
        public IdentifiedDataSerializable create(int typeId) {
            return typeId == CLASS_ID ? new IdsTrade() : null;
        }
    }
}
