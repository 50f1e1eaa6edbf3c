package io.navpack.hazelcast.hook;

import com.acme.trading.Trade;
import io.navpack.hazelcast.NavpackTypeHook;

/** Registers Trade with navpack through META-INF/services/com.hazelcast.SerializerHook. */
public final class TradeHook extends NavpackTypeHook<Trade> {
    public TradeHook() {
        super(Trade.class);
    }
}
