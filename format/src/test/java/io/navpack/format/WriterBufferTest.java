package io.navpack.format;

import com.acme.trading.SeedTrades;
import com.acme.trading.Side;
import com.acme.trading.Trade;
import io.navpack.format.spi.PackedInts;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The writer's buffers: a value with its length written straight into another array (the output of a serialization
 * framework) — the same bytes as a record copied after its length, into that array itself while it has room — and
 * the writer's own buffer dropped after a large value.
 */
class WriterBufferTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private final Navpack navpack = Navpack.of(Trade.class);
    private final RecordBinding<Trade> binding = navpack.registry().binding(Trade.class);

    /** A seed-style trade whose first currency is {@code chars} characters long: a record of about 30 + chars bytes. */
    private static Trade trade(long id, int chars) {
        return new Trade(id, LocalDate.of(2014, 7, 21), Side.BUY, "E".repeat(chars), new BigDecimal("1000000.00"),
                new BigDecimal("1.2345"), "USD", new BigDecimal("1234500.00"), LocalDate.of(2014, 7, 23));
    }

    /** The stored form written the long way: the record alone, then its length before it. */
    private byte[] expected(Trade t) {
        byte[] record = navpack.encode(t);
        byte[] out = new byte[PackedInts.sizeOfInt(record.length) + record.length];
        int p = PackedInts.writeInt(out, 0, record.length);
        System.arraycopy(record, 0, out, p, record.length);
        return out;
    }

    @Test
    void theLengthAndTheRecordAreTheStoredFormWhateverTheLengthBefore() {
        PackedWriter w = navpack.newWriter(16);
        // lengths on both sides of one and two bytes of length (63/64, 8191/8192 bytes), in an order that makes the
        // guess of the length's size too small, right and too large
        int[] chars = {1, 40, 8000, 8200, 5, 20_000, 8200, 33, 34, 35, 36, 1};
        for (int i = 0; i < chars.length; i++) {
            Trade t = trade(i, chars[i]);
            w.reset();
            w.writeRecordWithLength(t, binding);
            assertThat(Arrays.copyOf(w.buffer(), w.size())).as("%d chars", chars[i]).isEqualTo(expected(t));
        }
        for (Trade t : SeedTrades.load()) {
            w.reset();
            w.writeRecordWithLength(t, binding);
            assertThat(Arrays.copyOf(w.buffer(), w.size())).isEqualTo(expected(t));
        }
    }

    @Test
    void anAttachedArrayWithRoomIsWrittenIntoItselfAfterItsBytes() {
        PackedWriter w = navpack.newWriter(16);
        byte[] own = w.buffer();
        byte[] target = new byte[4096];
        Arrays.fill(target, 0, 8, (byte) 7);
        Trade t = SeedTrades.load().get(0);
        w.attach(target, 8);
        w.writeRecordWithLength(t, binding);
        assertThat(w.buffer()).isSameAs(target);
        byte[] stored = expected(t);
        assertThat(w.size()).isEqualTo(8 + stored.length);
        assertThat(Arrays.copyOfRange(target, 0, 8)).containsOnly(7);
        assertThat(Arrays.copyOfRange(target, 8, w.size())).isEqualTo(stored);
        w.detach();
        assertThat(w.buffer()).isSameAs(own);
        assertThat(w.size()).isZero();
    }

    @Test
    void anAttachedArrayWithoutRoomGrowsIntoACopyThatKeepsItsBytes() {
        PackedWriter w = navpack.newWriter(16);
        byte[] target = new byte[16];
        Arrays.fill(target, 0, 12, (byte) 7);
        Trade t = trade(1, 3000);
        w.attach(target, 12);
        w.writeRecordWithLength(t, binding);
        byte[] grown = w.buffer();
        assertThat(grown).isNotSameAs(target).hasSizeGreaterThanOrEqualTo(w.size());
        assertThat(Arrays.copyOfRange(grown, 0, 12)).containsOnly(7);
        assertThat(Arrays.copyOfRange(grown, 12, w.size())).isEqualTo(expected(t));
        w.detach();
        assertThat(w.buffer()).hasSize(16);
    }

    @Test
    void aWriterIsAttachedToOneArrayAtATime() {
        PackedWriter w = navpack.newWriter(16);
        w.attach(new byte[32], 0);
        assertThatThrownBy(() -> w.attach(new byte[32], 0)).isInstanceOf(IllegalStateException.class);
        w.detach();
        assertThatThrownBy(() -> w.attach(new byte[32], 33)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theOwnBufferShrinksBackAfterALargeValue() {
        PackedWriter w = navpack.newWriter(256);
        w.writeRecordWithLength(trade(1, 1_000_000), binding);
        assertThat(w.buffer().length).isGreaterThan(1_000_000);
        w.reset();
        assertThat(w.buffer()).hasSize(256);
        w.writeRecordWithLength(trade(2, 10), binding);
        assertThat(w.buffer()).hasSize(256);
        // a buffer within the retained size is kept from value to value
        w.reset();
        w.writeRecordWithLength(trade(3, 10_000), binding);
        byte[] kept = w.buffer();
        assertThat(kept.length).isGreaterThan(10_000).isLessThanOrEqualTo(PackedWriter.RETAINED);
        w.reset();
        assertThat(w.buffer()).isSameAs(kept);
    }

    @Test
    void anAttachedArrayIsNotDroppedByReset() {
        PackedWriter w = navpack.newWriter(16);
        byte[] target = new byte[PackedWriter.RETAINED * 2];
        w.attach(target, 0);
        w.reset();
        assertThat(w.buffer()).isSameAs(target);
        w.detach();
    }

    @Test
    void writingIntoAnArrayWithRoomAllocatesNothing() {
        PackedWriter w = navpack.newWriter(16);
        List<Trade> trades = SeedTrades.load();
        byte[] target = new byte[4096];
        Runnable writeAll = () -> {
            for (int round = 0; round < 2_000; round++) {
                for (Trade t : trades) {
                    w.attach(target, 8);
                    w.writeRecordWithLength(t, binding);
                    w.detach();
                }
            }
        };
        long allocated = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 30 && allocated != 0; attempt++) {
            writeAll.run();
            long before = THREADS.getCurrentThreadAllocatedBytes();
            writeAll.run();
            allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        }
        assertThat(allocated).isZero();
        assertThat(w.buffer()).hasSize(16);
    }
}
