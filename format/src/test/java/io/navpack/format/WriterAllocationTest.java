package io.navpack.format;

import com.acme.trading.Flat;
import com.acme.trading.Leg;
import com.acme.trading.SeedTrades;
import com.acme.trading.Side;
import com.acme.trading.Trade;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The write path makes no garbage once the buffer has grown: measured exactly with the thread's
 * allocated-bytes counter, not with timings.
 */
class WriterAllocationTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static long allocatedWhile(Runnable r) {
        long before = THREADS.getCurrentThreadAllocatedBytes();
        r.run();
        return THREADS.getCurrentThreadAllocatedBytes() - before;
    }

    /** Allocation of {@code rounds} writes of every value, after warm-up; retried so that JIT compilation can finish. */
    private static long steadyStateAllocation(PackedWriter w, List<?> valueList) {
        Object[] values = valueList.toArray();
        Runnable writeAll = () -> {
            for (int round = 0; round < 2_000; round++) {
                for (int i = 0; i < values.length; i++) {
                    w.reset();
                    w.writeRecord(values[i]);
                }
            }
        };
        long allocated = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 30 && allocated != 0; attempt++) {
            writeAll.run();
            allocated = allocatedWhile(writeAll);
        }
        return allocated;
    }

    @Test
    void writingTradesAllocatesNothing() {
        Navpack navpack = Navpack.of(Trade.class);
        PackedWriter w = navpack.newWriter(16);
        assertThat(steadyStateAllocation(w, SeedTrades.load())).isZero();
        assertThat(w.size()).isPositive();
    }

    @Test
    void writingEveryAllocationFreeTypeAllocatesNothing() {
        Navpack navpack = Navpack.of(Flat.class);
        Trade trade = SeedTrades.load().get(0);
        Leg.Period period = new Leg.Period(LocalDate.of(2024, 1, 1), LocalDate.of(2024, 7, 1), 0.0425);
        Leg leg = new Leg("ACME", new BigDecimal("2500000.00"), List.of(period, period), null);
        List<Flat> values = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            values.add(new Flat(i % 2 == 0, (byte) i, (short) -i, 'é', i * 1000, -i * 1_000_000_000L, 1.5f * i, Math.PI * i,
                    i == 3 ? null : i, "Grüße 😀 " + i, new BigDecimal("1234567.8901").negate(), LocalDate.of(2014, 7, 21 + i),
                    LocalTime.of(12, 30, 15, 123_456_789), LocalDateTime.of(2020, 2, 29, 23, 59, i),
                    Instant.ofEpochSecond(1_700_000_000L + i, i), OffsetDateTime.of(2024, 3, 1, 9, 0, 0, 0,
                    ZoneOffset.ofHours(i)), new UUID(i, -i), Side.values()[i % 2], new byte[] {1, 2, (byte) i},
                    new int[] {1, -1, i}, new double[] {0.5, i}, new String[] {"a", null}, List.of("x", "y"),
                    List.of(leg), trade, null));
        }
        PackedWriter w = navpack.newWriter(16);
        assertThat(steadyStateAllocation(w, values)).isZero();
    }

    @Test
    void theCounterSeesAllocation() {
        // the measurement works: copying the output allocates exactly one array per value
        Navpack navpack = Navpack.of(Trade.class);
        Trade t = SeedTrades.load().get(0);
        PackedWriter w = navpack.newWriter(16);
        w.writeRecord(t);
        for (int i = 0; i < 20_000; i++) {
            w.reset();
            w.writeRecord(t);
            w.toByteArray();
        }
        long allocated = allocatedWhile(() -> {
            for (int i = 0; i < 1000; i++) {
                w.reset();
                w.writeRecord(t);
                w.toByteArray();
            }
        });
        assertThat(allocated).isGreaterThanOrEqualTo(1000L * 16);
    }
}
