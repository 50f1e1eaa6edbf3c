package io.navpack.bench.codec.compact;

import com.hazelcast.nio.serialization.compact.CompactReader;
import com.hazelcast.nio.serialization.compact.CompactSerializer;
import com.hazelcast.nio.serialization.compact.CompactWriter;
import io.navpack.bench.model.Swap;
import io.navpack.bench.model.SwapLeg;

import java.util.Arrays;

/** Explicit Compact serializer of {@link Swap}; legs are an array of compact. */
public final class SwapCompactSerializer implements CompactSerializer<Swap> {
    private static final SwapLeg[] NO_LEGS = new SwapLeg[0];

    @Override
    public Swap read(CompactReader reader) {
        return new Swap(
                reader.readString("tradeId"),
                reader.readDate("tradeDate"),
                reader.readDate("effectiveDate"),
                reader.readDate("terminationDate"),
                reader.readString("party1"),
                reader.readString("party2"),
                reader.readString("productType"),
                Arrays.asList(reader.readArrayOfCompact("legs", SwapLeg.class)));
    }

    @Override
    public void write(CompactWriter writer, Swap s) {
        writer.writeString("tradeId", s.tradeId());
        writer.writeDate("tradeDate", s.tradeDate());
        writer.writeDate("effectiveDate", s.effectiveDate());
        writer.writeDate("terminationDate", s.terminationDate());
        writer.writeString("party1", s.party1());
        writer.writeString("party2", s.party2());
        writer.writeString("productType", s.productType());
        writer.writeArrayOfCompact("legs", s.legs().toArray(NO_LEGS));
    }

    @Override
    public String getTypeName() {
        return "Swap";
    }

    @Override
    public Class<Swap> getCompactClass() {
        return Swap.class;
    }
}
