package io.navpack.bench.codec;

import com.acme.trading.Side;
import com.acme.trading.Trade;
import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.navpack.bench.model.DayCount;
import io.navpack.bench.model.SchedulePeriod;
import io.navpack.bench.model.Swap;
import io.navpack.bench.model.SwapLeg;
import io.navpack.bench.model.Wide50;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;

/**
 * Kryo 5 with its default serializers (records by their components, java.time and BigDecimal
 * built in), every class registered, no reference tracking. Values are written with their class id
 * ({@code writeClassAndObject}) into a reused {@link Output}, then copied to a new array.
 */
public final class KryoCodec implements Codec {
    private final Kryo kryo = new Kryo();
    private final Output output = new Output(1024, -1);
    private final Input input = new Input();

    public KryoCodec() {
        kryo.setRegistrationRequired(true);
        kryo.setReferences(false);
        kryo.register(Side.class);
        kryo.register(DayCount.class);
        kryo.register(BigDecimal.class);
        kryo.register(LocalDate.class);
        kryo.register(ArrayList.class);
        kryo.register(Trade.class);
        kryo.register(Wide50.class);
        kryo.register(SchedulePeriod.class);
        kryo.register(SwapLeg.class);
        kryo.register(Swap.class);
    }

    public Kryo kryo() {
        return kryo;
    }

    @Override
    public String name() {
        return "kryo";
    }

    @Override
    public Object encode(Object value) {
        output.reset();
        kryo.writeClassAndObject(output, value);
        return output.toBytes();
    }

    @Override
    public Object decode(Object encoded) {
        input.setBuffer((byte[]) encoded);
        return kryo.readClassAndObject(input);
    }

    @Override
    public int size(Object encoded) {
        return ((byte[]) encoded).length;
    }
}
