package io.navpack.bench.codec.pof;

import com.tangosol.io.pof.PofReader;
import com.tangosol.io.pof.PofSerializer;
import com.tangosol.io.pof.PofWriter;
import io.navpack.bench.model.Swap;
import io.navpack.bench.model.SwapLeg;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** POF serializer of {@link Swap}; legs are a uniform collection. */
public final class SwapPofSerializer implements PofSerializer<Swap> {
    @Override
    public void serialize(PofWriter out, Swap s) throws IOException {
        out.writeString(0, s.tradeId());
        out.writeDate(1, s.tradeDate());
        out.writeDate(2, s.effectiveDate());
        out.writeDate(3, s.terminationDate());
        out.writeString(4, s.party1());
        out.writeString(5, s.party2());
        out.writeString(6, s.productType());
        out.writeCollection(7, s.legs(), SwapLeg.class);
        out.writeRemainder(null);
    }

    @Override
    public Swap deserialize(PofReader in) throws IOException {
        Swap s = new Swap(
                in.readString(0),
                in.readLocalDate(1),
                in.readLocalDate(2),
                in.readLocalDate(3),
                in.readString(4),
                in.readString(5),
                in.readString(6),
                in.<SwapLeg, List<SwapLeg>>readCollection(7, new ArrayList<>()));
        in.readRemainder();
        return s;
    }
}
