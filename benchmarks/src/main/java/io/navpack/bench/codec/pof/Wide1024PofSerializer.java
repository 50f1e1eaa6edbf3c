package io.navpack.bench.codec.pof;

import com.tangosol.io.pof.PofReader;
import com.tangosol.io.pof.PofSerializer;
import com.tangosol.io.pof.PofWriter;
import io.navpack.bench.model.Wide1024;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;

/** POF serializer of the 1024-field record: field {@code p} (1-based) is property {@code p - 1}. */
public final class Wide1024PofSerializer implements PofSerializer<Wide1024.Row> {
    @Override
    public void serialize(PofWriter out, Wide1024.Row row) throws IOException {
        Object[] v = row.values();
        for (int i = 0; i < Wide1024.FIELDS; i++) {
            switch (Wide1024.kind(i)) {
                case LONG: out.writeLong(i, (Long) v[i]); break;
                case STRING: out.writeString(i, (String) v[i]); break;
                case DECIMAL: out.writeBigDecimal(i, (BigDecimal) v[i]); break;
                default: out.writeDate(i, (LocalDate) v[i]); break;
            }
        }
        out.writeRemainder(null);
    }

    @Override
    public Wide1024.Row deserialize(PofReader in) throws IOException {
        Object[] v = new Object[Wide1024.FIELDS];
        for (int i = 0; i < Wide1024.FIELDS; i++) {
            switch (Wide1024.kind(i)) {
                case LONG: v[i] = in.readLong(i); break;
                case STRING: v[i] = in.readString(i); break;
                case DECIMAL: v[i] = in.readBigDecimal(i); break;
                default: v[i] = in.readLocalDate(i); break;
            }
        }
        in.readRemainder();
        return new Wide1024.Row(v);
    }
}
