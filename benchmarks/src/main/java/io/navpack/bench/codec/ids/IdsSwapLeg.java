package io.navpack.bench.codec.ids;

import com.acme.trading.peers.IdsIo;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.IdentifiedDataSerializable;
import io.navpack.bench.model.DayCount;
import io.navpack.bench.model.SchedulePeriod;
import io.navpack.bench.model.SwapLeg;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/** {@link SwapLeg} as a hand-written {@link IdentifiedDataSerializable}; periods are written inline, without type ids. */
public final class IdsSwapLeg implements IdentifiedDataSerializable {
    private static final DayCount[] DAY_COUNTS = DayCount.values();

    private String legId;
    private String payerPartyReference;
    private String receiverPartyReference;
    private String currency;
    private BigDecimal notional;
    private DayCount dayCount;
    private String businessCenter;
    private BigDecimal fixedRate;
    private String floatingRateIndex;
    private BigDecimal spread;
    private List<IdsSchedulePeriod> periods;

    public static IdsSwapLeg of(SwapLeg l) {
        IdsSwapLeg x = new IdsSwapLeg();
        x.legId = l.legId();
        x.payerPartyReference = l.payerPartyReference();
        x.receiverPartyReference = l.receiverPartyReference();
        x.currency = l.currency();
        x.notional = l.notional();
        x.dayCount = l.dayCount();
        x.businessCenter = l.businessCenter();
        x.fixedRate = l.fixedRate();
        x.floatingRateIndex = l.floatingRateIndex();
        x.spread = l.spread();
        x.periods = new ArrayList<>(l.periods().size());
        for (SchedulePeriod p : l.periods()) {
            x.periods.add(IdsSchedulePeriod.of(p));
        }
        return x;
    }

    public SwapLeg toRecord() {
        List<SchedulePeriod> ps = new ArrayList<>(periods.size());
        for (IdsSchedulePeriod p : periods) {
            ps.add(p.toRecord());
        }
        return new SwapLeg(legId, payerPartyReference, receiverPartyReference, currency, notional, dayCount,
                businessCenter, fixedRate, floatingRateIndex, spread, ps);
    }

    @Override
    public int getFactoryId() {
        return IdsFactory.FACTORY_ID;
    }

    @Override
    public int getClassId() {
        return IdsFactory.SWAP_LEG;
    }

    @Override
    public void writeData(ObjectDataOutput out) throws IOException {
        out.writeString(legId);
        out.writeString(payerPartyReference);
        out.writeString(receiverPartyReference);
        out.writeString(currency);
        IdsIo.writeDecimal(out, notional);
        out.writeByte(dayCount == null ? -1 : dayCount.ordinal());
        out.writeString(businessCenter);
        IdsIo.writeDecimal(out, fixedRate);
        out.writeString(floatingRateIndex);
        IdsIo.writeDecimal(out, spread);
        out.writeInt(periods.size());
        for (int i = 0; i < periods.size(); i++) {
            periods.get(i).writeData(out);
        }
    }

    @Override
    public void readData(ObjectDataInput in) throws IOException {
        legId = in.readString();
        payerPartyReference = in.readString();
        receiverPartyReference = in.readString();
        currency = in.readString();
        notional = IdsIo.readDecimal(in);
        byte dc = in.readByte();
        dayCount = dc < 0 ? null : DAY_COUNTS[dc];
        businessCenter = in.readString();
        fixedRate = IdsIo.readDecimal(in);
        floatingRateIndex = in.readString();
        spread = IdsIo.readDecimal(in);
        int n = in.readInt();
        periods = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            IdsSchedulePeriod p = new IdsSchedulePeriod();
            p.readData(in);
            periods.add(p);
        }
    }
}
