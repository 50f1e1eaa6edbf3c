package io.navpack.bench.codec.pof;

import com.tangosol.io.pof.PofReader;
import com.tangosol.io.pof.PofSerializer;
import com.tangosol.io.pof.PofWriter;
import io.navpack.bench.model.DayCount;
import io.navpack.bench.model.SchedulePeriod;
import io.navpack.bench.model.SwapLeg;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** POF serializer of {@link SwapLeg}; the day count is its ordinal, periods a uniform collection. */
public final class SwapLegPofSerializer implements PofSerializer<SwapLeg> {
    private static final DayCount[] DAY_COUNTS = DayCount.values();

    @Override
    public void serialize(PofWriter out, SwapLeg l) throws IOException {
        out.writeString(0, l.legId());
        out.writeString(1, l.payerPartyReference());
        out.writeString(2, l.receiverPartyReference());
        out.writeString(3, l.currency());
        out.writeBigDecimal(4, l.notional());
        out.writeInt(5, l.dayCount().ordinal());
        out.writeString(6, l.businessCenter());
        out.writeBigDecimal(7, l.fixedRate());
        out.writeString(8, l.floatingRateIndex());
        out.writeBigDecimal(9, l.spread());
        out.writeCollection(10, l.periods(), SchedulePeriod.class);
        out.writeRemainder(null);
    }

    @Override
    public SwapLeg deserialize(PofReader in) throws IOException {
        SwapLeg l = new SwapLeg(
                in.readString(0),
                in.readString(1),
                in.readString(2),
                in.readString(3),
                in.readBigDecimal(4),
                DAY_COUNTS[in.readInt(5)],
                in.readString(6),
                in.readBigDecimal(7),
                in.readString(8),
                in.readBigDecimal(9),
                in.<SchedulePeriod, List<SchedulePeriod>>readCollection(10, new ArrayList<>()));
        in.readRemainder();
        return l;
    }
}
