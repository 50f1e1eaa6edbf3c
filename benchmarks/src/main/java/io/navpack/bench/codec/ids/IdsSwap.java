package io.navpack.bench.codec.ids;

import com.acme.trading.peers.IdsIo;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.IdentifiedDataSerializable;
import io.navpack.bench.model.Swap;
import io.navpack.bench.model.SwapLeg;

import java.io.IOException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/** {@link Swap} as a hand-written {@link IdentifiedDataSerializable}; legs are written inline, without type ids. */
public final class IdsSwap implements IdentifiedDataSerializable {
    private String tradeId;
    private LocalDate tradeDate;
    private LocalDate effectiveDate;
    private LocalDate terminationDate;
    private String party1;
    private String party2;
    private String productType;
    private List<IdsSwapLeg> legs;

    public static IdsSwap of(Swap s) {
        IdsSwap x = new IdsSwap();
        x.tradeId = s.tradeId();
        x.tradeDate = s.tradeDate();
        x.effectiveDate = s.effectiveDate();
        x.terminationDate = s.terminationDate();
        x.party1 = s.party1();
        x.party2 = s.party2();
        x.productType = s.productType();
        x.legs = new ArrayList<>(s.legs().size());
        for (SwapLeg l : s.legs()) {
            x.legs.add(IdsSwapLeg.of(l));
        }
        return x;
    }

    public Swap toRecord() {
        List<SwapLeg> ls = new ArrayList<>(legs.size());
        for (IdsSwapLeg l : legs) {
            ls.add(l.toRecord());
        }
        return new Swap(tradeId, tradeDate, effectiveDate, terminationDate, party1, party2, productType, ls);
    }

    @Override
    public int getFactoryId() {
        return IdsFactory.FACTORY_ID;
    }

    @Override
    public int getClassId() {
        return IdsFactory.SWAP;
    }

    @Override
    public void writeData(ObjectDataOutput out) throws IOException {
        out.writeString(tradeId);
        IdsIo.writeDate(out, tradeDate);
        IdsIo.writeDate(out, effectiveDate);
        IdsIo.writeDate(out, terminationDate);
        out.writeString(party1);
        out.writeString(party2);
        out.writeString(productType);
        out.writeInt(legs.size());
        for (int i = 0; i < legs.size(); i++) {
            legs.get(i).writeData(out);
        }
    }

    @Override
    public void readData(ObjectDataInput in) throws IOException {
        tradeId = in.readString();
        tradeDate = IdsIo.readDate(in);
        effectiveDate = IdsIo.readDate(in);
        terminationDate = IdsIo.readDate(in);
        party1 = in.readString();
        party2 = in.readString();
        productType = in.readString();
        int n = in.readInt();
        legs = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            IdsSwapLeg l = new IdsSwapLeg();
            l.readData(in);
            legs.add(l);
        }
    }
}
