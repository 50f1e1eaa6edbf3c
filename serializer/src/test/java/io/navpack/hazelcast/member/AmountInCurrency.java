package io.navpack.hazelcast.member;

import com.hazelcast.map.EntryProcessor;
import io.navpack.format.PackedRecord;

import java.math.BigDecimal;
import java.util.Map;

/**
 * Runs on the member that owns an entry and reads it through {@link PackedRecord}, without the
 * trade class: the first amount when the first currency matches, else null.
 */
public final class AmountInCurrency implements EntryProcessor<Object, Object, BigDecimal> {
    private static final long serialVersionUID = 1L;

    private final String currency;

    public AmountInCurrency(String currency) {
        this.currency = currency;
    }

    @Override
    public BigDecimal process(Map.Entry<Object, Object> entry) {
        Object value = entry.getValue();
        if (!(value instanceof PackedRecord)) {
            throw new IllegalStateException("expected a PackedRecord on the member, got " + value.getClass());
        }
        PackedRecord r = (PackedRecord) value;
        return currency.equals(r.getString("currency1")) ? r.getDecimal("amount1") : null;
    }
}
