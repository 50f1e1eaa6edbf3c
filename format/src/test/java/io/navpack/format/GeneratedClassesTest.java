package io.navpack.format;

import com.acme.orders.Order;
import com.acme.orders.OrderView;
import com.acme.orders.Orders;
import com.acme.trading.Everything;
import com.acme.trading.EverythingView;
import com.acme.trading.Flat;
import com.acme.trading.Leg;
import com.acme.trading.LegView;
import com.acme.trading.SeedTrades;
import com.acme.trading.Trade;
import com.acme.trading.TradeView;
import io.navpack.format.internal.ClassFileObserver;
import io.navpack.format.spi.DecoderFallbacks;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.CheckClassAdapter;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every class navpack generates — record decoders and interface views, of every shape the tests know: every field
 * kind, nested records and containers of them, nulls, versions that add, drop and reorder fields, the widest record a constructor takes
 * local slots (wide local indexes), private records, views of every model, a view that reads an enum as text — passes
 * ASM's bytecode verifier, and no record falls back to method handles.
 */
class GeneratedClassesTest {
    private final List<byte[]> written = new ArrayList<>();

    GeneratedClassesTest() {
        ClassFileObserver.observe(b -> {
            synchronized (written) {
                written.add(b);
            }
        });
    }

    @AfterEach
    void stop() {
        ClassFileObserver.observe(null);
    }

    /** The trade's side as text, and a default method, beside its fields. */
    public interface SideText {
        String buySell();

        long id();

        default String pair() {
            return id() + ":" + buySell();
        }
    }

    @Test
    void everyGeneratedClassPassesTheBytecodeVerifier() {
        long fallbacks = DecoderFallbacks.count();
        Navpack n = Navpack.of(Trade.class, Everything.class, Order.class, Flat.class, Leg.class, Wide125.class,
                RecordDecodersTest.Everything.class, RecordDecodersTest.Numbers.class, RecordDecodersTest.EvolvingV1.class);
        RandomValues random = new RandomValues(27, 3);
        for (int i = 0; i < 50; i++) {
            Everything e = random.of(Everything.class);
            byte[] b = n.encode(e);
            assertThat(Deep.normalize(n.decode(b, Everything.class))).isEqualTo(Deep.normalize(e));
            n.view(b, EverythingView.class).toString();
        }
        for (Trade t : SeedTrades.load()) {
            byte[] b = n.encode(t);
            assertThat(n.decode(b, Trade.class)).isEqualTo(t);
            assertThat(n.view(b, TradeView.class).currency1()).isEqualTo(t.currency1());
            assertThat(n.view(b, SideText.class).buySell()).isEqualTo(t.buySell().name());
        }
        for (Order o : Orders.generate(20, 3)) {
            byte[] b = n.encode(o);
            assertThat(Deep.normalize(n.decode(b, Order.class))).isEqualTo(Deep.normalize(o));
            n.view(b, OrderView.class).toString();
        }
        Leg leg = random.of(Leg.class);
        n.view(n.encode(leg), LegView.class).toString();
        assertThat(n.decode(n.encode(random.of(Flat.class)), Flat.class)).isNotNull();
        Wide125 wide = Wide125.of(7);
        assertThat(n.decode(n.encode(wide), Wide125.class)).isEqualTo(wide);
        RecordDecodersTest.Numbers numbers = new RecordDecodersTest.Numbers(1, 2, (short) 3, 'x', 5, "s", 7);
        assertThat(n.decode(n.encode(numbers), RecordDecodersTest.Numbers.class)).isEqualTo(numbers);

        // another writer's version: fields added, dropped and reordered
        SchemaRegistry v2 = new SchemaRegistry();
        v2.register(RecordDecodersTest.EvolvingV2.class);
        RecordDecodersTest.EvolvingV1 old = new RecordDecodersTest.EvolvingV1(1, "gone", 2.5, RecordDecodersTest.Side.SELL, "k");
        PackedWriter w = new PackedWriter(n.registry(), 64);
        w.writeRecord(old);
        v2.learn(n.registry().binding(RecordDecodersTest.EvolvingV1.class).schema());
        assertThat(PackedRecord.of(w.toByteArray(), v2).toObject(RecordDecodersTest.EvolvingV2.class).keep()).isEqualTo("k");

        assertThat(DecoderFallbacks.count()).as("records decoded without a generated class").isEqualTo(fallbacks);
        List<byte[]> classes;
        synchronized (written) {
            classes = new ArrayList<>(written);
        }
        assertThat(classes).as("generated classes").hasSizeGreaterThan(10);
        for (byte[] c : classes) {
            StringWriter problems = new StringWriter();
            ClassReader reader = new ClassReader(c);
            CheckClassAdapter.verify(reader, getClass().getClassLoader(), false, new PrintWriter(problems));
            assertThat(problems.toString()).as("the verifier on %s", reader.getClassName()).isEmpty();
        }
    }
}
