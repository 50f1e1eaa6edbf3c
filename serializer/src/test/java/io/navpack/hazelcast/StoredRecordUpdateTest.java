package io.navpack.hazelcast;

import com.acme.orders.Order;
import com.acme.orders.Orders;
import com.acme.trading.SeedTrades;
import com.acme.trading.Side;
import com.acme.trading.Trade;
import com.hazelcast.config.SerializationConfig;
import com.hazelcast.config.SerializerConfig;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.internal.serialization.impl.DefaultSerializationServiceBuilder;
import com.hazelcast.internal.serialization.impl.HeapData;
import com.hazelcast.nio.serialization.HazelcastSerializationException;
import io.navpack.format.GeneratedView;
import io.navpack.format.Navpack;
import io.navpack.format.PackedRecord;
import io.navpack.format.SchemaRegistry;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A value changed where it is stored (an entry processor's {@code toBuilder()}, {@link SetFieldProcessor},
 * {@code newBuilderWithClone()}) keeps the other fields' bytes without decoding them: its new record is written
 * without the check that records from elsewhere get. The proof: a stored trade whose side holds an enum index the
 * type does not have — skipping it works, decoding it fails — is changed and written; the same bytes from elsewhere
 * are refused.
 */
class StoredRecordUpdateTest {
    private final SchemaRegistry registry = new SchemaRegistry();
    private final InternalSerializationService ss = service(registry);

    private static InternalSerializationService service(SchemaRegistry registry) {
        registry.register(Trade.class);
        registry.register(Order.class);
        SerializationConfig config = new SerializationConfig().setAllowOverrideDefaultSerializers(true);
        NavpackSerializer serializer = new NavpackSerializer(registry, ReadMode.RECORD);
        for (Class<?> c : List.of(Trade.class, Order.class, PackedRecord.class, PackedGenericRecord.class,
                GeneratedView.class)) {
            config.addSerializerConfig(new SerializerConfig().setTypeClass(c).setImplementation(serializer));
        }
        return new DefaultSerializationServiceBuilder().setConfig(config).build();
    }

    /** The stored form of {@code t} with its side's enum index replaced by 5 (Side has two constants). */
    private byte[] storedWithABadSide(Trade t) {
        byte[] buy = ss.toData(withSide(t, Side.BUY)).toByteArray();
        byte[] sell = ss.toData(withSide(t, Side.SELL)).toByteArray();
        int at = Arrays.mismatch(buy, sell);
        assertThat(Arrays.mismatch(Arrays.copyOfRange(buy, at + 1, buy.length), Arrays.copyOfRange(sell, at + 1,
                sell.length))).as("the side is one byte").isEqualTo(-1);
        buy[at] = 5;
        return buy;
    }

    private static Trade withSide(Trade t, Side side) {
        return new Trade(t.id(), t.tradeDate(), side, t.currency1(), t.amount1(), t.exchangeRate(), t.currency2(),
                t.amount2(), t.settlementDate());
    }

    @Test
    void aStoredRecordChangedInOneFieldIsWrittenWithoutDecodingTheOthers() {
        byte[] bad = storedWithABadSide(SeedTrades.load().get(0));
        PackedRecord stored = (PackedRecord) ss.toObject(new HeapData(bad));
        assertThatThrownBy(() -> stored.get("buySell")).hasMessageContaining("enum index 5");
        BigDecimal amount = new BigDecimal("42.00");
        for (PackedRecord changed : List.of(stored.toBuilder().set("amount2", amount).build(),
                (PackedRecord) ((PackedGenericRecord) stored).newBuilderWithClone().setDecimal("amount2", amount).build())) {
            byte[] written = ss.toData(changed).toByteArray();
            PackedRecord back = (PackedRecord) ss.toObject(new HeapData(written));
            assertThat(back.getDecimal("amount2")).isEqualTo(amount);
            assertThat(back.getString("currency1")).isEqualTo(stored.getString("currency1"));
            assertThatThrownBy(() -> back.get("buySell")).as("copied, not decoded").hasMessageContaining("enum index 5");
        }
        // the same bytes from elsewhere are checked in full before they are written
        PackedRecord foreign = PackedRecord.of(stored.bytes(), registry);
        PackedRecord changedForeign = foreign.toBuilder().set("amount2", amount).build();
        assertThatThrownBy(() -> ss.toData(changedForeign)).isInstanceOf(HazelcastSerializationException.class)
                .hasStackTraceContaining("not a valid value");
    }

    @Test
    void aNestedRecordFromElsewhereIsCheckedWithTheWholeValue() {
        Order o = Orders.generate(40, 3).stream().filter(x -> x.customer() != null).findFirst().orElseThrow();
        Navpack navpack = new Navpack(registry);
        PackedRecord stored = (PackedRecord) ss.toObject(ss.toData(o));
        // plain values: the new record is written without a check
        PackedRecord plain = stored.toBuilder().set("status", "PAID").set("tags", Set.of("a")).build();
        assertThat(plain).isInstanceOf(PackedGenericRecord.class);
        assertThat(((PackedGenericRecord) plain).stored()).isTrue();
        // one from elsewhere, alone or in a list: the new value is checked in full when written
        PackedRecord customer2 = PackedRecord.of(navpack.encode(o.customer()), registry);
        Order.Line line = new Order.Line("X-1", 2, new BigDecimal("9.50"));
        PackedRecord line2 = PackedRecord.of(navpack.encode(line), registry);
        for (PackedRecord changed : List.of(stored.toBuilder().set("customer", customer2).build(),
                stored.toBuilder().set("lines", List.of(line2)).build())) {
            assertThat(changed instanceof PackedGenericRecord g && g.stored()).isFalse();
            Order back = ((PackedRecord) ss.toObject(ss.toData(changed))).toObject(Order.class);
            assertThat(back.customer()).isEqualTo(o.customer());
        }
        assertThat(((PackedRecord) ss.toObject(ss.toData(stored.toBuilder().set("lines", List.of(line2)).build())))
                .toObject(Order.class).lines()).containsExactly(line);
    }

    @Test
    void setFieldProcessorChangesAStoredValueInPlace() {
        byte[] bad = storedWithABadSide(SeedTrades.load().get(1));
        PackedRecord stored = (PackedRecord) ss.toObject(new HeapData(bad));
        Object[] value = {stored};
        Map.Entry<Long, Object> entry = new Map.Entry<>() {
            @Override
            public Long getKey() {
                return 2L;
            }

            @Override
            public Object getValue() {
                return value[0];
            }

            @Override
            public Object setValue(Object v) {
                Object old = value[0];
                value[0] = v;
                return old;
            }
        };
        assertThat(new SetFieldProcessor<Long, Object>("currency2", "CHF").process(entry)).isNull();
        PackedRecord back = (PackedRecord) ss.toObject(ss.toData(value[0]));
        assertThat(back.getString("currency2")).isEqualTo("CHF");
        assertThatThrownBy(() -> back.get("buySell")).hasMessageContaining("enum index 5");
        // the processor itself travels as navpack's IdentifiedDataSerializable, an enum constant as its name
        SetFieldProcessor<?, ?> copy = ss.toObject(ss.toData(new SetFieldProcessor<>("buySell", Side.SELL)));
        assertThat(copy.field()).isEqualTo("buySell");
        assertThat(copy.value()).isEqualTo("SELL");
        assertThatThrownBy(() -> new SetFieldProcessor<>("", 1)).hasMessageContaining("name the field");
    }
}
