package io.navpack.format;

import io.navpack.format.spi.PackedInts;

import com.tangosol.io.ByteArrayReadBuffer;
import com.tangosol.io.ByteArrayWriteBuffer;
import com.tangosol.io.WriteBuffer;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * navpack's packed integers are byte-identical to Coherence POF's: checked against Coherence CE's own
 * writer and reader, both ways, on every byte-length boundary, the extremes and millions of random values.
 */
class PackedIntsTest {
    private static final int RANDOM_VALUES = 1_000_000;

    private static byte[] pofInt(int n) throws IOException {
        ByteArrayWriteBuffer buf = new ByteArrayWriteBuffer(8);
        WriteBuffer.BufferOutput out = buf.getBufferOutput();
        out.writePackedInt(n);
        return buf.toByteArray();
    }

    private static byte[] pofLong(long n) throws IOException {
        ByteArrayWriteBuffer buf = new ByteArrayWriteBuffer(12);
        buf.getBufferOutput().writePackedLong(n);
        return buf.toByteArray();
    }

    private static byte[] ours(int n) {
        byte[] b = new byte[PackedInts.MAX_INT_BYTES];
        return Arrays.copyOf(b, PackedInts.writeInt(b, 0, n));
    }

    private static byte[] ours(long n) {
        byte[] b = new byte[PackedInts.MAX_LONG_BYTES];
        return Arrays.copyOf(b, PackedInts.writeLong(b, 0, n));
    }

    private static void checkInt(int n) throws IOException {
        byte[] theirs = pofInt(n);
        byte[] mine = ours(n);
        assertThat(mine).as("bytes of %d", n).isEqualTo(theirs);
        assertThat(PackedInts.sizeOfInt(n)).as("size of %d", n).isEqualTo(theirs.length);
        assertThat(PackedInts.readInt(theirs, 0, theirs.length)).as("navpack reads POF's %d", n).isEqualTo(n);
        assertThat(PackedInts.skipInt(theirs, 0, theirs.length)).isEqualTo(theirs.length);
        assertThat(new ByteArrayReadBuffer(mine).getBufferInput().readPackedInt()).as("POF reads navpack's %d", n).isEqualTo(n);
    }

    private static void checkLong(long n) throws IOException {
        byte[] theirs = pofLong(n);
        byte[] mine = ours(n);
        assertThat(mine).as("bytes of %d", n).isEqualTo(theirs);
        assertThat(PackedInts.sizeOfLong(n)).as("size of %d", n).isEqualTo(theirs.length);
        assertThat(PackedInts.readLong(theirs, 0, theirs.length)).as("navpack reads POF's %d", n).isEqualTo(n);
        assertThat(PackedInts.skip(theirs, 0, theirs.length)).isEqualTo(theirs.length);
        assertThat(new ByteArrayReadBuffer(mine).getBufferInput().readPackedLong()).as("POF reads navpack's %d", n).isEqualTo(n);
        checkWord(theirs, n);
    }

    /**
     * The word-at-a-time path reads POF's bytes as the loop does: inside a larger array (bytes after it) and at
     * its very end (the word is taken from earlier and shifted), or says the integer is longer than a word.
     */
    private static void checkWord(byte[] encoded, long n) {
        byte[] inside = new byte[24];
        Arrays.fill(inside, (byte) 0xFF);
        System.arraycopy(encoded, 0, inside, 3, encoded.length);
        byte[] atEnd = new byte[Math.max(8, encoded.length + 2)];
        System.arraycopy(encoded, 0, atEnd, atEnd.length - encoded.length, encoded.length);
        for (byte[] b : List.of(inside, atEnd)) {
            int q = b == inside ? 3 : b.length - encoded.length;
            long w = PackedInts.word(b, q);
            int length = PackedInts.lengthInWord(w);
            if (encoded.length > 8) {
                assertThat(length).as("%d takes %d bytes: not in one word", n, encoded.length).isZero();
            } else {
                assertThat(length).as("length of %d in a word", n).isEqualTo(encoded.length);
                assertThat(PackedInts.valueInWord(w, length)).as("%d from a word", n).isEqualTo(n);
            }
        }
    }

