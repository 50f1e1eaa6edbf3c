package io.navpack.it.soak.member;

import com.hazelcast.map.EntryProcessor;
import com.hazelcast.nio.serialization.genericrecord.GenericRecord;
import java.io.Serial;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Map;

/**
 * An entry processor that runs on members without the user's classes: it reads the stored value as a generic
 * record (a navpack {@code PackedRecord} or a Compact record alike), checks that it belongs to its key and
 * sets the fields one write changes, keeping the others (and the value's schema version) as they are.
 *
 * <p>Answers the {@code seq} the value had before, {@link #ABSENT} when there was no value, {@link #WRONG_KEY}
 * when the value's {@code id} is not its key and {@link #NOT_A_RECORD} when the member did not read it as a
 * generic record.
 */
public final class StampProcessor implements EntryProcessor<Long, Object, Long> {
    @Serial
    private static final long serialVersionUID = 1L;
    public static final long ABSENT = -1;
    public static final long WRONG_KEY = -2;
    public static final long NOT_A_RECORD = -3;

    private final long seq;
    private final LocalDate tradeDate;
    private final String currency1;
    private final BigDecimal amount1;
    private final BigDecimal amount2;

    public StampProcessor(long seq, LocalDate tradeDate, String currency1, BigDecimal amount1, BigDecimal amount2) {
        this.seq = seq;
        this.tradeDate = tradeDate;
        this.currency1 = currency1;
        this.amount1 = amount1;
        this.amount2 = amount2;
    }

    @Override
    public Long process(Map.Entry<Long, Object> entry) {
        Object value = entry.getValue();
        if (value == null) {
            return ABSENT;
        }
        if (!(value instanceof GenericRecord record)) {
            return NOT_A_RECORD;
        }
        if (record.getInt64("id") != entry.getKey()) {
            return WRONG_KEY;
        }
        long before = record.getInt64("seq");
        entry.setValue(record.newBuilderWithClone()
                .setInt64("seq", seq)
                .setDate("tradeDate", tradeDate)
                .setString("currency1", currency1)
                .setDecimal("amount1", amount1)
                .setDecimal("amount2", amount2)
                .build());
        return before;
    }
}
