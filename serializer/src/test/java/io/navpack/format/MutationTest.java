package io.navpack.format;

import com.acme.trading.Bean;
import com.acme.trading.Everything;
import com.acme.trading.FieldPojo;
import com.acme.trading.Flat;
import com.acme.trading.SeedTrades;
import com.acme.trading.Trade;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Random byte flips, truncations and insertions in valid encodings of every type: decoding either
 * succeeds or throws NavpackFormatException. Nothing else ever comes out.
 */
class MutationTest {
    private static final int CASES = 100_000;

    @Test
    void mutatedValuesGiveOnlyFormatExceptions() {
        Navpack navpack = Navpack.of(Everything.class, Trade.class, Bean.class, FieldPojo.class, Flat.class);
        List<byte[]> corpus = new ArrayList<>();
        for (Trade t : SeedTrades.load()) {
            corpus.add(navpack.encode(t));
        }
        for (int i = 0; i < 300; i++) {
            corpus.add(navpack.encode(new RandomValues(i, 2).of(Everything.class)));
        }
        corpus.add(navpack.encode(new FieldPojo("x", 3, 0.5, Map.of("a", 1, "b", 2))));
        corpus.add(navpack.encode(new Bean()));
        Schema.Builder wide = Schema.builder("Wide300").typeId(300);
        Object[] values = new Object[300];
        for (int i = 0; i < 300; i++) {
            wide.field("f" + i, i % 2 == 0 ? FieldType.STRING : FieldType.LONG, true);
            values[i] = i % 7 == 0 ? null : i % 2 == 0 ? "v" + i : (Object) (long) i;
        }
        Schema wideSchema = navpack.registry().register(wide.build());
        PackedWriter w = navpack.newWriter(64);
        w.writeRecord(wideSchema, values);
        corpus.add(w.toByteArray());

        for (byte[] valid : corpus) {
            // the sequential pass reads what the field-by-field reads find
            PackedRecord v = navpack.view(valid);
            Object[] all = v.decodeAll();
            for (int i = 0; i < v.fieldCount(); i++) {
                assertThat(same(all[i], v.get(i))).as("field %d of %s: %s", i, v.schema().typeName(), all[i]).isTrue();
            }
        }

        SplittableRandom r = new SplittableRandom(42);
        int succeeded = 0;
        int refused = 0;
        for (int c = 0; c < CASES; c++) {
            byte[] original = corpus.get(r.nextInt(corpus.size()));
            byte[] m = mutate(original, r);
            try {
                decodeEverything(navpack, m);
                succeeded++;
            } catch (NavpackFormatException expected) {
                assertThat(expected.getMessage()).isNotBlank();
                refused++;
            } catch (Throwable t) {
                fail("case " + c + ": " + t + " for " + Hex.of(m) + " (from " + Hex.of(original) + ")", t);
            }
        }
        assertThat(succeeded + refused).isEqualTo(CASES);
        assertThat(refused).as("most mutations are detected").isGreaterThan(CASES / 4);
    }

    /** Equal values, arrays compared by content wherever they are (NaN equals NaN, as in {@code Double.equals}). */
    private static boolean same(Object a, Object b) {
        if (a instanceof Map && b instanceof Map) {
            return same(((Map<?, ?>) a).keySet(), ((Map<?, ?>) b).keySet())
                    && same(((Map<?, ?>) a).values(), ((Map<?, ?>) b).values());
        }
        if (a instanceof Collection && b instanceof Collection) {
            return same(((Collection<?>) a).toArray(), ((Collection<?>) b).toArray());
        }
        if (a instanceof Object[] && b instanceof Object[]) {
            Object[] x = (Object[]) a;
            Object[] y = (Object[]) b;
            if (x.length != y.length) {
                return false;
            }
            for (int i = 0; i < x.length; i++) {
                if (!same(x[i], y[i])) {
                    return false;
                }
            }
            return true;
        }
        return Objects.deepEquals(a, b);
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

    private static void decodeEverything(Navpack navpack, byte[] bytes) {
        PackedRecord v = navpack.view(bytes);
        for (int i = 0; i < v.fieldCount(); i++) {
            v.get(i);
        }
        v.toMap();
        v.decodeAll();
        v.toString();
        v.hashCode();
        RecordBinding<?> binding = navpack.registry().bindingOf(v.schema().typeName());
        if (binding != null) {
            Object o = v.toObject(binding.type());
            assertThat(o).isNotNull();
        }
    }

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
}
