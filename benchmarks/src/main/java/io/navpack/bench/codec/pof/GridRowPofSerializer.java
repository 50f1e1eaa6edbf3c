package io.navpack.bench.codec.pof;

import com.tangosol.io.pof.PofReader;
import com.tangosol.io.pof.PofSerializer;
import com.tangosol.io.pof.PofWriter;
import io.navpack.bench.grid.GridRecords;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/** POF serializer of the extractor-grid records: field {@code i} (0-based) is property {@code i}. */
public final class GridRowPofSerializer implements PofSerializer<GridRecords.GridRow> {
    @Override
    public void serialize(PofWriter out, GridRecords.GridRow row) throws IOException {
        Object[] v = row.values();
        for (int i = 0; i < v.length; i++) {
            Object x = v[i];
            if (x instanceof Long) {
                out.writeLong(i, (Long) x);
            } else if (x instanceof String) {
                out.writeString(i, (String) x);
            } else if (x instanceof BigDecimal) {
                out.writeBigDecimal(i, (BigDecimal) x);
            } else if (x instanceof LocalDate) {
                out.writeDate(i, (LocalDate) x);
            } else {
                throw new IOException("grid records hold no " + (x == null ? "null" : x.getClass().getName()));
            }
        }
        out.writeRemainder(null);
    }

    @Override
    public GridRecords.GridRow deserialize(PofReader in) throws IOException {
        // grid records have no null fields: the first absent property ends the record
        List<Object> values = new ArrayList<>();
        for (int i = 0; ; i++) {
            Object v = in.readObject(i);
            if (v == null) {
                break;
            }
            values.add(v);
        }
        in.readRemainder();
        return new GridRecords.GridRow(values.toArray());
    }
}
