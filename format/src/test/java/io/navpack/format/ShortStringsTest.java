package io.navpack.format;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** The table of short strings gives the string of the bytes asked for, wherever they lie in their array. */
class ShortStringsTest {
    @Test
    void everyRangeDecodesToItsOwnString() {
        SplittableRandom r = new SplittableRandom(3);
        for (int c = 0; c < 200_000; c++) {
            byte[] b = new byte[r.nextInt(1, 40)];
            for (int i = 0; i < b.length; i++) {
                // few distinct bytes (NUL among them), so that strings repeat and differ by length only; now and then not ASCII
                b[i] = r.nextInt(50) == 0 ? (byte) (0xC3 + r.nextInt(2)) : (byte) "\0ab".charAt(r.nextInt(3));
            }
            int q = r.nextInt(b.length);
            int n = r.nextInt(b.length - q + 1);
            String expected = new String(b, q, n, StandardCharsets.UTF_8);
            assertThat(ShortStrings.decode(b, q, n)).as("case %d", c).isEqualTo(expected);
            assertThat(ShortStrings.decode(b.clone(), q, n)).isEqualTo(expected);
        }
    }
}
