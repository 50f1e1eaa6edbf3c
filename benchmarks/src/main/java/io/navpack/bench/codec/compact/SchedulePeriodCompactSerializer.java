package io.navpack.bench.codec.compact;

import com.hazelcast.nio.serialization.compact.CompactReader;
import com.hazelcast.nio.serialization.compact.CompactSerializer;
import com.hazelcast.nio.serialization.compact.CompactWriter;
import io.navpack.bench.model.SchedulePeriod;

/** Explicit Compact serializer of {@link SchedulePeriod}. */
public final class SchedulePeriodCompactSerializer implements CompactSerializer<SchedulePeriod> {
    @Override
    public SchedulePeriod read(CompactReader reader) {
        return new SchedulePeriod(
                reader.readDate("startDate"),
                reader.readDate("endDate"),
                reader.readDate("paymentDate"),
                reader.readDate("fixingDate"),
                reader.readDecimal("notional"),
                reader.readDecimal("rate"),
                reader.readFloat64("dayCountFraction"),
                reader.readDecimal("amount"));
    }

    @Override
    public void write(CompactWriter writer, SchedulePeriod p) {
        writer.writeDate("startDate", p.startDate());
        writer.writeDate("endDate", p.endDate());
        writer.writeDate("paymentDate", p.paymentDate());
        writer.writeDate("fixingDate", p.fixingDate());
        writer.writeDecimal("notional", p.notional());
        writer.writeDecimal("rate", p.rate());
        writer.writeFloat64("dayCountFraction", p.dayCountFraction());
        writer.writeDecimal("amount", p.amount());
    }

    @Override
    public String getTypeName() {
        return "SchedulePeriod";
    }

    @Override
    public Class<SchedulePeriod> getCompactClass() {
        return SchedulePeriod.class;
    }
}
