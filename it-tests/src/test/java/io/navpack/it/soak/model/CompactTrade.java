package io.navpack.it.soak.model;

import com.hazelcast.nio.serialization.compact.CompactReader;
import com.hazelcast.nio.serialization.compact.CompactSerializer;
import com.hazelcast.nio.serialization.compact.CompactWriter;
import com.acme.trading.Side;
import java.math.BigDecimal;
import java.time.LocalDate;

/** The soak trade as a Compact value, version 1 (type name {@code SoakTrade}); the same fields as {@link NavTrade}. */
public record CompactTrade(long id, int owner, long seq, LocalDate tradeDate, Side buySell, String currency1, BigDecimal amount1,
                           BigDecimal exchangeRate, String currency2, BigDecimal amount2, LocalDate settlementDate, String book) {

    public static final String TYPE_NAME = "SoakTrade";

    public static CompactTrade of(TradeFields f) {
        return new CompactTrade(f.id(), f.owner(), f.seq(), f.tradeDate(), f.buySell(), f.currency1(), f.amount1(), f.exchangeRate(),
                f.currency2(), f.amount2(), f.settlementDate(), f.book());
    }

    public TradeFields fields() {
        return new TradeFields(id, owner, seq, tradeDate, buySell, currency1, amount1, exchangeRate, currency2, amount2,
                settlementDate, book, null);
    }

    static void writeCommon(CompactWriter w, TradeFields f) {
        w.writeInt64("id", f.id());
        w.writeInt32("owner", f.owner());
        w.writeInt64("seq", f.seq());
        w.writeDate("tradeDate", f.tradeDate());
        w.writeString("buySell", f.buySell() == null ? null : f.buySell().name());
        w.writeString("currency1", f.currency1());
        w.writeDecimal("amount1", f.amount1());
        w.writeDecimal("exchangeRate", f.exchangeRate());
        w.writeString("currency2", f.currency2());
        w.writeDecimal("amount2", f.amount2());
        w.writeDate("settlementDate", f.settlementDate());
        w.writeString("book", f.book());
    }

    static TradeFields readCommon(CompactReader r, String venue) {
        String side = r.readString("buySell");
        return new TradeFields(r.readInt64("id"), r.readInt32("owner"), r.readInt64("seq"), r.readDate("tradeDate"),
                side == null ? null : Side.valueOf(side), r.readString("currency1"), r.readDecimal("amount1"),
                r.readDecimal("exchangeRate"), r.readString("currency2"), r.readDecimal("amount2"), r.readDate("settlementDate"),
                r.readString("book"), venue);
    }

    /** Compact serializer of version 1. */
    public static final class Serializer implements CompactSerializer<CompactTrade> {
        @Override
        public CompactTrade read(CompactReader reader) {
            return of(readCommon(reader, null));
        }

        @Override
        public void write(CompactWriter writer, CompactTrade t) {
            writeCommon(writer, t.fields());
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
}
