package io.navpack.it.soak.model;

import com.hazelcast.nio.serialization.FieldKind;
import com.hazelcast.nio.serialization.compact.CompactReader;
import com.hazelcast.nio.serialization.compact.CompactSerializer;
import com.hazelcast.nio.serialization.compact.CompactWriter;
import com.acme.trading.Side;
import java.math.BigDecimal;
import java.time.LocalDate;

/** Version 2 of the Compact soak trade: one field added; values of version 1 read with a null venue. */
public record CompactTradeV2(long id, int owner, long seq, LocalDate tradeDate, Side buySell, String currency1, BigDecimal amount1,
                             BigDecimal exchangeRate, String currency2, BigDecimal amount2, LocalDate settlementDate, String book,
                             String venue) {

    public static CompactTradeV2 of(TradeFields f) {
        return new CompactTradeV2(f.id(), f.owner(), f.seq(), f.tradeDate(), f.buySell(), f.currency1(), f.amount1(),
                f.exchangeRate(), f.currency2(), f.amount2(), f.settlementDate(), f.book(), f.venue());
    }

    public TradeFields fields() {
        return new TradeFields(id, owner, seq, tradeDate, buySell, currency1, amount1, exchangeRate, currency2, amount2,
                settlementDate, book, venue);
    }

    /** Compact serializer of version 2, under the same type name as version 1. */
    public static final class Serializer implements CompactSerializer<CompactTradeV2> {
        @Override
        public CompactTradeV2 read(CompactReader reader) {
            String venue = reader.getFieldKind("venue") == FieldKind.STRING ? reader.readString("venue") : null;
            return of(CompactTrade.readCommon(reader, venue));
        }

        @Override
        public void write(CompactWriter writer, CompactTradeV2 t) {
            TradeFields f = t.fields();
            CompactTrade.writeCommon(writer, f);
            writer.writeString("venue", f.venue());
        }

        @Override
        public String getTypeName() {
            return CompactTrade.TYPE_NAME;
        }

        @Override
        public Class<CompactTradeV2> getCompactClass() {
            return CompactTradeV2.class;
        }
    }
}
