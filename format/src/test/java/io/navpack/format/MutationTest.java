package io.navpack.format;

import io.navpack.format.spi.Hex;

import com.acme.trading.Everything;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Random byte flips, truncations and insertions in the binary form of a schema: reading it either
 * succeeds or throws NavpackFormatException. (Values are fuzzed by {@code io.navpack.fuzz.FuzzTest}.)
 */
class MutationTest {
    @Test
    void mutatedSchemasGiveOnlyFormatExceptions() {
        Navpack navpack = Navpack.of(Everything.class);
        byte[] schema = navpack.registry().binding(Everything.class).schema().toBytes();
        assertThat(Schema.fromBytes(schema)).isEqualTo(navpack.registry().binding(Everything.class).schema());
        SplittableRandom r = new SplittableRandom(7);
        for (int c = 0; c < 20_000; c++) {
            byte[] m = mutate(schema, r);
            try {
                Schema.fromBytes(m);
            } catch (NavpackFormatException expected) {
                // refused
            } catch (Throwable t) {
                fail("case " + c + ": " + t + " for " + Hex.of(m), t);
            }
        }
    }

    private static byte[] mutate(byte[] b, SplittableRandom r) {
        switch (r.nextInt(5)) {
            case 0:
                return Arrays.copyOf(b, r.nextInt(b.length));
            case 1: {
                byte[] m = Arrays.copyOf(b, b.length + 1 + r.nextInt(8));
                for (int i = b.length; i < m.length; i++) {
                    m[i] = (byte) r.nextInt();
                }
                return m;
            }
            case 2: {
                byte[] m = b.clone();
                int at = r.nextInt(m.length);
                m[at] = (byte) (m[at] ^ (1 << r.nextInt(8)));
                return m;
            }
            default: {
                byte[] m = b.clone();
                int flips = 1 + r.nextInt(4);
                for (int i = 0; i < flips; i++) {
                    m[r.nextInt(m.length)] = (byte) r.nextInt();
                }
                return m;
            }
        }
    }
}
