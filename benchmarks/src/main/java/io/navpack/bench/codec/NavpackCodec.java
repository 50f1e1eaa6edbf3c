package io.navpack.bench.codec;

import com.acme.trading.Trade;
import io.navpack.bench.model.SchedulePeriod;
import io.navpack.bench.model.Swap;
import io.navpack.bench.model.SwapLeg;
import io.navpack.bench.model.Wide50;
import io.navpack.format.Navpack;
import io.navpack.format.PackedRecord;

/**
 * navpack through {@link Navpack}: encode to a new array; decode reads the schema named in the
 * bytes and builds the registered class.
 */
public final class NavpackCodec implements Codec {
    private final Navpack navpack = Navpack.of(Trade.class, Wide50.class, Swap.class, SwapLeg.class, SchedulePeriod.class);

    public Navpack navpack() {
        return navpack;
    }

    @Override
    public String name() {
        return "navpack";
    }

    @Override
    public Object encode(Object value) {
        return navpack.encode(value);
    }

    @Override
    public Object decode(Object encoded) {
        PackedRecord r = navpack.view((byte[]) encoded);
        return r.toObject(navpack.registry().bindingOf(r.schema().typeName()).type());
    }

    @Override
    public int size(Object encoded) {
        return ((byte[]) encoded).length;
    }
}
