package io.navpack.bench.store;

import com.acme.trading.Side;
import com.acme.trading.peers.CompactTrade;
import com.hazelcast.nio.serialization.compact.CompactReader;
import com.hazelcast.nio.serialization.compact.CompactWriter;
import com.hazelcast.nio.serialization.compact.CompactSerializer;

/**
 * The Compact trade as Hazelcast's {@code GenericMapStore} builds it from a PostgreSQL row: the same fields as
 * {@code CompactTradeSerializer}, the side an int16 (PostgreSQL has no one-byte integer, so the column is a
 * {@code SMALLINT}), under type name {@value #TYPE_NAME}, which the map store's {@code type-name} names.
 */
public final class StoredTradeSerializer implements CompactSerializer<CompactTrade> {
    public static final String TYPE_NAME = "StoredTrade";
    private static final Side[] SIDES = Side.values();

    @Override
    public CompactTrade read(CompactReader reader) {
        return new CompactTrade(
                reader.readInt64("id"),
                reader.readDate("tradeDate"),
                SIDES[reader.readInt16("buySell")],
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
        writer.writeInt16("buySell", (short) t.buySell().ordinal());
        writer.writeString("currency1", t.currency1());
        writer.writeDecimal("amount1", t.amount1());
        writer.writeDecimal("exchangeRate", t.exchangeRate());
        writer.writeString("currency2", t.currency2());
        writer.writeDecimal("amount2", t.amount2());
        writer.writeDate("settlementDate", t.settlementDate());
    }

    @Override
    public String getTypeName() {
        return TYPE_NAME;
    }

    @Override
    public Class<CompactTrade> getCompactClass() {
        return CompactTrade.class;
    }
}
