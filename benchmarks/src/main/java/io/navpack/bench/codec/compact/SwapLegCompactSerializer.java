package io.navpack.bench.codec.compact;

import com.hazelcast.nio.serialization.compact.CompactReader;
import com.hazelcast.nio.serialization.compact.CompactSerializer;
import com.hazelcast.nio.serialization.compact.CompactWriter;
import io.navpack.bench.model.DayCount;
import io.navpack.bench.model.SchedulePeriod;
import io.navpack.bench.model.SwapLeg;

import java.util.Arrays;

/** Explicit Compact serializer of {@link SwapLeg}; the day count is an int8 ordinal, periods an array of compact. */
public final class SwapLegCompactSerializer implements CompactSerializer<SwapLeg> {
    private static final DayCount[] DAY_COUNTS = DayCount.values();
    private static final SchedulePeriod[] NO_PERIODS = new SchedulePeriod[0];

    @Override
    public SwapLeg read(CompactReader reader) {
        return new SwapLeg(
                reader.readString("legId"),
                reader.readString("payerPartyReference"),
                reader.readString("receiverPartyReference"),
                reader.readString("currency"),
                reader.readDecimal("notional"),
                DAY_COUNTS[reader.readInt8("dayCount")],
                reader.readString("businessCenter"),
                reader.readDecimal("fixedRate"),
                reader.readString("floatingRateIndex"),
                reader.readDecimal("spread"),
                Arrays.asList(reader.readArrayOfCompact("periods", SchedulePeriod.class)));
    }

    @Override
    public void write(CompactWriter writer, SwapLeg l) {
        writer.writeString("legId", l.legId());
        writer.writeString("payerPartyReference", l.payerPartyReference());
        writer.writeString("receiverPartyReference", l.receiverPartyReference());
        writer.writeString("currency", l.currency());
        writer.writeDecimal("notional", l.notional());
        writer.writeInt8("dayCount", (byte) l.dayCount().ordinal());
        writer.writeString("businessCenter", l.businessCenter());
        writer.writeDecimal("fixedRate", l.fixedRate());
        writer.writeString("floatingRateIndex", l.floatingRateIndex());
        writer.writeDecimal("spread", l.spread());
        writer.writeArrayOfCompact("periods", l.periods().toArray(NO_PERIODS));
    }

    @Override
    public String getTypeName() {
        return "SwapLeg";
    }

    @Override
    public Class<SwapLeg> getCompactClass() {
        return SwapLeg.class;
    }
}