    /** Every value next to a power of two: each boundary between 1, 2, ... 10 bytes, both signs. */
    static List<Long> boundaries() {
        List<Long> values = new ArrayList<>(List.of(0L, 1L, -1L, (long) Integer.MIN_VALUE, (long) Integer.MAX_VALUE,
                Long.MIN_VALUE, Long.MAX_VALUE));
        for (int bits = 0; bits < 64; bits++) {
            long p = 1L << bits;
            for (long v : new long[] {p - 1, p, p + 1, -p - 1, -p, -p + 1}) {
                values.add(v);
            }
        }
        return values;
    }

    @Test
    void boundariesAndExtremesMatchPof() throws IOException {
        int ints = 0;
        for (long v : boundaries()) {
            checkLong(v);
            if (v == (int) v) {
                checkInt((int) v);
                ints++;
            }
        }
        assertThat(ints).isGreaterThan(150);
        // the byte-length boundaries land where the format says: 6 value bits, then 7 per byte
        assertThat(ours(63)).hasSize(1);
        assertThat(ours(64)).hasSize(2);
        assertThat(ours(-64)).hasSize(1);
        assertThat(ours(-65)).hasSize(2);
        assertThat(ours(8191)).hasSize(2);
        assertThat(ours(8192)).hasSize(3);
        assertThat(ours(Integer.MAX_VALUE)).hasSize(5);
        assertThat(ours(Integer.MIN_VALUE)).hasSize(5);
        assertThat(ours(Long.MAX_VALUE)).hasSize(10);
        assertThat(ours(Long.MIN_VALUE)).hasSize(10);
    }

    @Test
    void aMillionRandomIntsMatchPof() throws IOException {
        SplittableRandom r = new SplittableRandom(20141117);
        for (int i = 0; i < RANDOM_VALUES; i++) {
            // spread over all magnitudes, not just large ones
            int v = r.nextInt() >> r.nextInt(32);
            checkInt(v);
        }
    }

    @Test
    void aMillionRandomLongsMatchPof() throws IOException {
        SplittableRandom r = new SplittableRandom(20140721);
        for (int i = 0; i < RANDOM_VALUES; i++) {
            long v = r.nextLong() >> r.nextInt(64);
            checkLong(v);
        }
    }

    @Test
    void truncatedOverlongAndOverflowingEncodingsAreRejected() {
        byte[] max = ours(Integer.MAX_VALUE);
        for (int cut = 0; cut < max.length; cut++) {
            byte[] part = Arrays.copyOf(max, cut);
            assertThatThrownBy(() -> PackedInts.readInt(part, 0, part.length)).isInstanceOf(NavpackFormatException.class)
                    .hasMessageContaining("truncated");
        }
        byte[] tooBigForInt = ours(1L << 31);
        assertThatThrownBy(() -> PackedInts.readInt(tooBigForInt, 0, tooBigForInt.length))
                .isInstanceOf(NavpackFormatException.class).hasMessageContaining("overflows 32 bits");
        byte[] endless = new byte[20];
        Arrays.fill(endless, (byte) 0xFF);
        assertThatThrownBy(() -> PackedInts.readLong(endless, 0, endless.length))
                .isInstanceOf(NavpackFormatException.class).hasMessageContaining("overflows 64 bits");
        assertThatThrownBy(() -> PackedInts.skip(endless, 0, endless.length))
                .isInstanceOf(NavpackFormatException.class).hasMessageContaining("longer than 10 bytes");
        assertThatThrownBy(() -> PackedInts.skipInt(endless, 0, endless.length))
                .isInstanceOf(NavpackFormatException.class);
    }
}
