package io.navpack.bench.codec;

import com.acme.trading.Side;
import com.acme.trading.Trade;
import io.navpack.bench.model.DayCount;
import io.navpack.bench.model.SchedulePeriod;
import io.navpack.bench.model.Swap;
import io.navpack.bench.model.SwapLeg;
import io.navpack.bench.model.Wide50;
import org.apache.fory.Fory;
import org.apache.fory.config.Language;

/**
 * Apache Fory in Java mode with its defaults (generated serializers, schema-consistent mode,
 * compressed ints), every class registered, no reference tracking. {@code serialize} writes the
 * class id and returns a new array.
 */
public final class ForyCodec implements Codec {
    private final Fory fory = Fory.builder()
            .withLanguage(Language.JAVA)
            .requireClassRegistration(true)
            .withRefTracking(false)
            .build();

    public ForyCodec() {
        fory.register(Side.class);
        fory.register(DayCount.class);
        fory.register(Trade.class);
        fory.register(Wide50.class);
        fory.register(SchedulePeriod.class);
        fory.register(SwapLeg.class);
        fory.register(Swap.class);
    }

    public Fory fory() {
        return fory;
    }

    @Override
    public String name() {
        return "fory";
    }

    @Override
    public Object encode(Object value) {
        return fory.serialize(value);
    }

    @Override
    public Object decode(Object encoded) {
        return fory.deserialize((byte[]) encoded);
    }

    @Override
    public int size(Object encoded) {
        return ((byte[]) encoded).length;
    }
}
