package io.navpack.bench.codec.pof;

import com.acme.trading.Side;
import com.acme.trading.Trade;
import com.tangosol.io.pof.PofReader;
import com.tangosol.io.pof.PofSerializer;
import com.tangosol.io.pof.PofWriter;

import java.io.IOException;

/** POF serializer of {@link Trade}; the side is its ordinal. */
public final class TradePofSerializer implements PofSerializer<Trade> {
    private static final Side[] SIDES = Side.values();

    @Override
    public void serialize(PofWriter out, Trade t) throws IOException {
        out.writeLong(0, t.id());
        out.writeDate(1, t.tradeDate());
        out.writeInt(2, t.buySell().ordinal());
        out.writeString(3, t.currency1());
        out.writeBigDecimal(4, t.amount1());
        out.writeBigDecimal(5, t.exchangeRate());
        out.writeString(6, t.currency2());
        out.writeBigDecimal(7, t.amount2());
        out.writeDate(8, t.settlementDate());
        out.writeRemainder(null);
    }

    @Override
    public Trade deserialize(PofReader in) throws IOException {
        Trade t = new Trade(
                in.readLong(0),
                in.readLocalDate(1),
                SIDES[in.readInt(2)],
                in.readString(3),
                in.readBigDecimal(4),
                in.readBigDecimal(5),
                in.readString(6),
                in.readBigDecimal(7),
                in.readLocalDate(8));
        in.readRemainder();
        return t;
    }
}
