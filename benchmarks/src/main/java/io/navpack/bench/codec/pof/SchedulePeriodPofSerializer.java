package io.navpack.bench.codec.pof;

import com.tangosol.io.pof.PofReader;
import com.tangosol.io.pof.PofSerializer;
import com.tangosol.io.pof.PofWriter;
import io.navpack.bench.model.SchedulePeriod;

import java.io.IOException;

/** POF serializer of {@link SchedulePeriod}. */
public final class SchedulePeriodPofSerializer implements PofSerializer<SchedulePeriod> {
    @Override
    public void serialize(PofWriter out, SchedulePeriod p) throws IOException {
        out.writeDate(0, p.startDate());
        out.writeDate(1, p.endDate());
        out.writeDate(2, p.paymentDate());
        out.writeDate(3, p.fixingDate());
        out.writeBigDecimal(4, p.notional());
        out.writeBigDecimal(5, p.rate());
        out.writeDouble(6, p.dayCountFraction());
        out.writeBigDecimal(7, p.amount());
        out.writeRemainder(null);
    }

    @Override
    public SchedulePeriod deserialize(PofReader in) throws IOException {
        SchedulePeriod p = new SchedulePeriod(
                in.readLocalDate(0),
                in.readLocalDate(1),
                in.readLocalDate(2),
                in.readLocalDate(3),
                in.readBigDecimal(4),
                in.readBigDecimal(5),
                in.readDouble(6),
                in.readBigDecimal(7));
        in.readRemainder();
        return p;
    }
}
