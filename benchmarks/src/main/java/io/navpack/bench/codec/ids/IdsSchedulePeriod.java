package io.navpack.bench.codec.ids;

import com.acme.trading.peers.IdsIo;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.IdentifiedDataSerializable;
import io.navpack.bench.model.SchedulePeriod;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;

/** {@link SchedulePeriod} as a hand-written {@link IdentifiedDataSerializable}. */
public final class IdsSchedulePeriod implements IdentifiedDataSerializable {
    private LocalDate startDate;
    private LocalDate endDate;
    private LocalDate paymentDate;
    private LocalDate fixingDate;
    private BigDecimal notional;
    private BigDecimal rate;
    private double dayCountFraction;
    private BigDecimal amount;

    public static IdsSchedulePeriod of(SchedulePeriod p) {
        IdsSchedulePeriod x = new IdsSchedulePeriod();
        x.startDate = p.startDate();
        x.endDate = p.endDate();
        x.paymentDate = p.paymentDate();
        x.fixingDate = p.fixingDate();
        x.notional = p.notional();
        x.rate = p.rate();
        x.dayCountFraction = p.dayCountFraction();
        x.amount = p.amount();
        return x;
    }

    public SchedulePeriod toRecord() {
        return new SchedulePeriod(startDate, endDate, paymentDate, fixingDate, notional, rate, dayCountFraction, amount);
    }

    @Override
    public int getFactoryId() {
        return IdsFactory.FACTORY_ID;
    }

    @Override
    public int getClassId() {
        return IdsFactory.SCHEDULE_PERIOD;
    }

    @Override
    public void writeData(ObjectDataOutput out) throws IOException {
        IdsIo.writeDate(out, startDate);
        IdsIo.writeDate(out, endDate);
        IdsIo.writeDate(out, paymentDate);
        IdsIo.writeDate(out, fixingDate);
        IdsIo.writeDecimal(out, notional);
        IdsIo.writeDecimal(out, rate);
        out.writeDouble(dayCountFraction);
        IdsIo.writeDecimal(out, amount);
    }

    @Override
    public void readData(ObjectDataInput in) throws IOException {
        startDate = IdsIo.readDate(in);
        endDate = IdsIo.readDate(in);
        paymentDate = IdsIo.readDate(in);
        fixingDate = IdsIo.readDate(in);
        notional = IdsIo.readDecimal(in);
        rate = IdsIo.readDecimal(in);
        dayCountFraction = in.readDouble();
        amount = IdsIo.readDecimal(in);
    }
}
