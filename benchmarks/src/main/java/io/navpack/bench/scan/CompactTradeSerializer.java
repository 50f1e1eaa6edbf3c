package io.navpack.bench.scan;

import com.hazelcast.nio.serialization.compact.CompactReader;
import com.hazelcast.nio.serialization.compact.CompactSerializer;
import com.hazelcast.nio.serialization.compact.CompactWriter;
import io.navpack.bench.model.Side;

/** Explicit Compact serializer of {@link CompactTrade}: the fields of the benchmarks' Compact trade, the side as an int8 ordinal. */
public final class CompactTradeSerializer implements CompactSerializer<CompactTrade> {
    private static final Side[] SIDES = Side.values();

    @Override
    public CompactTrade read(CompactReader reader) {
        return new CompactTrade(
                reader.readInt64("id"),
                reader.readDate("tradeDate"),
                SIDES[reader.readInt8("buySell")],
                reader.readString("currency1"),
                reader.readDecimal("amount1"),
                reader.readDecimal("exchangeRate"),
                reader.readString("currency2"),
                reader.readDecimal("amount2"),
                reader.readDate("settlementDate"));
    }

    @Override
    public void write(CompactWriter writer, CompactTrade t) {
        writer.writeInt64("id", t.id());
        writer.writeDate("tradeDate", t.tradeDate());
        writer.writeInt8("buySell", (byte) t.buySell().ordinal());
        writer.writeString("currency1", t.currency1());
        writer.writeDecimal("amount1", t.amount1());
        writer.writeDecimal("exchangeRate", t.exchangeRate());
        writer.writeString("currency2", t.currency2());
        writer.writeDecimal("amount2", t.amount2());
        writer.writeDate("settlementDate", t.settlementDate());
    }

    @Override
    public String getTypeName() {
        return "CompactTrade";
    }

    @Override
    public Class<CompactTrade> getCompactClass() {
        return CompactTrade.class;
    }
}
