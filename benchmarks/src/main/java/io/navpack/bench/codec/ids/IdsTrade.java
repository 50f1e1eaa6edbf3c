package io.navpack.bench.codec.ids;

import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.IdentifiedDataSerializable;
import io.navpack.bench.model.Side;
import io.navpack.bench.model.Trade;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;

/** {@link Trade} as a hand-written {@link IdentifiedDataSerializable}; the side is written as its ordinal. */
public final class IdsTrade implements IdentifiedDataSerializable {
    private static final Side[] SIDES = Side.values();

    private long id;
    private LocalDate tradeDate;
    private Side buySell;
    private String currency1;
    private BigDecimal amount1;
    private BigDecimal exchangeRate;
    private String currency2;
    private BigDecimal amount2;
    private LocalDate settlementDate;

    public static IdsTrade of(Trade t) {
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

    public Trade toRecord() {
        return new Trade(id, tradeDate, buySell, currency1, amount1, exchangeRate, currency2, amount2, settlementDate);
    }

    @Override
    public int getFactoryId() {
        return IdsFactory.FACTORY_ID;
    }

    @Override
    public int getClassId() {
        return IdsFactory.TRADE;
    }

    @Override
    public void writeData(ObjectDataOutput out) throws IOException {
        out.writeLong(id);
        IdsIo.writeDate(out, tradeDate);
        out.writeByte(buySell == null ? -1 : buySell.ordinal());
        out.writeString(currency1);
        IdsIo.writeDecimal(out, amount1);
        IdsIo.writeDecimal(out, exchangeRate);
        out.writeString(currency2);
        IdsIo.writeDecimal(out, amount2);
        IdsIo.writeDate(out, settlementDate);
    }

    @Override
    public void readData(ObjectDataInput in) throws IOException {
        id = in.readLong();
        tradeDate = IdsIo.readDate(in);
        byte side = in.readByte();
        buySell = side < 0 ? null : SIDES[side];
        currency1 = in.readString();
        amount1 = IdsIo.readDecimal(in);
        exchangeRate = IdsIo.readDecimal(in);
        currency2 = in.readString();
        amount2 = IdsIo.readDecimal(in);
        settlementDate = IdsIo.readDate(in);
    }
}
